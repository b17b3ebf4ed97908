LC_ALL=C $FLAMETUI --dump --size 20x5 tests/data/small.folded
