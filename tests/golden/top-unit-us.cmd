LC_ALL=C $FLAMETUI --unit us --top 6 tests/data/small.folded
