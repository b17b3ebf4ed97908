# Ruby stackprof: what is wrong is said with the file and where.
# A raw stack naming a frame id the frames table lacks: skipped, counted,
# and refused with --strict.
sed 's/"raw":\[10,[0-9]*,/"raw":[10,999,/' tests/data/stackprof/stackprof-wall.json | $FLAMETUI --top 2 - 2>&1
sed 's/"raw":\[10,[0-9]*,/"raw":[10,999,/' tests/data/stackprof/stackprof-wall.json | $FLAMETUI --strict --top 2 - 2>&1
# An unknown mode.
sed 's/"mode":"wall"/"mode":"heap"/' tests/data/stackprof/stackprof-wall.json | $FLAMETUI --top 2 - 2>&1
# Without raw: the frames table, with a warning.
$FLAMETUI --top 3 tests/data/stackprof/stackprof-noraw.json 2>&1
# Cut short.
head -c 3000 tests/data/stackprof/stackprof-cpu.json | $FLAMETUI --top 2 - 2>&1
