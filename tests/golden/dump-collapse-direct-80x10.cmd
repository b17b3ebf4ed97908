LC_ALL=C $FLAMETUI --dump --size 80x10 --collapse-recursion tests/data/recursive.folded
