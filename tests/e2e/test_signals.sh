#!/bin/sh
# The terminal is restored and no process is left on every way out:
# Ctrl-C, SIGHUP, SIGTERM, SIGINT, SIGQUIT, a crash signal (SIGSEGV), and Ctrl-Z
# suspends and resumes cleanly.
. "$(dirname "$0")/lib.sh"

S=tests/data/tui-sample.folded
alt_off() { [ "$(ft_display '#{alternate_on}')" = 0 ]; }
gone() { ! kill -0 "$1" 2>/dev/null; }
stopped() { [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" = T ]; }

ft_start 80 24 -- "$S"
ft_check "opens" ft_wait_for 'total 490'
ft_keys C-c
ft_check "Ctrl-C quits with status 0" ft_wait_for '^flametui exited 0'
ft_check "Ctrl-C: alternate screen left" alt_off

for sig in HUP TERM INT QUIT SEGV; do
	case $sig in HUP) code=129 ;; TERM) code=143 ;; INT) code=130 ;; QUIT) code=131 ;; SEGV) code=139 ;; esac
	ft_start 80 24 -- "$S"
	ft_wait_for 'total 490'
	pid=$(ft_pid)
	ft_check "SIG$sig: found the process" test -n "$pid"
	[ -n "$pid" ] && kill -s "$sig" "$pid"
	ft_check "SIG$sig: process gone" ft_poll 5 gone "$pid"
	ft_check "SIG$sig: exit status $code" ft_wait_for "^flametui exited $code"
	ft_check "SIG$sig: alternate screen left" alt_off
	ft_check "SIG$sig: cursor visible again" test "$(ft_display '#{cursor_flag}')" = 1
	ft_check "SIG$sig: mouse reporting off" test "$(ft_display '#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}')" = 000
done

# Ctrl-Z stops the process with the terminal restored, and fg brings the
# screen back.  This needs a shell with job control: an interactive sh.
printf 'PS1="ft$ " exec sh -i\n' >"$FT_TMP/run.sh"
ft_spawn 80 24
ft_wait_for '^ft\$'
ft_keys "TERM=xterm-256color LANG=C.UTF-8 '$FLAMETUI' $S" Enter
ft_check "shell: opens" ft_wait_for 'total 490'
pid=$(pgrep -n -x "$FT_COMM" -P "$(ft_display '#{pane_pid}')")
ft_keys j
ft_wait_for '^main \| total'
ft_keys C-z
ft_check "Ctrl-Z: process stopped" ft_poll 5 stopped "$pid"
ft_check "Ctrl-Z: the shell prompt is back" ft_wait_for '^ft\$ *$'
ft_check "Ctrl-Z: alternate screen left while stopped" alt_off
ft_keys fg Enter
ft_check "fg: screen drawn again" ft_wait_for '^main \| total'
ft_check "fg: alternate screen back" test "$(ft_display '#{alternate_on}')" = 1
ft_keys j
ft_check "fg: keys work" ft_wait_for '^run \| total'
ft_keys q
ft_check "fg: quits back to the shell" ft_wait_for '^ft\$ *$'
ft_check "fg: process gone" ft_poll 5 gone "$pid"
ft_check "fg: alternate screen left" alt_off
ft_done
