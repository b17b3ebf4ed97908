LC_ALL=C $FLAMETUI --dump --size 100x14 tests/data/callgrind-hot.out.gz
