LC_ALL=C $FLAMETUI --group thread --export folded tests/data/perf-cpu-task-clock-pidtid.txt
