LC_ALL=C $FLAMETUI --info tests/data/perf-cpu-task-clock.txt
