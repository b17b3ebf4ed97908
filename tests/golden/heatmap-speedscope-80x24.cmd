$FLAMETUI --dump --size 80x24 --view heatmap tests/data/speedscope-two-sampled.json
