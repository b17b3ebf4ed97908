#!/usr/bin/env python3
"""Independent check of the trace spans' speedscope export (issue 25 part 7).

For each real trace (tests/data: clang -ftime-trace, node
--trace-events-enabled) the spans are computed here from the trace-event
JSON as the Chrome trace format defines them: X events (ts, dur; clang's
"Total NAME" summary lanes left out), B/E pairs per thread (an E closes the
latest open B; a B never ended lasts to the thread's last timestamp), nested
per thread by start (a longer event first), an event overlapping its
parent's end cut there.  The name is the event's name, plus " " and
args.detail when it is a string.  `flametui --group thread --export
speedscope` must write, per thread, an evented profile whose O/C events are
in time order, properly nested, and open and close exactly these spans.
Reading that export back must give the trace's own `--export folded`, and
exporting it again (an evented speedscope file in a time unit) the same
spans.

usage: spans_ref.py FLAMETUI DATA_DIR
prints "spans-reference: N passed, N failed"
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction
from refcheck import Checks

flametui, data = sys.argv[1], sys.argv[2]
checks = Checks("spans-reference")


check = checks.check


def ns(v):
    return Fraction(str(v)) * 1000


def trace_spans(path):
    d = json.load(open(path))
    ev = d["traceEvents"] if isinstance(d, dict) else d
    spans, marks, last = {}, {}, {}
    seq = 0
    for e in ev:
        ph = e.get("ph")
        if ph not in ("X", "B", "E"):
            continue
        th = (e.get("pid"), e.get("tid"))
        seq += 1
        name = e.get("name", "(unnamed)")
        args = e.get("args") or {}
        if isinstance(args.get("detail"), str):
            name = name + " " + args["detail"]
        t = ns(e["ts"])
        if ph == "X":
            if (name.startswith("Total ") and e["ts"] == 0 and
                    set(args) == {"count", "avg ms"}):
                continue
            end = t + ns(e["dur"])
            spans.setdefault(th, []).append([t, end, seq, name])
            last[th] = max(last.get(th, end), end)
        else:
            marks.setdefault(th, []).append((t, seq, ph, name))
            last[th] = max(last.get(th, t), t)
    for th, ms in marks.items():
        ms.sort(key=lambda m: (m[0], m[1]))
        open_ = []
        for t, s, ph, name in ms:
            if ph == "B":
                open_.append((t, s, name))
            elif open_:
                b = open_.pop()
                spans.setdefault(th, []).append([b[0], t, b[1], b[2]])
        for b in open_:
            spans.setdefault(th, []).append([b[0], last[th], b[1], b[2]])
    out = {}
    for th, ss in spans.items():
        ss.sort(key=lambda s: (s[0], -s[1], s[2]))
        st, res = [], []
        for start, end, _, name in ss:
            while st and st[-1][0] <= start:
                st.pop()
            if st and end > st[-1][0]:
                end = st[-1][0]
            path = (st[-1][1] if st else ()) + (name,)
            res.append((name, start, end, path))
            st.append((end, path))
        out[th] = sorted(res)
    return out


def range_folded(spans, a, b):
    """Self time (us) per call path (threads merged) of the spans inside
    [a, b) ns from the first span's start."""
    allsp = [s for ss in spans.values() for s in ss]
    o = min(s[1] for s in allsp)
    self = {}
    for name, start, end, path in allsp:
        c = min(end - o, b) - max(start - o, a)
        if c <= 0:
            continue
        self[path] = self.get(path, 0) + c
        if len(path) > 1:
            self[path[:-1]] = self.get(path[:-1], 0) - c
    return {";".join(k): int(v // 1000) for k, v in self.items()
            if int(v // 1000) != 0}


def parse_folded(text):
    out = {}
    for line in text.splitlines():
        k, v = line.rsplit(" ", 1)
        if int(v) != 0:
            out[k] = out.get(k, 0) + int(v)
    return out


UNIT = {"nanoseconds": 1, "microseconds": 1000, "milliseconds": 10**6,
        "seconds": 10**9}


def exported_spans(text, where):
    d = json.loads(text)
    frames = [f["name"] for f in d["shared"]["frames"]]
    out = {}
    for i, p in enumerate(d["profiles"]):
        ok = p.get("type") == "evented" and p.get("unit") in UNIT
        check("%s: profile %d is evented in a time unit" % (where, i), ok,
              repr({k: p.get(k) for k in ("type", "unit")}))
        if not ok:
            continue
        u = UNIT[p["unit"]]
        st, res, prev, good = [], [], None, True
        for e in p["events"]:
            at = Fraction(str(e["at"])) * u
            if prev is not None and at < prev:
                good = False
            prev = at
            if e["type"] == "O":
                st.append((e["frame"], at))
            elif not st or st[-1][0] != e["frame"]:
                good = False
            else:
                f, t0 = st.pop()
                res.append((frames[f], t0, at))
        res = [(n, a, b) for n, a, b in res]
        check("%s: profile %s: events in time order, nested, all closed" %
              (where, p["name"]), good and not st)
        s0 = Fraction(str(p["startValue"])) * u
        e0 = Fraction(str(p["endValue"])) * u
        check("%s: profile %s: startValue/endValue bound its events" %
              (where, p["name"]), all(s0 <= a <= b <= e0 for _, a, b in res))
        out[p["name"]] = sorted(res)
    return out


def run(*args):
    return subprocess.run([flametui] + list(args), capture_output=True,
                          text=True).stdout


def roundtrip_folded(path, group):
    with tempfile.TemporaryDirectory() as tmp:
        x = os.path.join(tmp, "x.speedscope.json")
        with open(x, "w") as f:
            f.write(run("--group", group, "--export", "speedscope", path))
        a = run("--group", group, "--export", "folded", path)
        b = run("--group", group, "--export", "folded", x)
    check("%s: --group %s: the export reads back to the same folded stacks"
          % (os.path.basename(path), group), a == b and a != "",
          "\n" + a[:300] + "\n---\n" + b[:300])


for f in ("clang-ftime-trace.json", "node-trace-phases.json"):
    path = os.path.join(data, f)
    want = trace_spans(path)
    got = exported_spans(run("--group", "thread", "--export", "speedscope",
                             path), f)
    check("%s: one evented profile per thread with spans" % f,
          len(got) == len(want), "%d vs %d" % (len(got), len(want)))
    for (pid, tid), spans in want.items():
        names = [n for n in got if re.search(r"-%s/%s$" % (pid, tid), n)]
        check("%s: thread %s/%s exported once" % (f, pid, tid),
              len(names) == 1, repr(names))
        if len(names) == 1:
            g = got[names[0]]
            spans = [s[:3] for s in spans]
            check("%s: thread %s/%s: %d spans, each opened and closed at its "
                  "times" % (f, pid, tid, len(spans)), g == spans,
                  "first difference: %r" % (next(
                      ((a, b) for a, b in zip(spans, g) if a != b),
                      (len(spans), len(g))),))
    for group in ("thread", "none"):
        roundtrip_folded(path, group)
    # --time-range A,B: the spans' self time inside the range.
    end = max(s[2] for ss in want.values() for s in ss) - \
        min(s[1] for ss in want.values() for s in ss)
    for fa, fb in ((0, 1), (0.25, 0.5), (0.1, 0.9), (0.5, 0.75)):
        a, b = int(end * fa), int(end * fb) + 1
        arg = "%d.%09d,%d.%09d" % (a // 10**9, a % 10**9, b // 10**9, b % 10**9)
        got_r = parse_folded(run("--time-range", arg, "--export", "folded", path))
        want_r = range_folded(want, a, b)
        check("%s: --time-range %s: self time of the spans inside it" % (f, arg),
              got_r == want_r and want_r != {},
              "\n%r\n%r" % (sorted(want_r.items())[:5], sorted(got_r.items())[:5]))

# --time-range A,B --time-range-b C,D on a trace (issue 25 part 3): each
# range's spans cut to it (range_folded above), per function its self
# time (the paths it ends) and total (the paths it is on, once a path),
# against flametui's --top, A as recorded (--normalize absolute) and, by
# default, per second (A times B's length over A's, each range clipped to
# the trace); --info's totals and --export folded's columns exactly.
SEC = {"s": 10**9, "ms": 10**6, "us": 10**3, "ns": 1}
VAL = r"([+-]?[0-9.]+ (?:s|ms|us|ns))"
ROW = re.compile(r"^\s*" + r"\s+".join([VAL, VAL, VAL, r"\S+", VAL, VAL, VAL,
                                       r"\S+", r"\S+", r"\S+", r"(\S+)"]) +
                 r"\s+(.*)$")


def per_function(folded):
    self, total = {}, {}
    for path, us in folded.items():
        frames = path.split(";")
        self[frames[-1]] = self.get(frames[-1], 0) + us
        for fn in set(frames):
            total[fn] = total.get(fn, 0) + us
    return self, total


def top_rows(text):
    rows = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            v = [Fraction(x.split()[0]) * SEC[x.split()[1]] / 1000 for x in m.groups()[:6]]
            rows[m.group(8)] = (v[0], v[1], v[3], v[4], m.group(7))
    return rows


def near(got, want):
    """--top prints 3 significant digits; a scaled A is rounded per node."""
    return abs(got - want) <= abs(want) * Fraction(6, 1000) + 2


def secs(ns):
    """ns as seconds to the nanosecond, trailing zeros dropped."""
    return ("%d.%09d" % (ns // 10**9, ns % 10**9)).rstrip("0").rstrip(".")


for f, pairs in (("clang-ftime-trace.json", ((0.5, 1.0, 2.0, None), (0.1, 0.9, 1.2, 2.4))),
                 ("node-trace-phases.json", ((0, 0.1, 0.1, None), (0.05, 0.12, 0.15, 0.2)))):
    path = os.path.join(data, f)
    spans = trace_spans(path)
    allsp = [x for ss in spans.values() for x in ss]
    end = max(x[2] for x in allsp) - min(x[1] for x in allsp)
    for a0, b0, a1, b1 in pairs:
        ra = (int(a0 * 10**9), int(b0 * 10**9))
        rb = (int(a1 * 10**9), end if b1 is None else int(b1 * 10**9))
        la, lb = min(ra[1], end) - ra[0], min(rb[1], end) - rb[0]
        ta, tb = "%g,%g" % (a0, b0), "%g,%s" % (a1, "end" if b1 is None else "%g" % b1)
        name = "%s: --time-range %s --time-range-b %s" % (f, ta, tb)
        fa, fb = range_folded(spans, *ra), range_folded(spans, *rb)
        sa, tota = per_function(fa)
        sb, totb = per_function(fb)
        args = ["--time-range", ta, "--time-range-b", tb, path]
        raw = run("--top", "0", "--normalize", "absolute", *args)
        scaled = run("--top", "0", *args)
        rows_raw, rows = top_rows(raw), top_rows(scaled)
        fns = set(sa) | set(sb) | set(tota) | set(totb)
        check(name + ": --top lists every function of either range (%d)" % len(fns),
              set(rows_raw) == fns and set(rows) == fns,
              "%r" % sorted(fns ^ set(rows_raw))[:5])
        bad = []
        for fn in sorted(fns & set(rows_raw) & set(rows)):
            want = (sa.get(fn, 0), sb.get(fn, 0), tota.get(fn, 0), totb.get(fn, 0))
            got = rows_raw[fn][:4]
            k = Fraction(lb, la)
            got_s = rows[fn][:4]
            want_s = (want[0] * k, want[1], want[2] * k, want[3])
            if not all(near(g, w) for g, w in zip(got + got_s, want + want_s)):
                bad.append((fn, [float(x) for x in want], [float(x) for x in got],
                            [float(x) for x in got_s]))
            if rows[fn][4] != "-":
                bad.append((fn, "verdict " + rows[fn][4]))
        check(name + ": self and total per function, A raw and per second", not bad,
              "%r" % bad[:3])
        check(name + ": no test on traced durations",
              "test: none (traced durations, not sample counts)" in scaled, scaled[:400])
        check(name + ": A normalised by the ranges' lengths",
              "(normalised by range length (B %s s / A %s s) from " % (secs(lb), secs(la))
              in scaled, scaled[:300])
        info = dict(l.split("=", 1) for l in run("--info", *args).splitlines() if "=" in l)
        ra_us, rb_us = sum(fa.values()), sum(fb.values())
        check(name + ": --info totals (A per second: %s s of B per %s s of A)" % (secs(lb), secs(la)),
              abs(int(info.get("total_a", -9)) - Fraction(ra_us * lb, la)) < 1 and
              int(info.get("total_b", -9)) == rb_us,
              "%r vs %r %r" % (info, float(Fraction(ra_us * lb, la)), rb_us))
        pair = {}
        for line in run("--export", "folded", "--normalize", "absolute", *args).splitlines():
            stack, va, vb = line.rsplit(" ", 2)
            pair[stack] = (int(va), int(vb))
        want_pair = {k2: (fa.get(k2, 0), fb.get(k2, 0)) for k2 in set(fa) | set(fb)}
        check(name + ": --export folded, A and B per call path",
              {k2: v for k2, v in pair.items() if v != (0, 0)} == want_pair,
              "%r" % sorted(set(pair.items()) ^ set(want_pair.items()))[:4])

# Evented speedscope in a time unit (here flametui's export of the clang
# trace): load_speedscope keeps its O/C pairs as spans, so exporting it
# again writes the same spans.
path = os.path.join(data, "clang-ftime-trace.json")
with tempfile.TemporaryDirectory() as tmp:
    x = os.path.join(tmp, "x.speedscope.json")
    first = run("--group", "thread", "--export", "speedscope", path)
    with open(x, "w") as f:
        f.write(first)
    again = run("--group", "thread", "--export", "speedscope", x)
want = exported_spans(first, "clang export")
got = exported_spans(again, "clang export exported again")
check("evented speedscope: its spans survive a second export",
      want == got and len(want) == 1, "%r vs %r" % (list(want), list(got)))

checks.done()
