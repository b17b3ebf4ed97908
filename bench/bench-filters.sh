#!/bin/sh
# bench-filters.sh - ms for a search, each filter kind and opening a
# butterfly view on the benchmark profile (run by bench/run.sh with BIG and
# FLAMETUI_BENCH set).  Two patterns: the exact name of the function with the
# most self time (flametui's default), and a broad one matching many names.
# Each figure is the best of three runs.
big=${BIG:?BIG not set}
bench=${FLAMETUI_BENCH:-build/flametui-bench}
best_of() { # args...: best value per key over three runs
	for _ in 1 2 3; do
		"$bench" --filters "$@" "$big" | tail -1 | tr ' ' '\n'
	done | awk -F= 'NF == 2 { if (!($1 in m) || $2 < m[$1]) m[$1] = $2; if (!($1 in o)) o[$1] = n++ }
	    END { for (k in o) ord[o[k]] = k; for (i = 0; i < n; i++) printf "%s=%s ", ord[i], m[ord[i]]; print "" }'
}
printf 'bench: filters on %s (ms, best of 3)\n' "$big"
printf '  top function:  %s\n' "$(best_of)"
printf '  /std|core/:    %s\n' "$(best_of --search 'std|core')"
