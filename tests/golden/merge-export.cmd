LC_ALL=C $FLAMETUI --merge --export folded tests/data/small.folded tests/data/fractional.folded tests/data/small.folded
