# issue 15: the comparison's details panel breaks the selected frame down
# by label values on each side (the labelled Go CPU profile against itself,
# then zoomed to the /api/cart goroutine: only that value).
LC_ALL=C $FLAMETUI --dump --details --size 120x30 tests/data/go-labels.cpu.pb.gz tests/data/go-labels.cpu.pb.gz
LC_ALL=C $FLAMETUI --dump --details --size 120x30 --zoom 'runtime/pprof.Do;main.main.func2' tests/data/go-labels.cpu.pb.gz tests/data/go-labels.cpu.pb.gz 2>&1 | tail -n 13
