LC_ALL=C.UTF-8 $FLAMETUI --dump --size 200x50 samples/node-zlib.folded
