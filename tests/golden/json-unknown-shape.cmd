# JSON no loader knows: its shape and top-level keys, not a folded-stack complaint
printf '{"meta": {"version": 24, "interval": 1}, "libs": [], "threads": [{"name": "GeckoMain"}], "processes": []}\n' | $FLAMETUI --info - 2>&1
printf '[1, 2, 3]\n' | $FLAMETUI --info - 2>&1
