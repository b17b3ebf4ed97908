# Issue 26 part 3: --top on a comparison prints values in their unit
# (perf's cpu-clock nanoseconds as ms), with p, q and verdict.
$FLAMETUI --top 8 tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/slow.perf.txt.gz
