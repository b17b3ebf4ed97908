printf "a 1\nbad line\n" | LC_ALL=C $FLAMETUI --strict --dump - 2>&1
