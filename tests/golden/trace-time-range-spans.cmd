LC_ALL=C $FLAMETUI --time-range 0.15,0.219 --export folded tests/data/node-trace-phases.json
