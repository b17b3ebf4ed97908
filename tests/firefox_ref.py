#!/usr/bin/env python3
"""firefox_ref.py FLAMETUI DATA - Firefox Profiler files (processed and
gecko, tests/data/firefox-*.json and samply-*.json.gz) against a reading
of their JSON here, written from the format's documentation
(firefox-devtools/profiler docs-developer/CHANGELOG-formats.md and the
profiler's own upgraders), without flametui:
- processed: each sample's stack walked through stackTable.prefix (or
  prefixOffset), frameTable.func, funcTable.name and the string array (the
  thread's, or shared's), weights from samples.weight (1 when absent);
- gecko: rows read through each table's schema, subprocesses in
  `processes` (or given as JSON text) recursively;
- an unsymbolicated frame (a name 0x... with an address in a library) is
  LIB+0xADDRESS (gecko: the address minus the lib's start).
Checks: flametui --export folded equals the stacks summed here, stack by
stack; --top's self and total per function equal the ones computed here
(total counting a function once per stack); --info's total and the number
of samples with a time.  Prints "firefox-ref: N passed, M failed".
"""
import collections
import glob
import gzip
import json
import os
import re
import subprocess
import sys

ft, data = sys.argv[1], sys.argv[2]
ok = bad = 0


def check(what, cond, detail=""):
    global ok, bad
    if cond:
        ok += 1
    else:
        bad += 1
        print("firefox-ref: FAIL: %s %s" % (what, detail))


HEX = re.compile(r"^0x[0-9a-fA-F]+$")


def libname(lib):
    n = lib.get("name") or lib.get("debugName") or "?"
    return n.rsplit("/", 1)[-1]


SIDECAR = {}
TIMES = []  # processed profiles: (ns from meta.startTime, weight) per sample


def sidecar_for(path):
    """samply's PATH-with-its-extension-replaced.syms.json: {(debug id or
    code id): {rva: name}} from its known addresses."""
    base, slash, leaf = path.rpartition("/")
    stem = leaf.rsplit(".", 1)[0] if "." in leaf[1:] else leaf
    side = base + slash + stem + ".syms.json"
    SIDECAR.clear()
    if not os.path.exists(side):
        return
    d = json.load(open(side))
    for lib in d["data"]:
        m = {a: d["string_table"][lib["symbol_table"][i]["symbol"]]
             for a, i in lib["known_addresses"]}
        SIDECAR[lib["debug_id"].upper()] = m
        if lib.get("code_id"):
            SIDECAR[lib["code_id"].upper()] = m


def unsymbolicated(lib, addr):
    for k in (lib.get("breakpadId"), lib.get("codeId")):
        if k and k.upper() in SIDECAR and addr in SIDECAR[k.upper()]:
            return SIDECAR[k.upper()][addr]
    return "%s+0x%x" % (libname(lib), addr)


def processed_thread(prof, t, libs, out):
    sh = prof.get("shared", {})
    st = t.get("stackTable") or sh["stackTable"]
    fr = t.get("frameTable") or sh["frameTable"]
    fu = t.get("funcTable") or sh["funcTable"]
    rs = t.get("resourceTable") or sh.get("resourceTable", {})
    strings = t.get("stringArray") or t.get("stringTable") or sh.get("stringArray")
    tlibs = t.get("libs", libs)

    def fname(f):
        fn = fr["func"][f]
        nm = strings[fu["name"][fn]]
        addr = fr.get("address", [None] * (f + 1))[f]
        lib = None
        if "lib" in fr:
            lib = fr["lib"][f]
        else:
            r = fu["resource"][fn]
            if r is not None and r >= 0 and r < len(rs.get("lib", [])):
                lib = rs["lib"][r]
        if HEX.match(nm) and addr is not None and addr >= 0 and lib is not None \
                and 0 <= lib < len(tlibs):
            return unsymbolicated(tlibs[lib], addr)
        return nm

    def parent(s):
        if "prefixOffset" in st:
            k = st["prefixOffset"][s]
            return None if k == 0 else s - k
        return st["prefix"][s]

    sm = t["samples"]
    weights = sm.get("weight") or [1] * len(sm["stack"])
    timed = 0
    times = sm.get("time") or []
    if "timeDeltas" in sm:
        acc, times = 0.0, []
        for d in sm["timeDeltas"]:
            acc += d
            times.append(acc)
    for i, s in enumerate(sm["stack"]):
        if s is None:
            continue
        names = []
        while s is not None:
            names.append(fname(st["frame"][s]))
            s = parent(s)
        w = weights[i] if weights[i] is not None else 1
        out[";".join(reversed(names))] += w
        timed += i < len(times) and times[i] is not None
        if i < len(times) and times[i] is not None:
            TIMES.append((round(times[i] * 1e6), w))
    return timed


