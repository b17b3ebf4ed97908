LC_ALL=C $FLAMETUI --export folded tests/data/stap-sample-bt.txt
