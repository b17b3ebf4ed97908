# a clang -ftime-trace charted as recorded: each duration event from its start to its end
$FLAMETUI --dump --size 120x30 --view chart tests/data/clang-ftime-trace.json
