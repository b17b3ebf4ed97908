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
# Issue 24 item 2: the same on real Rust (tests/data/perf-rust-mangled.txt.gz,
# legacy symbols demangled by collapse_ref.py's rustc-demangle rules, v0
# ones by c++filt) and on C++ lambdas and std::function
# (perf-cxx-lambda-mangled.txt.gz): short keeps a qualified path's self
# type, so the three Rust "index" functions stay three.
check_short() { # NAME FILE FULL-DEMANGLER SHORT-DEMANGLER (no argument lists)
	"$flametui" --demangle none --export folded "$2" >"$tmp/$1.none" || exit 1
	$3 "$tmp/$1.none" >"$tmp/$1.full.raw"
	$ref folded "$tmp/$1.full.raw" >"$tmp/$1.full.want"
	$4 "$tmp/$1.none" >"$tmp/$1.short.raw"
	$ref folded-notemplates "$tmp/$1.short.raw" >"$tmp/$1.short.want"
	for m in full short; do
		"$flametui" --demangle $m --export folded "$2" >"$tmp/$1.$m.got"
		if cmp -s "$tmp/$1.$m.got" "$tmp/$1.$m.want"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "reference-demangle: FAIL: $1: --demangle $m differs" >&2
			diff "$tmp/$1.$m.got" "$tmp/$1.$m.want" | head -n 4 | cut -c 1-200 >&2
		fi
	done
}
cxxfilt() { c++filt <"$1"; }
cxxfilt_p() { c++filt -p <"$1"; }
check_short rust "$top/tests/data/perf-rust-mangled.txt.gz" "$ref rust-demangle" \
    "$ref rust-demangle"
check_short cxx-lambda "$top/tests/data/perf-cxx-lambda-mangled.txt.gz" cxxfilt cxxfilt_p
k=$(sed 's/ [0-9]*$//' "$tmp/rust.short.got" | tr ';' '\n' | grep -c '::index$' | tr -d ' ')
e=$(sed 's/ [0-9]*$//' "$tmp/rust.short.got" | tr ';' '\n' | grep -c -e '^::' -e '::$' -e '::::')
u=$(sed 's/ [0-9]*$//' "$tmp/rust.short.got" | tr ';' '\n' | grep '::index$' | sort -u | wc -l | tr -d ' ')
if [ "$k" -gt 0 ] && [ "$e" -eq 0 ] && [ "$u" -eq 2 ]; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "reference-demangle: FAIL: rust short: $u index functions (want 2), $e empty components" >&2
fi
# Issue 24 item 3: names demangled by perf itself (perf-cxx-lambda.txt.gz)
# are cut only at an argument list at bracket depth 0 (short), not at all
# (full), at the first "(" as stackcollapse-perf.pl (none).
for mc in short:depth0 full:none none:first; do
	"$flametui" --demangle "${mc%:*}" --export folded "$top/tests/data/perf-cxx-lambda.txt.gz" \
	    >"$tmp/cut.got" || exit 1
	gunzip -c "$top/tests/data/perf-cxx-lambda.txt.gz" >"$tmp/cut.txt"
	$ref perf --cut "${mc#*:}" "$tmp/cut.txt" >"$tmp/cut.want"
	if cmp -s "$tmp/cut.got" "$tmp/cut.want"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-demangle: FAIL: perf names cut ($mc)" >&2
		diff "$tmp/cut.got" "$tmp/cut.want" | head -n 4 | cut -c 1-200 >&2
	fi
done
if grep -q 'std::function<void (int)>::operator()' "$tmp/cut.txt" &&
    "$flametui" --export folded "$top/tests/data/perf-cxx-lambda.txt.gz" |
    grep -q ';std::function<void (int)>::operator();'; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "reference-demangle: FAIL: std::function<void (int)>::operator() was cut" >&2
fi
# inferno's collapse-perf keeps argument lists too (cpp-stacks-std-function):
# --demangle full equals its result once the _[k]/_[j] annotations are
# removed, except that inferno writes "operator()" as "operator" (its cut of
# a trailing "()"), which flametui keeps whole.
inf=${FLAMETUI_SHARED:-$top/../shared}/corpora/inferno/data/collapse-perf
if [ -f "$inf/cpp-stacks-std-function.txt" ]; then
	"$flametui" --demangle full --export folded "$inf/cpp-stacks-std-function.txt" |
	    sed 's/_\[[kj]\]//g' | LC_ALL=C sort >"$tmp/inf.got"
	sed 's/::operator;/::operator();/g; s/::operator /::operator() /' \
	    "$inf/results/cpp-stacks-std-function-collapsed.txt" | LC_ALL=C sort >"$tmp/inf.want"
	if cmp -s "$tmp/inf.got" "$tmp/inf.want"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "reference-demangle: FAIL: --demangle full differs from inferno (std-function)" >&2
		diff "$tmp/inf.got" "$tmp/inf.want" | head -n 4 | cut -c 1-200 >&2
	fi
fi
echo "reference-demangle: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
