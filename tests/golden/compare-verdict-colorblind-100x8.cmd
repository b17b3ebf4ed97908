# Issue 26: --palette colorblind: parse orange, the rest grey (SGR shown).
$FLAMETUI --dump --diff --size 100x8 --color always --palette colorblind tests/data/compare-stats/same1.perf.txt.gz tests/data/compare-stats/slow.perf.txt.gz | sed 's/\x1b/<ESC>/g'
