#!/bin/sh
# Runtime profiles in the viewer: a node --cpu-prof profile opens on its
# time column (microseconds from timeDeltas) and s switches to the sample
# count; a JFR recording merges its threads by default and key P (twice:
# process, then thread) shows each Java thread as a root frame, and from
# --group thread at start (and on a --merge) P cycles none, process, thread
# too; the details panel breaks a JFR frame down by the `thread` label and a
# tagfocus on a thread keeps its events; Hermes' global samples open as
# counts; a Chrome trace cut without its closing bracket opens with the
# sampled CPU profile.
. "$(dirname "$0")/lib.sh"

ft_start 200 20 -- tests/data/node-work.cpuprofile
ft_check "cpuprofile opens on cpu time" \
	ft_wait_for '^node-work.cpuprofile \| cpu \(microseconds\).*\| total 870 ms'
ft_check "(idle) and (garbage collector) are top-level frames" \
	ft_matches '\(garba.*\(idle\)'
ft_keys s
ft_check "s: the sample count, 355" \
	ft_wait_for '^node-work.cpuprofile \| samples .*\| total 355 '
ft_keys q
ft_check "q quits with status 0" ft_wait_for '^flametui exited 0'
$FT_TMUX kill-server >/dev/null 2>&1

ft_start 120 20 -- --sample-type thread_park tests/data/jfr/java-work.jfr.gz
ft_check "JFR park time in nanoseconds, threads merged by default" \
	ft_wait_for '^java-work.jfr.gz \| thread_park \(nanoseconds\)'
ft_check "merged: the Java frames are at the top" ft_matches '^.java.lang.Thread.run'
ft_check "no thread frames" ft_not_matches 'contender-[0-2]/1[5-7]'
ft_keys P
ft_settle
ft_keys P
ft_check "P, P: a root frame per Java thread" \
	ft_wait_for 'contender-0/15.*contender-1/16.*contender-2/17'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
$FT_TMUX kill-server >/dev/null 2>&1

# Starting at the finest group, P still regroups (the raw tree is kept).
ft_start 120 20 -- --group thread --sample-type thread_park tests/data/jfr/java-work.jfr.gz
ft_check "--group thread: a root frame per Java thread" \
	ft_wait_for 'contender-0/15.*contender-1/16.*contender-2/17'
ft_keys P
ft_check "P from --group thread: merged" ft_wait_for 'processes and threads merged'
ft_check "merged: no thread frames" ft_not_matches 'contender-[0-2]/1[5-7]'
ft_keys P
ft_check "P: one root frame per process" ft_wait_for 'one root frame per process'
ft_keys P
ft_check "P: a root frame per thread again" \
	ft_wait_for 'contender-0/15.*contender-1/16.*contender-2/17'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
$FT_TMUX kill-server >/dev/null 2>&1

# --merge keeps the threads of its files: P regroups the sum too.
ft_start 120 20 -- --merge --sample-type thread_park tests/data/jfr/java-work.jfr.gz \
    tests/data/jfr/java-work.jfr.gz
ft_check "--merge: two recordings summed, threads merged" \
	ft_wait_for '^java-work.jfr.gz \(\+1 merged\) \| thread_park .*total 1.13 s'
ft_check "merged: no thread frames" ft_not_matches 'contender-[0-2]/1[5-7]'
ft_keys P
ft_check "P on a merge: one root frame per process" ft_wait_for 'one root frame per process'
ft_keys P
ft_check "P on a merge: a root frame per Java thread" \
	ft_wait_for 'contender-0/15.*contender-1/16.*contender-2/17'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
$FT_TMUX kill-server >/dev/null 2>&1

# Thread names as the label `thread` (issue 15): the details panel's
# breakdown (shares from jfr print: 772579569, 677812030, 644910895 ns of
# 2095302494) and a tagfocus chip.
ft_start 120 30 -- --sample-type monitor_enter tests/data/jfr/java-work.jfr.gz
ft_check "JFR monitor time opens" \
	ft_wait_for '^java-work.jfr.gz \| monitor_enter \(nanoseconds\).*total 2.1 s'
ft_keys d
ft_check "d: the thread breakdown" \
	ft_wait_for '^thread: contender-0 36.9%, contender-2 32.3%, contender-1 30.8%'
ft_keys :
ft_keys -l 'tagfocus thread=contender-1'
ft_keys Enter
ft_check "tagfocus thread=contender-1: its 645 ms only" \
	ft_wait_for '^java-work.jfr.gz \| monitor_enter .*\| 645 ms of 2.1 s \(30\.8%\).*tagfocus:thread=contender-1'
ft_check "the breakdown follows" ft_wait_for '^thread: contender-1 100%'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
$FT_TMUX kill-server >/dev/null 2>&1

# Hermes' legacy global samples: counts per stackFrames stack.
ft_start 100 16 -- tests/data/trace-hermes-multi-thread.json
ft_check "Hermes samples + stackFrames open as sample counts" \
	ft_wait_for '^trace-hermes-multi-thread.json \| samples \| total 8'
ft_check "the stackFrames roots are the top frames" ft_matches '^.\[root thread 2\] +.\[root\]'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
$FT_TMUX kill-server >/dev/null 2>&1

ft_start 100 16 -- tests/data/chrome-profile-truncated.json
ft_check "truncated Chrome trace opens on its CPU profile" \
	ft_wait_for '^chrome-profile-truncated.json \| cpu \(microseconds\)'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
