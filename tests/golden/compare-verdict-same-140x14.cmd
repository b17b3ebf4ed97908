# Issue 26: two same-speed recordings: no frame signed, every one grey.
$FLAMETUI --dump --diff --size 140x14 tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/same2.perf.txt.gz
