LC_ALL=C $FLAMETUI --dump --size 100x16 tests/data/small.folded tests/data/small-after.folded
