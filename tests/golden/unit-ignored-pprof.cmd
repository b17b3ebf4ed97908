LC_ALL=C $FLAMETUI --unit ms --top 2 tests/data/heap.pb.gz 2>&1
