LC_ALL=C $FLAMETUI --export folded tests/data/small.folded
