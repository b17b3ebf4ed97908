LC_ALL=C $FLAMETUI --demangle pretty tests/data/small.folded
