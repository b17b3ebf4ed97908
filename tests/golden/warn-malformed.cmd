printf "a 1\nbad line\nb x\nc 2\nd 3\n" | LC_ALL=C $FLAMETUI --info - 2>&1
