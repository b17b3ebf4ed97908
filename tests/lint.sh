#!/bin/sh
# Documentation checks: the man page is mdoc-clean (when mandoc is here),
# its KEYS section is exactly what the key table generates, and every option
# in --help is documented in the man page and the README.
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
flametui=${FLAMETUI:-./flametui}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "lint: FAIL: $*"; }

if command -v mandoc >/dev/null 2>&1; then
	if out=$(mandoc -Tlint -Wwarning man/flametui.1 2>&1) && [ -z "$out" ]; then ok
	else bad "mandoc -Tlint man/flametui.1: $out"; fi
else
	echo "lint: man page syntax skipped: mandoc not found (apt-get install mandoc)"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The page as man-db shows it (groff's mdoc): no "BSD" title or footer and
# every opening quote closed before the next one opens.
if command -v groff >/dev/null 2>&1; then
	MANWIDTH=100 groff -mandoc -Tutf8 -P-c man/flametui.1 >"$tmp/groff.txt" 2>"$tmp/groff.err"
	if [ -s "$tmp/groff.err" ]; then bad "groff warnings: $(head -n 3 "$tmp/groff.err")"
	else ok; fi
	if grep -v '^$' "$tmp/groff.txt" | sed -n '1p;$p' | grep -q BSD; then
		bad "man page header or footer says BSD under groff: $(grep -v '^$' "$tmp/groff.txt" | sed -n '1p;$p')"
	else ok; fi
	quotes=$(LC_ALL=C sed -e "s/$(printf '\342\200\230')/\n</g; s/$(printf '\342\200\231')/\n>/g" \
	    "$tmp/groff.txt" | LC_ALL=C sed -n 's/^\([<>]\).*/\1/p' | tr -d '\n')
	if printf '%s\n' "$quotes" | grep -Eq '^(<>)*$'; then ok
	else bad "man page quotes do not pair up under groff: $quotes"; fi
else
	echo "lint: man page under groff skipped: groff not found (apt-get install man-db)"
fi
cp man/flametui.1 "$tmp/committed.1"
FLAMETUI=$flametui sh tests/update-man.sh
if cmp -s "$tmp/committed.1" man/flametui.1; then ok
else
	bad "man/flametui.1 is out of date with the key table or man/flametui.1.in (run sh tests/update-man.sh and commit)"
	cp "$tmp/committed.1" man/flametui.1
fi

# No merge conflict markers anywhere in the tree (git grep in a clone; the
# files themselves otherwise: a CI image need not have git).
if command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1; then
	markers=$(git grep -n -E '^(<<<<<<<|>>>>>>>) ' -- . 2>/dev/null)
else
	markers=$(grep -r -n -E '^(<<<<<<<|>>>>>>>) ' --exclude-dir=.git --exclude-dir='build*' . 2>/dev/null)
fi
if [ -n "$markers" ]; then bad "merge conflict markers: $markers"; else ok; fi

# Every --option in --help appears in the man page (.Fl -opt) and README.
$flametui --help > "$tmp/help"
for opt in $(grep -o -- '--[a-z][a-z0-9-]*' "$tmp/help" | sort -u); do
	name=${opt#--}
	if grep -q -- "Fl -$name\b" man/flametui.1 || grep -q -- "Fl -$name$" man/flametui.1; then ok
	else bad "option $opt from --help is missing in man/flametui.1"; fi
	if grep -q -- "$opt" README.md; then ok
	else bad "option $opt from --help is missing in README.md"; fi
done
# Every key of the table is in the help text (same source, checked anyway).
$flametui --keys-mdoc | sed -n 's/^\.It Cm //p' | sed 's/ , /\n/g; s/\\&//g' > "$tmp/keys"
while read -r k; do
	[ "$k" = mouse ] && continue
	if grep -q -F -- "$k" "$tmp/help"; then ok; else bad "key $k missing from --help"; fi
done < "$tmp/keys"
echo "lint: $pass passed, $fail failed"
# The project's own scripts (quickstart, make check's summary, e2e library).
sh tests/test-scripts.sh || fail=$((fail + 1))
[ "$fail" -eq 0 ]
