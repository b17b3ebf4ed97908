LC_ALL=C $FLAMETUI --top 5 --sort total --ignore "^deep" tests/data/tui-sample.folded
