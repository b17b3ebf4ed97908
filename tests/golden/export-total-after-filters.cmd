# issue 12 item 3: --export folded sums to the --info total after filters
# that leave samples with no frame (written under "[empty stack]").
for f in "--hide=cc1|as" "--show=cc1"; do
	$FLAMETUI "$f" --info samples/gcc-build.folded | grep "^total="
	$FLAMETUI "$f" --export folded samples/gcc-build.folded | awk '{s += $NF} END {print "export_sum=" s}'
	$FLAMETUI "$f" --export folded samples/gcc-build.folded | grep -F "[empty stack]"
done
