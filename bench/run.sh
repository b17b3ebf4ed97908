#!/bin/sh
# make bench: load speed and memory on a ~200 MB generated folded profile,
# reported as ratios to baselines measured in the same run (machines are
# noisy; absolute times mean little).  Generated data lives in bench/data/
# (git-ignored) and is made once.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
data=bench/data
mkdir -p "$data"
big=$data/big.folded
CC=${CC:-cc}
if [ ! -x "$data/genfolded" ] || [ bench/genfolded.c -nt "$data/genfolded" ]; then
	$CC -O2 -o "$data/genfolded" bench/genfolded.c
fi
if [ ! -s "$big" ]; then
	echo "bench: generating $big (~200 MB, once)"
	"$data/genfolded" -s 1 -b 200000000 > "$big.tmp" && mv "$big.tmp" "$big"
fi
bytes=$(wc -c < "$big")

# best of N wall-clock seconds for a command (stdout discarded)
best() {
	n=$1; shift
	b=""
	i=0
	while [ $i -lt "$n" ]; do
		s=$(date +%s.%N)
		"$@" > /dev/null
		e=$(date +%s.%N)
		t=$(echo "$e - $s" | bc -l)
		if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
		i=$((i + 1))
	done
	echo "$b"
}

# peak RSS in KiB of a command (GNU time, else getrusage via python3)
peak_kb() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1
	else
		python3 -c 'import resource,subprocess,sys
subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
	fi
}

cat "$big" > /dev/null # warm the page cache
wc_t=$(best 5 wc -l "$big")
cat_t=$(best 3 cat "$big")
dump_t=$(best 3 ./flametui --dump "$big")
info_t=$(best 3 ./flametui --info "$big")
rss=$(peak_kb ./flametui --dump "$big")
printf 'bench: folded %s: %s bytes, %s lines\n' "$big" "$bytes" "$(wc -l < "$big")"
printf '  wc -l            %8.3f s\n' "$wc_t"
printf '  cat              %8.3f s\n' "$cat_t"
printf '  flametui --dump  %8.3f s   %.1fx wc -l   %.1fx cat\n' "$dump_t" \
	"$(echo "$dump_t / $wc_t" | bc -l)" "$(echo "$dump_t / $cat_t" | bc -l)"
printf '  flametui --info  %8.3f s   %.1fx wc -l\n' "$info_t" "$(echo "$info_t / $wc_t" | bc -l)"
printf '  peak RSS         %8d KiB  %.2f of the file size\n' "$rss" \
	"$(echo "$rss * 1024 / $bytes" | bc -l)"

# Further benchmarks contributed by other modules (pprof, keys, filters).
for b in bench/bench-*.sh; do
	[ -f "$b" ] || continue
	BIG=$big sh "$b"
done
