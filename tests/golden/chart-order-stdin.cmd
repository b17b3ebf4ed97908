# standard input is read once: --view chart keeps its order while reading
cat tests/data/small.folded | $FLAMETUI --dump --size 100x12 --view chart -
