# JSON no loader knows: its shape and top-level keys, not a folded-stack complaint
printf '{"version": 1, "flamebearer": {"names": ["total"], "levels": [[0, 1, 1, 0]]}, "metadata": {"units": "samples"}}\n' | $FLAMETUI --info - 2>&1
printf '[1, 2, 3]\n' | $FLAMETUI --info - 2>&1
