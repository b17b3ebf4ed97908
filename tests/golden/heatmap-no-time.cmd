LC_ALL=C $FLAMETUI --dump --size 80x24 --view heatmap tests/data/small.folded
