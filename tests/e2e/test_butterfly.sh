#!/bin/sh
# The butterfly view (b on a frame, callers above, callees below, moving
# across F, zoom inside, Esc back to where we were) and the function table
# (t, sort with o, / filters rows, Enter opens the butterfly, Esc back).
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
header_has() { ft_screen | head -1 | grep -Eq -- "$1"; }
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }
row_is() { ft_screen | sed -n "$1p" | grep -Eq -- "$2"; }

ft_start 100 24 -- "$S"
ft_check "opens" ft_wait_for 'tui-sample.folded \| samples \| total 490'

# Select sql_exec with a search, then b.
ft_keys / ; ft_keys -l 'sql_exec' ; ft_keys Enter n
ft_check "sql_exec selected" ft_poll 3 status_has '^sql_exec \| (total )?110'
ft_keys Escape
ft_keys n
ft_keys b
ft_check "b opens the butterfly of sql_exec" ft_poll 3 header_has '^butterfly: sql_exec \| in stacks 110 \(22\.4%\)'
ft_check "direct caller right above F" row_is 6 '^▏db_query'
ft_check "outermost caller at the top" row_is 2 '^▏main'
ft_check "F in the middle" row_is 7 'sql_exec'
ft_check "callee below F" row_is 8 '^▏read'
ft_check "F selected (callees side)" status_has '^Matched|^sql_exec \| total 110'
ft_keys Up
ft_check "Up crosses to the callers: db_query" ft_poll 3 status_has '^db_query \| total 110'
ft_keys Up Up
ft_check "Up again: handle_request" ft_poll 3 status_has '^handle_request \| total 110'
ft_keys Down Down Down
ft_check "Down back to F" ft_poll 3 status_has '^sql_exec \| total 110'
ft_keys Down
ft_check "Down into the callees: read" ft_poll 3 status_has '^read \(kernel\) \| total 30'
ft_keys Enter
ft_check "Enter zooms inside the butterfly" ft_poll 3 status_has '^read \(kernel\) \| total 30 \(27\.3%\) self 30 \(27\.3%\) \| parent 27\.3% \| zoom 100%'
ft_keys Escape
ft_check "Esc leaves the butterfly" ft_poll 3 header_has '^tui-sample.folded'
ft_check "back where we were: sql_exec selected" ft_poll 3 status_has '^sql_exec \| (total )?110'

# b on a recursive-free leaf of the deep chain: 25 frames of callers.
ft_keys g b
ft_check "b on the root: asks for a function" ft_poll 3 status_has 'select a function first'

# The function table.
ft_keys t
ft_check "t opens the table" ft_poll 3 header_has '^functions: 45 of 45 \| total 490 \| sort: self'
ft_check "heaviest self first" row_is 3 '120 +24\.5% +120 +24\.5%  template_eval'
ft_keys o
ft_check "o sorts by total" ft_poll 3 header_has 'sort: total'
ft_check "by total: main first" row_is 3 '0 +0\.0% +490 +100%  main'
ft_keys o
ft_check "o again: by name" ft_poll 3 header_has 'sort: name'
ft_check "by name: db_query first" row_is 3 'db_query$'
ft_keys /
ft_check "/ opens the row filter prompt" ft_poll 3 status_has '^filter rows /$'
ft_keys -l '^s'; ft_keys Enter
ft_check "/^s filters rows" ft_poll 3 header_has '^functions: 3 of 45'
ft_check "rows: shutdown sql_exec sweep" sh -c "$FT_TMUX capture-pane -t ft -p | sed -n 3,5p | tr -s ' ' | cut -d' ' -f6 | tr '\n' ' ' | grep -q 'shutdown sql_exec sweep'"
ft_keys Down Down
ft_keys Enter
ft_check "Enter opens the butterfly of the row (sweep)" ft_poll 3 header_has '^butterfly: sweep \| in stacks 20'
ft_check "sweep's caller gc above" row_is 4 '^▏gc'
ft_keys Escape
ft_check "Esc returns to the table" ft_poll 3 header_has '^functions: 3 of 45'
ft_keys Escape
ft_check "Esc leaves the table" ft_poll 3 header_has '^tui-sample.folded'

# The mouse: rows of the table, frames of either butterfly half.
sgr_click() { ft_sgr_mouse 0 "$1" "$2" M; ft_sgr_mouse 0 "$1" "$2" m; }
ft_keys t
ft_check "t again: the row filter stays" ft_poll 3 header_has '^functions: 3 of 45'
ft_keys / C-u Enter
ft_check "an empty row filter: all rows" ft_poll 3 header_has '^functions: 45 of 45'
sgr_click 20 4
ft_check "click selects the third row" ft_poll 3 status_has '^row 3 of 45'
ft_sgr_double 20 5
ft_check "double click opens the row's butterfly" ft_poll 3 header_has '^butterfly: '
ft_keys Escape Escape
ft_wait_for '^tui-sample.folded'
ft_keys / ; ft_keys -l '^db_query$' ; ft_keys Enter n b
ft_check "butterfly of db_query" ft_poll 3 header_has '^butterfly: db_query'
sgr_click 10 2
ft_check "click in the callers half selects run" ft_poll 3 status_has '^run \| total 110'
sgr_click 10 6
ft_check "click in the callees half selects sql_exec" ft_poll 3 status_has '^sql_exec \| total 110'
ft_keys Escape

ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
ft_done
