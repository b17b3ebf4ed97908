# Issue 26: the elided graph (E, --elided): what vanished from A to B, in
# A's values under its callers.  Of the small pair only main;run;io;read_[k]
# (6 samples) is gone; main;run;io is still in B (write_[k]).
$FLAMETUI --dump --elided --normalize absolute --size 100x10 tests/data/small.folded tests/data/small-after.folded
