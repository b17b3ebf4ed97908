# JSON no loader knows: its shape and top-level keys, not a folded-stack complaint
printf '{"meta": {"version": 24, "interval": 1}, "libs": [], "frames": [{"name": "GeckoMain"}], "processes": []}\n' | $FLAMETUI --info - 2>&1
printf '[1, 2, 3]\n' | $FLAMETUI --info - 2>&1
# Keys of a Firefox profile (meta and threads) are read as one, whose
# threads here have no samples
printf '{"meta": {"version": 24, "interval": 1}, "libs": [], "threads": [{"name": "GeckoMain"}], "processes": []}\n' | $FLAMETUI --info - 2>&1
