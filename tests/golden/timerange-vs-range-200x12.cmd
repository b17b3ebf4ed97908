$FLAMETUI --dump --size 200x12 --time-range 0,1 --time-range-b 2,3 tests/data/perf-phases.txt.gz
