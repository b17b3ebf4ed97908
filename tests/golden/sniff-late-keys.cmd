# Issue 24 item 16: a Chrome trace whose "traceEvents" follows 74 kB of
# metadata (as DevTools and Perfetto lay it out) is recognised from the
# file and from a pipe (read ahead), not taken for folded text.
$FLAMETUI --info tests/data/chrome-metadata-first.json 2>&1 | grep -E '^(detected|format|total)='
cat tests/data/chrome-metadata-first.json | $FLAMETUI --info - 2>&1 | grep -E '^(detected|format|total)='
