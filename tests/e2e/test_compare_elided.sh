#!/bin/sh
# The elided graph (issue 26): E in a comparison shows what vanished from
# A to B, A's paths that B no longer has, in A's values under their callers;
# E again returns to side by side.  The small made-up pair: only
# main;run;io;read_[k];vfs_read_[k] (6 samples) is gone.
. "$(dirname "$0")/lib.sh"

ft_start 120 20 -- --normalize absolute tests/data/small.folded tests/data/small-after.folded
ft_check "opens side by side" ft_wait_for 'A: total 97 \| 2 only in A'
ft_keys E
ft_check "E: the elided graph's header" ft_wait_for '^elided \| samples \| vanished: A 6 \(6\.19% of A\), no longer in B \| 2 frames only in A'
ft_check "E: the vanished path, marked only in A" ft_matches '◂vfs_read'
ft_check "E: its callers kept" ft_matches '▏io'
ft_check "E: what B still has is not drawn" ft_not_matches 'parse|eval|gc'
ft_keys Down Down Down Down Down
ft_check "E: moving down selects the vanished frame" ft_wait_for 'read \(kernel\) \| total A 6'
ft_keys E
ft_check "E again: side by side" ft_wait_for 'A: total 97 \| 2 only in A'
ft_keys D E
ft_check "E from the differential graph" ft_wait_for '^elided \|'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# --elided opens it; nothing vanished gives an empty graph.
ft_start 120 20 -- --elided tests/data/small-after.folded tests/data/small-after.folded
ft_check "--elided, nothing vanished" ft_wait_for '^elided \| samples \| vanished: A 0 \(0(\.0)?%'
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

ft_done
