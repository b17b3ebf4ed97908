# lib.sh - helpers for the tmux end-to-end tests of flametui.
#
# Each test script sources this file, starts flametui in a private tmux
# server (its own socket, no user config) at a fixed size, sends keys and
# polls the captured screen until what it expects shows up (no blind
# sleeps).  The server is killed on exit whatever happens.
#
#   ft_start W H [VAR=x ...] -- ARGS...  run flametui ARGS in a new session
#                                        (FT_TERM, FT_LANG: terminal and locale;
#                                        FT_STDIN=FILE: pipe FILE into it)
#   ft_keys KEYS...                      tmux send-keys (key names as tmux knows them)
#   ft_hex HEX...                        send raw bytes (send-keys -H)
#   ft_sgr_mouse B X Y M|m, ft_sgr_double X Y   mouse events (SGR)
#   ft_screen                            the pane as text
#   ft_screen_e                          the pane with SGR escapes (capture-pane -e)
#   ft_wait_for REGEX [SECONDS]          poll until the screen matches (grep -E)
#   ft_wait_gone REGEX [SECONDS]         poll until it does not
#   ft_check NAME CONDITION-COMMAND...   record a pass/fail
#   ft_done                              print the result, exit 0 or 1

FT_ROOT=${FT_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
# The harness itself (tmux, grep over captured screens) runs in a UTF-8
# locale whatever the environment has (a minimal Debian under env -i has no
# LANG): a pattern's '.' must match one drawn glyph such as U+258F, not one
# byte of it.  flametui's own locale is set per session (FT_LANG).
LC_ALL=C.UTF-8
export LC_ALL
FLAMETUI=${FLAMETUI:-$FT_ROOT/flametui}
case $FLAMETUI in /*) ;; *) FLAMETUI=$FT_ROOT/$FLAMETUI ;; esac
FT_DATA=$FT_ROOT/tests/data
FT_COMM=$(basename "$FLAMETUI" | cut -c1-15) # its name in /proc/PID/comm
FT_SOCK=ft-$$
FT_TMUX="tmux -L $FT_SOCK -f /dev/null"
FT_FAILS=0
FT_PASSES=0
FT_TEST=$(basename "$0" .sh)
FT_TMP=$(mktemp -d "${TMPDIR:-/tmp}/ft-e2e.XXXXXX")

ft_cleanup() {
	$FT_TMUX kill-server >/dev/null 2>&1
	rm -rf "$FT_TMP"
}
trap ft_cleanup EXIT
trap 'exit 130' INT TERM HUP

if ! command -v tmux >/dev/null 2>&1; then
	echo "$FT_TEST: SKIP (tmux not installed)"
	exit 77
fi

# ft_start W H [VAR=value ...] -- ARGS...: flametui in a fresh session.  The
# pane runs a shell which runs flametui, so after quitting the shell shows
# "flametui exited N" and the pane stays for inspection.
ft_start() {
	w=$1 h=$2
	shift 2
	envs="TERM=${FT_TERM:-xterm-256color} LANG=${FT_LANG:-C.UTF-8} LC_ALL="
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		envs="$envs $1"
		shift
	done
	[ "$1" = "--" ] && shift
	args=""
	for a in "$@"; do
		args="$args '$(printf %s "$a" | sed "s/'/'\\\\''/g")'"
	done
	pipe=""
	[ -n "${FT_STDIN:-}" ] && pipe="cat '$FT_STDIN' |"
	cat >"$FT_TMP/run.sh" <<EOS
$pipe env $envs '$FLAMETUI' $args
echo "flametui exited \$?"
exec sleep 600
EOS
	ft_spawn "$w" "$h"
}

# ft_spawn W H: a fresh private server running $FT_TMP/run.sh at W x H
# (a server left by an earlier ft_start in the same test is replaced).
ft_spawn() {
	if $FT_TMUX has-session 2>/dev/null; then
		$FT_TMUX kill-server 2>/dev/null
		ft_poll 3 sh -c "! $FT_TMUX has-session 2>/dev/null"
	fi
	for _ in 1 2 3; do
		$FT_TMUX new-session -d -c "$FT_ROOT" -x "$1" -y "$2" -s ft \
		    "sh '$FT_TMP/run.sh'" 2>/dev/null && break
		sleep 0.2
	done
	$FT_TMUX has-session -t ft 2>/dev/null || { echo "$FT_TEST: cannot start tmux"; return 1; }
	$FT_TMUX set-option -t ft status off >/dev/null
	# tmux 3.x sizes windows after the client; keep the size we asked for.
	$FT_TMUX set-window-option -t ft window-size manual >/dev/null 2>&1
	$FT_TMUX resize-window -t ft -x "$1" -y "$2" >/dev/null 2>&1
}

# ft_run W H SHELL-TEXT: like ft_start for an arbitrary command line.
ft_run() {
	printf '%s\necho "flametui exited $?"\nexec sleep 600\n' "$3" >"$FT_TMP/run.sh"
	ft_spawn "$1" "$2"
}


# Hex bytes of a string, for ft_hex.
ft_hexof() { printf %s "$1" | od -An -tx1 | tr -s ' \n' '  '; }
# An xterm SGR mouse event: ft_sgr_mouse BUTTON X Y M|m (X, Y from 0).
ft_sgr_mouse() { ft_hex $(ft_hexof "$(printf '\033[<%d;%d;%d%s' "$1" $(($2 + 1)) $(($3 + 1)) "$4")"); }
# A double click (SGR), both clicks in one send-keys call so they reach
# flametui together: ft_sgr_double X Y.  flametui pairs a press with the
# previous one on the same cell when it comes within 400 ms of having
# drawn the first (tui.c), so queued clicks pair whatever the load.
ft_sgr_double() {
	_c=$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' $(($1 + 1)) $(($2 + 1)) $(($1 + 1)) $(($2 + 1)))
	ft_hex $(ft_hexof "$_c$_c")
}
# An X10 mouse event (TERM=screen): ft_x10_mouse BUTTON X Y (X, Y from 0, < 90).
ft_x10_mouse() { ft_hex 1b 5b 4d $(printf '%x %x %x' $(($1 + 32)) $(($2 + 33)) $(($3 + 33))); }

ft_keys() { $FT_TMUX send-keys -t ft "$@"; }
ft_hex() { $FT_TMUX send-keys -t ft -H "$@"; }
ft_screen() { $FT_TMUX capture-pane -t ft -p 2>/dev/null; }
ft_screen_e() { $FT_TMUX capture-pane -t ft -p -e 2>/dev/null; }
ft_display() { $FT_TMUX display-message -t ft -p "$1"; }
ft_resize() { $FT_TMUX resize-window -t ft -x "$1" -y "$2"; }

# pgrep (procps) finds flametui under the pane's shell.  Without it the
# checks below fail (they must never pass because a tool is missing).
ft_need_pgrep() {
	command -v pgrep >/dev/null 2>&1 && return 0
	echo "  $FT_TEST: pgrep not found: install procps" >&2
	return 1
}

# PID of flametui (the pane's shell's child).
ft_pid() {
	ft_need_pgrep || return 1
	shpid=$(ft_display '#{pane_pid}')
	for p in $(pgrep -P "$shpid" 2>/dev/null); do
		if [ "$(cat /proc/$p/comm 2>/dev/null)" = "$FT_COMM" ]; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# ft_none_left: true only when pgrep ran and found no flametui under the
# pane's shell (pgrep exits 1 for "none"; a missing pgrep is 127).
ft_none_left() {
	ft_need_pgrep || return 1
	pgrep -x "$FT_COMM" -P "$(ft_display '#{pane_pid}')" >/dev/null 2>&1
	[ $? -eq 1 ]
}

# ft_poll SECONDS COMMAND...: run COMMAND every 50 ms until it succeeds.
ft_poll() {
	limit=$1
	shift
	i=0
	n=$(awk "BEGIN{print int($limit*20)}")
	while [ "$i" -lt "$n" ]; do
		"$@" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	"$@"
}

ft_matches() { ft_screen | grep -Eq -- "$1"; }
ft_not_matches() { ! ft_screen | grep -Eq -- "$1"; }
ft_wait_for() { ft_poll "${2:-5}" ft_matches "$1"; }
ft_wait_gone() { ft_poll "${2:-5}" ft_not_matches "$1"; }

# Wait until the screen stops changing (two equal captures 100 ms apart).
ft_settle() {
	prev=$(ft_screen_e)
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		sleep 0.1
		cur=$(ft_screen_e)
		[ "$cur" = "$prev" ] && return 0
		prev=$cur
	done
	return 0
}

ft_check() {
	name=$1
	shift
	if "$@"; then
		FT_PASSES=$((FT_PASSES + 1))
		echo "  ok   $FT_TEST: $name"
	else
		FT_FAILS=$((FT_FAILS + 1))
		echo "  FAIL $FT_TEST: $name"
		echo "  --- screen ---"
		ft_screen 2>/dev/null | sed 's/^/  | /'
	fi
}

ft_done() {
	if [ "$FT_FAILS" -gt 0 ]; then
		echo "$FT_TEST: $FT_FAILS of $((FT_FAILS + FT_PASSES)) checks failed"
		exit 1
	fi
	echo "$FT_TEST: $FT_PASSES checks passed"
	exit 0
}
