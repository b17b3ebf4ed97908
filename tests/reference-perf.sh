#!/bin/sh
# reference-perf.sh - flametui's perf script loader against the collapsers'
# own expected output in ../shared/corpora:
#   - FlameGraph test/*.txt: `flametui --export folded` = results/
#     NAME-collapsed-all.txt (stackcollapse-perf.pl --all: kernel _[k] and
#     JIT _[j] annotations, which flametui always keeps as frame kinds).
#     stackcollapse-perf.pl drops the last event when the file does not end
#     with a blank line; flametui keeps it, so the input is cut after its
#     last blank line before comparing.
#   - the same inputs with --group process / --group thread = results/
#     NAME-collapsed-pid.txt / -tid.txt (stackcollapse-perf.pl --pid / --tid,
#     which do not annotate: _[k]/_[j] removed before comparing), except the
#     four Java inputs whose pid/tid results are stale upstream (they keep an
#     `L` class prefix the current collapser strips; see the corpora README).
#   - example-perf-stacks.txt.gz and inferno collapse-perf inputs: equal to
#     inferno's results once the _[k]/_[j] annotations are removed (inferno
#     does not annotate by default).  Not compared, on purpose: inferno
#     keeps C++ argument lists (cpp-stacks-std-function), demangles Rust
#     legacy symbols (single-event) and reads a one-line event form
#     (single-line-stacks); flametui follows stackcollapse-perf.pl there.
# The collapsers do not demangle: flametui runs with --demangle none here
# (perf-java-faults-01 has mangled JVM frames).
# Skips (exit 0) when ../shared is absent; FLAMETUI_SHARED overrides it.
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
fg=$shared/corpora/flamegraph
inf=$shared/corpora/inferno/data/collapse-perf
if [ ! -d "$fg/test" ]; then
	echo "reference-perf: skipped: $fg/test not found (set FLAMETUI_SHARED)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-refperf.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
check() { # name got expected
	if cmp -s "$2" "$3"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-perf: FAIL: $1: differs from $3" >&2
		diff "$2" "$3" | head -n 4 | cut -c 1-160 >&2
	fi
}
for f in "$fg"/test/*.txt; do
	b=$(basename "$f" .txt)
	awk '{ l[NR] = $0 } $0 == "" { last = NR } END { for (i = 1; i <= last; i++) print l[i] }' \
	    "$f" >"$tmp/in.txt"
	"$flametui" --demangle none --export folded "$tmp/in.txt" >"$tmp/out" 2>"$tmp/err"
	check "$b" "$tmp/out" "$fg/test/results/$b-collapsed-all.txt"
	case $b in perf-java-faults-01|perf-java-stacks-0[12]|perf-vertx-stacks-01) continue ;; esac
	for g in pid:process tid:thread; do
		"$flametui" --demangle none --group "${g#*:}" --export folded "$tmp/in.txt" 2>"$tmp/err" |
		    sed 's/_\[[kj]\]//g' >"$tmp/out"
		check "$b --group ${g#*:}" "$tmp/out" "$fg/test/results/$b-collapsed-${g%%:*}.txt"
	done
done
unannotated() {
	"$flametui" --demangle none --export folded "$1" 2>"$tmp/err" | sed 's/_\[[kj]\]//g' | LC_ALL=C sort >"$tmp/out"
}
if [ -f "$fg/example-perf-stacks.txt.gz" ] && [ -d "$inf" ]; then
	unannotated "$fg/example-perf-stacks.txt.gz"
	check example-perf-stacks "$tmp/out" "$inf/results/example-perf-stacks-collapsed.txt"
fi
for b in go-stacks java-inline no-events; do
	[ -f "$inf/$b.txt" ] || continue
	unannotated "$inf/$b.txt"
	check "inferno $b" "$tmp/out" "$inf/results/$b-collapsed.txt"
done
echo "reference-perf: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
