#!/usr/bin/env python3
"""make layers: src/ is one folder per layer, and no file uses a higher one.

The layer order is src/README.md's (lowest first).  A module is a .c file
and its .h (src/ops/compare.c and src/ops/compare.h).  This check fails when

  - a folder of src/ is not a layer, or more than two .c files sit at the
    top of src/ (main.c and one more at most);
  - an #include of a project header does not name its layer ("ops/compare.h",
    not "compare.h");
  - a module includes a header of a higher layer;
  - modules form a circle, on their includes or on their built objects'
    symbols (nm: a module that calls a function defined in another uses it,
    whichever header declared it);
  - a header does not compile on its own (with only what it includes).

Usage: tests/layers.py [--src DIR] [--build DIR] [--cc CC] [--cflags FLAGS]
Prints "layers: N passed, N failed" and the reason of every failure.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

LAYERS = ["base", "profile", "input", "ops", "export", "view", "draw", "cli"]
TOP = "top"  # main.c: above every layer


def layer_of(mod):
    return mod.split("/")[0] if "/" in mod else TOP


def rank(layer):
    return len(LAYERS) if layer == TOP else LAYERS.index(layer)


def modules(src):
    mods = {}
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                path = os.path.join(root, f)
                mod = os.path.relpath(path, src)[:-2]
                mods.setdefault(mod, []).append(path)
    return mods


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def find_cycles(graph):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def nm_symbols(obj):
    r = subprocess.run(["nm", "-P", obj], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("nm %s: %s" % (obj, r.stderr.strip()))
    defined, used = set(), set()
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind in "TDBRVWC" or kind in "tdbr":
            if kind.isupper():
                defined.add(name)
    return defined, used


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="src")
    ap.add_argument("--build", default="build")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cflags", default="")
    ap.add_argument("--no-headers", action="store_true",
                    help="skip the headers-compile-alone check")
    a = ap.parse_args()

    passed, failed = 0, []

    def check(ok, why):
        nonlocal passed
        if ok:
            passed += 1
        else:
            failed.append(why)

    # The folders are the layers.
    for d in sorted(os.listdir(a.src)):
        p = os.path.join(a.src, d)
        if os.path.isdir(p):
            check(d in LAYERS, "src/%s/ is not a layer (%s)" % (d, " < ".join(LAYERS)))
    loose = sorted(f for f in os.listdir(a.src) if f.endswith(".c"))
    check(len(loose) <= 2, "%d .c files at the top of src/: %s" % (len(loose), " ".join(loose)))

    mods = modules(a.src)
    graph = {m: set() for m in mods}
    for mod, paths in sorted(mods.items()):
        for path in paths:
            text = open(path, encoding="utf-8", errors="replace").read()
            for inc in INCLUDE.findall(text):
                target = inc[:-2] if inc.endswith(".h") else inc
                if target not in mods:
                    check(False, '%s: #include "%s" is not a path under %s/ naming '
                          'its layer ("ops/compare.h")' % (path, inc, a.src))
                    continue
                passed += 1
                if target == mod:
                    continue
                graph[mod].add(target)
                lm, lt = layer_of(mod), layer_of(target)
                check(rank(lt) <= rank(lm),
                      "%s: includes %s: layer %s is above %s" % (path, inc, lt, lm))
    for comp in find_cycles(graph):
        check(False, "include circle: " + " -> ".join(comp))
    check(True, "")

    # Symbols: which module's object defines what another's uses.
    objs = {}
    for mod in mods:
        o = os.path.join(a.build, mod + ".o")
        if os.path.exists(o):
            objs[mod] = o
    c_mods = [m for m, ps in mods.items() if any(p.endswith(".c") for p in ps)]
    missing = [m for m in c_mods if m not in objs]
    check(not missing, "objects not built (run make first): " +
          " ".join(os.path.join(a.build, m + ".o") for m in missing[:5]))
    owner, uses = {}, {}
    for mod, o in objs.items():
        d, u = nm_symbols(o)
        for s in d:
            owner[s] = mod
        uses[mod] = u
    sgraph = {m: set() for m in objs}
    for mod, u in uses.items():
        for s in u:
            t = owner.get(s)
            if t and t != mod:
                sgraph[mod].add(t)
                lm, lt = layer_of(mod), layer_of(t)
                check(rank(lt) <= rank(lm),
                      "%s.o calls %s from %s.o: layer %s is above %s" % (mod, s, t, lt, lm))
    for comp in find_cycles(sgraph):
        check(False, "symbol circle: " + " -> ".join(comp))

    # Every header compiles alone.
    if not a.no_headers:
        flags = shlex.split(a.cflags)
        with tempfile.TemporaryDirectory() as tmp:
            for mod, paths in sorted(mods.items()):
                for path in paths:
                    if not path.endswith(".h"):
                        continue
                    tu = os.path.join(tmp, "h.c")
                    with open(tu, "w") as f:
                        f.write('#include "%s"\n' % os.path.relpath(path, a.src))
                    r = subprocess.run([a.cc] + flags + ["-I", a.src, "-fsyntax-only", tu],
                                       capture_output=True, text=True)
                    check(r.returncode == 0, "%s does not compile alone:\n%s" %
                          (path, r.stderr.strip()[:600]))

    for f in failed:
        print("layers: FAIL: " + f)
    print("layers: %d passed, %d failed" % (passed, len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
