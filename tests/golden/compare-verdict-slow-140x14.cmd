# Issue 26: colour by verdict.  Real perf recordings, parse ~30% slower in
# slow: only parse is signed '+' (red); the legend gives k, rho, the scale.
$FLAMETUI --dump --diff --size 140x14 tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/slow.perf.txt.gz
