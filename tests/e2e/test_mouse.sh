#!/bin/sh
# Mouse (xterm protocol): click selects, double click zooms, wheel scrolls;
# SGR encoding for TERM=xterm-256color, X10 for TERM=screen; --no-mouse
# ignores clicks.  Row 4 of tui-sample at 80 columns: deep00 [0,9),
# init [9,17), run [17,78), shutdown [79].
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
sgr_click() { ft_sgr_mouse 0 "$1" "$2" M; ft_sgr_mouse 0 "$1" "$2" m; }

ft_start 80 24 -- "$S"
ft_check "opens" ft_wait_for 'total 490'
sgr_click 12 3
ft_check "SGR click selects init" ft_wait_for '^init \| total'
sgr_click 40 3
ft_check "SGR click selects run" ft_wait_for '^run \| total'
ft_check "a single click does not zoom" sh -c "! $FT_TMUX capture-pane -t ft -p | head -1 | grep -q zoom:"
ft_sgr_double 4 3
ft_check "SGR double click zooms into deep00" ft_wait_for 'zoom: deep00'
ft_keys 0
ft_wait_gone 'zoom:'
# Two clicks on one cell more than the double-click time apart (400 ms
# after the first is drawn; a busy machine only makes the gap longer)
# are two single clicks.
sgr_click 4 3
ft_wait_for '^deep00 \| total'
sleep 1
sgr_click 4 3
ft_settle
ft_check "clicks a second apart do not zoom" sh -c "! $FT_TMUX capture-pane -t ft -p | head -1 | grep -q zoom:"
ft_keys 0
ft_wait_gone 'zoom:'
# Flipped (root at the bottom, above the key hint line): row 21 is the
# root, row 20 main, row 19 deep00/init/run.
ft_keys f
ft_wait_for '^▏all$'
sgr_click 12 19
ft_check "flipped: click selects init" ft_wait_for '^init \| total'
sgr_click 5 20
ft_check "flipped: click selects main" ft_wait_for '^main \| total'
ft_keys q
ft_wait_for 'flametui exited'

# Wheel: 80x12 leaves 9 graph rows (the key hint line takes one) for 27
# depths.
ft_start 80 12 -- "$S"
ft_check "80x12: opens with more below" ft_wait_for '▼18$'
ft_sgr_mouse 65 40 5 M
ft_check "wheel down scrolls one row" ft_wait_for '▲1 ▼17$'
ft_sgr_mouse 64 40 5 M
ft_check "wheel up scrolls back" ft_wait_for 'total 490 +▼18$'
ft_keys q
ft_wait_for 'flametui exited'

FT_TERM=screen ft_start 80 24 -- "$S"
ft_check "screen: opens" ft_wait_for 'total 490'
ft_x10_mouse 0 12 3; ft_x10_mouse 3 12 3
ft_check "screen: X10 click selects init" ft_wait_for '^init \| total'
ft_keys q
ft_wait_for 'flametui exited'

ft_start 80 24 -- --no-mouse "$S"
ft_check "--no-mouse: opens" ft_wait_for 'total 490'
sgr_click 12 3
ft_keys j
ft_check "--no-mouse: keys still work" ft_wait_for '^main \| total'
ft_check "--no-mouse: the click selected nothing" ft_not_matches '^init \| total'
ft_keys q
ft_check "--no-mouse: quits" ft_wait_for 'flametui exited 0'
ft_done
