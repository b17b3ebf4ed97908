# Issue 24 item 7: a GHC .prof report (a table whose rows end in numbers) is
# refused, not read as a differential folded profile.  The header is
# hand-made from GHC's documented format (tests/data/README.md); the real
# reports in ../shared are checked by tests/reference-sniff.sh.
$FLAMETUI --top 3 tests/data/ghc-report-handmade.prof 2>&1
# Its table rows alone (no title line) are still a GHC table.
sed -n '13,$p' tests/data/ghc-report-handmade.prof | $FLAMETUI --top 3 - 2>&1
