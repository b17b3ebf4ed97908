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
# The same recording as DevTools and Perfetto lay a trace out: "metadata"
# (Chrome's own, indented as DevTools' trace writer indents it, over 64 KiB)
# before "traceEvents"; the metadata events and the Profile event and first
# ~30 kB of ProfileChunk events of the smallest CPU profile are kept.
python3 - "$tmp/trace.json" <<'PY'
import json, sys
from collections import Counter
d = json.load(open(sys.argv[1]))
ev = d['traceEvents']
size = Counter()
for x in ev:
    if x.get('name') == 'ProfileChunk':
        size[x['pid']] += len(json.dumps(x))
pid = min(size, key=size.get)
keep, n = [], 0
for x in ev:
    if x['ph'] == 'M' or (x.get('name') == 'Profile' and x['pid'] == pid):
        keep.append(x)
    elif x.get('name') == 'ProfileChunk' and x['pid'] == pid and n < 30000:
        n += len(json.dumps(x))
        keep.append(x)
line = lambda x: json.dumps(x, separators=(',', ':'))
open('chrome-metadata-first.json', 'w').write('{"metadata": ' +
    json.dumps(d['metadata'], indent=2) + ',\n"traceEvents": [\n' +
    ',\n'.join(map(line, keep)) + ']}\n')
PY
