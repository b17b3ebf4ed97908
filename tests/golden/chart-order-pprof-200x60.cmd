# a Go CPU profile (runtime/pprof) in its samples' order, along the default
# column (cpu nanoseconds: the axis in time units, though not time)
$FLAMETUI --dump --size 200x60 --view chart tests/data/go-labels.cpu.pb.gz
