LC_ALL=C $FLAMETUI --export folded tests/data/bpftrace-profile.txt
