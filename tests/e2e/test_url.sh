#!/bin/sh
# Profiles from a URL, against real servers this test starts on 127.0.0.1
# (never any other address): a Go program exposing net/http/pprof
# (tests/url/pprof-server.go) when Go is installed, and always python3's
# http.server serving recorded profiles, whose URL loads must equal the
# files'.  Checks every usual endpoint, --seconds, the progress line in a
# real terminal, the viewer on a URL, --export on a URL, and the errors:
# HTTP failures, timeouts, web pages, pprof's debug=1 text, refused
# connections, a broken libcurl (opened only for URLs, never linked).
. "$(dirname "$0")/lib.sh"

SRV_PIDS=""
trap 'for p in $SRV_PIDS; do kill "$p" 2>/dev/null; done; ft_cleanup' EXIT

# --- python3 -m http.server with recorded profiles --------------------------
mkdir -p "$FT_TMP/www"
cp "$FT_DATA/heap.pb.gz" "$FT_DATA/small.folded" "$FT_DATA/firefox-gecko-2.json" \
	"$FT_DATA/samply-unsymbolicated-v70.json" "$FT_DATA/stackprof/stackprof-wall.json" \
	"$FT_DATA/instruments/instruments-16.0-simple-time-profile-deep-copy.txt" \
	"$FT_DATA/pyroscope/simple-golang-app-cpu-diff.json" "$FT_DATA/ghc-report-handmade.prof" \
	"$FT_TMP/www/"
gzip -c "$FT_DATA/samply-unsymbolicated-v70.json" >"$FT_TMP/www/samply-v70.json.gz"
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$FT_TMP/www" \
	>"$FT_TMP/py.out" 2>&1 &
SRV_PIDS="$SRV_PIDS $!"
ft_poll 10 grep -q 'port [0-9]' "$FT_TMP/py.out"
PY=$(sed -n 's/.*127\.0\.0\.1 port \([0-9]*\).*/\1/p' "$FT_TMP/py.out" | head -1)
ft_check "python http.server started on 127.0.0.1" [ -n "$PY" ]
U=http://127.0.0.1:$PY
for f in heap.pb.gz small.folded firefox-gecko-2.json samply-unsymbolicated-v70.json \
	samply-v70.json.gz stackprof-wall.json instruments-16.0-simple-time-profile-deep-copy.txt \
	simple-golang-app-cpu-diff.json ghc-report-handmade.prof; do
	"$FLAMETUI" --export folded "$FT_TMP/www/$f" >"$FT_TMP/file.out"
	"$FLAMETUI" --export folded "$U/$f" >"$FT_TMP/url.out" 2>"$FT_TMP/url.err"
	ft_check "$f over HTTP equals the file" cmp -s "$FT_TMP/file.out" "$FT_TMP/url.out"
done

# libcurl is opened when a URL is fetched, not linked: a local file does not
# map it, and a broken libcurl is an error message, not a loader failure.
if command -v readelf >/dev/null 2>&1; then
	readelf -d "$FLAMETUI" >"$FT_TMP/dynamic"
	ft_check "readelf -d shows the binary's NEEDED libraries" grep -q 'NEEDED.*libc\.so' "$FT_TMP/dynamic"
	ft_check "libcurl is not linked (no NEEDED libcurl)" sh -c "! grep -q 'NEEDED.*libcurl' '$FT_TMP/dynamic'"
else
	echo "test_url: NEEDED libraries check skipped: readelf not found (apt-get install binutils)"
fi
mkdir "$FT_TMP/badlib"
: >"$FT_TMP/badlib/libcurl.so.4"
LD_LIBRARY_PATH="$FT_TMP/badlib" "$FLAMETUI" --info "$U/small.folded" >/dev/null 2>"$FT_TMP/err"
ft_check "a broken libcurl.so.4: status 1, \"cannot load libcurl\" and why" \
	sh -c "[ $? = 1 ] && grep -q '^flametui: $U/small.folded: cannot load libcurl ($FT_TMP/badlib/libcurl.so.4: ' '$FT_TMP/err'"
