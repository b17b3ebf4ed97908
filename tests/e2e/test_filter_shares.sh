#!/bin/sh
# After a filter, shares are of the whole profile (as go tool pprof's):
# the header says "X of WHOLE (P%)", the status line and the details
# panel give a frame's share of everything recorded, not of what the
# filter kept; the zoom share stays of the zoom root.  A Go CPU profile
# recorded here (tests/data/go-labels.cpu.pb.gz): go tool pprof -top
# -focus=mapassign says runtime.mapassign_fast64 70ms 5.26% of 1330ms.
. "$(dirname "$0")/lib.sh"

P=tests/data/go-labels.cpu.pb.gz
header_has() { ft_screen | head -1 | grep -Eq -- "$1"; }
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }
filter() { ft_keys :; ft_keys -l "$1"; ft_keys Enter; }

ft_start 80 24 -- "$P"
ft_check "opens" ft_wait_for 'go-labels.cpu.pb.gz \| cpu \(nanoseconds\)'
ft_check "no filter: the total alone" header_has '\| total 1\.33 s( |$)'
filter 'focus mapassign'
ft_check "focus: the header gives the kept total of the whole" \
    ft_poll 3 header_has '\| 70 ms of 1\.33 s \(5\.26%\)'
ft_check "focus: the root's share is of the whole" \
    ft_poll 3 status_has '^all \| .*70 ms \(5\.26%\)'
ft_keys G
ft_check "the leaf: runtime.mapassign_fast64 5.26% of all, self too, zoom 100%" \
    ft_poll 3 status_has '^runtime\.mapassign_fast64 \| 70 ms \(5\.26%\) self 70 ms \(5\.26%\) \| 100% \| 100%$'
ft_keys d
ft_check "details: every instance's share of the whole" \
    ft_poll 3 ft_matches 'all 1 instance: total 70 ms \(5\.26%\) self 70 ms \(5\.26%\)'
ft_check "details: the sample type's line too" \
    ft_matches '\* cpu \(nanoseconds\): total 70 ms \(5\.26%\) self 70 ms \(5\.26%\)'
ft_keys d
filter 'hide ^main\.'
ft_resize 120 24
ft_check "hide: the total stays, shares still of the whole" \
    ft_poll 3 header_has '\| 70 ms of 1\.33 s \(5\.26%\) focus:mapassign hide'
ft_keys X
ft_check "X: the whole total alone again" ft_poll 3 header_has '\| total 1\.33 s( |$)'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
ft_done
