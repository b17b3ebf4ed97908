LC_ALL=C $FLAMETUI --dump --size 80x16 --butterfly sql_exec tests/data/tui-sample.folded
