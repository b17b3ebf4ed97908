#!/bin/sh
# --watch on a URL whose re-fetch stalls (issue 24 item 19): q restored the
# screen but the process waited for the fetch's timeout (27 s in the
# report; here --seconds 1 makes it 31 s).  Now q quits at once: the
# re-fetch is told to stop and nothing waits for it.  The server is a tiny
# python3 http.server on 127.0.0.1 that answers the first GET with a real
# profile and never answers the next ones.
. "$(dirname "$0")/lib.sh"

SRV_PIDS=""
trap 'for p in $SRV_PIDS; do kill "$p" 2>/dev/null; done; ft_cleanup' EXIT

cp "$FT_DATA/small.folded" "$FT_TMP/p.folded"
cat >"$FT_TMP/stall.py" <<'PY'
import http.server, sys, time
body = open(sys.argv[1], "rb").read()
count = 0
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        global count
        count += 1
        if count > 1:
            print("stalling on GET", count, flush=True)
            time.sleep(600)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
s.daemon_threads = True
print("port", s.server_address[1], flush=True)
s.serve_forever()
PY
python3 -u "$FT_TMP/stall.py" "$FT_TMP/p.folded" >"$FT_TMP/srv.out" 2>&1 &
SRV_PIDS="$SRV_PIDS $!"
ft_poll 10 grep -q '^port [0-9]' "$FT_TMP/srv.out"
PORT=$(sed -n 's/^port \([0-9]*\)$/\1/p' "$FT_TMP/srv.out")
ft_check "stalling server started on 127.0.0.1" [ -n "$PORT" ]
U=http://127.0.0.1:$PORT/p.folded

ft_start 120 10 -- --watch --seconds 1 "$U"
ft_check "first fetch: the profile" ft_wait_for 'p.folded\?seconds=1 \| samples \| total 97' 10
ft_check "the re-fetch a second later stalls" ft_poll 10 grep -q '^stalling on GET 2' "$FT_TMP/srv.out"
ft_keys q
ft_check "q quits at once while the re-fetch stalls (within 3 s, not its 31 s timeout)" \
	ft_wait_for '^flametui exited 0' 3
ft_check "no flametui left" ft_none_left
ft_done
