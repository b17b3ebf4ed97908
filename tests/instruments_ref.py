#!/usr/bin/env python3
"""instruments_ref.py FLAMETUI FILE... - deep copies of Instruments' call
tree (speedscope's sample files, tests/data/instruments) against a parse
made here without flametui: each row's depth from its symbol's leading
blanks (less the first row's), its weight from the weight column (units
to ns, cycles or bytes: Decimal, bytes rounded half up), its self the
weight less its children's (never below zero), summed per stack of
symbols.  flametui's folded export must equal it stack by stack, its
--info total the first row's weight, and the file read from standard
input and gzip must give the same; the total is the first row's weight
within its rounding.  Prints "instruments-ref: N passed,
M failed".
"""
import collections
import gzip
import subprocess
import sys
from decimal import Decimal, ROUND_HALF_UP

ft = sys.argv[1]
ok = bad = 0
UNITS = {"ns": 1, "\u00b5s": 1000, "\u03bcs": 1000, "us": 1000, "ms": 10**6,
         "s": 10**9, "min": 60 * 10**9, "h": 3600 * 10**9,
         "cycles": 1, "c": 1, "Kc": 10**3, "Mc": 10**6, "Gc": 10**9, "Tc": 10**12,
         "Bytes": 1, "bytes": 1, "B": 1, "KB": 1024, "MB": 1024**2,
         "GB": 1024**3, "TB": 1024**4}


def check(what, cond, detail=""):
    global ok, bad
    if cond:
        ok += 1
    else:
        bad += 1
        print("instruments-ref: FAIL: %s %s" % (what, detail))


def value(cell):
    w = cell.split()
    num = Decimal(w[0].rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\u00b5\u03bc"))
    unit = w[0][len(w[0].rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\u00b5\u03bc")):]
    if not unit and len(w) > 1 and not w[1].endswith("%"):
        unit = w[1]
    return int((num * UNITS.get(unit, 1)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def parse(path):
    lines = [l.rstrip("\r\n") for l in open(path, encoding="utf-8")]
    head = lines[0].split("\t")
    wcol = next(i for i, h in enumerate(head) if h in ("Weight", "Running Time", "Bytes Used"))
    scol = next(i for i, h in enumerate(head) if h in ("Symbol Name", "Symbol Names"))
    rows = []
    for l in lines[1:]:
        if not l.strip():
            continue
        f = l.split("\t")
        sym = f[scol].rstrip()
        rows.append([len(sym) - len(sym.lstrip(" ")), sym.strip(), value(f[wcol])])
    base = rows[0][0]
    out = collections.Counter()
    path_ = []  # [name, weight, children's weight]
    def close(d):
        while len(path_) > d:
            name, w, kids = path_[-1]
            key = tuple(p[0] for p in path_)
            out[key] += max(w - kids, 0)
            path_.pop()
            if path_:
                path_[-1][2] += w
    for ind, name, w in rows:
        close(ind - base)
        path_.append([name, w, 0])
    close(0)
    return {k: v for k, v in out.items() if v}, rows[0][2]


def folded(args, stdin=None):
    r = subprocess.run([ft, "--export", "folded"] + args, capture_output=True, input=stdin)
    m = collections.Counter()
    for l in r.stdout.decode().splitlines():
        s, v = l.rsplit(" ", 1)
        m[tuple(s.split(";"))] += int(v)
    return dict(m)


for path in sys.argv[2:]:
    name = path.rsplit("/", 1)[-1]
    want, first = parse(path)
    got = folded([path])
    check("%s: each stack's value" % name, got == want,
          "%d stacks vs %d: %s" % (len(got), len(want),
                                   sorted(set(got.items()) ^ set(want.items()))[:4]))
    info = subprocess.run([ft, "--info", path], capture_output=True, text=True).stdout
    check("%s: --info names the format" % name, "\nformat=instruments\n" in info)
    # The first row's weight is the whole; where rounded children outweigh
    # their parent the excess adds to it, within display rounding (0.1%).
    tot = [int(l[7:]) for l in info.splitlines() if l.startswith("total0=")]
    check("%s: the total is the first row's weight (within 0.1%%)" % name,
          tot and tot[0] == sum(want.values()) and abs(tot[0] - first) <= first / 1000,
          "%s vs %d" % (tot, first))
    data = open(path, "rb").read()
    check("%s: from standard input" % name, folded(["-"], data) == want)
    check("%s: gzip'd" % name, folded(["-"], gzip.compress(data)) == want)
print("instruments-ref: %d passed, %d failed" % (ok, bad))
sys.exit(1 if bad else 0)
