#!/bin/sh
# Search: the / prompt (editing, history, Esc), highlighted matches, the
# Matched: status counting each sample once, n/N in screen order, * for the
# selected frame's exact name, and an invalid regex keeping the old search.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
header_has() { ft_screen | head -1 | grep -q -- "$1"; }
header_lacks() { ! ft_screen | head -1 | grep -q -- "$1"; }
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }

ft_start 80 24 -- "$S"
ft_check "opens" ft_wait_for 'tui-sample.folded \| samples \| total 490'

# The prompt: type, edit, cancel.
ft_keys /
ft_check "/ opens the search prompt" ft_poll 3 status_has '^/$'
ft_keys -l 'sqlx'
ft_keys BSpace
ft_check "typing and Backspace edit the line" ft_poll 3 status_has '^/sql$'
ft_keys Escape
ft_check "Esc cancels: no search" ft_poll 3 status_has '^all \| total'
ft_check "Esc cancels: no pattern in the header" header_lacks '/sql'

# A search: parse_yaml 30 + parse_http 40 + sql_exec 110 (read below it
# counted once) = 180 of 490.
ft_keys / ; ft_keys -l 'sql|parse' ; ft_keys Enter
ft_check "Matched: share of samples, nested matches once" \
    ft_poll 3 status_has '\| Matched: 36\.7% \(180 of 490\)$'
ft_check "80x24 with a search: the frame's own numbers come first, whole" \
    ft_poll 3 status_has '^all \| 490 \(100%\) self 0 \(0\.0%\) \| 100% \| 100% \| Matched'
ft_check "pattern shown in the header" ft_poll 3 header_has '/sql|parse'
ft_check "matched frames start with *" ft_matches '\*sql_exec'
ft_check "unmatched frames keep the edge" ft_matches '▏db_query'

# n/N: screen order (row by row, then x).
ft_keys n
ft_check "n: first match (parse_yaml, row 4 left)" ft_poll 3 status_has '^parse_yaml \| (total )?[0-9]'
ft_keys n
ft_check "n: next in the row (parse_http)" ft_poll 3 status_has '^parse_http \| (total )?[0-9]'
ft_keys n
ft_check "n: next row (sql_exec)" ft_poll 3 status_has '^sql_exec \| (total )?[0-9]'
ft_keys n
ft_check "n wraps to parse_yaml" ft_poll 3 status_has '^parse_yaml \| (total )?[0-9]'
ft_keys N
ft_check "N goes back (sql_exec)" ft_poll 3 status_has '^sql_exec \| (total )?[0-9]'

# Zoomed: both shares.
ft_keys k k Enter
ft_check "zoom into route, 80 columns: the frame's numbers kept, the search's cut" \
    ft_poll 3 status_has '^route \| 255 \(52\.0%\) self 0 \(0\.0%\) \|.*\| Matched: 36\.7% \(180 of 490\)'
ft_keys Escape

# An invalid regex: PCRE2's message and offset; the old search stays.
ft_keys / ; ft_keys -l 'a(' ; ft_keys Enter
ft_check "invalid regex: message with offset" \
    ft_poll 3 status_has 'bad regex: missing closing parenthesis at offset 2'
ft_check "invalid regex: previous search kept" header_has '/sql|parse'
ft_keys n
ft_check "invalid regex: n still walks the old matches" ft_poll 3 status_has '\| Matched: 36\.7%'

# History: Up recalls the last pattern.
ft_keys /
ft_keys Up
ft_check "Up recalls the last line (the invalid one)" ft_poll 3 status_has '^/a\($'
ft_keys Up
ft_check "Up again: the one before" ft_poll 3 status_has '^/sql\|parse$'
ft_keys C-u
ft_check "Ctrl-U clears the line" ft_poll 3 status_has '^/$'
ft_keys Escape

# * searches for the selected frame's exact name.
ft_keys g n n n
ft_check "select sql_exec" ft_poll 3 status_has '^sql_exec \| (total )?[0-9]'
ft_keys '*'
ft_check "*: exact name, 110 of 490" ft_poll 3 status_has '\| Matched: 22\.4% \(110 of 490\)'
ft_check "*: quoted pattern in the header" ft_poll 3 header_has '/(?-i)^sql_exec\$'

# Smart case: an uppercase letter makes the search case-sensitive.
ft_keys / ; ft_keys -l 'SQL' ; ft_keys Enter
ft_check "SQL: case-sensitive, nothing" ft_poll 3 status_has '\| Matched: 0\.0% \(0 of 490\)'
ft_keys / ; ft_keys -l 'sQl_exec'; ft_keys C-a; ft_keys Right; ft_keys Delete; ft_keys -l 'q'; ft_keys Enter
ft_check "sql_exec after Ctrl-A/Right/Delete editing" ft_poll 3 status_has '\| Matched: 22\.4%'
ft_keys / ; ft_keys Enter
ft_check "an empty pattern clears the search" ft_poll 3 header_lacks '/sQl'

# Search as you type: matches are marked before Enter, a regex not yet
# whole keeps the last one, Esc puts back the search there was.
ft_keys / ; ft_keys -l 'sql_exec' ; ft_keys Enter
ft_check "a search to go back to: sql_exec" ft_poll 3 ft_matches '\*sql_exec'
ft_keys / ; ft_keys -l 'parse'
ft_check "as you type: parse marked before Enter" ft_poll 3 ft_matches '\*par'
ft_check "as you type: the old search's matches unmarked" ft_poll 3 ft_not_matches '\*sql_exec'
ft_keys -l '|sql_e('
ft_check "as you type: a regex not yet whole keeps the last" ft_matches '\*par'
ft_keys Escape
ft_check "Esc: the search there was is back" ft_poll 3 ft_matches '\*sql_exec'
ft_check "Esc: the header shows it" ft_poll 3 header_has '/sql_exec'
ft_check "Esc: parse no longer marked" ft_not_matches '\*par'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
ft_done
