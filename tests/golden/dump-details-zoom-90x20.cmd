LC_ALL=C $FLAMETUI --dump --size 90x20 --details --zoom "main;run;parse" tests/data/small.folded
