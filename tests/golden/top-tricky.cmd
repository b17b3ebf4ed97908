LC_ALL=C $FLAMETUI --top 0 tests/data/tricky.folded
