LC_ALL=C $FLAMETUI --dump --size 100x16 tests/data/node-work.cpuprofile
