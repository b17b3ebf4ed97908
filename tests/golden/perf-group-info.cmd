LC_ALL=C $FLAMETUI --group thread --info tests/data/perf-cpu-task-clock-pidtid.txt
