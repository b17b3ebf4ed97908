$FLAMETUI --dump --size 160x12 --diff --time-range 0,1 --time-range-b 2.5,end tests/data/perf-phases.txt.gz
