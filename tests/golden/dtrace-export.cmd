LC_ALL=C $FLAMETUI --export folded tests/data/dtrace-hex-addresses.txt
