LC_ALL=C $FLAMETUI --demangle none --top 6 tests/data/perf-cxx-mangled.txt.gz
