#!/usr/bin/env python3
"""Independent check of the sample order kept for profiles without time
(issue 25 part 6: the flame chart and speedscope's time order).

Speedscope imports a folded file as one sample per line, in file order,
weighted by the line's count (its Time Order view lays them out one after
the other).  `flametui --export speedscope FILE` must write each column's
samples in that order with those weights: here the lines are read with
Python alone (the last space splits stack and count, frames split at ';',
lines that are not "stack count" skipped, zero counts left out), for real
folded files in tests/data.  Default options (short demangling) and
--demangle none both; names are compared with --demangle none, weights
with both.

usage: order_ref.py FLAMETUI DATA_DIR
prints "order-reference: N passed, N failed"
"""
import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from refcheck import Checks

flametui, data = sys.argv[1], sys.argv[2]
checks = Checks("order-reference")


check = checks.check


def folded_samples(path):
    out = []
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        line = line.rstrip("\n")
        m = re.match(r"^(.*\S)\s+(\d+(?:\.\d+)?)$", line)
        if not m or line.startswith("#"):
            continue
        w = Fraction(m.group(2))
        if w == 0:
            continue
        out.append((m.group(1).split(";"), w))
    return out


def exported(path, *opts):
    r = subprocess.run([flametui, "--export", "speedscope", "-o", "-", *opts, path],
                       capture_output=True)
    if r.returncode != 0:
        return None, r.stderr.decode(errors="replace")
    d = json.loads(r.stdout)
    names = [f["name"] for f in d["shared"]["frames"]]
    p = d["profiles"][d.get("activeProfileIndex", 0)]
    return [([names[i] for i in s], Fraction(str(w)))
            for s, w in zip(p["samples"], p["weights"])], ""


FILES = ["bcc-profile-adf.folded", "recursive.folded", "small.folded", "small-after.folded",
         "cxx-overloads.folded", "fractional.folded"]
for f in FILES:
    path = os.path.join(data, f)
    want = folded_samples(path)
    got, err = exported(path, "--demangle", "none")
    check(f + " loads", got is not None, err)
    if got is None:
        continue
    check(f + " samples", len(got) == len(want), "%d != %d" % (len(got), len(want)))
    bad = [i for i, (a, b) in enumerate(zip(got, want)) if a != b]
    check(f + " order, stacks and weights", not bad,
          "first difference at sample %d: %r != %r" % (bad[0], got[bad[0]], want[bad[0]])
          if bad else "")
    dflt, err = exported(path)
    check(f + " default options: weights in order", dflt is not None and
          [w for _, w in dflt] == [w for _, w in want], err)
    # The order is what the flame chart draws: its header counts them.
    r = subprocess.run([flametui, "--dump", "--view", "chart", "--size", "120x12", path],
                       capture_output=True, text=True, errors="replace")
    check(f + " chart header", r.returncode == 0 and
          ("| %d samples in file order" % len(want)) in r.stdout.splitlines()[0],
          r.stdout.splitlines()[0] if r.stdout else r.stderr)

checks.done()
