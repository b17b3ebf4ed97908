#!/bin/sh
# Reference checks against real third-party profiles in ../shared/corpora.
# Skips cleanly when the folder is absent (a user's clone has no ../shared).
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
# The runtime-profile checks use only tests/data: they run everywhere.
runtime=0
FLAMETUI=$flametui sh "$top/tests/runtime-reference.sh" || runtime=1
# Heat map and time ranges against FlameScope's rules (tests/data only).
python3 "$top/tests/time_ref.py" "$flametui" "$top/tests/data" || runtime=1
# Firefox Profiler files (processed, gecko, samply's) against their JSON
# read here (tests/data only).
python3 "$top/tests/firefox_ref.py" "$flametui" "$top/tests/data" || runtime=1
# The sample order of folded files (flame chart, speedscope export).
python3 "$top/tests/order_ref.py" "$flametui" "$top/tests/data" || runtime=1
# Trace spans and their evented speedscope export (tests/data only).
python3 "$top/tests/spans_ref.py" "$flametui" "$top/tests/data" || runtime=1
# Names from binaries built here (tests/symbols: gcc, gperftools, Go).
FLAMETUI=$flametui sh "$top/tests/symbols/run.sh" || runtime=1
FLAMETUI=$flametui sh "$top/tests/symbols/firefox.sh" || runtime=1
# perf.data read through perf script (recorded at test time).
FLAMETUI=$flametui sh "$top/tests/perfdata/run.sh" || runtime=1
if [ ! -f "$shared/corpora/reference.tsv" ]; then
	echo "reference: skipped: $shared/corpora not found (set FLAMETUI_SHARED)"
	exit $runtime
fi
status=$runtime
for t in "$top"/tests/reference*.py; do
	python3 "$t" "$flametui" "$shared" || status=1
done
for t in "$top"/tests/reference-*.sh; do
	[ -f "$t" ] || continue
	FLAMETUI=$flametui FLAMETUI_SHARED=$shared sh "$t" || status=1
done
exit $status
