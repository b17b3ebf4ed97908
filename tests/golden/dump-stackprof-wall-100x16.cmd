# Ruby stackprof, wall mode, recorded here (tests/data/README.md): the flame
# graph of its raw stacks (tests/stackprof_ref.py checks the figures).
$FLAMETUI --dump --size 100x16 tests/data/stackprof/stackprof-wall.json
