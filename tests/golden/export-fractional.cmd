LC_ALL=C $FLAMETUI --export folded -o - tests/data/fractional.folded
