$FLAMETUI --top 0 tests/data/small.folded tests/data/small-after.folded
