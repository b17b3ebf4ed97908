#!/bin/sh
# Run unit test binaries and add up their "N passed, N failed" lines.
pass=0 fail=0 status=0
for t in "$@"; do
	out=$("$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -v ' passed, ' >&2
	line=$(printf '%s\n' "$out" | grep ' passed, ' | tail -n 1)
	p=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
	f=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
	if [ -z "$p" ]; then
		echo "unit: $t: crashed or printed no result (exit $rc)" >&2
		fail=$((fail + 1)); status=1; continue
	fi
	pass=$((pass + p)); fail=$((fail + f))
	[ "$rc" -eq 0 ] || status=1
done
echo "unit: $pass passed, $fail failed"
exit $status
