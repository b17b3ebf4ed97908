LC_ALL=C $FLAMETUI --dump --size 80x8 --focus "a(" tests/data/tui-sample.folded
