LC_ALL=C $FLAMETUI --info tests/data/small.folded
