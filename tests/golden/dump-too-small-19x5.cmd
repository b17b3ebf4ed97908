# Too small to draw: an error, exit 1 (issue 12 item 27), not a "terminal too small" picture.
LC_ALL=C $FLAMETUI --dump --size 19x5 tests/data/small.folded 2>&1
LC_ALL=C $FLAMETUI --dump --size 18x8 tests/data/small.folded 2>&1
