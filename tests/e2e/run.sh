#!/bin/sh
# run.sh - run every tests/e2e/test_*.sh (tmux end-to-end tests of the
# viewer) and print "N passed, N failed".  Without tmux it says
# "e2e: skipped: ..." (make check lists it; under CI=true that fails).  A
# test exiting 77 is skipped, and a test's own "NAME: PART skipped: WHY"
# lines are passed on, prefixed "e2e: ", so make check lists them too.
cd "$(dirname "$0")/../.." || exit 1
if ! command -v tmux >/dev/null 2>&1; then
	echo "e2e: skipped: tmux not installed (apt-get install tmux)"
	exit 0
fi
if [ ! -x "${FLAMETUI:-./flametui}" ]; then
	echo "e2e: ${FLAMETUI:-./flametui} not built (run make)"
	exit 1
fi
pass=0 fail=0 skip=0 failed=""
for t in tests/e2e/test_*.sh; do
	[ -n "${1:-}" ] && case $t in *"$1"*) ;; *) continue ;; esac
	out=$(sh "$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -E '^[a-z0-9_]+: (.* )?skipped: ' | sed 's/^/e2e: /'
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1))
		echo "PASS $t ($(echo "$out" | tail -1))"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1))
		echo "SKIP $t"
		echo "e2e: skipped: $(basename "$t" .sh): $(echo "$out" | tail -1)"
	else
		fail=$((fail + 1))
		failed="$failed $t"
		echo "FAIL $t"
		echo "$out" | grep -v '^  ok ' | sed 's/^/    /'
	fi
done
[ $skip -gt 0 ] && skipped=", $skip skipped"
echo "e2e: $pass passed, $fail failed${skipped:-}"
[ $fail -eq 0 ]
