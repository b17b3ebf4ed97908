#!/usr/bin/env python3
"""callgrind_ref.py FLAMETUI FILE [EVENT...] - flametui's callgrind loader
against Debian valgrind's callgrind_annotate, which computes the figures
from the same file by its own reading of the format.

For each event (all of the file's when none are named):
  - the program total: callgrind_annotate's PROGRAM TOTALS (the file's
    summary: line) must equal the root's total flametui prints (--info
    total0.., exact), unless a function's callers pay more for it than its
    own lines and calls hold (see "short" below);
  - each function's self cost: callgrind_annotate's exclusive cost, summed
    over the "file:function" entries of one function name (it splits a
    function by the source file of its inlined code, fi=/fe=), must equal
    flametui --top's self, within one unit per tree node of the function
    (the tree splits each node's weight by largest remainder: rounding);
  - each function's total: callgrind_annotate --inclusive=yes's cost, for
    functions it lists under one "file:function" entry only, no
    recursion in the file, must be within TOL of flametui --top's total
    (the tree spreads a callee's calls over its callers' paths in
    integers; rounding moves at most one unit per node).
Prints "callgrind FILE EVENT: N passed, N failed" per event; exit 1 on a
failure.  callgrind_annotate missing: skipped, exit 0.
"""
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOL_NODE = 1  # units per tree node of the function


def annotate(path, inclusive):
    """callgrind_annotate's PROGRAM TOTALS and function table: a list of
    (file, function, costs, calls) where calls are (function, costs) of
    the --tree=calling lines under it."""
    cmd = ["callgrind_annotate", "--threshold=100"]
    cmd.append("--inclusive=yes" if inclusive else "--tree=calling")
    out = subprocess.run(cmd + [path], capture_output=True, text=True,
                         check=True).stdout
    lines = out.split("\n")
    events = None
    for l in lines:
        if l.startswith("Events shown:"):
            events = l.split(":", 1)[1].split()
    assert events, "no Events shown: line"
    tok = r"(?:([\d,]+)(?: \(\s*[\d.]+%\))?|\.)\s+"
    row = re.compile(r"^\s*" + tok * len(events) + r"([*>] +)?(.*)$")
    totals, funcs = None, []
    # PROGRAM TOTALS, then the "file:function" table (the auto-annotated
    # sources after it hold call lines like rows).
    table = 0
    for l in lines:
        if l.rstrip().endswith("file:function"):
            table = 1
            continue
        if table == 1 and l.startswith("-----") and funcs:
            break
        m = row.match(l)
        if not m:
            continue
        g = m.groups()
        vals = [int(x.replace(",", "")) if x else 0 for x in g[:len(events)]]
        mark, name = (g[-2] or "").strip(), g[-1].strip()
        if name == "PROGRAM TOTALS":
            totals = vals
            continue
        if not table:
            continue
        name = re.sub(r" \[[^\]]*\]$", "", name)  # " [object]"
        if mark == ">":
            name = re.sub(r" \([\d,]+x\)$", "", name)
            funcs[-1][3].append((name.partition(":")[2], vals))
            continue
        file, _, fn = name.partition(":")
        funcs.append((file, fn, vals, []))
    return events, totals, funcs


