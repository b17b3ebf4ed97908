#!/bin/sh
# Compare two profiles in the TUI: both panes follow moves and zoom made in
# one, search and filters act on both, a path only in A shows "(absent)" in B, the differential view and its
# width source, the regressions table and Enter, the split switch, and a
# two-column file opening straight into the differential view.
. "$(dirname "$0")/lib.sh"

A=tests/data/small.folded
B=tests/data/small-after.folded
status_is() { ft_wait_for "^$1 \\| total A" 3; }
row() { ft_screen | sed -n "$1p"; }
row_matches() { row "$1" | grep -Eq -- "$2"; }

# Raw values (--normalize absolute): these checks are about the panes.
ft_start 120 30 -- --normalize absolute "$A" "$B"
ft_check "opens side by side: both headers" ft_wait_for '^ A: total 97 .*│>B: total 95'
ft_check "root selected, both totals" ft_matches '^all \| total A 97 \(100%\) -> B 95 \(100%\) delta -2'
ft_check "a frame only in A is in pane A only" ft_matches '^ A: total 97 \| 2 only in A'

# Keys act on pane B first; j selects main in both.
ft_keys j
ft_check "j selects main (both panes)" status_is main
ft_keys Tab
ft_check "Tab makes pane A active" ft_wait_for '^>A: total 97 .*│ B: total 95'
ft_keys j
ft_check "j in pane A selects run" ft_wait_for '^run \| total A 72 \(74.2%\) -> B 67 \(70.5%\) delta -5 \(-6.9%\)'

# Zoom in pane A: pane B follows (run fills both panes).
ft_keys Enter
# (Changes of a few samples are within noise: no sign, the plain edge.)
ft_check "Enter zooms both panes into run" ft_poll 3 row_matches 4 '^▏run +│▏run *$'
ft_check "children of run laid out at full width in B" ft_poll 3 row_matches 5 '│.*▏parse'

# A path that exists only in A: io;read_[k].
ft_keys j
ft_check "j: widest child of run in A is parse" status_is parse
ft_keys h
ft_check "h: io" status_is io
ft_keys j
ft_check "j: read_[k], absent in B" ft_wait_for '^read \(kernel\) \| total A 6 \(6.19%\) -> B absent delta -6 \(-100%\)'
ft_check "pane B marks the gap (absent)" ft_poll 3 row_matches 6 '│.*\(absent\)'
ft_check "pane A draws read, only in A: ◂" ft_poll 3 row_matches 6 '^ *.*◂read.*│'

# Differential view, width sources.
ft_keys D
ft_check "D: differential graph" ft_wait_for '^diff \| samples \| A 97 -> B 95 \(-2, -2.1%\) \| width B'
ft_check "selection kept across views" status_is 'read \(kernel\)'
ft_check "width B: the vanished frame is a marked gap" ft_matches '\(absent\)'
ft_keys W W
ft_check "W W: width max(A,B)" ft_wait_for '\| width max\(A,B\) \|'
ft_check "max(A,B): the vanished read is drawn" ft_matches '◂read'

# Regressions table and Enter.
ft_keys R
ft_check "R: regressions table" ft_wait_for '^regressions by function'
ft_check "biggest self change first: lex" ft_poll 3 row_matches 3 ' -8 .* lex$'
ft_keys j
ft_check "j moves down the table" ft_wait_for '\| row 2 \|'
ft_keys / m u l Enter
ft_check "/ in the table filters rows" ft_wait_for '^1 of 19 functions match /mul/'
ft_keys / BSpace BSpace BSpace Enter
ft_check "an empty filter shows every row" ft_wait_for '^19 functions \| row 1'
ft_keys Enter
ft_check "Enter selects lex in the graph" status_is lex
ft_check "back in the differential graph" ft_matches '^diff \|'
ft_keys Escape D
ft_check "D: back to side by side" ft_wait_for '^[ >]A: total 97'

# Split switch: top/bottom.
ft_keys V
ft_check "V: panes stacked" ft_wait_for '^[ >]B: total 95'
ft_keys V
ft_check "V again: side by side" ft_wait_for '│[ >]B: total 95'

