LC_ALL=C $FLAMETUI --dump --size 100x12 --group thread tests/data/trace-legacy-cpuprofile-two-threads.json
