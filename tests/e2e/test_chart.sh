#!/bin/sh
# The flame chart (T): a perf recording with two phases (phase_a, a sleep,
# phase_b) in time order; arrows select spans (their start, duration and
# stack below), Enter fits the selected one, +/- zoom, </> pan, 0 shows it
# all, the mouse selects; a `time` filter limits it; # picks each thread of
# a two-thread Chrome trace (a lane each), then all; Esc closes.  A
# trace's duration events are charted as recorded.
. "$(dirname "$0")/lib.sh"

ft_start 100 30 -- "$FT_DATA/perf-phases.txt.gz"
ft_check "opens on the flame graph" ft_wait_for 'phase_a'
ft_keys T
ft_check "T opens the flame chart of every sample" \
    ft_wait_for 'flame chart: all \| 1991 samples \| 0\.297-3\.298 s of 0\.297-3\.298 s'
ft_check "the thread's row: two spans around the sleep" ft_wait_for '^▏phases-\?/23687 +▏phases-\?/23687'
ft_check "the first span selected: start, duration, samples" \
    ft_wait_for 'phases-\?/23687  start 0\.297 s  duration 999\.812 ms  996 samples  depth 1'
ft_keys Down Down Down
ft_check "Down: deeper rows, at the same time: phase_a" \
    ft_wait_for '^ phase_a  start 0\.297 s  duration 999\.812 ms  996 samples  depth 4'
ft_check "its stack, root first" ft_wait_for 'stack: phases-\?/23687;__libc_start_call_main;main;phase_a'
ft_keys Right
ft_check "Right: the next span of the row, after the sleep" \
    ft_wait_for '^ phase_b  start 2\.298 s  duration 685\.817 ms  682 samples'
ft_keys Enter
ft_check "Enter fits the window to it" ft_wait_for 'samples \| 2\.298-2\.984 s of 0\.297-3\.298 s'
ft_keys -- -
ft_check "- zooms out around the selection" ft_wait_for 'samples \| 1\.926-3\.298 s of'
ft_keys +
ft_check "+ zooms in" ft_wait_for 'samples \| 2\.283-2\.969 s of'
ft_keys '<'
ft_check "< pans back a quarter" ft_wait_for 'samples \| 2\.112-2\.798 s of'
ft_keys '>' '>'
ft_check "> pans forward" ft_wait_for 'samples \| 2\.455-3\.141 s of'
ft_keys 0
ft_check "0 shows it all" ft_wait_for 'samples \| 0\.297-3\.298 s of 0\.297-3\.298 s'
ft_keys '#'
ft_check "# with one thread says so" ft_wait_for 'the profile has one thread'
# A click on the second phases span (row 0, past the sleep).
ft_sgr_mouse 0 80 2 M
ft_sgr_mouse 0 80 2 m
ft_check "a click selects the span under it" \
    ft_wait_for '^ phases-\?/23687  start 2\.298 s'
ft_keys Escape
ft_check "Esc closes the chart" ft_wait_gone 'flame chart:'
ft_check "back on the flame graph" ft_wait_for 'phase_a'
ft_keys : 'time 2,4' Enter
ft_check "a time filter" ft_wait_for 'time:2-4 s'
ft_keys T
ft_check "limits the chart to its range" ft_wait_for 'flame chart: all \| 995 samples \| 2\.298-3\.298 s of 2\.298-3\.298 s'
ft_keys q
ft_check "q closes the chart" ft_wait_gone 'flame chart:'
ft_keys q
ft_check "q quits" ft_wait_for 'flametui exited 0'
# Two threads of one process (a Chrome trace's legacy CpuProfile events).
ft_start 100 30 -- "$FT_DATA/trace-legacy-cpuprofile-two-threads.json"
ft_check "opens" ft_wait_for 'total'
ft_keys T
ft_check "all threads, a lane each" ft_wait_for 'flame chart: all \| 615 samples'
ft_check "the first lane: the main thread" ft_wait_for '^▏main-32695/0'
ft_keys '#'
ft_check "# picks the first thread" ft_wait_for 'flame chart: main-32695/0 \| 290 samples'
ft_keys '#'
ft_check "# the next" ft_wait_for 'flame chart: worker-32695/1 \| 325 samples'
ft_check "its lane alone" ft_wait_for '^▏worker-32695/1'
ft_keys '#'
ft_check "# after the last: all again" ft_wait_for 'flame chart: all \| 615 samples'
ft_keys q q
ft_check "q q quits" ft_wait_for 'flametui exited 0'
# A trace's duration events, charted as recorded (clang -ftime-trace: its
# two Frontend events start at 12862 us for 2129716 us and at 2142579 us
# for 100777 us, as the file says).
ft_start 100 30 -- "$FT_DATA/clang-ftime-trace.json"
ft_check "opens" ft_wait_for 'total'
ft_keys T
ft_check "T charts its 548 events" ft_wait_for 'flame chart: all \| 548 events \| 0\.000-3\.154 s'
ft_keys Down Down
ft_check "an event: its start and duration as recorded" \
    ft_wait_for '^ Frontend  start 0\.013 s  duration 2\.130 s  depth 3'
ft_keys Right Enter
ft_check "the next one, fitted" ft_wait_for 'events \| 2\.143-2\.243 s of'
ft_check "its duration" ft_wait_for '^ Frontend  start 2\.143 s  duration 100\.777 ms'
ft_keys q q
ft_check "q q quits" ft_wait_for 'flametui exited 0'
# Neither time nor samples in an order (a call graph; a folded file is
# charted in its lines' order: test_chart_order.sh): a message, no chart.
ft_start 100 24 -- "$FT_DATA/callgrind-hot.out.gz"
ft_check "opens" ft_wait_for 'total'
ft_keys T
ft_check "T says why there is no chart" \
    ft_wait_for 'no flame chart: a callgrind profile has neither time per sample'
ft_keys q
ft_done
