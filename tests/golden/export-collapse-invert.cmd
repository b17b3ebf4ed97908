LC_ALL=C $FLAMETUI --export folded --collapse-recursion=all --invert tests/data/recursive.folded; LC_ALL=C $FLAMETUI --top 0 --collapse-recursion=all --invert tests/data/recursive.folded
