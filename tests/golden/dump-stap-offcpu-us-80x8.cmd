LC_ALL=C $FLAMETUI --unit us --dump --size 80x8 tests/data/stap-sample-bt.txt
