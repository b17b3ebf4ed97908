printf "\377\376a\000 \0001\000\n\000" | LC_ALL=C $FLAMETUI --dump - 2>&1
