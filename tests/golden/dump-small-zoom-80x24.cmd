LC_ALL=C $FLAMETUI --dump --size 80x24 --zoom "main;run" tests/data/small.folded
