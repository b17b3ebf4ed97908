$FLAMETUI --top 6 --normalize tests/data/small.folded tests/data/small-after.folded
