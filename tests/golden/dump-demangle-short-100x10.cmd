LC_ALL=C $FLAMETUI --dump --size 100x10 --zoom "cxx;__libc_start_call_main;main" tests/data/perf-cxx-mangled.txt.gz
