LC_ALL=C $FLAMETUI --group process --export folded tests/data/perf-cpu-task-clock-pidtid.txt
