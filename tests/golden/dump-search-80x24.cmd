LC_ALL=C $FLAMETUI --dump --size 80x24 --search "sql|parse" tests/data/tui-sample.folded
