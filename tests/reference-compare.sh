#!/bin/sh
# Reference checks for comparing two profiles.
#
# 1. `flametui --export folded A B` must equal an independent awk merge of
#    the two folded inputs: per stack (split on the last run of blanks) the
#    summed count of A and of B, 0 where a side lacks the stack, stacks
#    with no samples on either side dropped, lines sorted bytewise.  Pairs:
#    small made-up files with stacks on one side only, and pairs of
#    flamegraph's collapsed results of one perf input (pid vs tid, kernel
#    vs jit), whose stack sets differ (with --exact-names: the awk merge
#    matches names exactly).  Without it, kernel vs jit are the same stacks
#    once sed removes the _[k]/_[j] annotations: all equal on both sides.
# 2. inferno's diff-folded expectations (../shared/corpora/inferno/data/
#    diff-folded): default.txt and normalize.txt must match exactly once
#    both are sorted (inferno writes them in hash order; we sort).  Our
#    inferno's --normalize truncates A * total(B) / total(A) per stack
#    toward zero, so its A falls short of B's total; ours rounds by largest
#    remainder (the root delta is exactly 0): the same stacks, B equal,
#    every A inferno's value or one more, and A summing to B's total (the
#    units inferno lost, no more).  fractionals.txt:
#    inferno truncates fractional counts per line, we keep them exactly;
#    the check compares our A column truncated to an integer.
#    strip_hex.txt is not checked: flametui does not rewrite hex addresses.
#    --top totals and --info totals are checked against awk sums.
#    Each pair's elided graph (--elided): A's vanished sum against awk's
#    sum of A's stacks that no B stack has, whole or as its caller part.
# 3. pprof pairs: `--export folded A.pb.gz B.pb.gz` equals the awk merge of
#    the corpus' reference folded exports of A and B (pprof_ref.py).
# The corpus parts skip cleanly without ../shared.  Last line:
# "N passed, N failed".
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
# Names as the files have them: flametui demangles C++ by default, the
# awk merges below keep them mangled (perf-java-faults-01).
ft() { "$flametui" --demangle none "$@"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ftcmp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
export LC_ALL=C
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "reference-compare: FAIL: $*" >&2; }

# Our --normalize export (file 2) against inferno's (file 1): same
# stacks in the same order, same B, A equal to inferno's or one more, and
# the A column summing to the B column.
near_inferno() {
	awk 'NR == FNR { w[FNR] = $0; n = FNR; next }
	    {
		split(w[FNR], f, " "); k = 0; for (i in f) k++
		s = $0; sub(/ [^ ]+ [^ ]+$/, "", s)
		t = w[FNR]; sub(/ [^ ]+ [^ ]+$/, "", t)
		if (s != t || $NF != f[k] || $(NF - 1) < f[k - 1] || $(NF - 1) > f[k - 1] + 1) bad++
		sa += $(NF - 1); sb += $NF
	    }
	    END { exit bad > 0 || FNR != n || sa != sb }' "$1" "$2"
}

# The independent merge: files A and B -> "stack A B", sorted.
merge() {
	awk 'FNR == 1 { side++ }
	/^#/ || /^[ \t\r]*$/ { next }
	{
		sub(/\r$/, "")
		if (!match($0, /[ \t]+[^ \t]+$/)) next
		stack = substr($0, 1, RSTART - 1)
		cnt = substr($0, RSTART); gsub(/[ \t]/, "", cnt)
		if (cnt !~ /^[0-9]+$/) next
		v[stack, side] += cnt; seen[stack] = 1
	}
	END {
		for (s in seen)
			if (v[s, 1] + v[s, 2] > 0)
				printf "%s %.0f %.0f\n", s, v[s, 1], v[s, 2]
	}' "$1" "$2" | sort
}

# The elided graph (E, --elided): what vanished from A to B is the sum of
# A's stacks that are no B stack nor a caller part of one (a path B still
# has keeps B's total above 0 on every frame of it).  Worked out here from
# the files with awk; flametui's --info (elided_a=, A unscaled) must say it.
vanished() {
	awk 'FNR == 1 { side++ }
	/^#/ || /^[ \t\r]*$/ { next }
	{
		sub(/\r$/, "")
		if (!match($0, /[ \t]+[^ \t]+$/)) next
		stack = substr($0, 1, RSTART - 1)
		cnt = substr($0, RSTART); gsub(/[ \t]/, "", cnt)
		if (cnt !~ /^[0-9]+$/) next
		v[stack, side] += cnt; seen[stack] = 1
	}
	END {
		for (s in seen)
			if (v[s, 2] > 0) {
				p = s
				kept[p] = 1
				while ((i = match(p, /;[^;]*$/)) > 0) {
					p = substr(p, 1, i - 1)
					kept[p] = 1
				}
			}
		for (s in seen)
			if (!(s in kept))
				sum += v[s, 1]
		printf "%.0f\n", sum
	}' "$1" "$2"
}

