LC_ALL=C $FLAMETUI --merge tests/data/small.folded 2>&1
