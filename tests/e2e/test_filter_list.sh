#!/bin/sh
# Filters that do not fit the header are counted (+N filters [F]); F lists
# every filter and the search, removes any of them (x, Delete); U undoes a
# filter change and Ctrl-R redoes it; the same in a comparison.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
header_has() { ft_screen | head -1 | grep -Eq -- "$1"; }
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }
filter() { ft_keys :; ft_keys -l "$1"; ft_keys Enter; }

ft_start 80 24 -- "$S"
ft_check "opens" ft_wait_for 'tui-sample.folded \| samples \| total 490'
filter 'ignore gc'
ft_check "ignore gc" ft_poll 3 header_has '\| 420 of 490 \(85\.7%\) ignore:gc'
filter 'hide qqqqqqqqq'
filter 'hide wwwwwwwwwwwwwwwwwwwwwwww'
filter 'focus parse'
ft_check "four filters: a chip and the count of the others" \
    ft_poll 3 header_has '\| 70 of 490 \(14\.3%\) ignore:gc \+3 filters \[F\]$'
ft_check "the last chips are not drawn" sh -c "! $FT_TMUX capture-pane -t ft -p | head -1 | grep -q 'focus:'"

ft_keys F
ft_check "F lists the filters" ft_wait_for 'filters: 4, in the order they apply'
ft_check "F: first entry selected, keys on the status line" \
    ft_poll 3 status_has '^1 of 4 \| x/Delete removes'
ft_check "F: each filter in order" sh -c "$FT_TMUX capture-pane -t ft -p | grep -q '  1  ignore gc' &&
    $FT_TMUX capture-pane -t ft -p | grep -q '  4  focus parse'"
# Remove the first filter (not the last): ignore gc.
ft_keys x
ft_check "x removes the selected filter" ft_wait_for 'filters: 3, in the order they apply'
ft_check "x: the ignore chip is gone, focus stays" \
    ft_poll 3 header_has '\| 70 of 490 \(14\.3%\) hide:q+ \+2 filters'
# Delete on the third entry: the focus.
ft_keys Down Down DC
ft_check "Delete removes the selected one (focus)" ft_wait_for 'filters: 2, in the order they apply'
ft_check "Delete: the total is back, one chip counted" ft_poll 3 header_has 'total 490 hide:q+ \+1 filter \[F\] '
# U brings them back in order, in the list.
ft_keys U
ft_check "U undoes the last removal" ft_poll 3 header_has '\| 70 of 490 \(14\.3%\) '
ft_check "U: says so" ft_poll 3 status_has 'undone: 3 filters now'
ft_keys U
ft_check "U again: four filters" ft_wait_for 'filters: 4, in the order they apply'
ft_keys Escape
ft_check "Esc closes the list" ft_wait_gone 'in the order they apply'
ft_keys C-r
ft_check "Ctrl-R redoes the removal of ignore gc" ft_poll 3 status_has 'redone: 3 filters now'
ft_check "Ctrl-R: ignore chip gone" sh -c "! $FT_TMUX capture-pane -t ft -p | head -1 | grep -q 'ignore:gc'"
ft_keys X
ft_check "X clears" ft_poll 3 header_has 'total 490( |$)'
ft_keys U
ft_check "U undoes X" ft_poll 3 header_has '\| 70 of 490 \(14\.3%\) hide:'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'

# A comparison: the same list, both sides rebuilt.
# (140 columns: the headers say "80 of 97 (82.5%)" after a filter.)
ft_start 140 24 -- --normalize absolute tests/data/small.folded tests/data/small-after.folded
ft_check "comparison opens" ft_wait_for 'A: total 97'
filter 'ignore ^gc$'
filter 'hide qqqqqqqqqqqqqqqqqqqqqqqq'
filter 'hide wwwwwwwwwwwwwwwwwwwwwwww'
ft_check "comparison: chips counted" ft_poll 3 header_has 'ignore \^gc\$, \+2 filters \[F\]'
ft_keys F
ft_check "comparison: F lists the filters" ft_wait_for 'filters: 3, in the order they apply'
ft_keys x
ft_check "comparison: x removes the first (ignore ^gc$)" ft_wait_for 'filters: 2, in the order they apply'
ft_check "comparison: A's total is back" ft_poll 3 header_has 'A: total 97'
ft_keys U
ft_check "comparison: U brings it back" ft_poll 3 header_has 'ignore \^gc\$'
ft_keys q
ft_check "comparison: q closes the list" ft_wait_gone 'in the order they apply'
ft_keys q
ft_check "comparison: quits" ft_wait_for 'flametui exited 0'
ft_done
