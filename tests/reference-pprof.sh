#!/bin/sh
# reference-pprof.sh - flametui's pprof loader against independently
# computed figures (../shared/corpora/pprof_reference.tsv, made by
# pprof_ref.py) for every protobuf listed there:
#   - per sample type I, `flametui --info --sample-type I` total = TSV sums[I];
#   - without --sample-type, the default type = TSV default_type;
#   - `flametui --export folded` (default type) = pprof/folded_from_pprof/
#     NAME.default.folded byte for byte where that file exists
#     (NAME = the path with '/' -> '_', minus .pb.gz);
#   - the string and numeric label keys --info lists = TSV label_keys and
#     numlabel_keys;
#   - round trip: --export pprof, load that back, --export folded: the same
#     bytes as the folded export of the original.
# Skips (exit 0) when ../shared is absent; FLAMETUI_SHARED overrides it.
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
tsv=$shared/corpora/pprof_reference.tsv
if [ ! -f "$tsv" ]; then
	echo "reference-pprof: skipped: $tsv not found (set FLAMETUI_SHARED)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-refpprof.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "reference-pprof: FAIL: $*" >&2; }

# Tab is IFS white space (runs collapse), so awk picks the columns.
awk -F'\t' 'NR > 1 { print $1 " " $4 " " $5 " " $10 " [" $22 "] [" $23 "]" }' "$tsv" |
while read -r file types deftype sums lkeys nkeys; do
	f=$shared/corpora/$file
	if [ ! -f "$f" ]; then
		bad "$file: missing"
		continue
	fi
	# Per-type totals through --sample-type INDEX.
	i=0 got=""
	ntypes=$(printf '%s\n' "$types" | tr ',' '\n' | wc -l)
	while [ "$i" -lt "$ntypes" ]; do
		t=$("$flametui" --info --sample-type "$i" "$f" 2>"$tmp/err" | sed -n 's/^total=//p')
		got=${got:+$got,}$t
		i=$((i + 1))
	done
	if [ "$got" = "$sums" ]; then ok; else bad "$file: sums $got, expected $sums ($(cat "$tmp/err"))"; fi
	d=$("$flametui" --info "$f" 2>/dev/null | sed -n 's/^sample_type=//p')
	if [ "$d" = "$deftype" ]; then ok; else bad "$file: default type '$d', expected '$deftype'"; fi
	"$flametui" --info "$f" >"$tmp/info" 2>/dev/null
	gl="[$(sed -n 's/^label_key=//p' "$tmp/info" | sort | paste -sd, -)]"
	gn="[$(sed -n 's/^numlabel_key=//p' "$tmp/info" | sort | paste -sd, -)]"
	if [ "$gl $gn" = "$lkeys $nkeys" ]; then ok; else bad "$file: label keys $gl $gn, expected $lkeys $nkeys"; fi
	"$flametui" --export folded "$f" >"$tmp/a.folded" 2>"$tmp/err"
	name=$(printf '%s' "$file" | sed 's|/|_|g; s|\.pb\.gz$||')
	ref=$shared/corpora/pprof/folded_from_pprof/$name.default.folded
	if [ -f "$ref" ]; then
		if cmp -s "$tmp/a.folded" "$ref"; then ok; else bad "$file: folded export differs from $ref"; fi
	fi
	"$flametui" --export pprof -o "$tmp/rt.pb.gz" "$f" 2>"$tmp/err" &&
	    "$flametui" --export folded "$tmp/rt.pb.gz" >"$tmp/b.folded" 2>>"$tmp/err"
	if cmp -s "$tmp/a.folded" "$tmp/b.folded"; then ok; else bad "$file: pprof round trip differs ($(cat "$tmp/err"))"; fi
	echo "$pass $fail" >"$tmp/count"
done
read -r pass fail <"$tmp/count"
echo "reference-pprof: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
