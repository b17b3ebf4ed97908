LC_ALL=C $FLAMETUI --dump --size 100x12 --invert tests/data/small.folded tests/data/small-after.folded
