#!/usr/bin/env python3
"""pprof_raw_focus.py FILE:LINE < `go tool pprof -raw PROFILE`

The folded stacks (root first, inline frames expanded, summed by stack,
sorted) of the samples that flametui's `--focus FILE:LINE` keeps, computed
from go tool pprof's own -raw reading of the profile: a sample is kept when
one of its frames is a function that has a location line at FILE:LINE
anywhere in the profile (flametui merges a function's lines into one frame,
so file:line selects functions; Go 1.19's pprof has no file:line focus to
compare with).  Values: the last sample column.  Used to check
tests/golden/pprof-focus-file-line.out:
  go tool pprof -raw tests/data/go-labels.cpu.pb.gz | python3 tests/pprof_raw_focus.py main.go:49
"""
import re, sys, collections
txt = sys.stdin.read().splitlines()
locs = {}; samples = []; mode = None; cur = None
for l in txt:
    if l.startswith('Samples:'): mode = 's'; continue
    if l.startswith('Locations'): mode = 'l'; continue
    if l.startswith('Mappings'): mode = None; continue
    if mode == 's':
        m = re.match(r'\s+(\d+)\s+(\d+): ([\d ]+)$', l)
        if m: samples.append((int(m.group(2)), [int(x) for x in m.group(3).split()]))
    elif mode == 'l':
        m = re.match(r'\s+(\d+): 0x[0-9a-f]+ M=\d+ (\S+) (\S+):(\d+) s=\d+$', l)
        if m: cur = int(m.group(1)); locs[cur] = [(m.group(2), m.group(3), int(m.group(4)))]; continue
        m = re.match(r'\s+(\S+) (\S+):(\d+) s=\d+$', l)
        if m and cur is not None: locs[cur].append((m.group(1), m.group(2), int(m.group(3))))
want = sys.argv[1]  # file:line, file base name
f, ln = want.rsplit(':', 1)
# flametui merges a function's lines into one frame: file:line matches the
# functions that have a location line there (exact per line with --lines).
funcs = {x[0] for ls in locs.values() for x in ls if x[1].endswith('/' + f) and x[2] == int(ln)}
out = collections.Counter()
for v, ids in samples:
    lines = [x for i in ids for x in locs[i]]  # leaf first, inline innermost first
    if not any(x[0] in funcs for x in lines): continue
    out[';'.join(x[0] for x in reversed(lines))] += v
for k in sorted(out): print(k, out[k])
