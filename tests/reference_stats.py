#!/usr/bin/env python3
"""reference_stats.py FLAMETUI [SHARED] - the comparison's statistics
against an independent implementation, and its verdicts on real data.

1. p-values: ops/diffstat.c (through build/tests/test_diffstat --pvalue)
   against scipy.stats.binomtest for the binomial, and for the
   beta-binomial against scipy.stats.betabinom's pmf summed here with
   binomtest's two-sided rule (all outcomes no more likely than the
   observed one, relative tolerance 1e-7).
2. Benjamini-Hochberg q: against a direct implementation of the step-up
   rule here.
3b. The over-dispersion model (k, rho, the count-scale floor tau, each
   function's rho_n, p and q) implemented here from diffstat.h's text on
   counts read here from the recordings (perf text, pprof protobuf, Node
   JSON), against test_diffstat --fit and flametui --top.
3. Verdicts on real recordings (tests/data/compare-stats: perf record -F 997
   of stats-burn.c, Go's runtime/pprof in stats-burn.go, node --cpu-prof of
   stats-burn.js; each three times at the same speed and once with parse()
   30% slower): same-speed pairs give no slower/faster verdict (for any
   function: Node's noisy `main` included); the slowed pair calls parse
   slower and nothing else slower or faster.
4. Range against range: p of the functions of two time ranges of one
   perf recording against scipy's binomtest of counts taken from the text.
Prints "reference-stats: N passed, N failed".
"""
import os
import warnings
import subprocess
import sys

from refcheck import Checks

try:
    from scipy import stats
except ImportError:
    # Debian's python3-scipy is for /usr/bin/python3; another python3 may
    # come first in PATH.
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("reference-stats: FAIL: python3-scipy missing (apt-get install python3-scipy)")
    print("reference-stats: 0 passed, 1 failed")
    sys.exit(1)

flametui = os.path.abspath(sys.argv[1])
top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = "build-asan" if flametui.endswith("-asan") else "build"
driver = os.path.join(top, build, "tests", "test_diffstat")
checks = Checks("reference-stats")
warnings.filterwarnings("ignore")


check = checks.check


def ours_p(x, n, p, rho):
    out = subprocess.run([driver, "--pvalue", str(x), str(n), repr(p), repr(rho)],
                         capture_output=True, text=True, check=True).stdout
    return float(out)


def close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(b), 1e-300) + 1e-14


def betabinom_two_sided(x, n, p, rho):
    s = (1 - rho) / rho
    d = stats.betabinom(n, p * s, (1 - p) * s)
    px = d.pmf(x)
    return min(1.0, sum(q for q in d.pmf(range(n + 1)) if q <= px * (1 + 1e-7)))


if not os.path.exists(driver):
    check("driver", False, driver + " not built (make unit)")
