LC_ALL=C $FLAMETUI --dump --size 100x12 --zoom "main;run;io;read_[k]" tests/data/small.folded tests/data/small-after.folded