if command -v cc >/dev/null 2>&1; then
	mkdir "$FT_TMP/partlib"
	printf 'int curl_global_init(long f) { return (int)f * 0; }\n' |
		cc -shared -fPIC -x c -o "$FT_TMP/partlib/libcurl.so.4" -
	LD_LIBRARY_PATH="$FT_TMP/partlib" "$FLAMETUI" --info "$U/small.folded" >/dev/null 2>"$FT_TMP/err"
	ft_check "a libcurl.so.4 without curl_easy_init: status 1, the missing function named" \
		sh -c "[ $? = 1 ] && grep -q 'cannot load libcurl (.*curl_easy_init)' '$FT_TMP/err'"
else
	echo "test_url: libcurl without its functions check skipped: cc not found (apt-get install build-essential)"
fi

"$FLAMETUI" --export svg -o "$FT_TMP/u.svg" "$U/small.folded"
ft_check "--export svg of a URL: the URL in the title" grep -q "id=\"title\" x=\"[0-9.]*\" y=\"22\">$U/small.folded  |" "$FT_TMP/u.svg"
"$FLAMETUI" --info "$U/missing.pb.gz" 2>"$FT_TMP/err"
ft_check "404: HTTP status in the message" grep -q "^flametui: $U/missing.pb.gz: HTTP 404" "$FT_TMP/err"
"$FLAMETUI" --info "$U/" 2>"$FT_TMP/err"
ft_check "bare host: pprof's default path /debug/pprof/profile" \
	grep -q "^flametui: $U/debug/pprof/profile: HTTP 404" "$FT_TMP/err"

# A port nobody listens on: take one, close it.
CLOSED=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
"$FLAMETUI" --info "http://127.0.0.1:$CLOSED/debug/pprof/heap" 2>"$FT_TMP/err"
ft_check "refused connection: clear message, status 1" \
	sh -c "[ $? = 1 ] && grep -qi 'connect' '$FT_TMP/err'"
"$FLAMETUI" --info "https://127.0.0.1:$PY/heap.pb.gz" 2>"$FT_TMP/err"
ft_check "https to a plain HTTP server: TLS error" grep -q "TLS failed" "$FT_TMP/err"

# The viewer on a URL.
ft_start 100 20 -- "$U/heap.pb.gz"
ft_check "viewer: header names the URL from the host on" ft_wait_for "^127.0.0.1:$PY/heap.pb.gz \\| inuse_space"
ft_keys q
ft_check "viewer: q quits" ft_wait_for '^flametui exited 0'

# --watch on a URL: fetched again every --seconds N.
cp "$FT_DATA/small.folded" "$FT_TMP/www/live.folded"
ft_start 120 10 -- --watch --seconds 1 "$U/live.folded"
ft_check "--watch URL: opens" ft_wait_for 'live.folded\?seconds=1 \| samples \| total 97'
printf 'main;run;fetched 50\n' >>"$FT_TMP/www/live.folded"
ft_check "--watch URL: fetched again, the new total" \
	ft_wait_for 'total 147 .*reloaded [0-9:]{8}, \+50 samples' 10
rm "$FT_TMP/www/live.folded"
ft_check "--watch URL: a failed re-fetch says so (not 'waiting for a complete file')" \
	ft_wait_for 'total 147 .*fetching again failed \(HTTP 404' 10
ft_keys q
ft_check "--watch URL: q quits" ft_wait_for '^flametui exited 0'

# --- Go's net/http/pprof ------------------------------------------------------
if ! command -v go >/dev/null 2>&1; then
	echo "e2e: test_url net/http/pprof checks skipped: go not installed (python3 http.server was used)"
	ft_done
