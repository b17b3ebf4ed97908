LC_ALL=C $FLAMETUI --dump --size 80x8 --focus nomatch tests/data/tui-sample.folded
