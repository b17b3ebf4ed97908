$FLAMETUI --top 4 --ignore sql --hide main tests/data/tui-sample.folded
