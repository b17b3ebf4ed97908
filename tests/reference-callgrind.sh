#!/bin/sh
# reference-callgrind.sh - the callgrind loader against Debian valgrind's
# callgrind_annotate (tests/callgrind_ref.py): program totals, each
# function's self cost and, where callgrind_annotate's inclusive figure is
# one function's, its total, for every event of the recordings in
# tests/data (callgrind-hot.out.gz: Ir; callgrind-gzip.out.gz: Ir and the
# cache simulation's eight events).  Skipped when callgrind_annotate is
# missing.
top=$(cd "$(dirname "$0")/.." && pwd)
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
if ! command -v callgrind_annotate >/dev/null 2>&1; then
	echo "reference-callgrind: skipped: callgrind_annotate not found (apt-get install valgrind)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-refcg.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
for f in "$top"/tests/data/callgrind-*.out.gz; do
	python3 "$top/tests/callgrind_ref.py" "$flametui" "$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	cat "$tmp/err" >&2
	p=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/out" | awk '{s+=$1} END {print s+0}')
	q=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/out" | awk '{s+=$1} END {print s+0}')
	pass=$((pass + p)) fail=$((fail + q))
	if [ "$rc" -ne 0 ] && [ "$q" -eq 0 ]; then
		fail=$((fail + 1))
		echo "reference-callgrind: FAIL: $(basename "$f"): callgrind_ref.py failed" >&2
	fi
done
echo "reference-callgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
