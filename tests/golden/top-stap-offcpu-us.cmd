LC_ALL=C $FLAMETUI --unit us --top 5 tests/data/stap-sample-bt.txt
