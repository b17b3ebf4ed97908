LC_ALL=C $FLAMETUI --top 15 samples/node-zlib.folded
