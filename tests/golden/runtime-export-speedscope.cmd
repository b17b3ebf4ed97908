LC_ALL=C $FLAMETUI --export speedscope tests/data/speedscope-two-sampled.json
