#!/bin/sh
# The key hint line above the status line (issue 30): what the view
# offers, from the key table, fitted to the width without cutting an
# entry and keeping "q quit"; v hides and shows it; a comparison offers
# its own keys, a profile with time the heat map.
. "$(dirname "$0")/lib.sh"
S=tests/data/tui-sample.folded
hint_is() { ft_screen | tail -2 | head -1 | grep -Eq -- "$1"; }

ft_start 80 24 -- "$S"
ft_check "80x24: opens" ft_wait_for 'tui-sample.folded'
ft_check "80x24: the hint line, q quit kept" \
    ft_poll 3 hint_is '^\? help  / search  : filter  t table  b butterfly  Enter zoom  q quit *$'
ft_check "80x24: the status line is still the last" ft_matches '^all \| total 490'
ft_keys v
ft_check "v hides it (said on the status line)" ft_poll 3 ft_matches 'key hints hidden \(v shows them'
ft_check "v: the row goes back to the frames" ft_poll 3 ft_not_matches '\? help  / search'
ft_keys v
ft_check "v again shows it" ft_poll 3 hint_is '^\? help  / search'
ft_keys d
ft_check "the details panel takes the bottom: no hint line" ft_poll 3 ft_not_matches '\? help  / search'
ft_keys d
ft_check "details closed: the hint line is back" ft_poll 3 hint_is '^\? help  / search'

ft_start 40 12 -- "$S"
ft_check "40x12: whole entries only, q quit kept" \
    ft_poll 3 hint_is '^\? help  / search  : filter  q quit *$'

ft_start 200 30 -- "$S"
ft_check "200x30: every entry" \
    ft_poll 3 hint_is '^\? help  / search  : filter  t table  b butterfly  Enter zoom  v hide this  q quit *$'

ft_start 120 24 -- tests/data/perf-phases.txt.gz
ft_check "a profile with time: H heat map offered" ft_poll 5 hint_is 'H heat map'

ft_start 120 24 -- samples/node-zlib.folded samples/node-zlib.perf.gz
ft_check "a comparison: its keys" ft_poll 5 hint_is '^\? help  / search  : filter  R regressions  D diff  Enter zoom'
ft_done
