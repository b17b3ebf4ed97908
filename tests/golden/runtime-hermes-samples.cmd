LC_ALL=C $FLAMETUI --top 0 tests/data/trace-hermes-simple.json 2>&1
LC_ALL=C $FLAMETUI --group thread --export folded tests/data/trace-hermes-multi-thread.json 2>&1
LC_ALL=C $FLAMETUI --dump --size 100x10 tests/data/trace-hermes-multi-thread.json 2>&1
