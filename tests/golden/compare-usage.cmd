$FLAMETUI --diff tests/data/small.folded; $FLAMETUI --dump - - < /dev/null
