#!/bin/sh
# Profile on stdin with keys from /dev/tty; a frame name holding an escape
# sequence is shown escaped and never changes the screen's colours; UTF-8
# wide names take two cells.
. "$(dirname "$0")/lib.sh"

FT_STDIN=tests/data/tui-sample.folded ft_start 80 24 -- -
ft_check "stdin: opens" ft_wait_for '^- \| samples \| total 490|^<stdin> \| samples \| total 490|stdin.*total 490'
ft_keys j
ft_check "stdin: keys come from the terminal" ft_wait_for '^main \| total'
ft_keys q
ft_check "stdin: quits" ft_wait_for '^flametui exited 0'
ft_check "stdin: alternate screen left" test "$(ft_display '#{alternate_on}')" = 0

ft_start 80 10 -- tests/data/tui-escape.folded
ft_check "escape: opens" ft_wait_for 'total 100'
ft_check "escape: name shown escaped" ft_matches '▏evil\\e\[41mRED\\e\[0m +▏good'
E=$(printf '\033')
ft_check "escape: no injected red background" sh -c "! $FT_TMUX capture-pane -t ft -p -e | grep -q '$E\[41m'"
ft_check "escape: no cell in ANSI red" sh -c "! $FT_TMUX capture-pane -t ft -p -e | grep -Eq '$E\[(4|3)1m|48;5;1m'"
ft_keys j j
ft_check "escape: status shows it escaped" ft_wait_for '^evil\\e\[41mRED\\e\[0m \| total 50'
ft_check "escape: still no injected colour" sh -c "! $FT_TMUX capture-pane -t ft -p -e | grep -q '$E\[41m'"
ft_keys q
ft_check "escape: quits" ft_wait_for '^flametui exited 0'

ft_start 60 8 -- tests/data/tui-wide.folded
ft_check "wide: opens" ft_wait_for 'total 50'
ft_check "wide: CJK name in two-cell glyphs, invalid byte as U+FFFD" ft_matches '^▏bad_�_utf8 +▏wide_字字_name$'
ft_keys j j
ft_check "wide: status shows the wide name" ft_wait_for '^wide_字字_name \| (total )?30 \(60\.0%\)'
ft_keys q
ft_wait_for 'flametui exited'

# No terminal at all: a clear message suggesting --dump (outside tmux).
out=$("$FLAMETUI" "$FT_DATA/tui-sample.folded" </dev/null 2>&1 >/dev/null)
ft_check "stdout not a terminal: exit 1 and --dump hint" sh -c "echo '$out' | grep -q -- '--dump'"
# Terminals curses cannot drive: a clear message, exit 1, no hang.
for term in nonexistent-term dumb; do
	FT_TERM=$term ft_start 80 24 -- tests/data/tui-sample.folded
	ft_check "TERM=$term: exit 1" ft_wait_for '^flametui exited 1'
	ft_check "TERM=$term: --dump hint" sh -c "$FT_TMUX capture-pane -J -t ft -p | grep -q \"terminal type '$term'.*--dump\""
done

# No controlling terminal (setsid): /dev/tty cannot be opened for keys.
if command -v setsid >/dev/null 2>&1; then
	ft_run 80 24 "setsid '$FLAMETUI' - <tests/data/tui-sample.folded"
	ft_check "no /dev/tty: --dump hint" ft_poll 3 sh -c "$FT_TMUX capture-pane -J -t ft -p | grep -q 'no terminal to read keys from.*--dump'"
	ft_check "no /dev/tty: exit 1" ft_wait_for '^flametui exited 1'
fi
ft_done
