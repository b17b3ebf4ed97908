printf "a 1\nbad line\nb x\n" | LC_ALL=C $FLAMETUI --info - 2>&1