check_elided() {
	want=$(vanished "$1" "$2")
	got=$(ft --exact-names --normalize absolute --info "$1" "$2" 2>/dev/null |
	    sed -n 's/^elided_a=//p')
	if [ "$got" = "$want" ]; then ok; else
		bad "$3: --info elided_a=${got:-?}, awk $want"
	fi
}

check_pair() {
	check_elided "$1" "$2" "$3"
	merge "$1" "$2" > "$tmp/want"
	if ! ft --exact-names --export folded "$1" "$2" > "$tmp/got" 2> "$tmp/err"; then
		bad "$3: flametui failed: $(cat "$tmp/err")"
		return
	fi
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else
		bad "$3: --export folded A B differs from the awk merge"
		diff "$tmp/want" "$tmp/got" | head -5 >&2
	fi
}

# --- made-up pairs (always run) --------------------------------------------
printf 'main;a 3\nmain;b 2\nmain;b 1\nonly_a;x 4\nmain 1\n' > "$tmp/a1"
printf 'main;a 5\nmain;c 7\nonly_b 2\n# comment\n\nmain;b 3\n' > "$tmp/b1"
check_pair "$tmp/a1" "$tmp/b1" "made-up pair"
check_pair "$tmp/b1" "$tmp/a1" "made-up pair, swapped"
printf 'x;y 1\n' > "$tmp/a2"
: > "$tmp/b2"
printf 'q 0\n' >> "$tmp/b2"
printf 'q 0\nz 2\n' > "$tmp/b3"
check_pair "$tmp/a2" "$tmp/b3" "disjoint pair"

# --top: totals of a function counted once per stack, awk-free check.
out=$(ft --top 0 --normalize absolute "$tmp/a1" "$tmp/b1")
row=$(printf '%s\n' "$out" | awk '$NF == "main"')
set -- $row
if [ "$1 $2 $5 $6" = "1 0 7 15" ]; then ok; else bad "--top row for main: '$row'"; fi
if printf '%s\n' "$out" | head -n 2 | grep -q "total 11$" &&
    printf '%s\n' "$out" | sed -n 2p | grep -q 'total 17$'; then ok; else
	bad "--top header totals: $(printf '%s\n' "$out" | head -n 2)"
fi

if [ ! -d "$shared/corpora" ]; then
	echo "reference-compare: corpus checks skipped: $shared/corpora not found"
	echo "reference-compare: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi

