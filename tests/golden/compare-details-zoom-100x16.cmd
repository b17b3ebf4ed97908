LC_ALL=C $FLAMETUI --dump --size 100x16 --details --zoom "main;run;parse" tests/data/small.folded tests/data/small-after.folded
