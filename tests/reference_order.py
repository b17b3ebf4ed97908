#!/usr/bin/env python3
"""Independent check of the sample order kept for pprof files (issue 25
part 6: the flame chart and speedscope's time order of a profile without
time).

A pprof file's samples are read here with the corpora's own decoder
(../shared/corpora/pprof_ref.py, written without flametui): for each sample
type, the samples in file order whose value in it is not zero, each as its
frames (caller first, inlined callees expanded as pprof_ref does) and its
value.  `flametui --demangle none --export speedscope FILE` must write, per
sample type, exactly that sequence; with the default options (short
demangling) the values in the same order.  Real files: Go's runtime/pprof
(tests/data) and pprof's own test data converted to proto (corpora).

usage: reference_order.py FLAMETUI SHARED
prints "reference-order: N passed, N failed"
"""
import glob
import json
import os
import subprocess
import sys
from refcheck import Checks

flametui, shared = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(shared, "corpora"))
import pprof_ref  # noqa: E402

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
checks = Checks("reference-order")


check = checks.check


def want_samples(path):
    p = pprof_ref.load(path)
    locs = pprof_ref.frames_of(p)
    cols = []
    for c in range(len(p["sample_type"])):
        seq = []
        for s in p["sample"]:
            v = s["val"][c]
            if v == 0:
                continue
            fr = []
            for lid in reversed(s["loc"]):
                fr.extend(locs[lid][0])
            seq.append((fr, v))
        cols.append(seq)
    return cols


def exported(path, *opts):
    r = subprocess.run([flametui, "--export", "speedscope", "-o", "-", *opts, path],
                       capture_output=True)
    if r.returncode != 0:
        return None, r.stderr.decode(errors="replace")
    d = json.loads(r.stdout)
    names = [f["name"] for f in d["shared"]["frames"]]
    return [[([names[i] for i in s], int(w)) for s, w in zip(p["samples"], p["weights"])]
            for p in d["profiles"]], ""


files = [os.path.join(top, "tests/data", f) for f in
         ("go-labels.cpu.pb.gz", "go-labels.heap.pb.gz", "compare-stats/go-same1.pb.gz",
          "compare-stats/go-slow.pb.gz")]
conv = os.path.join(shared, "corpora/pprof/converted_to_proto")
for f in ("profile_testdata.gobench.cpu.pb.gz", "profile_testdata.cppbench.heap.pb.gz",
          "profile_testdata.java.cpu.pb.gz", "proftest.large.cpu.pb.gz"):
    if os.path.exists(os.path.join(conv, f)):
        files.append(os.path.join(conv, f))
check("pprof files found", len(files) >= 6, "%d" % len(files))
for path in files:
    name = os.path.basename(path)
    want = want_samples(path)
    got, err = exported(path, "--demangle", "none")
    check(name + " loads", got is not None, err)
    if got is None:
        continue
    check(name + " columns", len(got) == len(want), "%d != %d" % (len(got), len(want)))
    for c, (g, w) in enumerate(zip(got, want)):
        bad = [i for i, (a, b) in enumerate(zip(g, w)) if a != b]
        check("%s column %d: %d samples in order" % (name, c, len(w)),
              len(g) == len(w) and not bad,
              "%d != %d samples; first difference at %s" % (len(g), len(w), bad[:1]))
    dflt, err = exported(path)
    check(name + " default options: values in order", dflt is not None and
          [[v for _, v in g] for g in dflt] == [[v for _, v in w] for w in want], err)

checks.done()
