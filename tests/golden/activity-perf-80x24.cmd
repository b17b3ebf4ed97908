$FLAMETUI --dump --size 80x24 --zoom 'phases;__libc_start_call_main;main;phase_b' tests/data/perf-phases.txt.gz
