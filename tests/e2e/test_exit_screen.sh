#!/bin/sh
# Terminals without an alternate screen (TERM=vt100, linux): after q, or a
# quit signal, the drawing is cleared, so the shell's prompt starts on a
# clean screen instead of overwriting the last row of the picture.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
# Nothing of the viewer left: no header, no frame row, no status line.
clean() { ! ft_screen | grep -Eq 'total 490|[|▏](all|main)|zoom 100%'; }
# The prompt's text on the first row (after the shell's "Terminated" for a
# signal).
first_line() { ft_screen | grep -v '^Terminated' | head -1 | grep -q "^$1"; }

for term in vt100 linux; do
	FT_TERM=$term FT_LANG=C ft_start 60 10 -- "$S"
	ft_check "$term: opens" ft_wait_for 'total 490'
	ft_check "$term: the terminal has no alternate screen" sh -c "! infocmp $term | grep -q smcup"
	ft_keys q
	ft_check "$term: q quits" ft_wait_for 'flametui exited 0'
	ft_check "$term: the prompt's line starts the screen" first_line 'flametui exited 0'
	ft_check "$term: nothing of the picture left" clean

	FT_TERM=$term FT_LANG=C ft_start 60 10 -- "$S"
	ft_check "$term: opens again" ft_wait_for 'total 490'
	pid=$(ft_pid)
	ft_check "$term: flametui found" test -n "$pid"
	kill -TERM "$pid" 2>/dev/null
	ft_check "$term: SIGTERM quits" ft_wait_for 'flametui exited 143'
	ft_check "$term: SIGTERM: the prompt's line starts the screen" first_line 'flametui exited 143'
	ft_check "$term: SIGTERM: nothing of the picture left" clean
done
ft_done
