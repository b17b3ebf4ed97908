# The details panel shows file:line without --lines: main.search's lines
# 44, 45, 46, 47, 49 are what `go tool pprof -lines -traces` lists for it.
LC_ALL=C $FLAMETUI --dump --size 120x16 --details --zoom 'runtime/pprof.Do;main.main.func1;main.search' tests/data/go-labels.cpu.pb.gz
