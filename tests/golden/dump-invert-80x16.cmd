LC_ALL=C $FLAMETUI --dump --size 80x16 --invert tests/data/tui-sample.folded
