#!/bin/sh
# What the viewer says (issue 12, viewer items): warnings met while loading
# show on opening, not only after quitting.
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

# A clean file opens with the frame in the status line.
ft_start 100 12 -- tests/data/small.folded
ft_check "a clean file: no warning" ft_wait_for '^all \| total 97'
ft_keys q
ft_wait_for 'flametui exited'
ft_done
