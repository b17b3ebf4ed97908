#!/usr/bin/env python3
"""make-firefox-newer.py IN.json[.gz] VERSION > OUT.json - a processed
profile (version 49, samply's) re-shaped as the Firefox Profiler's
upgraders would make it at VERSION (56, 60, 66 or 70), following
docs-developer/CHANGELOG-formats.md of firefox-devtools/profiler:
- 50: samples.time as samples.timeDeltas;
- 56: the threads' stringArray merged into shared.stringArray (indices
  remapped);
- 60: stackTable, frameTable, funcTable, resourceTable, nativeSymbols moved
  into `shared` (one table for all threads, indices remapped);
- 66: stackTable.prefix replaced by prefixOffset (0 a root, k: stack i - k);
- 70: resourceTable.lib moved to frameTable.lib (-1 for none).
The stacks, names, weights and times stay the same: the reference
(tests/firefox_ref.py) reads every shape itself."""
import gzip
import json
import sys

src, ver = sys.argv[1], int(sys.argv[2])
op = gzip.open if src.endswith(".gz") else open
with op(src, "rt", encoding="utf-8") as f:
    p = json.load(f)
assert p["meta"]["preprocessedProfileVersion"] == 49
for t in p["threads"]:
    s = t["samples"]
    tm = s.pop("time")
    s["timeDeltas"] = [tm[0]] + [b - a for a, b in zip(tm, tm[1:])]
if ver >= 56:
    strings, idx = [], {}

    def sid(x):
        if x not in idx:
            idx[x] = len(strings)
            strings.append(x)
        return idx[x]

    for t in p["threads"]:
        arr = t.pop("stringArray")
        for tab, cols in (("funcTable", ("name", "fileName")), ("resourceTable", ("name", "host"))):
            for c in cols:
                if c in t[tab]:
                    t[tab][c] = [None if v is None else sid(arr[v]) for v in t[tab][c]]
        t.pop("markers", None)
    p.setdefault("shared", {})["stringArray"] = strings
if ver >= 60:
    sh = p["shared"]
    names = ("stackTable", "frameTable", "funcTable", "resourceTable", "nativeSymbols")
    for n in names:
        sh[n] = None
    for t in p["threads"]:
        off = {}
        for n in names:
            tab = t.pop(n)
            if sh[n] is None:
                sh[n] = {k: ([] if isinstance(v, list) else v) for k, v in tab.items()}
                sh[n]["length"] = 0
            off[n] = sh[n]["length"]
            for k, v in tab.items():
                if isinstance(v, list):
                    sh[n][k].extend(v)
            sh[n]["length"] += tab["length"]

        def shift(tab, col, by, lo, hi):
            c = sh[tab][col]
            for i in range(lo, hi):
                if c[i] is not None and c[i] >= 0:
                    c[i] += by
        L = {n: sh[n]["length"] for n in names}
        shift("stackTable", "prefix", off["stackTable"], off["stackTable"], L["stackTable"])
        shift("stackTable", "frame", off["frameTable"], off["stackTable"], L["stackTable"])
        shift("frameTable", "func", off["funcTable"], off["frameTable"], L["frameTable"])
        shift("frameTable", "nativeSymbol", off["nativeSymbols"], off["frameTable"], L["frameTable"])
        shift("funcTable", "resource", off["resourceTable"], off["funcTable"], L["funcTable"])
        t["samples"]["stack"] = [None if s is None else s + off["stackTable"]
                                 for s in t["samples"]["stack"]]
if ver >= 66:
    st = p["shared"]["stackTable"]
    st["prefixOffset"] = [0 if q is None else i - q for i, q in enumerate(st.pop("prefix"))]
if ver >= 70:
    sh = p["shared"]
    res_lib = sh["resourceTable"].pop("lib")
    fr, fu = sh["frameTable"], sh["funcTable"]
    fr["lib"] = []
    for f in fr["func"]:
        r = fu["resource"][f]
        lib = res_lib[r] if r is not None and r >= 0 else None
        fr["lib"].append(-1 if lib is None else lib)
p["meta"]["preprocessedProfileVersion"] = ver
json.dump(p, sys.stdout, separators=(",", ":"))
