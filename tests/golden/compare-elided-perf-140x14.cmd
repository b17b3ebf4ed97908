# Issue 26: the elided graph of two real perf recordings (same1 vs slow):
# the kernel paths of same1 that slow has not, under their callers.
$FLAMETUI --dump --elided --size 140x14 tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/slow.perf.txt.gz
