#!/bin/sh
# The viewer across terminals and locales: TERM=xterm-256color, screen and
# vt100; LANG=C (ASCII drawing) and C.UTF-8 (UTF-8 glyphs).
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
# An SGR sequence setting a foreground or background colour.
COLRE="$(printf '\033')\\[([0-9;]*;)?([34][0-7]|[34]8;5;[0-9]+)(;|m)"
export COLRE
for term in xterm-256color screen vt100; do
	for lang in C.UTF-8 C; do
		t="$term/$lang"
		if [ "$lang" = C ]; then
			edge='|' ell='\.\.' up='\^' down='v'
		else
			edge='▏' ell='…' up='▲' down='▼'
		fi
		FT_TERM=$term FT_LANG=$lang ft_start 80 12 -- "$S"
		ft_check "$t: opens" ft_wait_for 'total 490'
		ft_check "$t: frame edges" ft_matches "^${edge}main"
		ft_check "$t: ellipsis" ft_matches "${edge}[a-z_]+${ell}"
		ft_check "$t: more-below marker" ft_matches "${down}18\$"
		if [ "$lang" = C ]; then
			ft_check "$t: ASCII only" sh -c "! $FT_TMUX capture-pane -t ft -p | LC_ALL=C grep -q '[^ -~]'"
		fi
		case $term in
		vt100) ft_check "$t: no colours" sh -c "! $FT_TMUX capture-pane -t ft -p -e | grep -Eq \"\$COLRE\"" ;;
		*) ft_check "$t: colours" sh -c "$FT_TMUX capture-pane -t ft -p -e | grep -Eq \"\$COLRE\"" ;;
		esac
		ft_keys G
		ft_check "$t: G scrolls, more-above marker" ft_wait_for "${up}18\$"
		ft_keys g
		ft_check "$t: g back to the root" ft_wait_for '^all \| total'
		ft_keys End
		ft_check "$t: End" ft_wait_for '^deep24 \| total'
		ft_keys Home
		ft_check "$t: Home" ft_wait_for '^all \| total'
		ft_keys NPage
		ft_check "$t: PgDn (9 rows: the key hint line takes one)" ft_wait_for '^deep07 \| total'
		ft_keys PPage
		ft_check "$t: PgUp" ft_wait_for '^all \| total'
		ft_keys Down Right Left Up
		ft_check "$t: arrows" ft_wait_for '^all \| total'
		ft_keys j j
		ft_check "$t: j j selects run" ft_wait_for '^run \| total'
		ft_keys Enter
		ft_check "$t: Enter zooms" ft_wait_for 'zoom: run'
		ft_keys Escape
		ft_check "$t: Esc resets" ft_wait_gone 'zoom:'
		ft_keys q
		ft_check "$t: quits" ft_wait_for '^flametui exited 0'
		ft_check "$t: normal screen" test "$(ft_display '#{alternate_on}')" = 0
	done
done

FT_LANG=C ft_start 60 8 -- tests/data/tui-wide.folded
ft_check "C locale: wide and invalid names as '?'" ft_wait_for '^\|bad_\?_utf8 +\|wide_\?\?_name$'
ft_keys q
ft_wait_for 'flametui exited'
ft_done
