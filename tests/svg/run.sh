#!/bin/sh
# SVG export tests (make svg): every export must be well-formed XML
# (xmllint --noout), hostile frame names included; rectangles are checked
# against the call tree computed from folded stacks by geometry.py; and a
# headless Chromium (browser.py) loads an export, takes screenshots, and
# clicks, types Ctrl-F and a pattern, and Escape, checking zoom and search.
# Without xmllint or Chromium those parts are skipped with a message; under
# CI=true a skip is a failure (.ci/run installs both).
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
FLAMETUI=${FLAMETUI:-./flametui}
case $FLAMETUI in /*) ;; *) FLAMETUI=$top/${FLAMETUI#./} ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/ft-svg.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 skipped=""
ok() { pass=$((pass + 1)); echo "  ok   $1"; }
bad() { fail=$((fail + 1)); echo "  FAIL $1"; }
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }
# skip PART REASON: the "NAME: PART skipped: REASON" line check.sh counts
# (a failure under CI=true).
skip() {
	skipped="$skipped $1"
	if [ "$1" = all ]; then
		echo "svg: skipped: $2"
	else
		echo "svg: $1 skipped: $2"
	fi
	if [ "${CI:-}" = true ]; then
		bad "$1 skipped under CI=true"
	fi
}

if ! command -v xmllint >/dev/null 2>&1; then
	skip "all" "xmllint not installed: apt-get install libxml2-utils"
	echo "svg: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi

# export NAME ARGS...: flametui --export svg ARGS > $T/NAME.svg, well-formed.
export_svg() {
	n=$1
	shift
	"$FLAMETUI" --export svg -o "$T/$n.svg" "$@" 2>"$T/$n.err"
	rc=$?
	check "$n: exit 0" [ $rc -eq 0 ]
	check "$n: xmllint --noout" xmllint --noout "$T/$n.svg"
}
has() { grep -qF -- "$2" "$T/$1.svg"; }
geometry() { python3 tests/svg/geometry.py "$@" >"$T/geo.out" 2>&1 || { cat "$T/geo.out"; return 1; }; }

D=tests/data
export_svg small "$D/small.folded"
check "small: geometry against the tree" geometry "$T/small.svg" "$D/small.folded"
check "small: self-contained (no href, no url(), no @import)" \
	sh -c "! grep -Eqi 'href|url\\(|@import' '$T/small.svg'"
check "small: hover text has total, self, percentages and unit" \
	has small '<title>run&#10;total: 72 samples, 74.2% of all, 90.0% of parent&#10;self: 0 samples, 0.0% of all</title>'

export_svg zoomflip --flip --zoom 'main;run' --search eval "$D/small.folded"
check "zoom+flip: geometry (zoom subtree full width, root at the bottom)" \
	geometry "$T/zoomflip.svg" "$D/small.folded" 'main;run' --flip
expect=$("$FLAMETUI" --dump --size 120x10 --zoom 'main;run' --search eval "$D/small.folded" |
	sed -n 's/.*Matched: .*, in zoom \([^ ]*\) (\([0-9]*\) of .*/Matched: \1 (\2 samples)/p')
check "zoom+search: Matched line as the viewer's ($expect)" has zoomflip "$expect<"
check "zoom+search: matches marked" has zoomflip 'class="f m"'

export_svg filtered --ignore '^gc$' --hide io "$D/small.folded"
check "filters: ignored stacks and hidden frames are gone" \
	sh -c "! grep -Eq '<title>(gc|io|mark)&' '$T/filtered.svg'"
check "filters: shown in the subtitle" has filtered 'ignore:^gc$  hide:io'
check "filters: callees of a hidden frame move up (shares of the whole 97)" has filtered '<title>read_[k]&#10;total: 6 samples, 6.19% of all, 8.33% of parent'

export_svg compare "$D/small.folded" "$D/small-after.folded"
check "comparison: widths from B, geometry against B's tree" \
	geometry "$T/compare.svg" "$D/small-after.folded"
check "comparison: hover shows A, B and the change" \
	sh -c "grep -q 'A (tests/data/small.folded): total .*B (tests/data/small-after.folded): total .*change: ' '$T/compare.svg'"
check "comparison: coloured by change (not the name palette)" \
	sh -c "grep -Eq 'fill=\"#(c8c8c8|[a-f0-9]{6})\"' '$T/compare.svg'"
export_svg difffile "$D/diff.folded"
check "differential folded: exported as a comparison" has difffile 'change: '

export_svg heap "$D/heap.pb.gz" --search 'malloc|alloc'
check "pprof heap: bytes in the details" sh -c "grep -q 'MiB' '$T/heap.svg'"

