LC_ALL=C $FLAMETUI --unit bytes --dump --size 80x8 tests/data/small.folded
