$FLAMETUI --dump --size 100x20 --time-range 2.4,end tests/data/perf-phases.txt.gz
