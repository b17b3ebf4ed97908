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

# 8-colour terminals (TERM=screen): kernel frames blue, package and heat
# modes keep several distinct colour combinations; the mode is named and
# the help screen shows the legend.
{
	for p in alpha beta gamma delta epsilon zeta eta theta iota kappa; do
		echo "main;$p.serve;$p.work $(( ${#p} * 3 ))"
	done
	echo "main;alpha.serve;sys_read_[k] 20"
} >"$FT_TMP/pk.folded"
# Distinct background SGR codes (40-47) on the graph rows.
bgs() { ft_screen_e | sed -n '2,5p' | grep -o '\[[0-9;]*m' | grep -oE '(^|[[;])4[0-7]' | grep -oE '4[0-7]$' | sort -u | wc -l; }
# Distinct (text colour, background, bold/dim/reverse/underline) states of
# the cells on rows 3-5 (under the selected root), from tmux's SGR deltas.
combos() {
	ft_screen_e | sed -n '3,5p' | perl -ne '
		for my $t (/\e\[[0-9;]*m|[^\e\n]/g) {
			if ($t =~ /^\e\[([0-9;]*)m$/) {
				for my $c (split /;/, ($1 eq "" ? "0" : $1)) {
					if ($c == 0) { ($f, $b, %a) = ("", "") }
					elsif ($c >= 30 && $c <= 37 || $c == 39) { $f = $c }
					elsif ($c >= 40 && $c <= 47 || $c == 49) { $b = $c }
					elsif ($c == 1 || $c == 2 || $c == 4 || $c == 7) { $a{$c} = 1 }
					elsif ($c == 22) { delete @a{1, 2} }
					elsif ($c == 24 || $c == 27) { delete $a{$c - 20} }
				}
			} else { $seen{"$f/$b/" . join(",", sort keys %a)} = 1 }
		}
		END { print scalar(keys %seen), "\n" }'
}
at_least() { [ "$($1)" -ge "$2" ]; }
FT_TERM=screen ft_start 100 12 -- "$FT_TMP/pk.folded"
ft_check "TERM=screen: opens" ft_wait_for 'pk.folded'
ft_check "TERM=screen: ANSI colours only" sh -c "$FT_TMUX capture-pane -t ft -p -e | grep -q '4[0-7]m' && ! $FT_TMUX capture-pane -t ft -p -e | grep -q '48;5;'"
ft_check "TERM=screen: the kernel frame on blue" sh -c "$FT_TMUX capture-pane -t ft -p -e | grep -qE '44m[^[]*sys_read'"
ft_keys c
ft_check "TERM=screen: c names the package mode" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p | head -1 | grep -q 'colour: package'"
ft_check "TERM=screen: packages on at least 4 backgrounds" ft_poll 3 at_least bgs 4
ft_keys c
ft_check "TERM=screen: heat named" ft_poll 3 sh -c "$FT_TMUX capture-pane -t ft -p | head -1 | grep -q 'colour: heat'"
ft_check "TERM=screen: heat in at least 4 colour combinations (rows under the selected root)" ft_poll 3 at_least combos 4
ft_keys '?'
ft_check "TERM=screen: the help shows the heat legend" ft_wait_for 'colours: heat \(c cycles name, package, self-time heat\)'
ft_check "TERM=screen: legend swatches" ft_matches 'no self time +low +warm +hot +hottest'
ft_keys q c
ft_check "TERM=screen: back to name colours, not named in the header" ft_poll 3 sh -c "! $FT_TMUX capture-pane -t ft -p | head -1 | grep -q 'colour:'"
ft_keys '?'
ft_check "TERM=screen: name legend with the kinds" ft_wait_for 'kernel _\[k\] +JIT _\[j\] +inlined _\[i\]'
ft_check "TERM=screen: the kernel swatch is blue" sh -c "$FT_TMUX capture-pane -t ft -p -e | grep -qE '44m kernel'"
ft_keys q q
ft_check "TERM=screen: quits" ft_wait_for 'flametui exited 0'

ft_done
