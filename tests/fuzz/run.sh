#!/bin/sh
# run.sh SECONDS - run every built libFuzzer harness (build-fuzz/fuzz_*,
# made by `make fuzz`) for SECONDS/3 seconds each, from a seed corpus of
# tests/data and, when present, ../shared/corpora (FLAMETUI_SHARED
# overrides).  Fails when a harness crashes; the crashing input is left in
# build-fuzz/artifacts/ (turn it into a regression unit test).
#
# run.sh SECONDS NAME... - a long run: each named harness (fuzz_folded, or
# just folded) for SECONDS, same seeds, libFuzzer's final stats printed;
# FUZZ_ARGS adds libFuzzer options (-runs=N stops after N executions).
# The log is build-fuzz/fuzz_NAME.log.
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-30}
[ $# -gt 0 ] && shift
per=$((secs / 3))
stats=0
if [ $# -gt 0 ]; then
	per=$secs stats=1
	for n in "$@"; do
		set -- "$@" "$top/build-fuzz/fuzz_${n#fuzz_}"
		shift
	done
else
	set -- "$top"/build-fuzz/fuzz_*
fi
[ "$per" -ge 1 ] || per=1
shared=${FLAMETUI_SHARED:-$top/../shared}
corp=$shared/corpora
if [ ! -x "$1" ] && [ "$stats" = 1 ]; then
	echo "fuzz: no harness $1 (run make fuzz)" >&2
	exit 2
elif [ ! -x "$1" ]; then
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
	# mutations reach the decoder rather than zlib).  Executions cost in
	# proportion to the input, so big text files seed by their head: the
	# first 16 KiB cut at a line end (at an event's blank line for perf,
	# stap and dtrace), which keeps their structure and variety.
	i=0
	seed() {
		for f in "$@"; do
			[ -f "$f" ] || continue
			i=$((i + 1))
			case $f in
			*.gz) gzip -dc "$f" >"$dir/seed$i" 2>/dev/null || cp "$f" "$dir/seed$i" ;;
			*) cp "$f" "$dir/seed$i" ;;
			esac
			[ "$(wc -c <"$dir/seed$i")" -gt 16384 ] || continue
			case $fmt in
			folded|perf|stap|dtrace|bpftrace|callgrind)
				head -c 16384 "$dir/seed$i" | awk -v blank="$fmt" '
				    { line[NR] = $0; if ($0 ~ /^[ \t]*$/) last = NR }
				    END { n = NR - 1
					if (blank != "folded" && blank != "bpftrace" && blank != "callgrind" && last > 1) n = last
					for (k = 1; k <= n; k++) print line[k] }' >"$dir/seed$i.head"
				mv "$dir/seed$i.head" "$dir/seed$i" ;;
			trace)
				# A trace cut short is still a trace (Chrome writes
				# them): seed the big real ones by their head.
				head -c 60000 "$dir/seed$i" >"$dir/seed$i.head"
				mv "$dir/seed$i.head" "$dir/seed$i" ;;
			*)
				# Binary formats cannot be cut; keep the files
				# up to 64 KiB (as stored: a gzipped JFR
				# recording of 37 KiB is 127 KiB inside).
				[ "$(wc -c <"$f")" -le 65536 ] || rm -f "$dir/seed$i" ;;
			esac
		done
	}
	# Structure-aware seeds the corpora lack: a 2000-frame folded line
	# (past the loader's 4 KiB line and 1024-node first sizes), mixed
	# one/two-count lines with CR line ends, a perf event with a 1500-frame
	# stack (past the 256-frame and 1024-node first sizes; short frame
	# text: depth is what matters, every byte costs executions), a pprof
	# sample of 3000 locations (tests/fuzz/seeds/, written by Go's pprof
	# library; see the README there).
	case $fmt in
	folded)
		awk 'BEGIN{for(i=0;i<2000;i++) printf "%sf%d", (i?";":""), i%37; print " 3"}' \
		    >"$dir/seed-longline"
		printf 'a;b 1 2\nc 3\r\nd\r4 5\n# c\n' >"$dir/seed-mixed" ;;
	flamebearer)
		# No recording can be made here (no Pyroscope server): the
		# single and render-diff shapes as Pyroscope writes them.
		printf '%s' '{"version":1,"flamebearer":{"names":["total","main","a","b"],"levels":[[0,20,0,0],[0,20,1,1],[0,12,2,2,1,7,7,3],[0,10,10,3]],"numTicks":20,"maxSelf":10},"metadata":{"format":"single","units":"samples"}}' \
		    >"$dir/seed-single"
		printf '%s' '{"flamebearer":{"names":["total","main","a","b","c"],"levels":[[0,15,0,0,12,0,0],[0,15,0,0,12,0,1],[0,10,10,0,4,4,2,0,5,5,0,0,0,3,0,0,0,0,8,8,4]],"numTicks":27,"leftTicks":15,"rightTicks":12},"metadata":{"format":"double","units":"samples"}}' \
		    >"$dir/seed-double" ;;
	perf)
		awk 'BEGIN{print "app 1234/1234 [000] 1.000000: 1 cycles:";
		    for(i=0;i<1500;i++) printf "\t%x f%d (/a)\n", 4096+i, i%97; print ""}' \
		    >"$dir/seed-deep" ;;
	esac
	case $fmt in
	pprof)
		seed "$top"/tests/data/*.pb* "$top"/tests/data/*/*.pb* "$top"/tests/fuzz/seeds/*.pb.gz \
		    "$corp"/pprof/converted_to_proto/*.pb.gz \
		    "$corp"/pprof/fuzz/* ;;
	cpuprofile)
		seed "$top"/tests/data/*.cpuprofile "$top"/tests/fuzz/seeds/*.cpuprofile ;;
	trace)
		seed "$top"/tests/data/trace-*.json "$top"/tests/data/chrome-*.json \
		    "$top"/tests/data/clang-*.json "$top"/tests/fuzz/seeds/*.trace.json ;;
	speedscope)
		seed "$top"/tests/data/speedscope-*.json "$top"/tests/fuzz/seeds/*.speedscope.json ;;
	jfr)
		seed "$top"/tests/data/jfr/*.jfr.gz "$top"/tests/fuzz/seeds/*.jfr ;;
	perf)
		seed "$top"/tests/data/*.perf "$top"/tests/data/perf-*.txt "$top"/tests/data/perf-*.txt.gz \
		    "$corp"/inferno/data/collapse-perf/*.txt \
		    "$corp"/flamegraph/test/perf-funcab-*.txt "$corp"/flamegraph/test/perf-dd-*.txt ;;
	stap)
		seed "$top"/tests/data/stap-*.txt ;;
	callgrind)
		seed "$top"/tests/data/callgrind-*.out.gz ;;
	firefox)
		seed "$top"/tests/data/firefox-*.json "$top"/tests/data/samply-*.json \
		    "$top"/tests/data/samply-*.json.gz ;;
	dtrace)
		seed "$top"/tests/data/dtrace-*.txt "$corp"/inferno/data/collapse-dtrace/*.txt ;;
	bpftrace)
		seed "$top"/tests/data/bpftrace-*.txt ;;
	ghcprof)
		seed "$top"/tests/data/ghc-*.prof "$corp"/inferno/data/collapse-ghcprof/*.prof ;;
	flamebearer)
		seed "$top"/tests/data/pyroscope/*.json ;;
	stackprof)
		seed "$top"/tests/data/stackprof/*.json ;;
	instruments)
		seed "$top"/tests/data/instruments/*.txt ;;
	*)
		seed "$top"/tests/data/*.folded "$top"/tests/fuzz/seeds/*.folded \
		    "$corp"/inferno/data/flamegraph/*/*.txt ;;
	esac
	echo "fuzz: $name for ${per}s ($(ls "$dir" | wc -l) corpus files)"
	# ASan's default 256 MiB quarantine makes every run touch cold memory
	# (page faults, 400 MB RSS): 8 MiB still holds far more than one run
	# frees and halves the CPU per execution (see the note of issue 12).
	if ! ASAN_OPTIONS=${ASAN_OPTIONS:-max_malloc_fill_size=0:quarantine_size_mb=8} \
	    "$h" -max_total_time="$per" -max_len=262144 -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=$stats -artifact_prefix="$art/$name-" $FUZZ_ARGS "$dir" \
	    >"$top/build-fuzz/$name.log" 2>&1; then
		echo "fuzz: $name FAILED; see build-fuzz/$name.log and $art" >&2
		grep -E "ERROR|SUMMARY|Test unit written" "$top/build-fuzz/$name.log" | head -n 5 >&2
		status=1 fail=$((fail + 1))
	else
		grep -E "^#[0-9]+.*DONE" "$top/build-fuzz/$name.log" | tail -n 1
		[ "$stats" = 1 ] && grep -E "^stat::" "$top/build-fuzz/$name.log"
		pass=$((pass + 1))
	fi
done
echo "fuzz: $pass passed, $fail failed"
exit $status
