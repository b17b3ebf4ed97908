head -c 5000 tests/data/jfr/java-work.jfr.gz | gzip -dc 2>/dev/null | $FLAMETUI --top 1 - 2>&1
printf 'FLR\0\0\2\0\0' | $FLAMETUI --top 1 - 2>&1
