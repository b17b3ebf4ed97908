# Instruments deep copies: a row that does not read is skipped and counted
# with FILE:LINE and its text, refused with --strict.
f=tests/data/instruments/instruments-7.3.1-simple-time-profile-deep-copy.txt
sed '5s/^713.0ms/713.0parsecs/' $f | $FLAMETUI --top 2 - 2>&1
sed '5s/^713.0ms/713.0parsecs/' $f | $FLAMETUI --strict --top 2 - 2>&1
# Two levels deeper than the row before.
sed '6s/\t \t    leakMemory/\t \t      leakMemory/' $f | $FLAMETUI --strict --top 2 - 2>&1
# Another kind of unit.
sed '7s/^16.0ms/16.0 MB/' $f | $FLAMETUI --strict --top 2 - 2>&1
# The header only.
head -n 1 $f | $FLAMETUI --top 2 - 2>&1
