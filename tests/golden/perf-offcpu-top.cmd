LC_ALL=C $FLAMETUI --top 5 --sample-type sched:sched_switch tests/data/perf-offcpu-pipe.txt.gz
