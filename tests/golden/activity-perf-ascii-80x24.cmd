$FLAMETUI --dump --size 80x24 --ascii --zoom 'phases;__libc_start_call_main;main;phase_a;spin_a' tests/data/perf-phases.txt.gz
