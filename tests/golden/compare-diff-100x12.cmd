LC_ALL=C $FLAMETUI --dump --diff --size 100x12 tests/data/small.folded tests/data/small-after.folded