def flametui_top(flametui, path, event):
    out = subprocess.run([flametui, "--top", "0", "--sample-type", event, path],
                         capture_output=True, text=True, check=True).stdout
    got = {}
    for l in out.split("\n")[2:]:
        m = re.match(r"^\s*(\d+)\s+\S+\s+(\d+)\s+\S+  (.*)$", l)
        if m:
            got[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    return got


def flametui_nodes(flametui, path, event):
    """Nodes per function name, from the folded export."""
    out = subprocess.run([flametui, "--sample-type", event, "--export", "folded", path],
                         capture_output=True, text=True, check=True).stdout
    seen = set()
    n = {}
    for l in out.split("\n"):
        if not l:
            continue
        frames = l.rsplit(" ", 1)[0].split(";")
        for i in range(len(frames)):
            key = tuple(frames[:i + 1])
            if key not in seen:
                seen.add(key)
                n[frames[i]] = n.get(frames[i], 0) + 1
    return n


def main():
    flametui, path = sys.argv[1], sys.argv[2]
    want_events = sys.argv[3:]
    if shutil.which("callgrind_annotate") is None:
        print("callgrind: skipped: callgrind_annotate not found (apt-get install valgrind)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        plain = os.path.join(tmp, "callgrind.out")
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as f, open(plain, "wb") as g:
            data = f.read()
            g.write(data)
        recursion = recursive_names(data.decode("utf-8", "replace"))
        events, totals, excl = annotate(plain, False)
        _, _, incl = annotate(plain, True)
    info = subprocess.run([flametui, "--info", path], capture_output=True, text=True,
                          check=True).stdout
    roots = dict(re.findall(r"^total(\d+)=(\d+)$", info, re.M))
    status = 0
    nodes = None
    for ei, ev in enumerate(events):
        if want_events and ev not in want_events:
            continue
        passed = failed = 0

        def check(ok, what):
            nonlocal passed, failed
            if ok:
                passed += 1
            else:
                failed += 1
                print("callgrind: FAIL: %s %s: %s" % (os.path.basename(path), ev, what),
                      file=sys.stderr)

        # By function name: self, calls out and calls in (self calls left
        # out).  A function whose callers pay more for it than its own
        # lines and calls hold (_Exit: the call's cost has the last
        # instructions, its lines do not) gets the callers' figure in
        # flametui (the root total is then the summary); left out here.
        self_by, out_by, in_by = {}, {}, {}
        for file, fn, vals, calls in excl:
            self_by[fn] = self_by.get(fn, 0) + vals[ei]
            for callee, cv in calls:
                if callee != fn:
                    out_by[fn] = out_by.get(fn, 0) + cv[ei]
                    in_by[callee] = in_by.get(callee, 0) + cv[ei]
        short = {fn for fn in self_by
                 if in_by.get(fn, 0) > self_by[fn] + out_by.get(fn, 0)}
        check(int(roots.get(str(ei), -1)) == totals[ei] or short,
              "root total %s, PROGRAM TOTALS %d" % (roots.get(str(ei)), totals[ei]))
        got = flametui_top(flametui, path, ev)
        if nodes is None:
            nodes = {}
            for e in events:
                for fn, k in flametui_nodes(flametui, path, e).items():
                    nodes[fn] = max(nodes.get(fn, 0), k)
        for fn, v in sorted(self_by.items()):
            if (v == 0 and fn not in got) or fn in short:
                continue
            s = got.get(fn, (0, 0))[0]
            tol = TOL_NODE * nodes.get(fn, 1)
            check(abs(s - v) <= tol, "self of %s: flametui %d, callgrind_annotate %d "
                  "(tolerance %d)" % (fn, s, v, tol))
        entries = {}
        for file, fn, vals, _ in incl:
            entries.setdefault(fn, []).append(vals[ei])
        for fn, vs in sorted(entries.items()):
            if (len(vs) != 1 or fn in recursion or fn in short or
                    (vs[0] == 0 and fn not in got)):
                continue
            t = got.get(fn, (0, 0))[1]
            tol = TOL_NODE * nodes.get(fn, 1)
            check(abs(t - vs[0]) <= tol,
                  "total of %s: flametui %d, callgrind_annotate --inclusive %d (tolerance %d)"
                  % (fn, t, vs[0], tol))
        print("callgrind %s %s: %d passed, %d failed" %
              (os.path.basename(path), ev, passed, failed))
        if failed:
            status = 1
    return status


def recursive_names(text):
    """Function names on a cycle of the call graph (by name), read from the
    fn=/cfn= lines with their name compression."""
    names = {}
    edges = {}
    cur = None
    for l in text.split("\n"):
        m = re.match(r"^(fn|cfn|jfn)=(.*)$", l)
        if not m:
            continue
        v = m.group(2).strip()
        c = re.match(r"^\((\d+)\)(?:\s+(.*))?$", v)
        if c:
            if c.group(2) is not None:
                names[c.group(1)] = c.group(2)
            v = names[c.group(1)]
        if m.group(1) == "fn":
            cur = v
        elif m.group(1) == "cfn":
            edges.setdefault(cur, set()).add(v)
    # Names that reach themselves.
    out = set()
    for start in edges:
        stack, seen = list(edges[start]), set()
        while stack:
            x = stack.pop()
            if x == start:
                out.add(start)
                break
            if x in seen:
                continue
            seen.add(x)
            stack.extend(edges.get(x, ()))
    return out


if __name__ == "__main__":
    sys.exit(main())
