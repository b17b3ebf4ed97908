LC_ALL=C $FLAMETUI --demangle full --top 6 tests/data/perf-cxx-mangled.txt.gz
