$FLAMETUI --export folded tests/data/small.folded tests/data/small-after.folded
