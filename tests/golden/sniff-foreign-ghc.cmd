# A GHC .prof report is read as one (issue 28; issue 24 item 7 had it
# refused rather than read as a differential folded profile).  The file is
# hand-made from GHC's documented format (tests/data/README.md): +RTS -p,
# percentages only; the real reports in ../shared are checked by
# tests/reference_ghc.py and tests/reference-sniff.sh.
$FLAMETUI --top 3 tests/data/ghc-report-handmade.prof 2>&1
# From the tree's header on (no title line): still a GHC report.
sed -n '13,$p' tests/data/ghc-report-handmade.prof | $FLAMETUI --top 3 - 2>&1
# Without the tree (the title and the flat table only): said so.
sed -n '1,11p' tests/data/ghc-report-handmade.prof | $FLAMETUI --top 3 - 2>&1
# The flat table alone (no title, no tree): refused as a piece of a report.
sed -n '7,9p' tests/data/ghc-report-handmade.prof | $FLAMETUI --top 3 - 2>&1
