#!/bin/sh
# record-runtime.sh - re-record the runtime-profiler test files with the
# real tools (Debian: nodejs, clang, chromium).  Not run by the tests: the
# recorded files are committed; run this by hand and review the diff.
set -e
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# node --cpu-prof: a .cpuprofile
node --cpu-prof --cpu-prof-dir="$tmp" --cpu-prof-name=work.cpuprofile node-work.js
cp "$tmp/work.cpuprofile" node-work.cpuprofile
# clang -ftime-trace: X events (one thread plus clang's "Total" threads)
clang++ -c -O1 -ftime-trace -ftime-trace-granularity=3000 clang-ftime-trace.cpp -o "$tmp/t.o"
cp "$tmp/t.json" clang-ftime-trace.json 2>/dev/null || cp "$tmp/clang-ftime-trace.json" clang-ftime-trace.json
# Chromium's trace recorder: Profile/ProfileChunk sampled events; only the
# metadata and CPU profile events are kept (the rest is 400 kB of X events).
chromium --headless=new --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$tmp/ud" \
    --trace-startup='disabled-by-default-v8.cpu_profiler,v8.execute,devtools.timeline' \
    --trace-startup-format=json --trace-startup-file="$tmp/trace.json" \
    --trace-startup-duration=4 --virtual-time-budget=3000 \
    "file://$(pwd)/chrome-page.html" >/dev/null 2>&1 || true
python3 - "$tmp/trace.json" <<'PY'
import json, sys
ev = json.load(open(sys.argv[1]))['traceEvents']
keep = [x for x in ev if x['ph'] == 'M' or x['name'] in ('Profile', 'ProfileChunk')]
line = lambda x: json.dumps(x, separators=(',', ':'))
open('chrome-profile.json', 'w').write('{"traceEvents":[\n' + ',\n'.join(map(line, keep)) + '],\n"metadata":{}}\n')
# The array form as Chrome leaves it when cut short: no closing bracket.
open('chrome-profile-truncated.json', 'w').write('[\n' + ''.join(line(x) + ',\n' for x in keep))
PY
