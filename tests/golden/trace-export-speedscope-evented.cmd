LC_ALL=C $FLAMETUI --group thread --export speedscope tests/data/node-trace-phases.json
