#!/bin/sh
# A stalled pipe or fifo: while the profile is still coming, the terminal
# shows that it is being read (bytes so far, a spinner redrawn by time);
# the graph comes when the input ends; Ctrl-C quits meanwhile.
. "$(dirname "$0")/lib.sh"

F=$FT_TMP/in.fifo
mkfifo "$F"
# The writer (started after tmux, so no tmux process holds the fifo open):
# the first line, then more when $FT_TMP/go exists, the end when
# $FT_TMP/end does.
writer() {
	sh -c 'printf "main;work 5\n"
	    while [ ! -e "$1/go" ]; do sleep 0.1; done; printf "main;idle 3\n"
	    while [ ! -e "$1/end" ]; do sleep 0.1; done' sh "$FT_TMP" >"$F" &
}
ft_start 80 12 -- "$F"
writer
ft_check "stalled: says it is reading, with the bytes so far" \
    ft_wait_for 'flametui: reading .*in\.fifo: 12 bytes so far [|/\\-] \(Ctrl-C quits\)' 5
s1=$(ft_screen | grep -o 'so far .')
ft_check "stalled: the spinner turns while nothing comes" \
    ft_poll 3 sh -c "[ \"\$($FT_TMUX capture-pane -t ft -p | grep -o 'so far .')\" != '$s1' ]"
touch "$FT_TMP/go"
ft_check "more input: the count follows" ft_wait_for 'in\.fifo: 24 bytes so far' 5
touch "$FT_TMP/end"
ft_check "input ends: the graph" ft_wait_for 'in\.fifo \| samples \| total 8' 5
ft_check "the reading line is gone" ft_wait_gone 'bytes so far'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
wait

# Ctrl-C while it waits: flametui is gone at once.
rm -f "$FT_TMP/go" "$FT_TMP/end"
ft_start 80 12 -- "$F"
writer
ft_check "stalled again" ft_wait_for 'bytes so far' 5
ft_keys C-c
# The pane's shell goes with flametui (SIGINT to the foreground group in
# the cooked terminal), so look for the process itself.
gone() { ft_need_pgrep && ! pgrep -f "$F" >/dev/null 2>&1; }
ft_check "Ctrl-C quits while reading" ft_poll 5 gone
touch "$FT_TMP/go" "$FT_TMP/end"
wait
ft_done
