#!/bin/sh
# reference-go-pprof.sh - flametui against `go tool pprof` on profiles a Go
# program recorded here (tests/data/go-labels/: CPU with pprof.Do labels,
# recursion and partly inlined functions; heap with numeric `bytes`
# labels).  Each case of tests/data/go-labels/cases.txt runs flametui's
# --export folded with the given options and compares the stacks and values
# with expected/NAME.folded, which make-expected.sh wrote from pprof's own
# -traces output.  When Go is installed the expected files are also made
# afresh from `go tool pprof` and must equal the committed ones.
top=$(cd "$(dirname "$0")/.." && pwd)
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
dir=$top/tests/data/go-labels
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-gopprof.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0 failed=0
fresh=
if command -v go >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
	sh "$dir/make-expected.sh" --check "$tmp/fresh" && fresh=$tmp/fresh
elif [ "${CI:-}" = true ]; then
	echo "reference-go-pprof: go (golang-go) or python3 missing under CI=true" >&2
	failed=$((failed + 1))
else
	echo "reference-go-pprof: fresh go tool pprof figures skipped: go (golang-go) or python3 not found"
fi
grep -v '^#' "$dir/cases.txt" | {
while IFS='|' read -r name file popts fopts; do
	name=$(echo $name)
	file=$(echo $file)
	# shellcheck disable=SC2086
	"$flametui" --export folded -o - $fopts "$top/tests/data/$file" 2>"$tmp/err" |
	    grep -v '^\[empty stack\] ' | LC_ALL=C sort > "$tmp/got"
	# (pprof -traces leaves out samples a filter stripped of every frame;
	# flametui's export keeps them as "[empty stack] N" so its sum is the
	# total --info and the viewer show: tests/golden/export-total-after-filters.)
	if cmp -s "$tmp/got" "$dir/expected/$name.folded"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "reference-go-pprof: FAIL $name (flametui $fopts $file)"
		diff "$dir/expected/$name.folded" "$tmp/got" | head -10
		head -3 "$tmp/err"
	fi
	if [ -n "$fresh" ]; then
		if cmp -s "$fresh/$name.folded" "$dir/expected/$name.folded"; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
			echo "reference-go-pprof: FAIL $name: go tool pprof now says otherwise than expected/$name.folded"
		fi
	fi
done
# --info's label breakdown against pprof -tags: the same values, in the
# same order, with the same share of the key's total (pprof leaves out
# samples without the key; flametui lists them as "(none)").
for t in cpu heap; do
	opts=
	[ $t = heap ] && opts="--sample-type alloc_space"
	# shellcheck disable=SC2086
	"$flametui" --info $opts "$top/tests/data/go-labels.$t.pb.gz" > "$tmp/info" 2>&1
	if python3 - "$tmp/info" "$dir/expected/tags-$t.txt" <<'PY'
import re, sys
ours, more, none = {}, {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"^label=([^=]*)=(.*) (-?\d+) \(", line)
    if m and m.group(2) == "(none)":
        none[m.group(1)] = int(m.group(3))
    elif m:
        ours.setdefault(m.group(1), []).append((m.group(2), int(m.group(3))))
    # --info lists the 10 biggest values of a key, then the count and
    # sum of the others: "label_more=KEY=N values V (P%)".
    m = re.match(r"^label_more=([^=]*)=(\d+) values? (-?\d+) \(", line)
    if m:
        more[m.group(1)] = (int(m.group(2)), int(m.group(3)))
theirs, key = {}, None
for line in open(sys.argv[2]):
    m = re.match(r"^ (\S+): Total", line)
    if m:
        key = m.group(1)
        theirs[key] = []
        continue
    m = re.match(r"^\s+\S+ \(\s*([0-9.]+)%\): (.*)$", line)
    if m and key:
        theirs[key].append((m.group(2), m.group(1)))
ok = sorted(ours) == sorted(theirs)
for k in theirs:
    nmore, vmore = more.get(k, (0, 0))
    tot = sum(v for _, v in ours.get(k, [])) + vmore
    mine = [(n, 100.0 * v / tot) for n, v in ours.get(k, [])]
    want = theirs[k]
    # pprof prints the share rounded to its shown digits.
    close = lambda x, p: abs(x - float(p)) <= 0.5 * 10 ** -len((p + ".").split(".")[1]) + 1e-9
    same = len(mine) + nmore == len(want) and len(mine) <= 10 and all(
        a == b and close(x, p) for (a, x), (b, p) in zip(mine, want))
    # The others: pprof's values after the first shown, summed.
    rest = want[len(mine):]
    if rest and not abs(100.0 * vmore / tot - sum(float(p) for _, p in rest)) <= \
            0.5 * len(rest) * 10 ** -2 + 1e-9:
        same = False
    if not same:
        ok = False
        print("reference-go-pprof: -tags %s: %s != %s" % (k, mine[:4], want[:4]))
sys.exit(0 if ok else 1)
PY
	then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "reference-go-pprof: FAIL --info labels vs pprof -tags ($t)"
	fi
done
# --focus FILE:LINE against go tool pprof's -raw reading of the CPU
# profile (tests/pprof_raw_focus.py; pprof 1.19 has no file:line focus).
if [ -n "$fresh" ]; then
	go tool pprof -raw "$top/tests/data/go-labels.cpu.pb.gz" > "$tmp/raw" 2>/dev/null
	for fl in main.go:60 main.go:49 main.go:29 map_fast64.go:126; do
		python3 "$top/tests/pprof_raw_focus.py" "$fl" < "$tmp/raw" > "$tmp/want"
		"$flametui" --focus "$fl" --export folded "$top/tests/data/go-labels.cpu.pb.gz" > "$tmp/got"
		if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
			echo "reference-go-pprof: FAIL --focus $fl vs go tool pprof -raw"
		fi
	done
fi
# --top after filters against go tool pprof -top (default options): the
# same functions with the same flat% and cum%, shares of the whole
# profile as pprof's (its total is taken before any filter), and the
# header names that whole total (tests/pprof_top.py).  The cases above,
# then Go CPU profiles from ../shared/corpora when present.
if [ -n "$fresh" ]; then
	corp=${FLAMETUI_SHARED:-$top/../shared}/corpora/pprof/converted_to_proto
	{
		grep -v '^#' "$dir/cases.txt" | sed 's/^[^|]*|/|/' | while IFS='|' read -r _ file popts fopts; do
			echo "$top/tests/data/$(echo $file)|$popts|$fopts"
		done
		if [ -d "$corp" ]; then
			for c in "report.sample.cpu.pb.gz|-focus=mapiternext|--focus mapiternext" \
			    "report.sample.cpu.pb.gz|-ignore=mapiternext|--ignore mapiternext" \
			    "report.sample.cpu.pb.gz|-hide=runtime|--hide runtime" \
			    "report.sample.cpu.pb.gz|-show=main|--show main" \
			    "report.sample.cpu.pb.gz|-focus=Abs -hide=busyLoop|--focus Abs --hide busyLoop" \
			    "proftest.large.cpu.pb.gz|-focus=futex|--focus futex" \
			    "proftest.large.cpu.pb.gz|-focus=rand|--focus rand" \
			    "proftest.large.cpu.pb.gz|-ignore=time\.Now|--ignore time\.Now" \
			    "proftest.large.cpu.pb.gz|-show_from=main\.next|--show-from main\.next" \
			    "proftest.large.cpu.pb.gz|-focus=Mutex -hide=main|--focus Mutex --hide main"; do
				echo "$corp/$c"
			done
		else
			echo "reference-go-pprof: --top on ../shared/corpora skipped: not found" >&2
		fi
	} > "$tmp/topcases"
	while IFS='|' read -r file popts fopts; do
		# shellcheck disable=SC2086
		go tool pprof -top $popts "$file" > "$tmp/ptop" 2>/dev/null
		# shellcheck disable=SC2086
		"$flametui" --top 0 $fopts "$file" > "$tmp/ftop" 2>&1
		if python3 "$top/tests/pprof_top.py" "$tmp/ptop" "$tmp/ftop" > "$tmp/why"; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
			echo "reference-go-pprof: FAIL --top $fopts $(basename "$file") vs go tool pprof -top $popts"
			cat "$tmp/why"
		fi
	done < "$tmp/topcases"
fi
echo "reference-go-pprof: $passed passed, $failed failed${fresh:+ (expected files re-made with go tool pprof)}"
[ "$failed" -eq 0 ]
}
