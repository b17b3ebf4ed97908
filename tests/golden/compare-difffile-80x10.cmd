LC_ALL=C $FLAMETUI --dump --size 80x10 tests/data/diff.folded
