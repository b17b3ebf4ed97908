# --info of two ranges of a trace, --normalize absolute (A as recorded),
# and a range past the trace's end (said, not a crash).
LC_ALL=C $FLAMETUI --info --time-range 0,0.1 --time-range-b 0.1,end tests/data/node-trace-phases.json
LC_ALL=C $FLAMETUI --info --normalize absolute --time-range 0,0.1 --time-range-b 0.1,end tests/data/node-trace-phases.json
LC_ALL=C $FLAMETUI --top 3 --time-range 0,0.1 --time-range-b 0.5,1 tests/data/node-trace-phases.json 2>&1
