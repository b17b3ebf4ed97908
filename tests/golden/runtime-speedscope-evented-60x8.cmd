LC_ALL=C $FLAMETUI --dump --size 60x8 tests/data/speedscope-evented.json
