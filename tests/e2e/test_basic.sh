#!/bin/sh
# Open a sample, move with hjkl and arrows, zoom in and out, history,
# flip, help, details, quit (terminal left in its normal screen).
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
status_is() { ft_wait_for "^$1 \\| total" 3; }
header_has() { ft_screen | head -1 | grep -q -- "$1"; }
header_lacks() { ! ft_screen | head -1 | grep -q -- "$1"; }

ft_start 80 24 -- "$S"
ft_check "opens: header with total" ft_wait_for 'tui-sample.folded \| samples \| total 490'
ft_check "opens: root selected" status_is all
ft_check "opens: frames drawn" ft_matches '▏handle_request'
ft_check "alternate screen on while running" test "$(ft_display '#{alternate_on}')" = 1

ft_keys j
ft_check "j selects main" status_is main
ft_keys Down
ft_check "Down selects the widest child (run)" status_is run
ft_keys j j j
ft_check "j j j reaches render_page" status_is render_page
ft_keys h
ft_check "h: previous frame in the row" status_is db_query
ft_keys Right
ft_check "Right: next frame in the row" status_is render_page
ft_keys k
ft_check "k selects the parent" status_is route
ft_keys Up
ft_check "Up selects the parent" status_is handle_request
ft_keys Left
ft_check "Left crosses parents (gc)" status_is gc
ft_keys l
ft_check "l back to handle_request" status_is handle_request
ft_keys G
ft_check "G goes to the last row" status_is deep24
ft_keys g
ft_check "g goes to the first row" status_is all
ft_keys NPage
ft_check "PgDn moves a page (21 rows: the key hint line takes one) down" status_is deep19
ft_check "PgDn scrolled: more-above and below markers" ft_matches '▲1 ▼5$'
ft_keys PPage
ft_check "PgUp moves a page up" status_is all
ft_keys End
ft_check "End goes to the last row" status_is deep24
ft_keys Home
ft_check "Home goes to the first row" status_is all

# Zoom: Enter, Backspace, u, Esc, 0 and history [ ].
ft_keys j j j j
ft_check "select route" status_is route
ft_keys Enter
ft_check "Enter zooms into route" ft_poll 3 header_has 'zoom: route'
ft_check "zoomed frame fills the width" ft_matches '^▏route$'
ft_keys BSpace
ft_check "Backspace zooms out to handle_request" ft_poll 3 header_has 'zoom: handle_request'
ft_keys u
ft_check "u zooms out to run" ft_poll 3 header_has 'zoom: run'
ft_keys Escape
ft_check "Esc resets the zoom" ft_poll 3 header_lacks 'zoom:'
ft_keys '['
ft_check "[ goes back to run" ft_poll 3 header_has 'zoom: run'
ft_keys '['
ft_check "[ again: handle_request" ft_poll 3 header_has 'zoom: handle_request'
ft_keys ']'
ft_check "] forward: run" ft_poll 3 header_has 'zoom: run'
ft_keys 0
ft_check "0 resets the zoom" ft_poll 3 header_lacks 'zoom:'

# Flip: root at the bottom, just over the status line.
ft_keys f
ft_check "f puts the root at the bottom" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p | sed -n 22p | grep -q '^▏all'"
ft_keys f
ft_check "f again: root at the top" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p | sed -n 2p | grep -q '^▏all'"

# Help and details.
ft_keys '?'
ft_check "? shows the help" ft_wait_for '^flametui keys'
ft_check "help lists the zoom key" ft_matches 'Enter +zoom into the selected frame'
ft_keys x
ft_check "any key closes the help" ft_wait_gone '^flametui keys'
ft_keys '?'
ft_wait_for '^flametui keys'
ft_keys q
ft_check "q closes the help, not the program" ft_wait_gone '^flametui keys'
ft_check "q in the help: still running" ft_not_matches 'flametui exited'
ft_keys j j d
ft_check "d opens the details panel" ft_wait_for '─ details ─'
ft_check "details: stack" ft_matches '^stack: main > run'
ft_check "details: kind and instances" ft_matches '^kind: normal \| depth 2 \| all 1 instance'
ft_keys d
ft_check "d closes the details panel" ft_wait_gone 'details'

ft_keys s
ft_check "s with one sample type: a status message" ft_wait_for '^this profile has one sample type'
ft_keys d
ft_check "the message goes at the next key" ft_wait_for '^run \| total'
ft_keys d
ft_wait_gone 'details'
ft_keys C-l
ft_check "Ctrl-L redraws the same screen" ft_wait_for '^run \| total 375'

ft_keys q
ft_check "q quits with status 0" ft_wait_for '^flametui exited 0'
ft_check "alternate screen left after q" test "$(ft_display '#{alternate_on}')" = 0
ft_check "no flametui process left" ft_none_left

ft_done
