#!/bin/sh
# reference-sniff.sh - format recognition on real files (issue 24):
#   - GHC .prof reports (inferno's collapse-ghcprof inputs, ../shared) are
#     read as GHC reports (tests/reference_ghc.py checks the figures), never
#     as a differential folded profile
#     (ticks.prof was "A 46 -> B 118M");
#   - a speedscope file whose "shared" (and "$schema") follow 64 KiB of
#     "profiles": FlameGraph's example-perf-stacks.txt.gz (../shared) written
#     as speedscope by --export speedscope, its keys put in that order by
#     Python's json (no value changed), is read as speedscope, from the file
#     and from a pipe, to the same stacks as the file in speedscope's order;
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
		if "$flametui" --info "$f" >"$tmp/out" 2>"$tmp/err" &&
			grep -q "^format=ghc-prof$" "$tmp/out" &&
			grep -q "^detected=line 1: GHC's report title" "$tmp/out"; then
			ok
		else
			bad "$f: not read as a GHC report: $(head -n 1 "$tmp/err") $(grep -E '^(format|detected)=' "$tmp/out")"
		fi
	done
else
	echo "reference-sniff: GHC reports skipped: $ghc not found"
fi
perfex=$shared/corpora/flamegraph/example-perf-stacks.txt.gz
if [ -f "$perfex" ]; then
	"$flametui" --export speedscope -o "$tmp/s.json" "$perfex"
	python3 - "$tmp/s.json" "$tmp/late.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
order = ['profiles'] + [k for k in d if k != 'profiles']
out = '{' + ', '.join(json.dumps(k) + ': ' + json.dumps(d[k]) for k in order) + '}\n'
assert out.index('"shared"') > 65536 and out.index('"$schema"') > 65536
open(sys.argv[2], 'w').write(out)
PY
	"$flametui" --export folded "$tmp/s.json" >"$tmp/want" 2>/dev/null
	for how in file pipe; do
		if [ $how = file ]; then
			"$flametui" --export folded "$tmp/late.json" >"$tmp/got" 2>"$tmp/err"
		else
			"$flametui" --export folded - <"$tmp/late.json" >"$tmp/got" 2>"$tmp/err"
		fi
		if [ -s "$tmp/want" ] && cmp -s "$tmp/got" "$tmp/want"; then
			ok
		else
			bad "speedscope with \"shared\" past 64 KiB ($how): $(head -n 1 "$tmp/err")"
		fi
	done
else
	echo "reference-sniff: late speedscope keys skipped: $perfex not found"
fi
echo "reference-sniff: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
