LC_ALL=C $FLAMETUI --info tests/data/callgrind-gzip.out.gz
