LC_ALL=C $FLAMETUI --dump --size 100x12 --butterfly run tests/data/small.folded tests/data/small-after.folded
