LC_ALL=C $FLAMETUI --info tests/data/stap-sample-bt.txt
