LC_ALL=C $FLAMETUI --info tests/data/chrome-profile.json | grep -E '^(label|total=)'
LC_ALL=C $FLAMETUI --info tests/data/trace-hermes-multi-thread.json | grep -E '^(label|total=)'
LC_ALL=C $FLAMETUI --tagfocus 'thread=^mqt_js$' --tagroot thread --export folded tests/data/trace-hermes-multi-thread.json
