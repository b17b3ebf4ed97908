#!/bin/sh
# perfdata: a perf.data file opens as it is (src/input/load_perfdata.c runs
# perf script for the user).  A perf.data is recorded here at test time
# (perf record -F 997 -g of tests/symbols/hot.c built here); checked:
# - the same profile as `perf script -i X | flametui -`, from the file, from
#   standard input and gzip'd (both go through a temporary copy);
# - totals and each leaf function's self time against sums taken by
#   perfdata_ref.py from perf script's own default text;
# - the time is kept (the heat map has columns);
# - --info names the format and the command; without perf on PATH, the
#   message says what to install; a perf.data cut in its header is an
#   error giving perf's reason, and one cut later is never read silently.
# Skipped (a failure under CI=true) when perf or cc is missing or perf
# cannot record here.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
for t in perf cc python3; do
	if ! command -v $t >/dev/null 2>&1; then
		echo "perfdata: skipped: $t not found (apt-get install linux-perf build-essential python3)"
		exit 0
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-perfdata.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "perfdata: FAIL: $*" >&2; }
cc -O1 -g -fno-omit-frame-pointer "$top/tests/symbols/hot.c" -o "$tmp/hot" || {
	echo "perfdata: 0 passed, 1 failed"; exit 1; }
if ! perf record -q -F 997 -g -o "$tmp/x.data" -- "$tmp/hot" >/dev/null 2>"$tmp/rec.err"; then
	echo "perfdata: skipped: perf cannot record here: $(tail -1 "$tmp/rec.err")"
	exit 0
fi
perf script -i "$tmp/x.data" 2>/dev/null >"$tmp/default.txt"
perf script -i "$tmp/x.data" 2>/dev/null | "$flametui" --export folded - >"$tmp/piped.folded" ||
	bad "perf script | flametui -"
"$flametui" --export folded "$tmp/x.data" >"$tmp/file.folded" 2>"$tmp/err" || bad "file: $(cat "$tmp/err")"
"$flametui" --export folded - <"$tmp/x.data" >"$tmp/stdin.folded" 2>"$tmp/err" || bad "stdin: $(cat "$tmp/err")"
gzip -c "$tmp/x.data" >"$tmp/x.data.gz"
"$flametui" --export folded "$tmp/x.data.gz" >"$tmp/gz.folded" 2>"$tmp/err" || bad "gzip: $(cat "$tmp/err")"
[ -s "$tmp/piped.folded" ] && ok || bad "perf script | flametui - gave nothing"
for w in file stdin gz; do
	if cmp -s "$tmp/piped.folded" "$tmp/$w.folded"; then ok; else bad "$w: not what perf script | flametui - gives"; fi
done
# Leaf sums from perf script's own text (its default fields, not ours).
if python3 "$top/tests/perfdata/perfdata_ref.py" "$tmp/default.txt" "$tmp/file.folded" >"$tmp/ref.out"; then ok; else bad "$(cat "$tmp/ref.out")"; fi
grep -q "perfdata_ref: [1-9][0-9]* passed, 0 failed" "$tmp/ref.out" && ok || bad "perfdata_ref: $(cat "$tmp/ref.out")"
"$flametui" --info "$tmp/x.data" >"$tmp/info" 2>&1
grep -q "^detected=the perf.data magic PERFILE2" "$tmp/info" && ok || bad "--info detected: $(grep detected "$tmp/info")"
grep -q "^read_through=.*perf script -i FILE" "$tmp/info" && ok || bad "--info read_through"
"$flametui" --export heatmap "$tmp/x.data" >"$tmp/heat.json" 2>"$tmp/err" || bad "--export heatmap: $(cat "$tmp/err")"
python3 -c 'import json,sys; h=json.load(open(sys.argv[1])); sys.exit(0 if len(h["columns"]) >= 1 and h["maxvalue"] > 0 else 1)' "$tmp/heat.json" && ok || bad "no time kept"
# No perf on PATH: what to install.
mkdir "$tmp/bin"
PATH=$tmp/bin "$flametui" --info "$tmp/x.data" >"$tmp/noperf" 2>&1 && bad "without perf: exit 0"
grep -q "perf not found: apt-get install linux-perf" "$tmp/noperf" && ok || bad "without perf: $(cat "$tmp/noperf")"
# Cut inside its header: perf's own reason, an error exit.
head -c 100 "$tmp/x.data" >"$tmp/hdr.data"
if "$flametui" --info "$tmp/hdr.data" >"$tmp/hdr" 2>&1; then bad "perf.data cut in its header: exit 0"; else
	grep -q "flametui: .*hdr.data: perf script failed (exit status [0-9]*): \`" "$tmp/hdr" && ok ||
		bad "perf.data cut in its header: $(head -c 300 "$tmp/hdr")"
fi
# Cut after its header: perf prints what it read, then fails (how much
# it prints first depends on the recording).  Never silent: an error
# with perf's reason, or the events read with a warning naming perf's
# exit status and reason.
head -c 2000 "$tmp/x.data" >"$tmp/short.data"
if "$flametui" --info "$tmp/short.data" >"$tmp/short" 2>&1; then
	grep -q "warning: .*short.data: perf script ended with exit status [1-9][0-9]*: " "$tmp/short" && ok ||
		bad "truncated perf.data read without a warning: $(head -c 300 "$tmp/short")"
else
	grep -q "flametui: .*short.data: perf script failed (exit status [0-9]*)" "$tmp/short" && ok ||
		bad "truncated perf.data: $(head -c 300 "$tmp/short")"
fi
echo "perfdata: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
