# The two bundled copies of one recording (samples vs perf cycles):
# normalised (different sample types), names matched loosely: 0 only-in.
LC_ALL=C $FLAMETUI --dump --size 120x30 samples/node-zlib.folded samples/node-zlib.perf.gz 2>&1
