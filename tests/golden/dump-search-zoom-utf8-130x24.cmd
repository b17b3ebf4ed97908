LC_ALL=C.UTF-8 $FLAMETUI --dump --size 130x24 --search "sql|parse" --zoom "main;run;handle_request" tests/data/tui-sample.folded
