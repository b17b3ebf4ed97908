#!/bin/sh
# Filters at the : prompt: chips in the header, totals after each filter,
# x removes the last, X clears all, pprof-style KIND=RE, errors keep the
# state, an empty result says so.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
header_has() { ft_screen | head -1 | grep -Eq -- "$1"; }
header_lacks() { ! ft_screen | head -1 | grep -Eq -- "$1"; }
# End of the header text (the "more rows" marker may follow).
E='( |$)'
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }
filter() { ft_keys :; ft_keys -l "$1"; ft_keys Enter; }

ft_start 100 24 -- "$S"
ft_check "opens" ft_wait_for 'tui-sample.folded \| samples \| total 490'

ft_keys :
ft_check ": opens the filter prompt" ft_poll 3 status_has '^:$'
ft_keys Escape

filter 'focus parse'
ft_check "focus parse: total 70 of the whole 490" ft_poll 3 header_has "\| 70 of 490 \(14\.3%\) focus:parse$E"
ft_check "focus parse: other stacks gone" ft_not_matches 'render_page'
filter 'ignore=yaml'
ft_check "ignore=yaml (pprof style): total 40, two chips" \
    ft_poll 3 header_has "\| 40 of 490 \(8\.16%\) focus:parse ignore:yaml$E"
ft_check "only parse_http is left" ft_matches '▏parse_http'
ft_check "parse_yaml is gone" ft_not_matches 'parse_yaml'
ft_keys x
ft_check "x removes the last chip" ft_poll 3 header_has "\| 70 of 490 \(14\.3%\) focus:parse$E"
ft_keys X
ft_check "X clears all filters" ft_poll 3 header_has "total 490$E"
ft_check "X: no chip left" header_lacks 'focus:|ignore:'

filter 'hide ^(main|run)$'
ft_check "hide: the total stays" ft_poll 3 header_has 'total 490 hide:\^\(main\|run\)\$'
ft_check "hide: callees move up to the root" ft_matches '^▏all$'
ft_check "hide: main no longer drawn" ft_not_matches '▏main'
ft_check "hide: handle_request right under the root" \
    sh -c "$FT_TMUX capture-pane -t ft -p | sed -n 3p | grep -q handle_request"
filter 'prune-from ^route$'
ft_check "prune-from: route becomes a leaf" ft_poll 3 ft_not_matches 'render_page'
ft_check "prune-from: two chips" header_has 'hide:\^\(main\|run\)\$ prune-from:\^route\$'
ft_keys X

filter 'show-from ^route$'
ft_check "show-from: route is a root child, total 255" \
    ft_poll 3 header_has '\| 255 of 490 \(52\.0%\) show-from:\^route\$'
ft_check "show-from: route's row under all" \
    sh -c "$FT_TMUX capture-pane -t ft -p | sed -n 3p | grep -q '^▏route'"
ft_keys X
filter 'show ^(main|sql_exec)$'
ft_check "show: only kept frames" ft_poll 3 header_has 'total 490 show:'
ft_check "show: sql_exec right under main" \
    sh -c "$FT_TMUX capture-pane -t ft -p | sed -n 4p | grep -q 'sql_exec'"
ft_keys X

# Errors: an unknown kind, a bad regex; the filters stay as they were.
filter 'focus main'
filter 'bogus x'
ft_check "unknown filter kind: message lists the verbs" ft_poll 3 status_has "no verb 'bogus'; verbs: focus"
ft_check "unknown filter kind: state kept" header_has "total 490 focus:main$E"
filter 'ignore ('
ft_check "bad regex: PCRE2 message" ft_poll 3 status_has 'bad regex: missing closing parenthesis at offset 1'
ft_check "bad regex: state kept" header_has "total 490 focus:main$E"

# Nothing left: a clear message, no crash.
filter 'focus nomatch'
ft_check "empty result: total 0" ft_poll 3 header_has "\| 0 of 490 \(0\.0%\) focus:main focus:nomatch$E"
ft_check "empty result: says no samples match" ft_matches 'no samples match'
ft_keys j k l h Enter n
ft_check "empty result: keys do not crash" ft_poll 3 ft_matches 'no samples match'
ft_keys x
ft_check "x brings the samples back" ft_poll 3 header_has "total 490 focus:main$E"

# The selection follows by call path across a filter change.
ft_keys X g j j
ft_check "select run" ft_poll 3 status_has '^run \|'
filter 'ignore gc'
ft_check "selection kept on run after ignore gc" ft_poll 3 status_has '^run \| total 305 '

ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
ft_done
