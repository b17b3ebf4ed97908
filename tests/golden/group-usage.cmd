LC_ALL=C $FLAMETUI --group fibers tests/data/small.folded
