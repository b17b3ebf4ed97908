#!/bin/sh
# `flametui -` with a terminal on stdin says it is reading from it (issue
# 12 item 26), and a pasted profile ended with Ctrl-D opens.
. "$(dirname "$0")/lib.sh"

ft_start 80 24 -- --dump --size 40x6 -
ft_check "stdin is a terminal: says so" ft_wait_for 'reading a profile from standard input, which is a terminal'
ft_keys 'a;b 3' Enter C-d
ft_check "pasted profile then Ctrl-D: drawn" ft_wait_for '^▏b'
ft_check "exit 0" ft_wait_for 'flametui exited 0'
ft_done
