LC_ALL=C $FLAMETUI --dump --size 100x22 --details --focus sql_exec --search sql tests/data/tui-sample.folded
