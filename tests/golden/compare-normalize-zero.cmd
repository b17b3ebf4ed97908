# issue 12 item 11: --normalize with a zero total in A says A is not scaled.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
printf "a 0\n" > "$d/zero.folded"
$FLAMETUI --normalize --info "$d/zero.folded" tests/data/small-after.folded 2>&1 | sed "s|$d|DIR|g" | head -n 1
