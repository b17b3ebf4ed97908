LC_ALL=C $FLAMETUI --dump --size 80x24 --search "^nothing$" tests/data/tui-sample.folded
