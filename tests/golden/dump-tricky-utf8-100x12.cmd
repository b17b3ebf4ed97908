LC_ALL=C.UTF-8 $FLAMETUI --dump --size 100x12 tests/data/tricky.folded
