LC_ALL=C $FLAMETUI --dump --size 80x24 samples/node-zlib.folded
