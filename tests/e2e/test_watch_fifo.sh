#!/bin/sh
# --watch on a path replaced by a FIFO (issue 24 item 17): the reload
# opened it for reading, which blocks until a writer comes, and q then
# waited for that load forever (only Ctrl-C ended it).  Now the header says
# the path is no longer a regular file and nothing opens it; q quits at
# once; a regular file put back is followed again.
. "$(dirname "$0")/lib.sh"

F=$FT_TMP/w.folded
cp "$FT_DATA/small.folded" "$F"
ft_start 140 10 -- --watch "$F"
ft_check "opens the file" ft_wait_for '^w.folded \| samples \| total 97'
rm "$F"
mkfifo "$F"
ft_check "a FIFO in its place: said in the header, old tree kept" \
	ft_wait_for 'total 97 .*[0-9:]{8}: w.folded is now a FIFO, not a regular file: not read'
ft_keys j
ft_check "still answers keys (j selects main)" ft_wait_for '^main \| total 80 '
rm "$F"
printf 'main;run;eval 4\nmain;init 6\n' >"$FT_TMP/new.folded"
mv "$FT_TMP/new.folded" "$F"
ft_check "a regular file back: followed again" \
	ft_wait_for '^w.folded \| samples \| total 10 .*reloaded [0-9:]{8}, -87 samples'
rm "$F"
mkfifo "$F"
ft_check "a FIFO again: said" ft_wait_for 'w.folded is now a FIFO'
ft_keys q
ft_check "q quits at once (within 3 s)" ft_wait_for '^flametui exited 0' 3
ft_check "no flametui left" ft_none_left
ft_done
