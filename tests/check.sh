#!/bin/sh
# make check: run every suite in turn, show its output, stop at the first
# failing suite, and end with lines that add up every suite's "NAME: N
# passed, N failed" totals and name every suite (or part of one) that was
# skipped and why.
#
# A suite reports a skip with a line "NAME: skipped: REASON" (or "NAME:
# PART skipped: REASON").  Under CI=true a skip is a failure: CI must run
# everything.
MAKE=${MAKE:-make}
log=$(mktemp)
rcf=$(mktemp)
trap 'rm -f "$log" "$rcf"' EXIT
status=0
for t in unit layers golden reference e2e svg lint asan-check fuzz-check; do
	{ $MAKE --no-print-directory "$t" 2>&1; echo $? > "$rcf"; } | tee -a "$log"
	if [ "$(cat "$rcf")" != 0 ]; then
		echo "check: suite '$t' failed"
		status=1
		break
	fi
done
sh "$(dirname "$0")/check-summary.sh" "$status" < "$log"
