LC_ALL=C $FLAMETUI --dump --size 60x10 tests/data/fractional.folded
