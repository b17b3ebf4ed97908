#!/usr/bin/env python3
"""make-extreme-pprof.py - writes one of two small hand-made pprof CPU
profiles whose values sit near the ends of int64, for the comparison's
saturation test (issue 12 item 11): their difference does not fit 64 bits.
pprof values are int64 and may be negative (delta profiles), so a real
pprof can carry them; folded input cannot (counts are never negative).

  A (extreme-a.pb.gz): main;spin -9000000000000000000, main;idle 5
  B (extreme-b.pb.gz): main;spin  9000000000000000000, main;idle 3

B - A: spin +1.8e19, main +1.8e19 - 2, the root likewise: three frames
beyond INT64_MAX (9223372036854775807); idle -2.  Deterministic (gzip
mtime 0).

usage: python3 tests/data/make-extreme-pprof.py a > tests/data/extreme-a.pb.gz
       python3 tests/data/make-extreme-pprof.py b > tests/data/extreme-b.pb.gz
"""
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbwrite import m, u, varint  # noqa: E402


side = sys.argv[1] if len(sys.argv) > 1 else ""
if side not in ("a", "b"):
    sys.exit("usage: make-extreme-pprof.py a|b")
spin = -9000000000000000000 if side == "a" else 9000000000000000000
idle = 5 if side == "a" else 3

S = ["", "cpu", "nanoseconds", "main", "spin", "idle", "main.go"]
ix = {s: i for i, s in enumerate(S)}
p = m(1, u(1, ix["cpu"]) + u(2, ix["nanoseconds"]))
# locations: 1 main, 2 spin, 3 idle (leaf first in a sample)
for locs, val in (([2, 1], spin), ([3, 1], idle)):
    p += m(2, m(1, b"".join(varint(x) for x in locs)) + m(2, varint(val)))
for lid, fn, ln in ((1, "main", 10), (2, "spin", 20), (3, "idle", 30)):
    p += m(4, u(1, lid) + u(3, 0x401000 + lid * 0x100) + m(4, u(1, lid) + u(2, ln)))
for fid, fn in ((1, "main"), (2, "spin"), (3, "idle")):
    p += m(5, u(1, fid) + u(2, ix[fn]) + u(3, ix[fn]) + u(4, ix["main.go"]))
p += m(11, u(1, ix["cpu"]) + u(2, ix["nanoseconds"]))
p += u(12, 10000000)
for s in S:
    p += m(6, s.encode())
sys.stdout.buffer.write(gzip.compress(p, mtime=0))
