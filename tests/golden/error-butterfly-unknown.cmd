LC_ALL=C $FLAMETUI --dump --size 80x8 --butterfly no_such_function tests/data/tui-sample.folded
