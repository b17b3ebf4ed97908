# The same build under two binary names: a hint, then --strip-root.
t=$(mktemp -d)
sed 's/^cc1\([; ]\)/cc1-v12\1/' samples/gcc-build.folded > "$t/v12.folded"
sed 's/^cc1\([; ]\)/cc1-v13\1/' samples/gcc-build.folded > "$t/v13.folded"
cd "$t" || exit 1
LC_ALL=C $FLAMETUI --dump --size 100x10 v12.folded v13.folded 2>&1
LC_ALL=C $FLAMETUI --dump --size 100x10 --strip-root v12.folded v13.folded 2>&1
LC_ALL=C $FLAMETUI --info --strip-root v12.folded v13.folded 2>&1
rc=$?
rm -rf "$t"
exit $rc
