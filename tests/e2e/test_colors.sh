#!/bin/sh
# Colour modes: c cycles the frame colours (the SGR sequences change and
# come back after a full cycle); NO_COLOR and --color=never give a
# monochrome screen that still shows the selection in reverse video.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
graph() { ft_screen_e | sed -n '3,10p'; }
changed_from() { [ "$(graph)" != "$1" ]; }
same_as() { [ "$(graph)" = "$1" ]; }
has_color() { ft_screen_e | grep -q '\[48;5;'; }
no_color() { ! ft_screen_e | grep -Eq '\[(38|48);5;|\[(3|4)[0-7]m'; }

ft_start 80 24 -- "$S"
ft_check "opens" ft_wait_for 'total 490'
ft_check "256-colour backgrounds used" has_color
c0=$(graph)
ft_keys c
ft_check "c: package colours differ from name colours" ft_poll 3 changed_from "$c0"
c1=$(graph)
ft_keys c
ft_check "c: heat colours differ from package colours" ft_poll 3 changed_from "$c1"
c2=$(graph)
ft_check "heat differs from name colours" test "$c2" != "$c0"
ft_keys c
ft_check "c: full cycle returns to name colours" ft_poll 3 same_as "$c0"
ft_keys q
ft_wait_for 'flametui exited'

ft_start 80 24 NO_COLOR=1 -- "$S"
ft_check "NO_COLOR: opens" ft_wait_for 'total 490'
ft_check "NO_COLOR: no colour sequences" no_color
ft_check "NO_COLOR: selection in reverse video" sh -c "$FT_TMUX capture-pane -t ft -p -e -S 1 -E 1 | grep -q '7m'"
ft_keys j
ft_wait_for '^main \| total'
ft_check "NO_COLOR: reverse video follows the selection" sh -c "$FT_TMUX capture-pane -t ft -p -e -S 2 -E 2 | grep -q '7m' && ! $FT_TMUX capture-pane -t ft -p -e -S 1 -E 1 | grep -q '7m'"
ft_check "NO_COLOR: frame edges still drawn" ft_matches '^▏main'
ft_check "NO_COLOR: status line in reverse video" sh -c "$FT_TMUX capture-pane -t ft -p -e -S 23 -E 23 | grep -q '7mmain'"
ft_keys q
ft_wait_for 'flametui exited'

ft_start 80 24 -- --color=never "$S"
ft_check "--color=never: opens" ft_wait_for 'total 490'
ft_check "--color=never: no colour sequences" no_color
ft_keys q
ft_wait_for 'flametui exited'

ft_start 80 24 NO_COLOR=1 -- --color=always "$S"
ft_check "--color=always beats NO_COLOR" ft_poll 3 has_color
ft_keys q
ft_wait_for 'flametui exited'

if infocmp xterm-direct >/dev/null 2>&1; then
	ft_start 80 24 COLORTERM=truecolor -- "$S"
	ft_check "COLORTERM=truecolor: 24-bit colours" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p -e | grep -q '48;2;'"
	ft_check "COLORTERM=truecolor: no 256-colour quantization" sh -c "! $FT_TMUX capture-pane -t ft -p -e | grep -q '48;5;'"
	ft_keys q
	ft_wait_for 'flametui exited'
	FT_TERM=xterm-direct ft_start 80 24 -- "$S"
	ft_check "TERM=xterm-direct: 24-bit colours" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p -e | grep -q '48;2;'"
	ft_keys q
	ft_wait_for 'flametui exited'
else
	echo "$FT_TEST: direct-colour checks skipped: no xterm-direct terminfo (apt-get install ncurses-term)"
fi

FT_TERM=xterm ft_start 80 24 -- "$S"
ft_check "TERM=xterm (8 colours): opens" ft_wait_for 'total 490'
ft_check "TERM=xterm: ANSI colours only" sh -c "$FT_TMUX capture-pane -t ft -p -e | grep -q '\[4[0-7]m' && ! $FT_TMUX capture-pane -t ft -p -e | grep -q '48;5;'"
ft_keys q
ft_check "TERM=xterm: quits" ft_wait_for 'flametui exited 0'

ft_done
