#!/bin/sh
# Normalisation you can see and switch (issue 26 part 4): a comparison of
# two real perf recordings (tests/data/compare-stats, parse ~30% slower in
# slow) opens robust, A scaled by k; K cycles absolute (A raw), total (A
# to B's total) and back to robust (perf script states no duration, so no
# per-second mode).  The legend line and the A header follow; parse stays
# the one significant function whatever the scaling.
. "$(dirname "$0")/lib.sh"

S=tests/data/compare-stats
legend_has() { ft_screen | grep -Eq -- "$1"; }

ft_start 150 30 -- --diff "$S/same1.perf.txt.gz" "$S/slow.perf.txt.gz"
ft_check "opens robust: A times k" ft_wait_for 'k=0\.954 \(robust\) rho=0 tau=4\.1 \| robust: A x0\.954, T_A 1\.79 s, T_B 1\.87 s \[K\]'
ft_check "robust: the header shows A scaled" ft_matches '^diff \| .* A 1\.71 s -> B 1\.87 s'
ft_check "parse signed slower" ft_matches '\+parse'
ft_keys K
ft_check "K: absolute" ft_wait_for 'absolute: A x1, T_A 1\.79 s, T_B 1\.87 s \[K\]'
ft_check "absolute: the message" ft_matches 'normalisation: absolute \(A x1\)'
ft_check "absolute: A raw in the header" ft_matches '^diff \| .* A 1\.79 s -> B 1\.87 s'
ft_check "absolute: parse still the one signed" ft_matches '\+parse'
ft_keys K
ft_check "K: total" ft_wait_for 'total: A x1\.04, T_A 1\.79 s, T_B 1\.87 s \[K\]'
ft_check "total: A at B's total" ft_matches '^diff \| .* A 1\.87 s -> B 1\.87 s'
ft_keys K
ft_check "K: back to robust (no durations: no per-second mode)" ft_wait_for 'robust: A x0\.954'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# --normalize MODE on the command line.
ft_start 150 30 -- --diff --normalize absolute "$S/same1.perf.txt.gz" "$S/slow.perf.txt.gz"
ft_check "--normalize absolute" ft_wait_for 'absolute: A x1, T_A'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

ft_done
