LC_ALL=C $FLAMETUI --dump --size 100x16 --sample-type Dr --zoom "0x000000000001ab70;0x0000000000003df0" tests/data/callgrind-gzip.out.gz
