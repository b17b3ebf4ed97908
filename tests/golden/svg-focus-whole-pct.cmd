LC_ALL=C $FLAMETUI --export svg --focus eval tests/data/small.folded | grep -o '<title>[^<]*' | head -n 4
