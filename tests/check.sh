#!/bin/sh
# make check: run every suite in turn, show its output, stop at the first
# failing suite, and end with one line adding up the "NAME: N passed, N
# failed" totals the suites printed.
MAKE=${MAKE:-make}
log=$(mktemp)
rcf=$(mktemp)
trap 'rm -f "$log" "$rcf"' EXIT
status=0
for t in unit golden reference e2e lint asan-check fuzz-check; do
	{ $MAKE --no-print-directory "$t" 2>&1; echo $? > "$rcf"; } | tee -a "$log"
	if [ "$(cat "$rcf")" != 0 ]; then
		echo "check: suite '$t' failed"
		status=1
		break
	fi
done
awk -v st="$status" '
	/^[A-Za-z-]+: [0-9]+ passed, [0-9]+ failed$/ { p += $2; f += $4 }
	END { if (st != 0 && f == 0) f = 1; printf "check: %d passed, %d failed\n", p, f }' "$log"
exit $status
