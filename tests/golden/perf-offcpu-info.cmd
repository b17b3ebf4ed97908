LC_ALL=C $FLAMETUI --info tests/data/perf-offcpu-pipe.txt.gz
