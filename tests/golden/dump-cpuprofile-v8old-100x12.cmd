LC_ALL=C $FLAMETUI --dump --size 100x12 tests/data/node-work-v8old.cpuprofile
