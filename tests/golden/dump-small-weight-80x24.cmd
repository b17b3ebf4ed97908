LC_ALL=C $FLAMETUI --dump --size 80x24 --sort weight tests/data/small.folded
