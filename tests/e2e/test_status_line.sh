#!/bin/sh
# The status line keeps the selected frame's whole name and kind suffix
# when the terminal is narrow: the labels go first, then the numbers.
. "$(dirname "$0")/lib.sh"

printf 'main;serve_connection_handler;do_syscall_64_[k] 30\nmain;lex 10\n' >"$FT_TMP/k.folded"
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }

ft_start 60 12 -- "$FT_TMP/k.folded"
ft_check "opens" ft_wait_for 'k.folded \| samples \| total 40'
ft_keys j j
ft_check "60 columns: the whole name, total and self without labels" \
    ft_poll 3 status_has '^serve_connection_handler \| 30 \(75\.0%\) self 0 \(0\.0%\)$'
ft_keys j
ft_check "60 columns: a kernel frame keeps its kind, in words" \
    ft_poll 3 status_has '^do_syscall_64 \(kernel\) \| 30 \(75\.0%\) self 30 \(75\.0%\)'
ft_resize 100 12
ft_check "100 columns: every label" \
    ft_poll 3 status_has '^do_syscall_64 \(kernel\) \| total 30 \(75\.0%\) self 30 \(75\.0%\) \| parent 100% \| zoom 75\.0%$'
ft_resize 32 12
ft_check "32 columns: the name and the share" ft_poll 3 status_has '^do_syscall_64 \(kernel\) \| 75\.0%$'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
ft_done
