# a profile without time has no flame chart: said
LC_ALL=C $FLAMETUI --dump --view chart tests/data/small.folded 2>&1
