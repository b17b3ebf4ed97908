LC_ALL=C $FLAMETUI --export folded --hide "^(main|run)$" --prune-from "^route$" tests/data/tui-sample.folded
