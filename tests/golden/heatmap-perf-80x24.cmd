$FLAMETUI --dump --size 80x24 --view heatmap tests/data/perf-phases.txt.gz
