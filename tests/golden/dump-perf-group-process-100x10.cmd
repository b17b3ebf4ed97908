LC_ALL=C $FLAMETUI --group process --dump --size 100x10 tests/data/perf-cpu-task-clock-pidtid.txt
