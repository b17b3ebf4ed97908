$FLAMETUI --dump --size 200x60 --zoom 'phases;__libc_start_call_main;main;phase_a' tests/data/perf-phases.txt.gz
