#!/bin/sh
# The flame chart of a profile without time (T): a folded file read again
# keeping its lines' order, each line as long as its count; arrows select
# (start and value below), Enter fits, 0 shows all; with --watch a changed
# file is read again in order; standard input cannot be read again (said,
# and --view chart keeps its order); a call graph has no chart.
. "$(dirname "$0")/lib.sh"

cp "$FT_DATA/small.folded" "$FT_TMP/p.folded"
ft_start 100 24 -- --watch "$FT_TMP/p.folded"
ft_check "opens on the flame graph" ft_wait_for 'main'
ft_keys T
ft_check "T reads the file again and charts its lines in order" \
    ft_wait_for 'flame chart: all \| 12 samples in file order \| 0-97 of 0-97 samples'
ft_check "main, then gc, at the top" ft_wait_for '^▏main +▏gc'
ft_check "the first frame selected: where it starts, its value" \
    ft_wait_for '^ main  after 0  value 80  10 samples  depth 1'
ft_keys Right
ft_check "Right: the next frame of the row" ft_wait_for '^ gc  after 80  value 17  2 samples  depth 1'
ft_keys Enter
ft_check "Enter fits the window to it" ft_wait_for 'in file order \| 80-97 of 0-97 samples'
ft_keys 0
ft_check "0 shows it all" ft_wait_for 'in file order \| 0-97 of 0-97 samples'
printf 'main;late 5\n' >>"$FT_TMP/p.folded"
ft_check "--watch: the changed file is read again in order" \
    ft_wait_for 'flame chart: all \| 13 samples in file order \| 0-102 of 0-102 samples' 10
ft_keys Escape
ft_check "Esc closes the chart" ft_wait_gone 'flame chart:'
ft_keys q
ft_check "q quits" ft_wait_for 'flametui exited 0'

FT_STDIN="$FT_DATA/small.folded" ft_start 120 24 -- -
ft_check "standard input opens" ft_wait_for 'main'
ft_keys T
ft_check "T on standard input says why there is no chart" \
    ft_wait_for "order of standard input or --merge is kept only with --view chart"
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
FT_STDIN="$FT_DATA/small.folded" ft_start 120 24 -- --view chart -
ft_check "--view chart keeps standard input's order" \
    ft_wait_for 'flame chart: all \| 12 samples in file order'

ft_start 120 24 -- "$FT_DATA/callgrind-hot.out.gz"
ft_check "a call graph opens" ft_wait_for 'main'
ft_keys T
ft_check "T on a call graph says it has no chart" \
    ft_wait_for 'a callgrind profile has neither time per sample nor samples in an order'
ft_done
