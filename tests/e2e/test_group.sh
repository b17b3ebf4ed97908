#!/bin/sh
# The group key P on a perf recording with two threads of one process
# (tests/data/perf-cpu-task-clock-pidtid.txt): merged (the comm "burn" as
# the root frame, as stackcollapse-perf.pl draws it), then one root frame
# per process (burn-PID), per thread (burn-PID/TID), and merged again;
# a folded profile has nothing to group and says so.
. "$(dirname "$0")/lib.sh"

ft_start 120 20 -- "$FT_DATA/perf-cpu-task-clock-pidtid.txt"
ft_check "opens merged: the comm is the root frame" ft_wait_for '^(\||▏)burn *$'
ft_keys P
ft_check "P: one root frame per process" ft_wait_for '^(\||▏)burn-26931 *$'
ft_check "P: says so" ft_wait_for 'one root frame per process'
ft_keys P
ft_check "P again: one root frame per thread" ft_wait_for '(\||▏)burn-26931/26960( |$)'
ft_check "P again: the main thread too" ft_matches '(\||▏)burn-26931/26931 '
ft_keys P
ft_check "P a third time: merged again" ft_wait_for '^(\||▏)burn *$'
ft_keys q
ft_check "q quits with status 0" ft_wait_for '^flametui exited 0'

ft_start 100 12 -- "$FT_DATA/small.folded"
ft_check "folded opens" ft_wait_for '^small.folded'
ft_keys P
ft_check "P on folded: nothing to group" ft_wait_for 'no processes or threads to group by'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
