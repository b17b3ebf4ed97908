LC_ALL=C $FLAMETUI --info tests/data/bpftrace-kstack.txt
