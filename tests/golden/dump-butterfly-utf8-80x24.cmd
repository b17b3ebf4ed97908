LC_ALL=C.UTF-8 $FLAMETUI --dump --size 80x24 --butterfly "read_[k]" --search read tests/data/tui-sample.folded
