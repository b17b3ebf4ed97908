printf "" | LC_ALL=C $FLAMETUI --dump - 2>&1
