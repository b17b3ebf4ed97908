# Issue 26: the only-a / only-b filters of a comparison (chips in both
# panes; shares of the whole sides; callers keep no self), on the small
# made-up pair and on two real perf recordings (same1 vs slow: what only
# the slowed run has is a few kernel interrupt paths, 8 ms), then
# --export folded of only-b, and the refusal on one profile.
$FLAMETUI --dump --size 100x10 --normalize absolute --only-a tests/data/small.folded tests/data/small-after.folded; $FLAMETUI --dump --diff --size 120x12 --only-b tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/slow.perf.txt.gz; $FLAMETUI --export folded --only-b tests/data/small.folded tests/data/small-after.folded; $FLAMETUI --top 3 --only-a tests/data/small.folded
