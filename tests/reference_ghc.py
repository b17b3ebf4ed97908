#!/usr/bin/env python3
"""reference_ghc.py FLAMETUI SHARED - GHC profiling reports (inferno's
collapse-ghcprof inputs in SHARED/corpora: real reports of
ghc-prof-flamegraph and a UTF-8 program, +RTS -P and -p) against two
references made without flametui:
- a parse here of each report's cost-centre tree (indentation, the last
  numeric columns), summing each stack's individual ticks, bytes or %time;
- inferno-collapse-ghcprof's own results (results/*.txt: ticks with
  --ticks, bytes with --bytes, %time x 10 by default).
flametui --export folded (ticks, --sample-type alloc) must equal both, stack
by stack (stacks whose value is 0 left out on every side).  Prints
"reference-ghc: N passed, M failed"; skips when SHARED has no corpora.
"""
import collections
import os
import subprocess
import sys
from decimal import Decimal

ft, shared = sys.argv[1], sys.argv[2]
d = os.path.join(shared, "corpora/inferno/data/collapse-ghcprof")
if not os.path.isdir(d):
    print("reference-ghc: skipped: %s not found" % d)
    sys.exit(0)
ok = bad = 0


def check(what, cond, detail=""):
    global ok, bad
    if cond:
        ok += 1
    else:
        bad += 1
        print("reference-ghc: FAIL: %s %s" % (what, detail))


def parse(path):
    """{'ticks'|'bytes'|'time'|'alloc': {stack: value}} from the tree."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = next(k for k, l in enumerate(lines)
             if l.lstrip().startswith("COST CENTRE") and " no." in l and "entries" in l)
    ticks = "ticks" in lines[i].split() and "bytes" in lines[i].split()
    out = {k: collections.Counter() for k in ("ticks", "bytes", "time", "alloc")}
    stack = []
    for l in lines[i + 1:]:
        if not l.strip():
            continue
        ind = len(l) - len(l.lstrip(" "))
        w = l.split()
        name = w[1] + "." + w[0]
        stack = stack[:ind] + [name]
        key = ";".join(stack)
        nums = w[-8:] if ticks else w[-6:]
        out["time"][key] += Decimal(nums[2])
        out["alloc"][key] += Decimal(nums[3])
        if ticks:
            out["ticks"][key] += int(nums[6])
            out["bytes"][key] += int(nums[7])
    return ticks, out


def folded(args):
    r = subprocess.run([ft, "--export", "folded"] + args, capture_output=True, text=True)
    if r.returncode != 0:
        return None
    m = {}
    for l in r.stdout.splitlines():
        s, v = l.rsplit(" ", 1)
        m[s] = Decimal(v)
    return m


def nonzero(m):
    return {k: Decimal(v) for k, v in m.items() if Decimal(v) != 0}


def inferno(name):
    p = os.path.join(d, "results", name)
    if not os.path.exists(p):
        return None
    m = {}
    for l in open(p, encoding="utf-8"):
        s, v = l.rstrip("\n").rsplit(" ", 1)
        m[s] = Decimal(v)
    return m


for f in sorted(os.listdir(d)):
    if not f.endswith(".prof"):
        continue
    path = os.path.join(d, f)
    base = f[:-5]
    ticks, ref = parse(path)
    if ticks:
        for col, arg, inf in (("ticks", [], base + "_ticks.txt"),
                              ("bytes", ["--sample-type", "alloc"], base + "_bytes.txt")):
            got = folded(arg + [path])
            check("%s %s: read" % (f, col), got is not None)
            if got is None:
                continue
            check("%s %s: each stack's value equals the tree's" % (f, col),
                  nonzero(got) == nonzero(ref[col]),
                  "%d stacks vs %d" % (len(nonzero(got)), len(nonzero(ref[col]))))
            inf_m = inferno(inf)
            if inf_m is not None:
                check("%s %s: equals inferno-collapse-ghcprof's %s" % (f, col, inf),
                      nonzero(got) == nonzero(inf_m))
    else:
        for col, arg in (("time", []), ("alloc", ["--sample-type", "alloc"])):
            got = folded(arg + [path])
            check("%s %s: read" % (f, col), got is not None)
            if got is None:
                continue
            check("%s %%%s: each stack's share equals the tree's" % (f, col),
                  nonzero(got) == nonzero(ref[col]))
        inf_m = inferno(base + ".txt")
        got = folded([path])
        if inf_m is not None and got is not None:
            check("%s: %%time x 10 equals inferno's default output" % f,
                  {k: v * 10 for k, v in nonzero(got).items()} == nonzero(inf_m))
    info = subprocess.run([ft, "--info", path], capture_output=True, text=True).stdout
    check("%s: --info names the format" % f, "format=ghc-prof" in info)
    check("%s: --info says which columns" % f,
          ("ghc_columns=ticks and bytes" if ticks else "ghc_columns=percentages only") in info)
print("reference-ghc: %d passed, %d failed" % (ok, bad))
sys.exit(1 if bad else 0)
