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
	    LC_ALL=C sort > "$tmp/got"
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
echo "reference-go-pprof: $passed passed, $failed failed${fresh:+ (expected files re-made with go tool pprof)}"
[ "$failed" -eq 0 ]
}