def gecko_profile(prof, out, inherited_libs=None):
    libs = prof.get("libs", inherited_libs or [])
    if isinstance(libs, str):
        libs = json.loads(libs)
    timed = 0
    for t in prof.get("threads", []):
        if isinstance(t, str):
            timed += gecko_profile(json.loads(t), out, libs)
            continue
        strings = t["stringTable"]

        def col(tab, name):
            return tab["schema"].get(name)

        st, fr, sm = t["stackTable"], t["frameTable"], t["samples"]

        def fname(f):
            nm = strings[fr["data"][f][col(fr, "location")]]
            if HEX.match(nm):
                a = int(nm, 16)
                for lib in libs:
                    if lib.get("start", 0) <= a < lib.get("end", 0):
                        return unsymbolicated(lib, a - lib["start"])
            return nm

        for row in sm["data"]:
            s = row[col(sm, "stack")]
            if s is None:
                continue
            names = []
            while s is not None:
                r = st["data"][s]
                names.append(fname(r[col(st, "frame")]))
                p = col(st, "prefix")
                s = r[p] if p < len(r) else None
            w = col(sm, "weight")
            out[";".join(reversed(names))] += row[w] if w is not None and w < len(row) \
                and row[w] is not None else 1
            tc = col(sm, "time")
            timed += tc is not None and tc < len(row) and row[tc] is not None
    for p in prof.get("processes", []):
        if isinstance(p, str):
            p = json.loads(p)
        timed += gecko_profile(p, out, libs)
    return timed


def reference(path):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rt", encoding="utf-8") as f:
        prof = json.load(f)
    out = collections.Counter()
    threads = prof.get("threads", [])
    if any(isinstance(t, dict) and "schema" in t.get("samples", {}) for t in threads) or \
            any(isinstance(t, str) for t in threads):
        timed = gecko_profile(prof, out)
    else:
        timed = sum(processed_thread(prof, t, prof.get("libs", []), out) for t in threads)
    return out, timed


def run(*args):
    r = subprocess.run([ft] + list(args), capture_output=True, text=True,
                       env=dict(os.environ, LC_ALL="C"))
    return r.returncode, r.stdout, r.stderr


files = sorted(glob.glob(os.path.join(data, "firefox-*.json")) +
               glob.glob(os.path.join(data, "samply-*.json.gz")) +
               [f for f in glob.glob(os.path.join(data, "samply-*.json"))
                if not f.endswith(".syms.json") and "symbol-server" not in f])
for path in files:
    name = os.path.basename(path)
    sidecar_for(path)
    TIMES.clear()
    want, timed = reference(path)
    rc, outp, err = run("--export", "folded", path)
    got = collections.Counter()
    for line in outp.splitlines():
        stack, _, v = line.rpartition(" ")
        got[stack] += int(v)
    check(name + " folded", rc == 0 and got == +want,
          "rc=%d %s\nwant %s\ngot  %s" % (rc, err, sorted(want.items())[:5],
                                          sorted(got.items())[:5]))
    # Per function: self at the leaf, total once per stack.
    fself, ftotal = collections.Counter(), collections.Counter()
    for stack, v in want.items():
        fs = stack.split(";")
        fself[fs[-1]] += v
        for f in set(fs):
            ftotal[f] += v
    rc, outp, err = run("--top", "1000", path)
    rows = {}
    for line in outp.splitlines()[2:]:
        m = re.match(r"\s*(\d+)\s+\S+\s+(\d+)\s+\S+\s+(.*)$", line)
        if m:
            rows[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    check(name + " top", rows == {f: (fself[f], ftotal[f]) for f in ftotal},
          "\nwant %s\ngot  %s" % (sorted((f, (fself[f], ftotal[f])) for f in ftotal)[:6],
                                  sorted(rows.items())[:6]))
    rc, outp, err = run("--info", path)
    total = re.search(r"^total=(\d+)$", outp, re.M)
    check(name + " total", total and int(total.group(1)) == sum(want.values()),
          outp)
    tm = re.search(r"^time=(\d+) samples with time", outp, re.M)
    check(name + " timed samples", tm and int(tm.group(1)) == timed,
          "want %d: %s" % (timed, tm and tm.group(0)))
    # A time range (seconds from the origin, floor of the first sample's
    # second: 0 here): the weights of the samples in [250, 270) ms.
    if name.startswith("samply"):
        rc, outp, err = run("--time-range", "0.25,0.27", "--info", path)
        total = re.search(r"^total=(\d+)$", outp, re.M)
        inr = sum(w for ns, w in TIMES if 250000000 <= ns < 270000000)
        check(name + " time range 0.25-0.27 s", total and int(total.group(1)) == inr,
              "want %d: %s" % (inr, total and total.group(0)))
print("firefox-ref: %d passed, %d failed" % (ok, bad))
sys.exit(1 if bad else 0)