fi
if ! (cd "$FT_TMP" && GOFLAGS=-mod=mod go build -o pps "$FT_ROOT/tests/url/pprof-server.go") >"$FT_TMP/go.out" 2>&1; then
	cat "$FT_TMP/go.out"
	ft_check "go build of tests/url/pprof-server.go" false
	ft_done
fi
mkfifo "$FT_TMP/srv.in"
"$FT_TMP/pps" <"$FT_TMP/srv.in" >"$FT_TMP/go.addr" 2>&1 &
SRV_PIDS="$SRV_PIDS $!"
exec 9>"$FT_TMP/srv.in" # the server exits when this test does
ft_poll 10 grep -q '^listening' "$FT_TMP/go.addr"
G=http://$(sed -n 's/^listening \(127\.0\.0\.1:[0-9]*\)$/\1/p' "$FT_TMP/go.addr")
ft_check "Go pprof server started on 127.0.0.1" [ "$G" != "http://" ]
P=$G/debug/pprof

types() { "$FLAMETUI" --info "$1" 2>&1 | sed -n 's/^type[0-9]*=\([^/]*\).*/\1/p' | tr '\n' ' '; }
for e in heap:inuse_objects allocs:alloc_space block:contentions mutex:contentions goroutine:goroutine; do
	ep=${e%%:*} want=${e#*:}
	t=$(types "$P/$ep")
	ft_check "$ep endpoint loads (sample types: $t)" sh -c "echo '$t' | grep -q '$want'"
done
"$FLAMETUI" --info "$P/heap" >"$FT_TMP/info"
ft_check "heap: four sample types, default inuse_space" \
	sh -c "grep -q '^sample_type=inuse_space' '$FT_TMP/info' && grep -q '^type3=inuse_space/bytes' '$FT_TMP/info'"
"$FLAMETUI" --seconds 1 --top 5 "$P/profile?seconds=30" >"$FT_TMP/top" 2>&1
ft_check "--seconds 1 overrides seconds=30; CPU profile shows the busy function" \
	grep -q 'main.spinLeaf' "$FT_TMP/top"
"$FLAMETUI" --export folded -o "$FT_TMP/cpu.folded" "$P/profile?seconds=1"
ft_check "--export folded of a CPU profile URL" grep -q 'main.spinMiddle;main.spinLeaf ' "$FT_TMP/cpu.folded"

"$FLAMETUI" --info "$G/fail" 2>"$FT_TMP/err"
ft_check "HTTP 500: the server's message shown" \
	grep -q "$G/fail: HTTP 500: Could not enable CPU profiling: cpu profiling already in use" "$FT_TMP/err"
"$FLAMETUI" --info "$G/html" 2>"$FT_TMP/err"
ft_check "a web page is refused" grep -q "$G/html: the server sent a web page (text/html" "$FT_TMP/err"
"$FLAMETUI" --timeout 1 --info "$G/hang" 2>"$FT_TMP/err"
ft_check "--timeout: a server that never answers times out" grep -q "$G/hang: timed out after 1 s" "$FT_TMP/err"
"$FLAMETUI" --info "$P/heap?debug=1" 2>"$FT_TMP/err"
ft_check "debug=1 text is refused with a hint" grep -q "pprof's text format (debug=1)" "$FT_TMP/err"
"$FLAMETUI" --top 3 "$G/folded" >"$FT_TMP/top"
ft_check "folded text over HTTP" grep -q '70.0%.*leaf' "$FT_TMP/top"

# Progress while the server profiles, then the viewer.
ft_start 120 20 -- --seconds 3 "$P/profile"
ft_check "progress line while waiting: fetching ... N of 3 s" \
	ft_wait_for "fetching $P/profile\\?seconds=3 \\.\\.\\. [12] of 3 s" 6
ft_check "then the viewer opens on the CPU profile" ft_wait_for "^${P#http://}/profile\\?seconds=3 \\| cpu \\(nanoseconds\\)" 15
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
