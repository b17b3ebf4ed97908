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
bench=${FLAMETUI_BENCH:-build/flametui-bench} # bench/bench.c
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
	python3 - "$n" "$@" <<'PY'
import subprocess, sys, time
n = int(sys.argv[1]); cmd = sys.argv[2:]
best = None
for _ in range(n):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    t = time.perf_counter() - t
    best = t if best is None or t < best else best
print("%.4f" % best)
PY
}

# peak RSS in KiB of a command, from getrusage of the child
peak_kb() {
	python3 -c 'import resource,subprocess,sys
subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

cat "$big" > /dev/null # warm the page cache
wc_t=$(best 5 wc -l "$big")
dump_t=$(best 3 ./flametui --dump "$big")
info_t=$(best 3 ./flametui --info "$big")
rss=$(peak_kb ./flametui --dump "$big")
printf 'bench: folded %s: %s bytes, %s lines\n' "$big" "$bytes" "$(wc -l < "$big")"
printf '  wc -l              %8.3f s\n' "$wc_t"
printf '  flametui --dump    %8.3f s   %sx wc -l\n' "$dump_t" "$(ratio "$dump_t" "$wc_t")"
printf '  flametui --info    %8.3f s   %sx wc -l\n' "$info_t" "$(ratio "$info_t" "$wc_t")"
printf '  peak RSS (--dump)  %8d KiB  %s of the file size\n' "$rss" \
	"$(awk -v r="$rss" -v b="$bytes" 'BEGIN { printf "%.2f", r * 1024 / b }')"

# pprof: the same profile converted once with flametui's own writer.
pb=$data/big.pb.gz
if [ ! -s "$pb" ] || [ "$big" -nt "$pb" ]; then
	./flametui --export pprof -o "$pb" "$big"
fi
pbytes=$(wc -c < "$pb")
gz_t=$(best 3 gzip -dc "$pb")
pload_t=$(best 3 ./flametui --info "$pb")
prss=$(peak_kb ./flametui --info "$pb")
printf 'bench: pprof %s: %s bytes gzip\n' "$pb" "$pbytes"
printf '  gzip -dc           %8.3f s\n' "$gz_t"
printf '  flametui --info    %8.3f s   %sx gzip -dc\n' "$pload_t" "$(ratio "$pload_t" "$gz_t")"
printf '  peak RSS           %8d KiB\n' "$prss"

# Keystrokes: navigation and zoom through the view and renderer, headless.
printf 'bench: keystrokes on %s\n  ' "$big"
"$bench" --keys 200 "$big"

# Further benchmarks contributed by other modules (filters, compare).
for b in bench/bench-*.sh; do
	[ -f "$b" ] || continue
	BIG=$big FLAMETUI=./flametui FLAMETUI_BENCH=$bench sh "$b"
done
