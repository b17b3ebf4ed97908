LC_ALL=C $FLAMETUI --unit furlongs tests/data/small.folded