# --- flamegraph collapsed pairs -------------------------------------------
res=$shared/corpora/flamegraph/test/results
for pid in "$res"/*-collapsed-pid.txt; do
	base=${pid%-collapsed-pid.txt}
	check_pair "$pid" "$base-collapsed-tid.txt" "$(basename "$base") pid/tid"
	check_pair "$base-collapsed-kernel.txt" "$base-collapsed-jit.txt" "$(basename "$base") kernel/jit"
	# Without --exact-names, names match ignoring their kind: the kernel
	# and the jit collapse of one recording are the same stacks (as many
	# as sed finds once the _[k] / _[j] annotations are removed), each
	# with equal A and B.
	want=$(sed 's/_\[[kj]\]//g' "$base-collapsed-kernel.txt" "$base-collapsed-jit.txt" |
	    awk '{ $NF = ""; print }' | sort -u | wc -l)
	got=$(ft --export folded "$base-collapsed-kernel.txt" "$base-collapsed-jit.txt" 2>/dev/null |
	    awk '$(NF - 1) != $NF { bad++ } END { print (bad > 0 ? -1 : NR) }')
	if [ "$got" -eq "$want" ]; then ok; else
		bad "$(basename "$base") kernel/jit matched ignoring kinds: $got stacks, want $want all equal"
	fi
done

# --- pprof pairs: the reference folded exports merged by awk ---------------
pp=$shared/corpora/pprof
ff=$pp/folded_from_pprof
if [ -d "$ff" ]; then
	check_pair_as() { # PROFILE_A PROFILE_B FOLDED_A FOLDED_B NAME
		merge "$3" "$4" > "$tmp/want"
		if ! ft --export folded "$1" "$2" > "$tmp/got" 2> "$tmp/err"; then
			bad "$5: flametui failed: $(cat "$tmp/err")"
		elif cmp -s "$tmp/want" "$tmp/got"; then ok; else
			bad "$5: pprof --export folded A B differs from the merged reference exports"
			diff "$tmp/want" "$tmp/got" | head -5 >&2
		fi
	}
	check_pair_as "$pp/converted_to_proto/profile_testdata.gobench.cpu.pb.gz" "$pp/report/sample.cpu" \
	    "$ff/pprof_converted_to_proto_profile_testdata.gobench.cpu.default.folded" \
	    "$ff/pprof_report_sample.cpu.default.folded" "pprof gobench.cpu vs sample.cpu"
	check_pair_as "$pp/converted_to_proto/driver_testdata.cppbench.cpu_no_samples_type.pb.gz" \
	    "$pp/proftest/large.cpu" \
	    "$ff/pprof_driver_testdata_cppbench.cpu_no_samples_type.default.folded" \
	    "$ff/pprof_proftest_large.cpu.default.folded" "pprof cppbench.cpu vs large.cpu"
	# A folded file against a pprof one (any mix of formats): a profile
	# against its own folded export gives equal columns on every line.
	# The pprof loader marks inlined frames; the comparison matches them
	# as the plain function, as the folded export convention writes them.
	check_pair_as "$ff/pprof_report_sample.cpu.default.folded" "$pp/report/sample.cpu" \
	    "$ff/pprof_report_sample.cpu.default.folded" "$ff/pprof_report_sample.cpu.default.folded" \
	    "corpus folded export vs its pprof" 2>/dev/null
	ft --export folded "$pp/report/sample.cpu" > "$tmp/s.folded"
	ft --export folded "$tmp/s.folded" "$pp/report/sample.cpu" 2> "$tmp/err" |
	    awk '$(NF - 1) != $NF || $NF == 0 { bad++ } END { exit bad > 0 || NR == 0 }'
	if [ $? -eq 0 ] && grep -q 'note: comparing .* in count with .* in nanoseconds' "$tmp/err"; then
		ok
	else
		bad "folded export vs its pprof: columns differ or no unit note"
	fi
else
	echo "reference-compare: pprof pairs skipped: $ff not found"
fi

# --- inferno diff-folded ------------------------------------------------------
d=$shared/corpora/inferno/data/diff-folded
if [ -d "$d" ]; then
	sort "$d/results/default.txt" > "$tmp/want"
	ft --export folded "$d/before.txt" "$d/after.txt" > "$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else bad "inferno diff-folded default"; fi
	sort "$d/results/normalize.txt" > "$tmp/want"
	ft --export folded --normalize "$d/before.txt" "$d/after.txt" > "$tmp/got"
	if near_inferno "$tmp/want" "$tmp/got"; then ok; else bad "inferno diff-folded normalize"; fi
	sort "$d/results/fractionals.txt" > "$tmp/want"
	ft --export folded "$d/before_fractionals.txt" "$d/after.txt" 2> /dev/null |
	    awk '{ a = $(NF - 1); sub(/\..*/, "", a); $(NF - 1) = a; print }' > "$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else bad "inferno diff-folded fractionals (A truncated)"; fi
	# A differential file written by us reads back as the same comparison.
	ft --export folded "$d/before.txt" "$d/after.txt" > "$tmp/diff.folded"
	ft --export folded --normalize "$tmp/diff.folded" > "$tmp/got"
	sort "$d/results/normalize.txt" > "$tmp/want"
	if near_inferno "$tmp/want" "$tmp/got"; then ok; else bad "two-column file --normalize"; fi
	info=$(ft --info "$d/before.txt" "$d/after.txt")
	ta=$(awk '{ s += $NF } END { print s }' "$d/before.txt")
	tb=$(awk '{ s += $NF } END { print s }' "$d/after.txt")
	if printf '%s\n' "$info" | grep -qx "total_a=$ta" &&
	    printf '%s\n' "$info" | grep -qx "total_b=$tb"; then ok; else
		bad "--info totals ($ta, $tb): $info"
	fi
else
	echo "reference-compare: inferno diff-folded skipped: $d not found"
fi

echo "reference-compare: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
