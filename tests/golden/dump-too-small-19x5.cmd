LC_ALL=C $FLAMETUI --dump --size 19x5 tests/data/small.folded
