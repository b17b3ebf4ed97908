#!/bin/sh
# run.sh SECONDS - run every built libFuzzer harness (build-fuzz/fuzz_*,
# made by `make fuzz`) for SECONDS/3 seconds each, from a seed corpus of
# tests/data and, when present, ../shared/corpora (FLAMETUI_SHARED
# overrides).  Fails when a harness crashes; the crashing input is left in
# build-fuzz/artifacts/ (turn it into a regression unit test).
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-30}
per=$((secs / 3))
[ "$per" -ge 1 ] || per=1
shared=${FLAMETUI_SHARED:-$top/../shared}
corp=$shared/corpora
set -- "$top"/build-fuzz/fuzz_*
if [ ! -x "$1" ]; then
	echo "fuzz: skipped: no harness built (run make fuzz; needs clang)"
	exit 0
fi
# Undefined behaviour is a failure too, not just a printed warning.
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export UBSAN_OPTIONS
work=$top/build-fuzz/corpus
art=$top/build-fuzz/artifacts
mkdir -p "$art"
status=0 pass=0 fail=0
for h in "$@"; do
	[ -x "$h" ] || continue
	name=$(basename "$h")
	fmt=${name#fuzz_}
	dir=$work/$fmt
	mkdir -p "$dir"
	# Seeds: small files of the harness's format (gunzipped protobufs, so
	# mutations reach the decoder rather than zlib).
	i=0
	seed() {
		for f in "$@"; do
			[ -f "$f" ] || continue
			i=$((i + 1))
			if [ "$(wc -c <"$f")" -gt 65536 ]; then
				# A trace cut short is still a trace (Chrome writes
				# them): seed the big real ones by their head.
				[ "$fmt" = trace ] && head -c 60000 "$f" >"$dir/seed$i"
				continue
			fi
			case $f in
			*.gz) gzip -dc "$f" >"$dir/seed$i" 2>/dev/null || cp "$f" "$dir/seed$i" ;;
			*) cp "$f" "$dir/seed$i" ;;
			esac
		done
	}
	# Structure-aware seeds the corpora lack: a 5000-frame folded line,
	# mixed one/two-count lines with CR line ends, a perf event with a
	# deep stack.
	case $fmt in
	folded)
		awk 'BEGIN{for(i=0;i<5000;i++) printf "%sframe_%d", (i?";":""), i%37; print " 3"}' \
		    >"$dir/seed-longline"
		printf 'a;b 1 2\nc 3\r\nd\r4 5\n# c\n' >"$dir/seed-mixed" ;;
	perf)
		awk 'BEGIN{print "app 1234/1234 [000] 1.000000: 1 cycles:";
		    for(i=0;i<3000;i++) printf "\t%x fn_%d+0x%x (/usr/bin/app)\n", 4096+i, i%97, i; print ""}' \
		    >"$dir/seed-deep" ;;
	esac
	case $fmt in
	pprof)
		seed "$top"/tests/data/*.pb* "$top"/tests/data/*/*.pb* "$corp"/pprof/converted_to_proto/*.pb.gz \
		    "$corp"/pprof/fuzz/* ;;
	cpuprofile)
		seed "$top"/tests/data/*.cpuprofile ;;
	trace)
		seed "$top"/tests/data/trace-*.json "$top"/tests/data/chrome-*.json \
		    "$top"/tests/data/clang-*.json ;;
	speedscope)
		seed "$top"/tests/data/speedscope-*.json ;;
	jfr)
		seed "$top"/tests/data/jfr/*.jfr.gz ;;
	perf)
		seed "$top"/tests/data/*.perf "$top"/tests/data/perf-*.txt \
		    "$corp"/inferno/data/collapse-perf/*.txt \
		    "$corp"/flamegraph/test/perf-funcab-*.txt "$corp"/flamegraph/test/perf-dd-*.txt ;;
	stap)
		seed "$top"/tests/data/stap-*.txt ;;
	dtrace)
		seed "$top"/tests/data/dtrace-*.txt "$corp"/inferno/data/collapse-dtrace/*.txt ;;
	bpftrace)
		seed "$top"/tests/data/bpftrace-*.txt ;;
	*)
		seed "$top"/tests/data/*.folded "$corp"/inferno/data/flamegraph/*/*.txt ;;
	esac
	echo "fuzz: $name for ${per}s ($(ls "$dir" | wc -l) corpus files)"
	if ! ASAN_OPTIONS=${ASAN_OPTIONS:-max_malloc_fill_size=0} \
	    "$h" -max_total_time="$per" -max_len=262144 -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=0 -artifact_prefix="$art/$name-" "$dir" \
	    >"$top/build-fuzz/$name.log" 2>&1; then
		echo "fuzz: $name FAILED; see build-fuzz/$name.log and $art" >&2
		grep -E "ERROR|SUMMARY|Test unit written" "$top/build-fuzz/$name.log" | head -n 5 >&2
		status=1 fail=$((fail + 1))
	else
		grep -E "^#[0-9]+.*DONE" "$top/build-fuzz/$name.log" | tail -n 1
		pass=$((pass + 1))
	fi
done
echo "fuzz: $pass passed, $fail failed"
exit $status
