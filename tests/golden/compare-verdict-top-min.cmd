# Issue 26 part 3: --min-change and --min-share hide small rows (the
# header counts what is shown); on one profile, or malformed, refused.
$FLAMETUI --top 0 --min-change 5% --min-share 0.5% tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/slow.perf.txt.gz
$FLAMETUI --top 0 --min-share 10 tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/same2.perf.txt.gz
$FLAMETUI --top 3 --min-change 5% tests/data/compare-stats/same1.perf.txt.gz 2>&1; echo "exit=$?"
$FLAMETUI --top 3 --min-change 5x tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/slow.perf.txt.gz 2>&1
