#!/bin/sh
# K in a range-against-range comparison (issue 25 part 3): perf-phases
# (phase_a in second 0-1, a sleep, phase_b in second 2-3), range A 0-2 s
# (the --time-range chip), range B 2-3 s marked in the heat map, A.  The
# ranges are compared per second, A scaled by B's length over A's (x0.5);
# K cycles robust, absolute, total and back to per second by range length
# (each range's tree lasts its length), the legend, the headers and the
# message following.  --normalize chooses the mode on the command line.
. "$(dirname "$0")/lib.sh"

ft_start 200 30 -- --time-range 0,2 "$FT_DATA/perf-phases.txt.gz"
ft_check "opens with range A's chip" ft_wait_for 'time:0-2 s'
ft_keys H
ft_wait_for 'heat map:'
ft_keys g Right Right $(for i in $(seq 60); do printf 'Up '; done) m \
    $(for i in $(seq 60); do printf 'Down '; done)
ft_check "range B marked: second 2" ft_wait_for 'range 2\.000-3\.000 s'
ft_keys A
ft_check "A: per second, by range length" \
    ft_wait_for 'range length \(B 1 s / A 2 s\): A x0\.5, T_A 999 ms, T_B 701 ms \[K\]'
ft_check "A's header: scaled by the lengths" \
    ft_matches '^ A: total 499 ms .*\(normalised by range length \(B 1 s / A 2 s\)\)'
ft_keys K
ft_check "K: robust (too few functions: to B's total)" \
    ft_wait_for 'robust: A x0\.702, T_A 999 ms, T_B 701 ms \[K\]'
ft_check "robust: the message says why" ft_matches 'normalisation: robust \(A x0\.702\): robust: too few'
ft_check "robust: A's header at B's total" ft_matches '^ A: total 701 ms .*\(normalised from 999 ms\)'
ft_keys K
ft_check "K: absolute" ft_wait_for 'absolute: A x1, T_A 999 ms, T_B 701 ms \[K\]'
ft_check "absolute: A raw" ft_matches '^ A: total 999 ms cpu-clock'
ft_keys K
ft_check "K: total" ft_wait_for 'total: A x0\.702, T_A 999 ms'
ft_keys K
ft_check "K: back to per second, by range length" \
    ft_wait_for 'range length \(B 1 s / A 2 s\): A x0\.5, T_A 999 ms, T_B 701 ms \[K\]'
ft_check "per second: the message names the lengths" \
    ft_matches 'normalisation: per second, by range length \(B 1 s / A 2 s\) \(A x0\.5\)'
ft_check "A's header scaled by the lengths again" \
    ft_matches '^ A: total 499 ms .*\(normalised by range length'
ft_keys D
ft_check "D: the differential header says it too" \
    ft_wait_for '^diff .* A 499 ms -> B 701 ms .*A normalised by range length \(B 1 s / A 2 s\)'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# The command line: --normalize absolute for the two ranges, K on to total.
ft_start 200 30 -- --normalize absolute --time-range 0,2 --time-range-b 2,3 \
    "$FT_DATA/perf-phases.txt.gz"
ft_check "--normalize absolute: A raw" ft_wait_for 'absolute: A x1, T_A 999 ms, T_B 701 ms \[K\]'
ft_keys K
ft_check "K: total" ft_wait_for 'total: A x0\.702'
ft_keys K
ft_check "K: per second, by range length" ft_wait_for 'range length \(B 1 s / A 2 s\): A x0\.5'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
