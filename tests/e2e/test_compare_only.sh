#!/bin/sh
# The only-a / only-b filters of a comparison (issue 26): `:only-a` keeps
# the call paths A alone has, as a chip in both panes; x removes it, U/^R
# undo and redo; only-b; --only-a opens with it; one profile refuses it.
# The small made-up pair: only main;run;io;read_[k];vfs_read_[k] (6 of
# A's 97) is gone, only main;run;eval;div (6 of B's 95) is new.
. "$(dirname "$0")/lib.sh"

filter() { ft_keys :; ft_keys -l "$1"; ft_keys Enter; }

ft_start 120 20 -- --normalize absolute tests/data/small.folded tests/data/small-after.folded
ft_check "opens side by side" ft_wait_for 'A: total 97 \| 2 only in A'
filter only-a
ft_check ":only-a: A's header, of the whole A, with the chip" ft_wait_for 'A: 6 of 97 \(6\.19%\) \| 2 only in A \| only-a'
ft_check ":only-a: B keeps nothing" ft_matches 'B: 0 of 95 \(0\.0%\)'
ft_check ":only-a: the vanished path" ft_matches '◂vfs_read'
ft_check ":only-a: what both have is gone" ft_not_matches 'parse|gc'
ft_keys x
ft_check "x removes it" ft_wait_for 'A: total 97 \| 2 only in A'
ft_keys U
ft_check "U undoes the removal" ft_wait_for 'A: 6 of 97 .*only-a'
ft_keys x
filter only-b
ft_check ":only-b: B's new path" ft_wait_for 'B: 6 of 95 \(6\.32%\).*only-b'
ft_check ":only-b: div, marked only in B" ft_matches '▸div'
ft_check ":only-b: A keeps nothing" ft_matches 'A: 0 of 97'
ft_keys D
ft_check "the differential graph shows it too" ft_wait_for '^diff \|.*only-b'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

ft_start 120 20 -- --normalize absolute --only-a tests/data/small.folded tests/data/small-after.folded
ft_check "--only-a opens with the chip" ft_wait_for 'A: 6 of 97 .*only-a'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

ft_start 120 20 -- tests/data/small.folded
ft_check "one profile opens" ft_wait_for 'total 97'
filter only-a
ft_check "one profile: only-a refused, said" ft_wait_for 'only-a: keeps the call paths one of two compared profiles'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

ft_done
