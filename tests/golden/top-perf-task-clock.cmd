LC_ALL=C $FLAMETUI --sample-type task-clock --top 5 tests/data/perf-cpu-task-clock.txt
