# issue 12 item 11: pprof values near the ends of int64 (tests/data/
# make-extreme-pprof.py): B - A does not fit 64 bits; the deltas are shown
# saturated, said on stderr and in the headers.
LC_ALL=C $FLAMETUI --dump --size 120x8 tests/data/extreme-a.pb.gz tests/data/extreme-b.pb.gz 2>&1
LC_ALL=C $FLAMETUI --dump --diff --size 200x8 tests/data/extreme-b.pb.gz tests/data/extreme-a.pb.gz 2>&1 | head -n 2
LC_ALL=C $FLAMETUI --top 3 tests/data/extreme-a.pb.gz tests/data/extreme-b.pb.gz 2>&1
