LC_ALL=C $FLAMETUI --info tests/data/node-trace-phases.json
