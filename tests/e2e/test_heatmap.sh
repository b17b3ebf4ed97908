#!/bin/sh
# The activity line (a) above the flame graph, and the heat map (H): FlameScope's picture of a perf recording with two
# phases (phase_a in second 0-1, a sleep, phase_b in second 2-3); the
# cursor moves over cells, m marks (or a mouse drag), Enter shows the flame graph of the
# range as a `time` chip, x removes it, U brings it back, H/Esc close.
. "$(dirname "$0")/lib.sh"

ft_start 100 30 -- "$FT_DATA/perf-phases.txt.gz"
ft_check "opens on the flame graph" ft_wait_for 'phase_a'
ft_check "the activity line: all samples over time" ft_wait_for '^all .*███'
ft_check "and the selected frame's (the root: the same)" ft_wait_for '^sel .*███'
ft_keys a
ft_check "a hides the activity line" ft_wait_gone '^all .*███'
ft_check "a says so" ft_wait_for 'activity line hidden'
ft_keys a
ft_check "a again shows it" ft_wait_for '^sel .*███'
ft_keys H
ft_check "H opens the heat map" ft_wait_for 'heat map: 4 columns of 1 s, 50 rows of 20 ms'
ft_check "cursor on the first busy cell" ft_wait_for 'cursor 0\.980 s: 20 samples'
ft_check "the legend names the linear scale and its stops" ft_wait_for 'linear scale 0 .* 10 .* 20 samples/cell'
ft_keys c
ft_check "c: FlameScope's enhanced scale, stops at 1 and 3" ft_wait_for 'enhanced scale 0 . 1 .* 3 .* 10 .* 20 samples/cell'
ft_keys c
ft_check "c: the colour-blind safe scale" ft_wait_for 'colour-blind scale 0 .* 20 samples/cell'
ft_keys c
ft_check "c: back to linear" ft_wait_for 'linear scale 0'
ft_keys Down
ft_check "Down: the next row" ft_wait_for 'cursor 0\.960 s'
ft_keys Up Right Right
ft_check "Right Right: the third second" ft_wait_for 'cursor 2\.980 s'
ft_keys m Right
ft_check "m then Right: a range" ft_wait_for 'range 2\.980-4\.000 s'
ft_keys Enter
ft_check "Enter: the flame graph of the range, as a chip" ft_wait_for 'time:2\.98-4 s'
ft_check "the range holds phase_b" ft_wait_for 'phase_b'
ft_check "and not phase_a" ft_wait_gone 'phase_a'
ft_keys x
ft_check "x removes the chip" ft_wait_gone 'time:2\.98'
ft_check "the whole recording again" ft_wait_for 'phase_a'
ft_keys U
ft_check "U brings the range back" ft_wait_for 'time:2\.98-4 s'
ft_keys H
ft_check "H again: the map, its cursor kept" ft_wait_for 'cursor 3\.980 s'
ft_keys Escape
ft_check "Esc closes the map" ft_wait_gone 'heat map:'
# A drag (SGR mouse): press on column 2's top line (row 0: 2.980 s), release
# on its line 24 (row 48: from 2.020 s): the range 2.02-3 s, as Enter.
ft_keys H
ft_wait_for 'heat map:'
ft_sgr_mouse 0 8 1 M
ft_sgr_mouse 0 8 25 m
ft_check "a drag from one cell to another takes the range" ft_wait_for 'time:2\.02-3 s'
ft_check "and shows its flame graph" ft_wait_gone 'heat map:'
ft_keys H
ft_wait_for 'heat map:'
ft_sgr_mouse 0 9 3 M
ft_sgr_mouse 0 9 3 m
ft_check "press and release on one cell: a click, the map stays" ft_wait_for 'cursor 3\.900 s'
ft_check "the map stays open" ft_wait_for 'heat map:'
ft_keys Escape
ft_wait_gone 'heat map:'
ft_check "and the range is the dragged one still" ft_wait_for 'time:2\.02-3 s'
# A: range against range.  Range A is the chip (2.02-3 s); range B the
# whole of second 0 (mark on its top row, cursor on its bottom row).
ft_keys H
ft_wait_for 'heat map:'
ft_keys g $(for i in $(seq 60); do printf 'Up '; done) m $(for i in $(seq 60); do printf 'Down '; done)
ft_check "range B marked: second 0" ft_wait_for 'range 0\.000-1\.000 s'
ft_keys A
ft_check "A opens the comparison, A normalised by range length" ft_wait_for 'normalised by range length \(B 1 s / A 0\.98 s\)'
ft_check "the status names both ranges" ft_wait_for 'A \[time 2\.02-3 s\] against B \[time 0-1 s\]'
ft_check "range A holds phase_b, range B phase_a" ft_wait_for 'phase_b.*phase_a'
ft_resize 200 30
ft_keys D
ft_check "D: the differential graph's header says it too" ft_wait_for '^diff .*A normalised by range length \(B 1 s / A 0\.98 s\)'
ft_resize 100 30
ft_keys Escape
ft_check "Esc returns to the profile, range A's chip kept" ft_wait_for 'back from the range comparison'
ft_check "the chip" ft_wait_for 'time:2\.02-3 s'
ft_keys H A
ft_check "A again: the comparison again" ft_wait_for 'normalised by range length'
ft_keys Escape x H A
ft_check "A without range A says how" ft_wait_for 'take range A first'
ft_keys Escape
ft_keys q
ft_check "q quits" ft_wait_for 'flametui exited 0'
# A .cpuprofile: V8's (idle) samples left out, I shows them.
ft_start 100 30 -- "$FT_DATA/node-phases.cpuprofile"
ft_check "cpuprofile opens" ft_wait_for 'phaseA'
ft_keys H
ft_check "idle left out" ft_wait_for '19 samples/cell, 919 idle left out'
ft_keys I
ft_check "I shows idle samples" ft_wait_for 'samples/cell, idle shown'
ft_keys I
ft_check "I again leaves them out" ft_wait_for '919 idle left out'
ft_keys q q
# A format without time: a message, no map.
ft_start 80 24 -- "$FT_DATA/small.folded"
ft_check "opens" ft_wait_for 'total'
ft_keys H
ft_check "H without time says why" ft_wait_for 'no heat map'
ft_keys q
ft_done
