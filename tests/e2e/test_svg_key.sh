#!/bin/sh
# The export key (e) writes the view as it stands to flametui-N.svg in the
# current directory, never over an existing file, and says so in the
# status line; zoom, search and the comparison are what the file shows.
. "$(dirname "$0")/lib.sh"

D=$FT_TMP/out
mkdir -p "$D"
ft_run 100 14 "cd '$D' && '$FLAMETUI' --search eval '$FT_DATA/small.folded'"
ft_check "opens" ft_wait_for '^small.folded \| samples'
ft_keys j j Enter
ft_check "zoomed into main;run (the widest child, twice)" ft_wait_for 'zoom: run'
ft_keys e
ft_check "status line names the file" ft_wait_for 'wrote flametui-1.svg \(open it in a web browser\)'
ft_check "the file exists" [ -s "$D/flametui-1.svg" ]
zoomed=$(sed -n 's/.*<g class="f[^"]*" id="z0"[^>]*><title>\([^&]*\)&#10;.*/\1/p' "$D/flametui-1.svg")
ft_check "the SVG is zoomed where the view is (run, got '$zoomed')" [ "$zoomed" = run ]
ft_check "the search highlight is in it" grep -q 'class="f m"' "$D/flametui-1.svg"
if command -v xmllint >/dev/null 2>&1; then
	ft_check "well-formed (xmllint)" xmllint --noout "$D/flametui-1.svg"
fi
ft_keys e
ft_check "a second press: flametui-2.svg, the first one kept" \
	ft_wait_for 'wrote flametui-2.svg'
ft_check "both files there" [ -s "$D/flametui-1.svg" ] && [ -s "$D/flametui-2.svg" ]
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# (Raw values: --normalize absolute; the check is about the SVG key.)
ft_run 120 14 "cd '$D' && '$FLAMETUI' --normalize absolute '$FT_DATA/small.folded' '$FT_DATA/small-after.folded'"
ft_check "comparison opens" ft_wait_for 'A: total 97'
ft_keys e
ft_check "comparison: written" ft_wait_for 'wrote flametui-3.svg'
ft_check "comparison: the SVG shows A, B and the change" grep -q 'change: ' "$D/flametui-3.svg"
chmod 555 "$D"
ft_keys e
if [ "$(id -u)" != 0 ]; then
	ft_check "unwritable directory: the error in the status line" ft_wait_for 'flametui-4.svg: Permission denied'
fi
chmod 755 "$D"
ft_keys q
ft_done
