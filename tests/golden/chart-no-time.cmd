# a profile with neither time nor samples in an order (a call graph) has no
# flame chart: said
LC_ALL=C $FLAMETUI --dump --view chart tests/data/callgrind-hot.out.gz 2>&1
