$FLAMETUI --info --sample-type alloc_space tests/data/go-labels.heap.pb.gz | grep "^label"
