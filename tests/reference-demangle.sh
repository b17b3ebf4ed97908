#!/bin/sh
# reference-demangle.sh - --demangle full and short against c++filt (GNU
# binutils), on a real perf recording with mangled C++ names
# (tests/data/perf-cxx-mangled.txt.gz: perf script --no-demangle):
#   full  = flametui --demangle none's folded export piped through c++filt,
#           identical stacks summed (tests/collapse_ref.py folded)
#   short = the same through c++filt -p (no argument lists), then template
#           arguments dropped (collapse_ref.py folded-notemplates): the two
#           overloads calc::work(int) and calc::work(std::string const&)
#           merge into calc::work.
# Skips when c++filt is missing (CI installs binutils with build-essential).
top=$(cd "$(dirname "$0")/.." && pwd)
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
if ! command -v c++filt >/dev/null 2>&1; then
	echo "reference-demangle: skipped: c++filt not found (binutils)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-refdm.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
f=$top/tests/data/perf-cxx-mangled.txt.gz
ref="python3 $top/tests/collapse_ref.py"
"$flametui" --demangle none --export folded "$f" >"$tmp/none" || exit 1
if grep -q '_Z' "$tmp/none"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "reference-demangle: FAIL: --demangle none demangled" >&2; fi
c++filt <"$tmp/none" >"$tmp/full.raw"
$ref folded "$tmp/full.raw" >"$tmp/full.want"
c++filt -p <"$tmp/none" >"$tmp/short.raw"
$ref folded-notemplates "$tmp/short.raw" >"$tmp/short.want"
for m in full short; do
	"$flametui" --demangle $m --export folded "$f" >"$tmp/$m.got"
	if cmp -s "$tmp/$m.got" "$tmp/$m.want" && ! grep -q '_Z' "$tmp/$m.got"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-demangle: FAIL: --demangle $m differs from c++filt" >&2
		diff "$tmp/$m.got" "$tmp/$m.want" | head -n 4 | cut -c 1-160 >&2
	fi
done
# short merges the overloads: one calc::work frame under main.
n=$(grep -c '^cxx;__libc_start_call_main;main;calc::work' "$tmp/short.got")
k=$(sed 's/ [0-9]*$//' "$tmp/full.got" | grep -o 'main;calc::work[^;]*' | sort -u | wc -l)
if [ "$n" -gt 0 ] && [ "$k" -eq 2 ] && ! grep -q 'calc::work(' "$tmp/short.got"; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "reference-demangle: FAIL: overloads: full has $k calc::work frames (want 2)" >&2
fi
echo "reference-demangle: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
