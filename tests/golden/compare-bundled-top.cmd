LC_ALL=C $FLAMETUI --top 12 samples/node-zlib.folded samples/node-zlib.perf.gz 2>&1
LC_ALL=C $FLAMETUI --info samples/node-zlib.folded samples/node-zlib.perf.gz 2>/dev/null
echo "--- --no-normalize --exact-names: the raw figures"
LC_ALL=C $FLAMETUI --info --no-normalize --exact-names samples/node-zlib.folded samples/node-zlib.perf.gz 2>&1
echo "--- --no-normalize alone"
LC_ALL=C $FLAMETUI --top 3 --no-normalize samples/node-zlib.folded samples/node-zlib.perf.gz 2>&1
