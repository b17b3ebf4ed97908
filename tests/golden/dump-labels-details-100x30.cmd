LC_ALL=C $FLAMETUI --dump --details --size 100x30 tests/data/go-labels.cpu.pb.gz
