LC_ALL=C $FLAMETUI --top 6 tests/data/heap.pb.gz
