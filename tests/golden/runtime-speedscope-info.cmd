LC_ALL=C $FLAMETUI --info tests/data/speedscope-two-sampled.json
