LC_ALL=C $FLAMETUI --top 6 --focus "handle_request" tests/data/tui-sample.folded
