LC_ALL=C $FLAMETUI --dump --size 80x12 --focus parse --ignore yaml tests/data/tui-sample.folded
