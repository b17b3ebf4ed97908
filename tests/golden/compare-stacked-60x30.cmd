LC_ALL=C $FLAMETUI --dump --size 60x30 tests/data/small.folded tests/data/small-after.folded
