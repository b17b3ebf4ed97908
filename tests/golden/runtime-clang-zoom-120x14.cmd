LC_ALL=C $FLAMETUI --dump --size 120x14 --zoom "ExecuteCompiler" tests/data/clang-ftime-trace.json
