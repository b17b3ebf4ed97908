LC_ALL=C $FLAMETUI --size 10 x 2>&1
