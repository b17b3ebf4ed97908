#!/bin/sh
# reference-sniff.sh - format recognition on real files (issue 24):
#   - GHC .prof reports (inferno's collapse-ghcprof inputs, ../shared) are
#     refused as a GHC report, never read as a differential folded profile
#     (ticks.prof was "A 46 -> B 118M");
# ../shared parts are skipped when it is absent; FLAMETUI_SHARED overrides.
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-refsniff.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "reference-sniff: FAIL: $*" >&2; }
ghc=$shared/corpora/inferno/data/collapse-ghcprof
if [ -d "$ghc" ]; then
	for f in "$ghc"/*.prof; do
		if "$flametui" --top 3 "$f" >"$tmp/out" 2>"$tmp/err"; then
			bad "$f: read as a profile: $(head -n 1 "$tmp/out")"
		elif grep -q "^flametui: $f:1: a GHC profiling report" "$tmp/err"; then
			ok
		else
			bad "$f: not refused as a GHC report: $(head -n 1 "$tmp/err")"
		fi
	done
else
	echo "reference-sniff: GHC reports skipped: $ghc not found"
fi
echo "reference-sniff: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
