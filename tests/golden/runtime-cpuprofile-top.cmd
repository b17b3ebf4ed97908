LC_ALL=C $FLAMETUI --top 10 tests/data/node-work.cpuprofile
