# B/E and X events of two processes and three threads, cut and unmatched ones
$FLAMETUI --dump --size 100x24 --view chart tests/data/trace-edge.json
