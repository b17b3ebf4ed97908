#!/bin/sh
# Range against range on a trace (issue 25 part 3): clang -ftime-trace's
# spans cut to 0.5-1 s (parsing) and to 2 s-end (the backend) open the
# comparison views, A per second of B's length over A's, no test on traced
# durations; K cycles robust (no k: no test), absolute, total and back to
# per second by range length; R lists the functions.  A trace has no heat
# map (its events are spans, not samples to bin): H says how to take
# ranges instead.
. "$(dirname "$0")/lib.sh"

# Relative to the repository (the pane's directory): the headers show the
# name, and an absolute path's length would depend on where the clone is.
T=tests/data/clang-ftime-trace.json
ft_start 160 30 -- --time-range 0.5,1 --time-range-b 2,end "$T"
ft_check "opens the comparison: the backend in B" ft_wait_for '\+Backend'
ft_check "the frontend in A" ft_matches '-Frontend'
ft_check "B's header names its range" ft_matches '>B: total 1\.15 s wall .*clang-ftime-t'
ft_check "A per second, by range length" \
    ft_matches 'range length \(B 1\.154317 s / A 0\.5 s\): A x2\.31, T_A 500 ms, T_B 1\.15 s \[K\]'
ft_check "A's header scaled by the lengths" \
    ft_matches '^ A: total 1\.15 s wall \(normalised by range length \(B 1\.154317 s / A 0\.5 s\)\)'
ft_check "no test on traced durations" ft_matches '^no test \(traced durations, not sample counts\)'
ft_keys K
ft_check "K: robust, no k without a test" ft_wait_for 'normalisation: robust \(A x1\): robust: no test possible'
ft_check "robust: A as recorded" ft_matches '^ A: total 500 ms wall'
ft_keys K
ft_check "K: absolute" ft_wait_for 'normalisation: absolute \(A x1\)'
ft_keys K
ft_check "K: total" ft_wait_for 'normalisation: total \(A x2\.31\)'
ft_check "total: A at B's total" ft_matches '^ A: total 1\.15 s wall \(normalised from 500 ms\)'
ft_keys K
ft_check "K: per second by range length again" \
    ft_wait_for 'normalisation: per second, by range length \(B 1\.154317 s / A 0\.5 s\) \(A x2\.31\)'
ft_keys R
ft_check "R: the regressions table, A per second" ft_wait_for '121 ms +0 s +-121 ms +-100% .*ParseClass std::vector'
ft_check "a backend pass new in B" ft_matches '0 s +116 ms +\+116 ms +new .*RunPass X86 DAG->DAG'
ft_keys Escape q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# One trace: H says the trace has no heat map and how to take ranges.
ft_start 160 30 -- "$T"
ft_check "the trace opens" ft_wait_for 'ExecuteCompiler'
ft_keys H
ft_check "H: no heat map of a trace, how to compare ranges" \
    ft_wait_for 'no heat map of a trace.s events: T charts them; --time-range A,B \(--time-range-b'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
