# Range against range on a trace (issue 25 part 3): clang -ftime-trace's
# spans cut to 0.5-1 s (parsing) and to 2 s-end (the backend), A per
# second of B's 1.154317 s over its 0.5 s; no test on traced durations.
$FLAMETUI --dump --size 100x20 --time-range 0.5,1 --time-range-b 2,end tests/data/clang-ftime-trace.json
