LC_ALL=C $FLAMETUI --info --sample-type alloc_space --tagfocus bytes=1kb: tests/data/go-labels.heap.pb.gz
