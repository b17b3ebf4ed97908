#!/bin/sh
# check-summary.sh STATUS < LOG: the last lines of make check.  Adds up
# every "NAME: N passed, N failed" line of the suites' output (names may
# hold digits: e2e), lists every "NAME: [PART ]skipped: REASON" line, and
# exits with STATUS, or 1 when something failed or (under CI=true) was
# skipped.  tests/test-check-summary.sh feeds it made-up logs.
st=${1:-0}
awk -v st="$st" -v ci="${CI:-}" '
	/^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed/ {
		name = substr($1, 1, length($1) - 1)
		if (!(name in cnt)) order[n++] = name
		cnt[name] += $2 + $4
		p += $2; f += $4
		next
	}
	/^[A-Za-z0-9_-]+: (.* )?skipped: / { skip[ns++] = $0 }
	END {
		for (i = 0; i < ns; i++) printf "check: SKIPPED %s\n", skip[i]
		if (st != 0 && f == 0) f = 1
		parts = ""
		for (i = 0; i < n; i++) parts = parts (i ? ", " : "") order[i] " " cnt[order[i]]
		printf "check: %d passed, %d failed, %d skipped (%s)\n", p, f, ns, parts
		rc = (st != 0 || f != 0) ? 1 : 0
		if (ns > 0 && ci == "true") {
			printf "check: CI=true: %d skipped suite%s count as failure\n", ns, ns == 1 ? "" : "s"
			rc = 1
		}
		exit rc
	}'
