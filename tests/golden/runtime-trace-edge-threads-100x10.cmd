LC_ALL=C $FLAMETUI --group thread --dump --size 100x10 tests/data/trace-edge.json
