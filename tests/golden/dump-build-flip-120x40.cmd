LC_ALL=C $FLAMETUI --dump --flip samples/gcc-build.folded
