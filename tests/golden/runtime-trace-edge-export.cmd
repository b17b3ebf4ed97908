LC_ALL=C $FLAMETUI --export folded tests/data/trace-edge.json 2>&1
