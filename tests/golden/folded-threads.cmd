# issue 14: --threads 1 reads a folded file in one go, --threads 2 and 5 in
# parts by threads merged into the same tree: the same --info, --export
# folded and view; a bad line in the second half names the same line, as
# a warning and with --strict.  --threads outside 1..16 is a usage error.
f=tests/data/go-labels/expected/cpu-all.folded
for t in 1 2 5; do
	echo "--threads $t"
	$FLAMETUI --threads $t --info $f
	$FLAMETUI --threads $t --export folded $f | cksum
	$FLAMETUI --threads $t --dump --size 100x12 $f
done
tmp=$(mktemp)
cat tests/data/bcc-profile-adf.folded > $tmp
printf 'main;work 3\nnot a stack\nmain;rest 4\n' >> $tmp
for t in 1 2; do
	$FLAMETUI --threads $t --info $tmp 2>&1 | sed "s|$tmp|TMP|g" | grep -v '^detected='
	$FLAMETUI --threads $t --strict --info $tmp 2>&1 | sed "s|$tmp|TMP|g"
done
rm -f $tmp
$FLAMETUI --threads 0 --info $f 2>&1; echo "exit=$?"
$FLAMETUI --threads x --info $f 2>&1; echo "exit=$?"
