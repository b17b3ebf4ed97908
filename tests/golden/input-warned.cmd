# Input quirks that load with a warning or as the user meant (issue 12
# items 1, 9, 10): negative counts skipped, trailing bytes after gzip data,
# CR-only line ends, one count in a two-count file, a count with no stack.
printf 'a;b 10\na;d -5\na;e 1\n' | $FLAMETUI --dump --size 40x6 - 2>&1; echo "exit=$?"
{ printf 'a;b 1\n' | gzip; printf 'trailing junk'; } | $FLAMETUI --info - 2>&1 | grep -v '^[a-z_0-9]*='; echo "exit=$?"
printf 'a;b 5\ra;c 3\r' | $FLAMETUI --info - 2>&1 | grep -E '^(lines|total)='
printf 'a 1 2\nb 3\nc 4 5\n' | $FLAMETUI --info - 2>&1 | grep -v '^[a-z_0-9]*='
printf '\v\f 3\na 1\nb 1\n' | $FLAMETUI --info - 2>&1 | grep -v '^[a-z_0-9]*='
