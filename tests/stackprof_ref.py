#!/usr/bin/env python3
"""stackprof_ref.py FLAMETUI FILE.json... - Ruby stackprof profiles (recorded
here, tests/data/stackprof) against references made without flametui:
- each stack's samples, read here from `raw` (height, frame ids root first,
  count), times the interval in object mode; without raw, each frame's own
  `samples` from the frames table as a stack of its own;
- per method self (the samples where it is the leaf) and total (the samples
  whose stack holds it, once per stack) summed here from those stacks, and
  for methods with one frame id, stackprof's own figures in the frames
  table (`samples`, `total_samples`) when the file has raw;
- the timeline: as many samples with time as raw_timestamp_deltas holds,
  lasting their sum.
flametui's folded export, --top table and --info must agree.  Prints
"stackprof-ref: N passed, M failed".
"""
import collections
import json
import subprocess
import sys

ft = sys.argv[1]
ok = bad = 0


def check(what, cond, detail=""):
    global ok, bad
    if cond:
        ok += 1
    else:
        bad += 1
        print("stackprof-ref: FAIL: %s %s" % (what, detail))


def stacks_of(d):
    """{stack tuple: value}, from raw or the frames table."""
    fr = d["frames"]
    mult = d.get("interval", 1) if d["mode"] == "object" else 1
    out = collections.Counter()
    raw = d.get("raw")
    if raw:
        i = 0
        while i < len(raw):
            h = raw[i]
            ids = raw[i + 1:i + 1 + h]
            n = raw[i + 1 + h]
            i += h + 2
            out[tuple(fr[str(x)].get("name") or "(unknown)" for x in ids)] += n * mult
    else:
        for f in fr.values():
            if f.get("samples"):
                out[(f.get("name") or "(unknown)",)] += f["samples"] * mult
    return out


def top_table(path):
    r = subprocess.run([ft, "--top", "1000", path], capture_output=True, text=True)
    m = {}
    for l in r.stdout.splitlines()[2:]:
        w = l.split(None, 4)
        m[w[4]] = (int(w[0]), int(w[2]))
    return m


for path in sys.argv[2:]:
    name = path.rsplit("/", 1)[-1]
    d = json.load(open(path))
    st = stacks_of(d)
    r = subprocess.run([ft, "--export", "folded", path], capture_output=True, text=True)
    got = collections.Counter()
    for l in r.stdout.splitlines():
        s, v = l.rsplit(" ", 1)
        got[tuple(s.split(";"))] += int(v)
    want = {k: v for k, v in st.items() if v}
    check("%s: each stack's value" % name, dict(got) == want,
          "%d stacks vs %d" % (len(got), len(want)))
    # Per method self and total, summed here.
    self_, total = collections.Counter(), collections.Counter()
    for s, v in want.items():
        self_[s[-1]] += v
        for m in set(s):
            total[m] += v
    top = top_table(path)
    mine = {m: (self_[m], total[m]) for m in total}
    check("%s: per-method self and total" % name, top == mine,
          str(sorted(set(top.items()) ^ set(mine.items()))[:6]))
    # stackprof's own per-frame figures (methods with one frame id).
    if d.get("raw"):
        ids = collections.defaultdict(list)
        for f in d["frames"].values():
            ids[f.get("name") or "(unknown)"].append(f)
        mult = d.get("interval", 1) if d["mode"] == "object" else 1
        n = 0
        for m, fs in ids.items():
            if len(fs) != 1 or m not in top:
                continue
            n += 1
            check("%s: %s equals stackprof's samples/total_samples" % (name, m),
                  top[m] == (fs[0]["samples"] * mult, fs[0]["total_samples"] * mult),
                  "%s vs %s" % (top[m], (fs[0]["samples"], fs[0]["total_samples"])))
        check("%s: methods compared with stackprof's table" % name, n >= 5, str(n))
    info = subprocess.run([ft, "--info", path], capture_output=True, text=True).stdout
    check("%s: --info names the format" % name, "\nformat=stackprof\n" in info)
    dl = d.get("raw_timestamp_deltas")
    if d.get("raw") and dl:
        secs = sum(dl) / 1e6
        want_t = "time=%d samples with time, %.3f s from 0.000 s" % (len(dl), secs)
        check("%s: the timeline" % name, want_t in info,
              [l for l in info.splitlines() if l.startswith("time=")])
print("stackprof-ref: %d passed, %d failed" % (ok, bad))
sys.exit(1 if bad else 0)
