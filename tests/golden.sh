#!/bin/sh
# Golden tests: each tests/golden/NAME.cmd is a shell command run from the
# repository root with $FLAMETUI set; its stdout and exit status must equal
# tests/golden/NAME.out.  GENERATE=1 rewrites the .out files (review the
# diff before committing).
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
FLAMETUI=${FLAMETUI:-./flametui}
case $FLAMETUI in /*) ;; *) FLAMETUI=$top/${FLAMETUI#./} ;; esac
export FLAMETUI
# The .out files were made in a UTF-8 locale (frame rows drawn with U+258F);
# a command that wants another sets LC_ALL itself.  Without this, a machine
# whose environment has no LANG (a minimal Debian, env -i) draws ASCII.
LC_ALL=C.UTF-8
export LC_ALL
pass=0 fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for cmd in tests/golden/*.cmd; do
	name=${cmd%.cmd}
	( sh "$cmd"; echo "exit=$?" ) > "$tmp" 2>/dev/null
	if [ "${GENERATE:-}" = 1 ]; then
		cp "$tmp" "$name.out"
		pass=$((pass + 1))
	elif cmp -s "$tmp" "$name.out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "golden: FAIL $name"
		diff -u "$name.out" "$tmp" | head -n 30
	fi
done
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
