LC_ALL=C $FLAMETUI --top 6 tests/data/perf-cxx-mangled.txt.gz