# Hostile names: markup, entities, a CDATA end, quotes, control bytes,
# invalid UTF-8, a bidi override, U+FFFE; a hostile file name and search.
H="$T/a<&b]]>.folded"
printf 'main;<script>alert(1)</script> 3\nmain;a&b]]>c"q\047 2\nmain;ctl\001\033[31mred 1\nmain;bad\377\376utf8 1\nmain;bidi\342\200\256evil 1\nmain;non\357\277\276char 1\n' >"$H"
export_svg hostile --search ']]></script>|ctl' "$H"
check "hostile: markup escaped" has hostile '&lt;script&gt;alert(1)&lt;/script&gt;'
check "hostile: & < ]]> and quotes escaped" has hostile 'a&amp;b]]&gt;c&quot;q&#39;'
check "hostile: control bytes shown escaped" has hostile 'ctl\x01\x1b[31mred'
check "hostile: invalid UTF-8 as U+FFFD" has hostile "bad$(printf '\357\277\275\357\277\275')utf8"
check "hostile: bidi override and U+FFFE shown escaped" \
	sh -c "grep -qF 'bidi\\u202eevil' '$T/hostile.svg' && grep -qF 'non\\ufffechar' '$T/hostile.svg'"
check "hostile: no raw control byte in the file" \
	sh -c "! LC_ALL=C grep -q '[[:cntrl:]]' '$T/hostile.svg' || ! LC_ALL=C tr -d '\n\t' < '$T/hostile.svg' | LC_ALL=C grep -q '[[:cntrl:]]'"
check "hostile: file name escaped in the title" has hostile 'a&lt;&amp;b]]&gt;.folded'

# Errors: a file that cannot be written.
"$FLAMETUI" --export svg -o /nonexistent/dir/x.svg "$D/small.folded" 2>"$T/err" >/dev/null
rc=$?
check "unwritable output: exit 1 with the file name" \
	sh -c "[ $rc = 1 ] && grep -q '/nonexistent/dir/x.svg' '$T/err'"

# Real third-party profiles (../shared/corpora) when present.
C=../shared/corpora
if [ -d "$C" ]; then
	export_svg inferno "$C/inferno/data/flamegraph/base/flames.txt"
	check "inferno flames.txt: geometry" geometry "$T/inferno.svg" "$C/inferno/data/flamegraph/base/flames.txt"
	export_svg gobench "$C/pprof/converted_to_proto/profile_testdata.gobench.cpu.pb.gz"
	check "pprof gobench.cpu: geometry against pprof_ref.py's folded export" geometry "$T/gobench.svg" \
		"$C/pprof/folded_from_pprof/pprof_converted_to_proto_profile_testdata.gobench.cpu.default.folded" --strip-inline
else
	skip "corpora" "../shared/corpora absent: real-profile geometry not checked"
fi

# A real browser.
chrome=""
for c in chromium chromium-browser google-chrome; do
	command -v "$c" >/dev/null 2>&1 && { chrome=$(command -v "$c"); break; }
done
if [ -z "$chrome" ]; then
	skip "browser" "chromium not installed: apt-get install chromium"
else
	"$FLAMETUI" --export svg -o "$T/b.svg" "$D/small.folded"
	expect=$("$FLAMETUI" --dump --size 120x10 --search eval "$D/small.folded" |
		sed -n 's/.*Matched: \([^ ]*\) (\([0-9]*\) of .*/Matched: \1 (\2 samples)/p')
	out=${SVG_SHOTS:-$T}
	mkdir -p "$out"
	if timeout 120 python3 tests/svg/browser.py "$chrome" "$T/b.svg" "$out" run eval "$expect" >"$T/br.out" 2>&1; then
		ok "chromium: loads, hover, click zoom, Ctrl-F search ($expect), Escape, clear"
	else
		bad "chromium run"
	fi
	sed 's/^/    /' "$T/br.out"
	check "chromium: screenshots taken" sh -c "[ -s '$out/loaded.png' ] && [ -s '$out/search.png' ]"
	# A long title (a file name of 300 characters) stays between the buttons.
	long=$T
	for i in 1 2 3 4 5 6; do long=$long/a-directory-with-a-rather-long-name-$i; done
	mkdir -p "$long"
	long=$long/small.folded
	cp "$D/small.folded" "$long"
	"$FLAMETUI" --export svg -o "$T/long.svg" "$long"
	if timeout 120 python3 tests/svg/browser.py "$chrome" "$T/long.svg" "$out" run eval "$expect" >"$T/br3.out" 2>&1; then
		ok "chromium: a 250-character title fits between the buttons"
	else
		bad "chromium: long title"
		sed 's/^/    /' "$T/br3.out"
	fi
	if timeout 120 python3 tests/svg/browser.py "$chrome" "$T/hostile.svg" "$out" '<script>alert(1)</script>' ctl \
	    "Matched: 11.1% (1 samples)" >"$T/br2.out" 2>&1; then
		ok "chromium: the hostile-name export works too"
	else
		bad "chromium: hostile-name export"
		sed 's/^/    /' "$T/br2.out"
	fi
fi
echo "svg: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
