LC_ALL=C $FLAMETUI --dump --details --size 100x30 --tagroot region --zoom 'us;runtime/pprof.Do' tests/data/go-labels.cpu.pb.gz
