# a time range (the heat map's) limits the chart; LANG=C draws ASCII
LANG=C LC_ALL=C $FLAMETUI --dump --size 80x24 --view chart --time-range 1.5,2.5 tests/data/perf-phases.txt.gz
