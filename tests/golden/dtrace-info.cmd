LC_ALL=C $FLAMETUI --info tests/data/dtrace-hex-addresses.txt
