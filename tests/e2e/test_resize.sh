#!/bin/sh
# Resize at any time: 200x50 -> 40x12 -> 200x50, and a too-small terminal
# shows a short message instead of garbage, then recovers.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
line() { ft_screen | sed -n "${1}p"; }
status_at() { line "$1" | grep -Eq '^all \| (total )?490'; }

ft_start 200 50 -- "$S"
ft_check "200x50: opens" ft_wait_for 'total 490'
ft_check "200x50: status on row 50" ft_poll 3 status_at 50
ft_check "200x50: all rows fit (no more-below marker)" ft_not_matches '▼'
ft_check "200x50: the deepest frame shows" ft_matches '▏deep24'

ft_resize 40 12
ft_check "40x12: status on row 12" ft_poll 3 status_at 12
ft_check "40x12: more-below marker" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p | head -1 | grep -q '▼18\$'"
ft_check "40x12: labels clipped with an ellipsis" ft_matches "▏template…$"
ft_keys G
ft_check "40x12: G scrolls to the last row" ft_wait_for '^deep24 \| 60 \(12\.2%\) self 60'
ft_check "40x12: more-above marker" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p | head -1 | grep -q '▲18\$'"

ft_resize 200 50
ft_check "back to 200x50: status on row 50" ft_wait_for '^deep24 \| total' && ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p | sed -n 50p | grep -q '^deep24'"
ft_check "back to 200x50: no marker" ft_poll 3 ft_not_matches '▲|▼'

ft_resize 19 4
ft_check "19x4: too-small message" ft_wait_for '^terminal too small'
ft_keys j
ft_resize 80 24
ft_check "80x24 after too small: drawn again" ft_wait_for 'total 490'
ft_check "80x24: the message is gone" ft_not_matches 'too small'
# Height-only changes keep the selection in view and leave no blank rows.
ft_keys G
ft_wait_for '^deep24 \| total'
ft_resize 80 8
ft_check "80x8: the selected deepest row is still shown" ft_wait_for '^▏deep24$'
ft_check "80x8: more-above marker" ft_wait_for '▲21$'
ft_resize 80 40
ft_check "80x40: scrolled back to the top (no blank rows)" ft_wait_for '^▏all$'
ft_check "80x40: no marker" ft_poll 3 ft_not_matches '▲|▼'
ft_keys q
ft_check "quits" ft_wait_for '^flametui exited 0'
ft_done
