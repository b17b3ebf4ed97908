#!/bin/sh
# y copies the selected frame's name and Y the whole stack to the clipboard
# with OSC 52; tmux (set-clipboard on) receives it into its paste buffer.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
ft_start 80 24 -- "$S"
$FT_TMUX set-option -g set-clipboard on
ft_check "opens" ft_wait_for 'total 490'
ft_keys y
ft_check "y on the root: nothing to copy" ft_wait_for 'nothing to copy'
ft_keys j j
ft_check "selected run" ft_wait_for '^run \| total'
ft_keys y
ft_check "y: status says the name was copied" ft_wait_for 'copied the name \(3 bytes\)'
ft_check "y: tmux buffer holds the name" ft_poll 5 sh -c "test \"\$($FT_TMUX show-buffer 2>/dev/null)\" = run"
ft_keys Y
ft_check "Y: status says the stack was copied" ft_wait_for 'copied the stack'
ft_check "Y: tmux buffer holds the stack" ft_poll 5 sh -c "test \"\$($FT_TMUX show-buffer 2>/dev/null)\" = 'main;run'"
ft_check "screen intact after the escape sequence" ft_matches '▏handle_request'
ft_keys q
ft_done
