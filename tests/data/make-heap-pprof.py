#!/usr/bin/env python3
"""make-heap-pprof.py - writes heap.pb.gz, a small hand-made pprof heap
profile for the tests: three sample types (alloc_objects/count,
alloc_space/bytes, inuse_space/bytes; default inuse_space), an inline
chain (parse inlined into load), an unsymbolized address in libc.so.6,
string and numeric labels.  Deterministic (gzip mtime 0).

usage: python3 tests/data/make-heap-pprof.py > tests/data/heap.pb.gz
"""
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbwrite import m, u, varint  # noqa: E402


S = ["", "alloc_objects", "count", "alloc_space", "bytes", "inuse_space",
     "main", "load", "parse", "serve", "cache_put", "main.go", "/lib/x86_64-linux-gnu/libc.so.6",
     "space", "thread", "worker-1", "object_size"]
ix = {s: i for i, s in enumerate(S)}

p = b""
for t, un in (("alloc_objects", "count"), ("alloc_space", "bytes"), ("inuse_space", "bytes")):
    p += m(1, u(1, ix[t]) + u(2, ix[un]))
# locations: 1 main, 2 [parse inlined into load], 3 serve, 4 cache_put, 5 libc address
samples = [
    ([2, 1], (10, 10240, 4096)),
    ([5, 4, 3, 1], (50, 2097152, 1048576)),
    ([4, 3, 1], (5, 5120, 0)),
    ([3, 1], (1, 512, 512)),
]
for locs, vals in samples:
    body = m(1, b"".join(varint(x) for x in locs))
    body += m(2, b"".join(varint(x) for x in vals))
    body += m(3, u(1, ix["thread"]) + u(2, ix["worker-1"]))
    body += m(3, u(1, ix["object_size"]) + u(3, 1024) + u(4, ix["bytes"]))
    p += m(2, body)
p += m(3, u(1, 1) + u(2, 0x7f0000000000) + u(3, 0x7f0000200000) + u(5, ix["/lib/x86_64-linux-gnu/libc.so.6"]))
funcs = {"main": 1, "load": 2, "parse": 3, "serve": 4, "cache_put": 5}


def line(fn, ln):
    return m(4, u(1, funcs[fn]) + u(2, ln))


p += m(4, u(1, 1) + u(3, 0x401000) + line("main", 10))
p += m(4, u(1, 2) + u(3, 0x402000) + line("parse", 30) + line("load", 20))
p += m(4, u(1, 3) + u(3, 0x403000) + line("serve", 40))
p += m(4, u(1, 4) + u(3, 0x404000) + line("cache_put", 50))
p += m(4, u(1, 5) + u(2, 1) + u(3, 0x7f0000012345))
for name, fid in funcs.items():
    p += m(5, u(1, fid) + u(2, ix[name]) + u(3, ix[name]) + u(4, ix["main.go"]))
p += m(11, u(1, ix["space"]) + u(2, ix["bytes"]))
p += u(12, 524288)
p += u(14, ix["inuse_space"])
for s in S:
    p += m(6, s.encode())
sys.stdout.buffer.write(gzip.compress(p, mtime=0))
