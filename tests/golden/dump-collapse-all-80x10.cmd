LC_ALL=C $FLAMETUI --dump --size 80x10 --collapse-recursion=all tests/data/recursive.folded
