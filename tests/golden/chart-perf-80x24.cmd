# the flame chart of a phased perf recording: phase_a, a sleep, phase_b
$FLAMETUI --dump --size 80x24 --view chart tests/data/perf-phases.txt.gz