else:
    for n, p in [(10, 0.5), (37, 0.3), (200, 0.5), (1000, 0.45), (5000, 0.6), (60000, 0.5)]:
        for x in sorted({0, 1, n // 10, n // 3, int(n * p) - 1, int(n * p), int(n * p) + 7, n - 2, n}):
            if not 0 <= x <= n:
                continue
            want = stats.binomtest(x, n, p).pvalue
            got = ours_p(x, n, p, 0)
            check("binomial p(%d, %d, %g)" % (x, n, p), close(got, want), "%r != %r" % (got, want))
    for n, p, rho in [(20, 0.5, 0.05), (300, 0.4, 0.01), (1500, 0.5, 0.002), (800, 0.55, 0.2)]:
        for x in sorted({0, n // 5, int(n * p) - 3, int(n * p) + 25, n}):
            if not 0 <= x <= n:
                continue
            want = betabinom_two_sided(x, n, p, rho)
            got = ours_p(x, n, p, rho)
            check("beta-binomial p(%d, %d, %g, rho %g)" % (x, n, p, rho),
                  abs(got - want) <= 1e-7 * max(want, 1e-12) + 1e-12, "%r != %r" % (got, want))
    ps = [0.001, 0.04, float("nan"), 0.03, 0.5, 0.0002, 0.2, 0.049]
    out = subprocess.run([driver, "--bh"] + ["nan" if v != v else repr(v) for v in ps],
                         capture_output=True, text=True, check=True).stdout.split()
    live = [(v, i) for i, v in enumerate(ps) if v == v]
    live.sort()
    m = len(live)
    want = [float("nan")] * len(ps)
    run = 1.0
    for j in range(m - 1, -1, -1):
        run = min(run, live[j][0] * m / (j + 1))
        want[live[j][1]] = run
    for i, (g, w) in enumerate(zip(out, want)):
        g = float(g)
        check("BH q[%d]" % i, (g != g and w != w) or close(g, w), "%r != %r" % (g, w))

# Verdicts on the real recordings: perf (perf.txt.gz), Go's runtime/pprof
# (go-*.pb.gz) and Node's --cpu-prof (node-*.cpuprofile.gz) of the same
# program written three times (stats-burn.c, .go, .js).
d = os.path.join(top, "tests", "data", "compare-stats")


def top_rows(a, b):
    """flametui --top 0 A B: (header line, {function: (p, q, verdict)})."""
    out = subprocess.run([flametui, "--top", "0", os.path.join(d, a), os.path.join(d, b)],
                         capture_output=True, text=True).stdout.splitlines()
    rows, head = {}, ""
    # The verdict and function columns start where their headings do
    # (names may hold spaces: "(garbage collector)"); p and q are the
    # last two words before the verdict.
    cols = None
    for line in out:
        if line.startswith("test of self samples:"):
            head = line
        if cols is None:
            if line.rstrip().endswith(" verdict  function"):
                cols = (line.index(" verdict ") + 1, line.index(" function") + 1)
            continue
        word = line[cols[0]:cols[1]].strip()
        if word in ("slower", "faster", "same", "unsure", "-"):
            pq = line[:cols[0]].split()[-2:]
            rows[line[cols[1]:].strip()] = (pq[0], pq[1], word)
    return head, rows


def verdicts(a, b):
    return {k: x[2] for k, x in top_rows(a, b)[1].items()}


# Every function counts, Node's `main` too: it has 39, 11, 28 and 11 self
# samples in the four runs (V8 gives a call site's samples to either
# side), far beyond a binomial while the big functions scatter less than
# one; the count-scale floor tau (diffstat.h) covers it.
NODE_FUNCS = {"parse", "lookup", "hash", "render", "compress", "checksum", "main"}
FORMATS = (("perf", "", ".perf.txt.gz", "parse"),
           ("Go", "go-", ".pb.gz", "main.parse"),
           ("Node", "node-", ".cpuprofile.gz", "parse"))
SAME = [("same1", "same2"), ("same1", "same3"), ("same2", "same3"),
        ("same2", "same1"), ("same3", "same1"), ("same3", "same2")]
for fmt, pre, ext, slowed in FORMATS:
    for a, b in SAME:
        v = verdicts(pre + a + ext, pre + b + ext)
        if fmt == "Node":
            check("Node %s vs %s: the worker functions and main tested" % (a, b),
                  all(v.get(f) in ("same", "unsure", "slower", "faster") for f in NODE_FUNCS), v)
        changed = sorted(k for k, x in v.items() if x in ("slower", "faster"))
        check("%s %s vs %s (same speed): no slower/faster verdict" % (fmt, a, b),
              v and not changed, changed)
    for a in ("same1", "same2", "same3"):
        v = verdicts(pre + a + ext, pre + "slow" + ext)
        w = verdicts(pre + "slow" + ext, pre + a + ext)
        changed = sorted(k for k, x in v.items() if x in ("slower", "faster"))
        check("%s %s vs slow (parse 30%% slower): exactly %s slower" % (fmt, a, slowed),
              changed == [slowed] and v.get(slowed) == "slower", v and changed)
        check("%s slow vs %s: %s faster, nothing else" % (fmt, a, slowed),
              [k for k, x in w.items() if x in ("slower", "faster")] == [slowed] and
              w.get(slowed) == "faster", w and [k for k, x in w.items() if x in ("slower", "faster")])


# The model itself, implemented here from diffstat.h's text on self-sample
# counts read here from the recordings (not from flametui):
#   k    the median of b/a over the functions with 20+ samples on both
#        sides (3+ of them), p0 = k / (1 + k);
#   rho  the intra-class correlation that makes the median over them of
#        |b - n p0| / sqrt(n p0 (1-p0) (1 + (n-1) rho)) equal 0.6745
#        (bisection on [0, cap(p0)]; 0 when already below);
#   tau  1.4826 x the median of |b - k a| over them;
#   rho_n = min(cap(p0), max(rho, ((tau/(1+k))^2 / (n p0 (1-p0)) - 1) / (n-1)))
#        with cap(p) = m / (1 + m), m = min(p, 1 - p);
#   p    scipy's binomtest (rho_n = 0) or scipy.stats.betabinom's pmf summed
#        by binomtest's two-sided rule; q Benjamini-Hochberg over the
#        functions whose best possible p (all samples on one side) < 0.05.
# Checked against test_diffstat --fit (full precision) on the same counts,
# and against flametui --top on the recordings (k and tau in the header,
# each function's printed p, the slower/faster set).
import gzip
import json
import re
import zlib


def perf_self(path):
    c, want = {}, False
    head = re.compile(r" +[0-9.]+: +\d+ \S+:")
    with gzip.open(path, "rt") as f:
        for line in f:
            if head.search(line):
                want = True
            elif want and line.strip():
                sym, dso = line.strip().split(" ", 1)[1].rsplit(" (", 1)
                sym = re.sub(r"\+0x[0-9a-f]+$", "", sym)
                if "kernel.kallsyms" in dso:
                    sym += "_[k]"
                c[sym] = c.get(sym, 0) + 1
                want = False
    return c


def node_self(path):
    with gzip.open(path, "rt") as f:
        prof = json.load(f)
    name = {n["id"]: n["callFrame"]["functionName"] or "(anonymous)" for n in prof["nodes"]}
    c = {}
    for sid in prof["samples"]:
        c[name[sid]] = c.get(name[sid], 0) + 1
    return c


def pb_fields(buf):
    """(field number, wire type, value) of a protobuf message."""
    i = 0
    while i < len(buf):
        key, i = pb_varint(buf, i)
        f, wt = key >> 3, key & 7
        if wt == 0:
            v, i = pb_varint(buf, i)
        elif wt == 2:
            n, i = pb_varint(buf, i)
            v, i = buf[i:i + n], i + n
        elif wt == 1:
            v, i = buf[i:i + 8], i + 8
        elif wt == 5:
            v, i = buf[i:i + 4], i + 4
        else:
            raise ValueError("wire type %d" % wt)
        yield f, wt, v


def pb_varint(buf, i):
    v = shift = 0
    while True:
        b = buf[i]
        i += 1
        v |= (b & 0x7f) << shift
        shift += 7
        if b < 0x80:
            return v, i


def pb_ints(wt, v):
    if wt == 0:
        return [v]
    out, i = [], 0
    while i < len(v):
        x, i = pb_varint(v, i)
        out.append(x)
    return out


def pprof_self(path):
    """Self samples per function of a pprof profile (profile.proto):
    the "samples" value of each sample, to its first location's innermost
    line's function."""
    with open(path, "rb") as f:
        buf = zlib.decompress(f.read(), 31)
    strings, types, samples, loc_fn, fn_name = [], [], [], {}, {}
    for f, wt, v in pb_fields(buf):
        if f == 6:
            strings.append(v.decode())
        elif f == 1:
            types.append(dict((g, x) for g, _, x in pb_fields(v)))
        elif f == 2:
            locs, vals = [], []
            for g, w, x in pb_fields(v):
                if g == 1:
                    locs += pb_ints(w, x)
                elif g == 2:
                    vals += pb_ints(w, x)
            samples.append((locs, vals))
        elif f == 4:
            lid, lines = 0, []
            for g, w, x in pb_fields(v):
                if g == 1:
                    lid = x
                elif g == 4:
                    lines.append(dict((h, y) for h, _, y in pb_fields(x)).get(1, 0))
            loc_fn[lid] = lines[0] if lines else 0
        elif f == 5:
            fid = name = 0
            for g, w, x in pb_fields(v):
                if g == 1:
                    fid = x
                elif g == 2:
                    name = x
            fn_name[fid] = name
    col = [strings[t.get(1, 0)] for t in types].index("samples")
    c = {}
    for locs, vals in samples:
        n = strings[fn_name[loc_fn[locs[0]]]]
        c[n] = c.get(n, 0) + vals[col]
    return c


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def cap(p):
    m = min(p, 1 - p)
    return m / (1 + m) if m > 0 else 0.0


def model(a, b):
    """k, rho, tau and per function (rho_n, p, q, slower/faster/None)."""
    fit = [i for i in range(len(a)) if a[i] >= 20 and b[i] >= 20]
    k, rho, tau = sum(b) / sum(a), 0.0, 0.0
    if len(fit) >= 3:
        k = median([b[i] / a[i] for i in fit])
        p0 = k / (1 + k)

        def median_z(r):
            return median([abs(b[i] - (a[i] + b[i]) * p0) /
                           math.sqrt((a[i] + b[i]) * p0 * (1 - p0) * (1 + (a[i] + b[i] - 1) * r))
                           for i in fit])
        if median_z(0) > 0.6745:
            lo, hi = 0.0, cap(p0)
            for _ in range(100):
                mid = (lo + hi) / 2
                if median_z(mid) > 0.6745:
                    lo = mid
                else:
                    hi = mid
            rho = hi
        tau = 1.482602218505602 * median([abs(b[i] - k * a[i]) for i in fit])
    p0 = k / (1 + k)
    out, ps = [], []
    for ai, bi in zip(a, b):
        n = ai + bi
        rn = rho
        if n > 1 and tau > 0:
            rn = max(rn, ((tau / (1 + k)) ** 2 / (n * p0 * (1 - p0)) - 1) / (n - 1))
        rn = min(rn, cap(p0))
        if n == 0:
            out.append([rn, 1.0, None, None])
            ps.append(None)
            continue
        if rn > 0:
            pv = betabinom_two_sided(bi, n, p0, rn)
            best = min(betabinom_two_sided(0, n, p0, rn), betabinom_two_sided(n, n, p0, rn))
        else:
            pv = stats.binomtest(bi, n, p0).pvalue
            best = min(stats.binomtest(0, n, p0).pvalue, stats.binomtest(n, n, p0).pvalue)
        out.append([rn, pv, None, None])
        ps.append(pv if best < 0.05 else None)
    live = sorted((v, i) for i, v in enumerate(ps) if v is not None)
    run = 1.0
    for j in range(len(live) - 1, -1, -1):
        run = min(run, live[j][0] * len(live) / (j + 1))
        out[live[j][1]][2] = run
        if run < 0.05:
            out[live[j][1]][3] = "slower" if b[live[j][1]] > k * a[live[j][1]] else "faster"
    return k, rho, tau, out


def rel(x, y, tol):
    return abs(x - y) <= tol * max(abs(y), 1e-300)


import math
readers = {"perf": perf_self, "Go": pprof_self, "Node": node_self}
taus = {}
if os.path.exists(driver):
    for fmt, pre, ext, slowed in FORMATS:
        counts = {r: readers[fmt](os.path.join(d, pre + r + ext))
                  for r in ("same1", "same2", "same3", "slow")}
        pairs = SAME + [(x, "slow") for x in ("same1", "same2", "same3")] + \
            [("slow", x) for x in ("same1", "same2", "same3")]
        for x, y in pairs:
            name = "model %s %s vs %s" % (fmt, x, y)
            names = sorted(set(counts[x]) | set(counts[y]))
            a = [counts[x].get(n, 0) for n in names]
            b = [counts[y].get(n, 0) for n in names]
            k, rho, tau, res = model(a, b)
            taus.setdefault(fmt, []).append(tau)
            # Our verdicts, from the model alone: none at the same speed,
            # the slowed function alone otherwise.
            mine = sorted((names[i], r[3]) for i, r in enumerate(res) if r[3])
            want = [] if "slow" not in (x, y) else \
                [(slowed, "slower" if y == "slow" else "faster")]
            check(name + ": the model's own verdicts", mine == want, mine)
            # test_diffstat --fit on the same counts: full precision.
            out = subprocess.run([driver, "--fit"] + [str(v) for ab in zip(a, b) for v in ab],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
            gk, grho, gtau = (float(t) for t in out[0].split())
            check(name + ": k, rho, tau = %.6g, %.3g, %.6g" % (k, rho, tau),
                  rel(gk, k, 1e-12) and abs(grho - rho) <= 1e-9 * max(rho, 1e-6) and
                  rel(gtau, tau, 1e-9), (gk, grho, gtau))
            bad = []
            for i, line in enumerate(out[1:]):
                grn, gp, gq, gv = line.split()
                grn, gp, gq = float(grn), float(gp), float(gq)
                rn, pv, q, v = res[i]
                ok = abs(grn - rn) <= 1e-9 * max(rn, 1e-9) and \
                    abs(gp - pv) <= 1e-7 * max(pv, 1e-12) + 1e-12 and \
                    ((q is None and gq != gq) or (q is not None and abs(gq - q) <= 1e-7 * q + 1e-12)) and \
                    (gv in ("slower", "faster")) == (v is not None)
                if not ok:
                    bad.append((names[i], a[i], b[i], (grn, gp, gq, gv), (rn, pv, q, v)))
            check(name + ": rho_n, p, q of %d functions against scipy" % len(names), not bad, bad[:3])
            # flametui --top on the recordings: the header's k and tau and
            # each function's printed p (two significant digits).
            head, rows = top_rows(pre + x + ext, pre + y + ext)
            m = re.search(r"k = ([0-9.e+-]+) .*, rho = ([0-9.e+-]+), tau = ([0-9.e+-]+) samples", head)
            check(name + ": --top header k, tau", m is not None and
                  rel(float(m.group(1)), k, 6e-4) and rel(float(m.group(3)), tau, 6e-3) and
                  (rho == 0) == (float(m.group(2)) == 0), head)
            bad, seen = [], 0
            for i, n in enumerate(names):
                if n not in rows or rows[n][0] == "-":
                    continue
                seen += 1
                got, want_p = float(rows[n][0]), res[i][1]
                if not abs(got - want_p) <= 0.051 * want_p + 1e-300:
                    bad.append((n, a[i], b[i], got, want_p))
            check(name + ": --top p of %d functions against scipy" % seen,
                  not bad and seen >= 6, bad[:3])
    # The floor is per recording pair: small where the counts are few
    # (perf at 997 Hz for 2 s, Go at 100 Hz), large for Node's 10 000.
    check("tau: perf %s, Go %s, Node %s" % tuple(
        "%.3g..%.3g" % (min(taus[f]), max(taus[f])) for f in ("perf", "Go", "Node")),
        max(taus["Go"]) < min(taus["Node"]), taus)

# Range against range (--time-range A,B --time-range-b C,D on one perf
# recording): A is drawn scaled by the ranges' lengths, but the verdicts
# are tested on the samples each range holds.  The self samples of each
# function per range are counted here from the raw perf text (cpu-clock's
# period is fixed: one event, one sample); k is B/A of the totals (too few
# functions for the median here, as the header says) and p is scipy's
# binomtest of B's count of a + b at k / (1 + k) (rho and tau are 0 here).  The
# printed p has two significant digits.
import gzip
import re
from fractions import Fraction


def perf_events(path):
    ev, cur = [], None
    head = re.compile(r" +([0-9.]+): +\d+ \S+:")
    with gzip.open(path, "rt") as f:
        for line in f:
            m = head.search(line)
            if m:
                cur = [Fraction(m.group(1)), None]
                ev.append(cur)
            elif cur is not None and cur[1] is None and line.strip():
                sym = line.strip().split(" ", 1)[1].rsplit(" (", 1)[0]
                cur[1] = re.sub(r"\+0x[0-9a-f]+$", "", sym)
    return ev


phases = os.path.join(top, "tests", "data", "perf-phases.txt.gz")
ev = perf_events(phases)
origin = int(min(e[0] for e in ev))
for (a0, b0), (a1, b1) in (((0, 1), (2.5, None)), ((0.5, 1.5), (2, 2.6)), ((0, 1), (2, 3))):
    name = "range %g,%g vs %g,%s" % (a0, b0, a1, "end" if b1 is None else "%g" % b1)

    def counts(lo, hi):
        c = {}
        for t, leaf in ev:
            x = t - origin
            if x >= Fraction(str(lo)) and (hi is None or x < Fraction(str(hi))):
                c[leaf] = c.get(leaf, 0) + 1
        return c
    ca, cb = counts(a0, b0), counts(a1, b1)
    k = sum(cb.values()) / sum(ca.values())
    r = subprocess.run([flametui, "--top", "0", "--time-range", "%g,%g" % (a0, b0),
                        "--time-range-b", "%g,%s" % (a1, "end" if b1 is None else "%g" % b1),
                        phases], capture_output=True, text=True)
    m = re.search(r"test of self samples: k = ([0-9.e+-]+) \(B/A of the totals\), rho = 0, tau = 0;", r.stdout)
    check(name + ": tested, k = B/A of the range totals %.4g" % k,
          r.returncode == 0 and m is not None and abs(float(m.group(1)) - k) <= 5e-4 * k,
          r.stdout[:300] + r.stderr)
    rows = {}
    for line in r.stdout.splitlines():
        f = line.split()
        if len(f) >= 12 and f[-2] in ("slower", "faster", "same", "unsure"):
            rows[f[-1]] = (f[-4], f[-2])
    tested = 0
    for fn in sorted(set(ca) | set(cb)):
        if fn not in rows or rows[fn][0] == "-":
            continue
        a, b = ca.get(fn, 0), cb.get(fn, 0)
        want = stats.binomtest(b, a + b, k / (1 + k)).pvalue
        got = float(rows[fn][0])
        tested += 1
        check("%s: p of %s (%d vs %d samples)" % (name, fn, a, b),
              abs(got - want) <= 0.051 * want + 1e-300, "%r != scipy %r" % (got, want))
    check(name + ": functions tested", tested >= 2, rows)
    if b1 is None or (a1, b1) == (2, 2.6):
        check(name + ": spin_a faster, spin_b slower (phase A against phase B)",
              rows.get("spin_a", ("", ""))[1] == "faster" and
              rows.get("spin_b", ("", ""))[1] == "slower", rows)

checks.done()
