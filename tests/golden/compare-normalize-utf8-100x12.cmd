LC_ALL=C.UTF-8 $FLAMETUI --utf8 --dump --normalize --size 100x12 tests/data/small.folded tests/data/small-after.folded
