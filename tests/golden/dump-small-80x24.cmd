LC_ALL=C $FLAMETUI --dump --size 80x24 tests/data/small.folded
