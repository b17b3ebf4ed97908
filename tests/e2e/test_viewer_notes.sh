#!/bin/sh
# What the viewer says (issue 12, viewer items): warnings met while loading
# show on opening, not only after quitting; comparison keys in one
# profile's view say why they do nothing; the regressions table fits 80
# columns.
. "$(dirname "$0")/lib.sh"

# One malformed line among valid ones: loaded, with a warning.
printf 'main;parse 5\nthis line has no count\nmain;lex 3\n' >"$FT_TMP/bad.folded"
ft_start 100 12 -- "$FT_TMP/bad.folded"
ft_check "opens despite the bad line" ft_wait_for 'total 8'
ft_check "the warning shows on opening" ft_wait_for \
    'bad.folded: skipped 1 malformed line; first: .*bad.folded:2: '
ft_keys j
ft_check "a key clears it: the status line shows the frame" ft_wait_for '^main \| total 8'
ft_keys q
ft_check "quits" ft_wait_for 'flametui exited 0'
ft_check "and the warning is on stderr too" ft_wait_for 'flametui: .*bad.folded: skipped 1 malformed line'

# A clean file opens with the frame in the status line; keys that only a
# comparison has say so (issue 12, item 23).
ft_start 100 12 -- tests/data/small.folded
ft_check "a clean file: no warning" ft_wait_for '^all \| total 97'
ft_keys D
ft_check "D in one profile says why it does nothing" ft_wait_for \
    '^this key is for comparing two profiles: flametui BEFORE AFTER'
ft_keys j
ft_wait_for '^main \| total'
ft_keys W
ft_check "W too" ft_wait_for '^this key is for comparing two profiles'
ft_keys R
ft_check "R points to t" ft_wait_for '^R lists regressions when comparing two profiles .*; t is the'
ft_keys q
ft_wait_for 'flametui exited'

# The regressions table at 80 columns: the sorted basis' columns only,
# so the names show whole; Tab switches the basis.
ft_start 80 14 -- --normalize absolute tests/data/small.folded tests/data/small-after.folded
ft_wait_for '^ *>?B: total'
ft_keys R
ft_check "80 columns: self columns and the name" ft_wait_for \
    '^ +self A +self B +d\.self d\.self%  function$'
ft_check "80 columns: a row ends in its whole name" ft_wait_for \
    '^ +6 +0 +-6 +-100%  vfs_read_\[k\]$'
ft_keys Tab
ft_check "Tab: the total columns" ft_wait_for '^ +total A +total B +d\.total +d\.tot%  function$'
ft_keys y
ft_check "y copies the row's function" ft_wait_for '^copied the name'
ft_resize 120 14
ft_check "120 columns: every column" ft_wait_for \
    '^ +self A +self B +d\.self d\.self% +total A +total B +d\.total +d\.tot% +verdict +function$'
ft_keys q
ft_wait_for 'flametui exited'
ft_done
