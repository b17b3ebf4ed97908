#!/bin/sh
# Runtime profiles in the viewer: a node --cpu-prof profile opens on its
# time column (microseconds from timeDeltas) and s switches to the sample
# count; a JFR recording merges its threads by default and key P (twice:
# process, then thread) shows each Java thread as a root frame; a Chrome trace cut without its closing
# bracket opens with the sampled CPU profile.
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

ft_start 100 16 -- tests/data/chrome-profile-truncated.json
ft_check "truncated Chrome trace opens on its CPU profile" \
	ft_wait_for '^chrome-profile-truncated.json \| cpu \(microseconds\)'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
