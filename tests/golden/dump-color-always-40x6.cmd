# --color always: the --dump picture with its styles as SGR sequences
# (ESC shown as <ESC>); without it the plain text (the other goldens).
$FLAMETUI --dump --size 40x6 --color always tests/data/tui-sample.folded | sed 's/\x1b/<ESC>/g'
