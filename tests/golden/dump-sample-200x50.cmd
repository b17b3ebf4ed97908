LC_ALL=C $FLAMETUI --dump --size 200x50 samples/node-zlib.folded
