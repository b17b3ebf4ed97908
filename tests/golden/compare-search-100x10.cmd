LC_ALL=C $FLAMETUI --dump --size 100x10 --search "lex|mul" tests/data/small.folded tests/data/small-after.folded