# Search and filters apply to both panes.
ft_keys Home
ft_check "Home: the root" status_is all
ft_keys /
ft_check "/ opens the search prompt" ft_wait_for '^/$'
ft_keys 'l' 'e' 'x' Enter
ft_check "search: matched share of A and B; the selection stays" ft_wait_for '^Matched: A 30.9% \(30\) B 23.2% \(22\) \| all'
ft_keys n
ft_check "n selects the match (as with one profile)" ft_wait_for '^Matched: A 30.9% \(30\) B 23.2% \(22\) \| lex'
ft_check "matches marked in both panes" ft_matches '\*lex.*│.*\*lex'
ft_keys : 'i' 'g' 'n' 'o' 'r' 'e' ' ' 'g' 'c' Enter
# (Issue 24 item 4: what the filter kept of each whole side.)
ft_check "filter chip in both headers" ft_wait_for '^[ >]A: 80 of 97 \(82\.5%\) \| 2 only in A \| ignore gc.*│[ >]B: 74 of 95 \(77\.9%\) \| 1 only in B \| ignore gc'
ft_check "selection kept through the filter" ft_wait_for '\| lex \| total A 30'
ft_keys x
ft_check "x removes the filter" ft_wait_for '^[ >]A: total 97'

ft_keys q
ft_check "q quits with status 0" ft_wait_for '^flametui exited 0'

# The two bundled copies of one recording: samples against perf cycles,
# names differing by kinds and argument lists.  Normalised (said in the
# header and on opening), every frame matched, root delta 0.
ft_start 160 30 -- samples/node-zlib.folded samples/node-zlib.perf.gz
ft_check "different sample types: A normalised, said in A's header" \
    ft_wait_for '^ A: total 32\.0G \(normalised from 7796 samples\)'
ft_check "names matched loosely: said in B's header; nothing only in A or B" \
    ft_matches '│>B: total 32\.0G cycles \| 68 names matched loosely \|'
ft_check "the note shows on opening" ft_matches 'note: comparing samples/node-zlib.folded \(samples\) with'
ft_keys j
ft_check "j: node, A normalised (status line)" \
    ft_wait_for '^node \| total A 31\.9G \(99\.9%\) -> B 32\.0G \(100%\) delta \+28\.7M'
ft_keys k
ft_check "root delta exactly 0 after normalising (status line)" \
    ft_wait_for '^all \| total A 32\.0G \(100%\) -> B 32\.0G \(100%\) delta 0 \(0%\)'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# pprof labels on both sides (issue 15): d shows each side's breakdown.
L=tests/data/go-labels.cpu.pb.gz
ft_start 120 30 -- "$L" "$L"
ft_check "labelled pair opens" ft_wait_for '^ A: total 1\.33 s'
ft_keys d
ft_check "d: A's breakdown by endpoint" ft_wait_for '^A endpoint: /api/search 59\.4%, /api/cart 26\.3%, \(none\) 14\.3%'
ft_check "d: B's breakdown by endpoint" ft_matches '^B endpoint: /api/search 59\.4%, /api/cart 26\.3%, \(none\) 14\.3%'
ft_check "d: region too" ft_matches '^B region: eu 59\.4%, us 26\.3%, \(none\) 14\.3%'
ft_keys : t a g h i d e ' ' r e g i o n Enter
ft_check "taghide region: its lines go" ft_wait_gone '^A region:'
ft_check "taghide region: endpoint stays" ft_matches '^A endpoint:'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# A two-column file opens the differential view.
ft_start 100 20 -- tests/data/diff.folded
ft_check "two-column file: differential view" ft_wait_for '^diff \| after \| A 36 -> B 30'
ft_check "growth marked" ft_matches '\+new'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# Verdicts (issue 26): real perf recordings, parse ~30% slower in slow.
# The legend line names the test; R shows p, q and verdict columns before
# the function name, the significant row (parse, slower) first.
S=tests/data/compare-stats
ft_start 150 30 -- "$S/same1.perf.txt.gz" "$S/slow.perf.txt.gz"
ft_check "verdict pair opens with the legend" ft_wait_for 'red: slower +blue: faster +grey: no real change \(q<0\.05\)'
ft_keys R
ft_check "R: sorted by verdict, then size" ft_wait_for '^regressions by function, sorted by verdict, then \|delta self\|'
ft_check "R: p, q and verdict columns, the function last" ft_matches ' p +q +verdict +function *$'
ft_check "R: first row is parse, slower" ft_poll 3 row_matches 3 ' slower +parse *$'
one_sig_row() { [ "$(ft_screen | grep -cE ' (slower|faster) +[^ ]+ *$')" -eq 1 ]; }
ft_check "R: no other row is slower or faster" one_sig_row
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

ft_done
