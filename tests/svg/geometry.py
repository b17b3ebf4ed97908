#!/usr/bin/env python3
"""geometry.py - check the rectangles of a flametui SVG against the call
tree computed here, independently of flametui, from folded stacks.

    geometry.py FILE.svg TRUTH.folded [ZOOM_PATH] [--strip-inline] [--flip]

TRUTH.folded: the same profile as folded stacks ("a;b;c COUNT"), summed
here into totals per call path.  ZOOM_PATH: the path the SVG was zoomed to
("a;b"), default none.  --strip-inline drops a "_[i]" suffix from SVG names
(pprof inline frames are marked in flametui, unmarked in folded exports).
Checks, each frame: its path (rebuilt from geometry: the frame one row
nearer the root whose span contains it) exists in the tree and its data-v
is that path's total; its width is total * inner / zoom total; it lies
inside its parent; siblings do not overlap; rows follow depth in the
orientation asked.  And the other way: every path of the zoomed subtree
at least 0.1 px wide is drawn.  Prints "geometry: ok" or the failures.
"""
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

args = [a for a in sys.argv[1:] if not a.startswith("--")]
strip_inline = "--strip-inline" in sys.argv
flip = "--flip" in sys.argv
svg, truth = args[0], args[1]
zoom = tuple(args[2].split(";")) if len(args) > 2 and args[2] else ()
INNER, PAD, EPS, MIN_PX = 1180.0, 10.0, 0.003, 0.1
fails = []

total = defaultdict(float)
with open(truth, "rb") as f:
    for raw in f:
        line = raw.decode("utf-8", "surrogateescape").rstrip("\r\n")
        if not line.strip() or line.startswith("#"):
            continue
        stack, _, count = line.rpartition(" ")
        stack = stack.rstrip()
        v = float(count)
        frames = tuple(stack.split(";"))
        total[()] += v
        for i in range(1, len(frames) + 1):
            total[frames[:i]] += v

NS = "{http://www.w3.org/2000/svg}"
rows = []
for g in ET.parse(svg).getroot().iter(NS + "g"):
    if "f" not in g.get("class", "").split():
        continue
    r = g.find(NS + "rect")
    name = g.find(NS + "title").text.split("\n")[0]
    if strip_inline and name.endswith("_[i]"):
        name = name[:-4]
    rows.append({"name": name, "x": float(r.get("x")), "w": float(r.get("width")),
                 "y": float(r.get("y")), "d": int(g.get("data-d")), "v": float(g.get("data-v")),
                 "z0": g.get("id") == "z0"})

# Rows: y grows with depth (root on top), or shrinks (--flip).
ys = sorted({(f["d"], f["y"]) for f in rows})
for (d1, y1), (d2, y2) in zip(ys, ys[1:]):
    if d1 == d2 or (y2 > y1) == flip:
        fails.append("row of depth %d at y=%g, depth %d at y=%g" % (d1, y1, d2, y2))

z0 = [f for f in rows if f["z0"]]
if len(z0) != 1:
    fails.append("%d zoom frames" % len(z0))
zd = z0[0]["d"] if z0 else 0
zv = total[zoom]
bydepth = defaultdict(list)
for f in rows:
    bydepth[f["d"]].append(f)
for d in sorted(bydepth):
    row = sorted(bydepth[d], key=lambda f: f["x"])
    for a, b in zip(row, row[1:]):
        if a["x"] + a["w"] > b["x"] + EPS:
            fails.append("overlap at depth %d: %s and %s" % (d, a["name"], b["name"]))
    for f in row:
        if d == 0:
            f["path"] = ()
            continue
        parents = [p for p in bydepth[d - 1]
                   if p["x"] - EPS <= f["x"] and f["x"] + f["w"] <= p["x"] + p["w"] + EPS]
        if len(parents) != 1:
            fails.append("%s at depth %d: %d parents contain it" % (f["name"], d, len(parents)))
            f["path"] = None
            continue
        pp = parents[0].get("path")
        f["path"] = None if pp is None else pp + (f["name"],)
        if f["path"] is None:
            continue
        if f["path"] not in total:
            fails.append("frame %r is not in the tree" % ";".join(f["path"]))
            continue
        t = total[f["path"]]
        if abs(f["v"] - t) > 1e-6 * max(1, t):
            fails.append("%r: data-v %g, tree total %g" % (";".join(f["path"]), f["v"], t))
        want = INNER if d <= zd else t * INNER / zv
        if abs(f["w"] - want) > EPS:
            fails.append("%r: width %.4f, want %.4f" % (";".join(f["path"]), f["w"], want))
if z0 and z0[0].get("path") is not None and z0[0]["path"] != zoom:
    fails.append("zoom frame is %r, not %r" % (z0[0]["path"], zoom))

drawn = {f["path"] for f in rows if f.get("path") is not None}
missing = [p for p, t in total.items() if p[:len(zoom)] == zoom and len(p) > len(zoom)
           and t * INNER / zv >= MIN_PX + EPS and p not in drawn]
# A path is only drawable when its parent is.
missing = [p for p in missing if p[:-1] in drawn or p[:-1] == zoom]
for p in missing[:10]:
    fails.append("path %r (%.3f px) not drawn" % (";".join(p), total[p] * INNER / zv))

for m in fails[:20]:
    print("  FAIL geometry %s: %s" % (svg, m))
print("geometry: %s (%d frames)" % ("ok" if not fails else "%d failures" % len(fails), len(rows)))
sys.exit(1 if fails else 0)
