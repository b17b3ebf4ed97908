#!/bin/sh
# run.sh - run every tests/e2e/test_*.sh (tmux end-to-end tests of the
# viewer) and print "N passed, N failed".  Skips cleanly without tmux.
cd "$(dirname "$0")/../.." || exit 1
if ! command -v tmux >/dev/null 2>&1; then
	echo "e2e: tmux not installed, skipped"
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
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1))
		echo "PASS $t ($(echo "$out" | tail -1))"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1))
		echo "SKIP $t"
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
