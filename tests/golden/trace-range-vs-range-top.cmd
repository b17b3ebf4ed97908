# --top of two ranges of a trace (figures checked by tests/spans_ref.py).
$FLAMETUI --top 12 --time-range 0.5,1 --time-range-b 2,end tests/data/clang-ftime-trace.json
