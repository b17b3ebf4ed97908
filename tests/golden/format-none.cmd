LC_ALL=C $FLAMETUI --info tests/data/perf-burn.c 2>&1
