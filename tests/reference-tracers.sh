#!/bin/sh
# reference-tracers.sh - the systemtap, DTrace, bpftrace and perf script
# loaders against tests/collapse_ref.py, an independent Python collapser
# written from the FlameGraph scripts' rules (stackcollapse-stap.pl,
# stackcollapse.pl, stackcollapse-perf.pl; bpftrace by flametui's documented
# rules, since stackcollapse-bpftrace.pl drops entries, see
# src/input/load_bpftrace.c):
#   - DTrace: FlameGraph's example-dtrace-stacks.txt and inferno's
#     collapse-dtrace inputs (../shared); example-dtrace-stacks.txt also
#     equals inferno's own result for it (results/dtrace-example.txt);
#   - systemtap, bpftrace, BCC folded and perf recordings in tests/data;
#   - perf: every event of each recording (--sample-type), and
#     --group none/process/thread; perf-cycles-instructions-01.txt (../shared)
#     keeps both events: 333 instructions and 111 cycles samples, the counts
#     of their event headers (grep).
# ../shared parts are skipped when it is absent; FLAMETUI_SHARED overrides.
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
ref="python3 $top/tests/collapse_ref.py"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-reftr.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
# check NAME KIND FILE [flametui options...]: flametui --export folded
# (which must succeed) equals collapse_ref.py KIND FILE (KIND may hold
# collapse_ref.py options: "perf --event cycles").
check() {
	name=$1 kind=$2 file=$3
	shift 3
	$ref $kind "$file" >"$tmp/want" || { fail=$((fail + 1)); echo "reference-tracers: FAIL: $name: collapse_ref.py failed" >&2; return; }
	if "$flametui" "$@" --export folded "$file" >"$tmp/got" 2>"$tmp/err" &&
	    cmp -s "$tmp/got" "$tmp/want"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-tracers: FAIL: $name" >&2
		head -n 2 "$tmp/err" >&2
		diff "$tmp/got" "$tmp/want" | head -n 4 | cut -c 1-160 >&2
	fi
}
d=$top/tests/data
check "stap sample-bt (the seed's example)" stap "$d/stap-sample-bt.txt"
check "stap kernel backtrace" stap "$d/stap-kernel.txt"
check "dtrace hex addresses" dtrace "$d/dtrace-hex-addresses.txt"
check "bpftrace kstack,ustack,comm" bpftrace "$d/bpftrace-profile.txt"
check "bpftrace kstack" bpftrace "$d/bpftrace-kstack.txt"
check "BCC profile -adf folded" folded "$d/bcc-profile-adf.folded"
for f in perf-cpu-task-clock perf-cpu-task-clock-pidtid; do
	for e in cpu-clock task-clock; do
		for g in none process thread; do
			$ref perf --event "$e" --group "$g" "$d/$f.txt" >"$tmp/want"
			if "$flametui" --sample-type "$e" --group "$g" --export folded "$d/$f.txt" \
			    >"$tmp/got" 2>"$tmp/err" && cmp -s "$tmp/got" "$tmp/want"; then
				pass=$((pass + 1))
			else
				fail=$((fail + 1))
				echo "reference-tracers: FAIL: $f $e --group $g" >&2
				diff "$tmp/got" "$tmp/want" | head -n 4 | cut -c 1-160 >&2
			fi
		done
	done
done
fg=$shared/corpora/flamegraph
inf=$shared/corpora/inferno/data/collapse-dtrace
if [ -d "$fg" ] && [ -d "$inf" ]; then
	check "dtrace example-dtrace-stacks.txt" dtrace "$fg/example-dtrace-stacks.txt"
	if "$flametui" --export folded "$fg/example-dtrace-stacks.txt" 2>/dev/null |
	    cmp -s - "$inf/results/dtrace-example.txt"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-tracers: FAIL: example-dtrace-stacks.txt differs from inferno's result" >&2
	fi
	for f in "$inf"/*.txt; do
		b=$(basename "$f" .txt)
		[ "$b" = only-header-lines ] && continue
		check "dtrace inferno $b" dtrace "$f"
	done
	# Only a header: refused with a clear message, not drawn.
	if ! "$flametui" --export folded "$inf/only-header-lines.txt" >/dev/null 2>"$tmp/err" &&
	    grep -q 'no stacks found' "$tmp/err"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-tracers: FAIL: only-header-lines.txt is not refused" >&2
	fi
	ci=$fg/test/perf-cycles-instructions-01.txt
	want_i=$(grep -c ' instructions: *$' "$ci")
	want_c=$(grep -c ' cycles: *$' "$ci")
	"$flametui" --info "$ci" >"$tmp/info" 2>/dev/null
	if grep -qx "total0=$want_i" "$tmp/info" && grep -qx "total1=$want_c" "$tmp/info" &&
	    grep -qx "type0=instructions/samples" "$tmp/info" &&
	    grep -qx "type1=cycles/samples" "$tmp/info" && [ "$want_c" = 111 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-tracers: FAIL: perf-cycles-instructions-01: want instructions=$want_i cycles=$want_c" >&2
	fi
	for e in instructions cycles; do
		check "perf-cycles-instructions-01 $e" "perf --event $e" "$ci" --sample-type "$e"
	done
else
	echo "reference-tracers: ../shared parts skipped: $fg not found"
fi
echo "reference-tracers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
