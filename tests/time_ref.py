#!/usr/bin/env python3
"""Independent checks of flametui's time handling (issue 25).

FlameScope's heat map, re-implemented from its rules (Netflix/flamescope
app/perf/heatmap.py, app/cpuprofile/heatmap.py, app/controllers/
heatmap.py): 50 rows, 1 s columns, row = rows - floor(rows * frac(t)) - 1,
column = floor(t - floor(start)), columns = ceil(end) - floor(start);
perf: start/end the first/last sample's time, idle = the event text
matching swapper.*(cpuidle|cpu_idle|...); cpuprofile: startTime/endTime,
idle = samples of the "(idle)" node.  Times are exact fractions of the
decimal text (FlameScope uses floats; the two differ only for a sample
exactly on a row boundary).  Compared with `flametui --export heatmap`.

Time ranges: the samples with A <= t - floor(start) < B summed here from
the raw text / JSON, compared with `flametui --time-range A,B --export
folded` (totals, and the share of each phase's function).

usage: time_ref.py FLAMETUI DATA_DIR
prints "time-reference: N passed, N failed"
"""
import gzip
import json
import math
import re
import subprocess
import sys
from fractions import Fraction
from refcheck import Checks

flametui, data = sys.argv[1], sys.argv[2]
checks = Checks("time-reference")


check = checks.check


def run(*args):
    r = subprocess.run([flametui] + list(args), capture_output=True)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode()


EVENT = re.compile(r" +([0-9.]+): .+?:")
IDLE = re.compile("swapper.*(cpuidle|cpu_idle|cpu_bringup_and_idle|"
                  "native_safe_halt|xen_hypercall_sched_op|xen_hypercall_vcpu_op)")
PERIOD = re.compile(r":\s+(\d+)\s+\S+:\s*$")


def read_perf(path):
    """Events as (time, text, period, frames); FlameScope's start/end."""
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rt") as f:
        lines = f.read().split("\n")
    events, cur = [], None
    start, ts = None, None
    for line in lines:
        if line.startswith("#"):
            continue
        m = EVENT.search(line)
        if m:
            if cur is not None:
                events.append(cur)
            ts = Fraction(m.group(1))
            start = ts if start is None or ts < start else start
            p = PERIOD.search(line)
            cur = [ts, line.rstrip(), int(p.group(1)) if p else 1, []]
        elif cur is not None:
            cur[1] += line.rstrip()
            s = line.strip()
            if s:
                sym = s.split(" ", 1)[1].rsplit(" (", 1)[0]
                cur[3].append(re.sub(r"\+0x[0-9a-f]+$", "", sym))
    if cur is not None:
        events.append(cur)
    return events, start, ts  # FlameScope: end is the last event's time


def heatmap(offsets, start, end, rows=50):
    cols = int(math.ceil(end) - math.floor(start))
    last = max([int(math.floor(t - math.floor(start))) for t in offsets] + [cols - 1])
    values = [[0] * rows for _ in range(last + 1)]
    for t in offsets:
        c = int(math.floor(t - math.floor(start)))
        r = rows - int(math.floor(rows * (t - math.floor(t)))) - 1
        values[c][r] += 1
    return {"columns": list(range(last + 1)),
            "rows": [1000 * (i / rows) for i in reversed(range(rows))],
            "values": values,
            "maxvalue": max([max(v) for v in values] + [0])}


def compare_heatmap(name, path, exp):
    rc, out, err = run("--export", "heatmap", path)
    if rc != 0:
        check(name, False, err)
        return
    got = json.loads(out)
    for k in ("columns", "rows", "values", "maxvalue"):
        check("%s heatmap %s" % (name, k), got.get(k) == exp[k],
              "" if got.get(k) == exp[k] else "(%d vs %d columns)" % (
                  len(got.get("values", [])), len(exp["values"])))


def folded_sums(out, funcs):
    tot, per = 0, {f: 0 for f in funcs}
    for line in out.splitlines():
        stack, v = line.rsplit(" ", 1)
        frames = stack.split(";")
        tot += int(v)
        for f in funcs:
            if f in frames:
                per[f] += int(v)
    return tot, per


# --- perf script -----------------------------------------------------------
for fname in ("perf-phases.txt.gz", "perf-phases-edges.txt"):
    path = "%s/%s" % (data, fname)
    events, start, end = read_perf(path)
    timed_end = max(e[0] for e in events)  # same as the last for these files
    check(fname + " end is the last time", timed_end == end)
    offs = [e[0] for e in events if not IDLE.search(e[1])]
    compare_heatmap(fname, path, heatmap(offs, start, end))

path = data + "/perf-phases.txt.gz"
events, start, end = read_perf(path)
origin = math.floor(start)
funcs = ("phase_a", "phase_b", "spin_a", "spin_b")
last_a = max(e[0] for e in events if "phase_a" in e[3]) - origin
first_b = min(e[0] for e in events if "phase_b" in e[3]) - origin
check("perf phases apart", last_a < first_b - Fraction(1, 2),
      "%s %s" % (float(last_a), float(first_b)))
mid = (last_a + first_b) / 2
cuts = [Fraction(0), Fraction(round(float(mid), 3)).limit_denominator(1000),
        Fraction(10)]
ranges = [(cuts[0], cuts[1]), (cuts[1], cuts[2]), (Fraction(1, 2), Fraction(11, 4)),
          (Fraction(0), Fraction(1, 4))]
for a, b in ranges:
    sel = [e for e in events if a <= e[0] - origin < b]
    exp_tot = sum(e[2] for e in sel)
    exp_per = {f: sum(e[2] for e in sel if f in e[3]) for f in funcs}
    ra, rb = "%.3f" % float(a), "%.3f" % float(b)
    rc, out, err = run("--time-range", "%s,%s" % (ra, rb), "--export", "folded", path)
    tot, per = folded_sums(out, funcs)
    check("perf --time-range %s,%s total" % (ra, rb), rc == 0 and tot == exp_tot,
          "%d vs %d %s" % (tot, exp_tot, err))
    check("perf --time-range %s,%s per phase" % (ra, rb), per == exp_per,
          "%s vs %s" % (per, exp_per))
    # Grouped by thread: the timeline follows the regrouped tree.
    rc, out, err = run("--group", "thread", "--time-range", "%s,%s" % (ra, rb),
                       "--export", "folded", path)
    tot, per = folded_sums(out, funcs)
    check("perf --group thread --time-range %s,%s" % (ra, rb),
          rc == 0 and tot == exp_tot and per == exp_per, "%d vs %d %s" % (tot, exp_tot, err))
# One phase's range holds only its function.
rc, out, _ = run("--time-range", "0,%.3f" % float(cuts[1]), "--export", "folded", path)
check("perf range A has phase_a only", "phase_a" in out and "phase_b" not in out)
rc, out, _ = run("--time-range", "%.3f,end" % float(cuts[1]), "--export", "folded", path)
check("perf range B has phase_b only", "phase_b" in out and "phase_a" not in out)

# Range against range (--time-range A,B --time-range-b C,D): a comparison
# of the two ranges of one file, A scaled by len(B) / len(A), each range
# clipped to the recording [0, last sample - origin].  Column B is B's
# sums exactly; column A is A's sums times the factor, each stack rounded
# down or up (flametui's largest remainder): its total within 1, a
# function's within the number of its stacks.
def folded_two(out, funcs):
    tot, per, nst = [0, 0], [{f: 0 for f in funcs}, {f: 0 for f in funcs}], {f: 0 for f in funcs}
    for line in out.splitlines():
        stack, va, vb = line.rsplit(" ", 2)
        frames = stack.split(";")
        for i, v in enumerate((int(va), int(vb))):
            tot[i] += v
            for f in funcs:
                if f in frames:
                    per[i][f] += v
        for f in funcs:
            nst[f] += f in frames
    return tot, per, nst


rec_end = max(e[0] for e in events) - origin
for (a0, b0), (a1, b1) in (((Fraction(0), Fraction(1)), (Fraction(2), Fraction(3))),
                           ((Fraction(0), Fraction(1)), (Fraction(5, 2), None)),
                           ((Fraction(1, 2), Fraction(3, 2)), (Fraction(2), Fraction(13, 5)))):
    def sums(a, b):
        sel = [e for e in events if a <= e[0] - origin and (b is None or e[0] - origin < b)]
        return sum(e[2] for e in sel), {f: sum(e[2] for e in sel if f in e[3]) for f in funcs}
    ta, pa = sums(a0, b0)
    tb, pb = sums(a1, b1)
    k = (min(b1 if b1 is not None else rec_end, rec_end) - a1) / (min(b0, rec_end) - a0)
    txt = lambda x: "end" if x is None else "%g" % float(x)
    name = "range %s,%s vs %s,%s" % (txt(a0), txt(b0), txt(a1), txt(b1))
    rc, out, err = run("--time-range", "%s,%s" % (txt(a0), txt(b0)), "--time-range-b",
                       "%s,%s" % (txt(a1), txt(b1)), "--export", "folded", path)
    tot, per, nst = folded_two(out, funcs)
    check(name + ": B exact", rc == 0 and tot[1] == tb and per[1] == pb,
          "%s vs %s %s %s" % (tot[1], tb, per[1], pb) + err)
    check(name + ": A scaled by len(B)/len(A) = %.4f" % float(k),
          rc == 0 and abs(tot[0] - ta * k) <= 1 and
          all(abs(per[0][f] - pa[f] * k) <= max(nst[f], 1) for f in funcs),
          "%s vs %s %s %s" % (tot[0], float(ta * k), per[0], pa) + err)
    rc, out, err = run("--time-range", "%s,%s" % (txt(a0), txt(b0)), "--time-range-b",
                       "%s,%s" % (txt(a1), txt(b1)), "--top", "3", path)
    check(name + ": --top says the normalisation and both ranges",
          rc == 0 and "normalised by range length (B %g s / A %g s)" % (
              float(k * (min(b0, rec_end) - a0)), float(min(b0, rec_end) - a0)) in out and
          "[time %s-%s s]" % (txt(a0), txt(b0)) in out and
          "[time %s-%s s]" % (txt(a1), txt(b1)) in out, out[:400] + err)
rc, out, err = run("--time-range-b", "2,3", "--top", "3", path)
check("--time-range-b without --time-range refused", rc == 2 and "--time-range A,B" in err, err)
rc, out, err = run("--time-range", "0,1", "--time-range-b", "50,60", "--top", "3", path)
check("range B outside the recording refused", rc == 1 and "no time within" in err, err)
rc, out, err = run("--time-range", "0,1", "--time-range-b", "2,3", "--top", "3",
                   data + "/small.folded")
check("range against range without time refused", rc == 1 and "no time ranges" in err, err)
rc, out, err = run("--time-range", "0,1", "--time-range-b", "2,3", path, path)
check("range against range of two files refused", rc == 2 and "one file" in err, err)

# --- .cpuprofile -----------------------------------------------------------
path = data + "/node-phases.cpuprofile"
prof = json.load(open(path))
nodes = {n["id"]: n for n in prof["nodes"]}
parent = {}
for n in prof["nodes"]:
    for c in n.get("children", []):
        parent[c] = n["id"]


def stack_names(i):
    out = []
    while i is not None:
        out.append(nodes[i]["callFrame"]["functionName"])
        i = parent.get(i)
    return out


idle = [n["id"] for n in prof["nodes"] if n["callFrame"]["functionName"] == "(idle)"]
idle_id = idle[0] if idle else None
t, times = prof["startTime"], []
for d in prof["timeDeltas"]:
    t += d
    times.append(t)
st, en = Fraction(prof["startTime"], 10**6), Fraction(prof["endTime"], 10**6)
offs = [Fraction(x, 10**6) for x, s in zip(times, prof["samples"]) if s != idle_id]
compare_heatmap("node-phases.cpuprofile", path, heatmap(offs, st, en))
# Weights as DevTools: to the next sample in time order, the last the mean
# interval (the span over the gaps, rounded half up).
order = sorted(range(len(times)), key=lambda i: (times[i], i))
weight = {}
gaps = len(order) - 1
meanw = (2 * (times[order[-1]] - times[order[0]]) + gaps) // (2 * gaps)
for k, i in enumerate(order):
    weight[i] = times[order[k + 1]] - times[i] if k + 1 < len(order) else meanw
origin = math.floor(st)
nfuncs = ("phaseA", "phaseB", "spinA", "spinB")
for a, b in ((0, 1.5), (1.5, 10), (0.25, 2.75)):
    fa, fb = Fraction(a).limit_denominator(100), Fraction(b).limit_denominator(100)
    sel = [i for i in range(len(times)) if fa <= Fraction(times[i], 10**6) - origin < fb]
    for col, w in ((0, lambda i: weight[i]), (1, lambda i: 1)):
        exp_tot = sum(w(i) for i in sel)
        exp_per = {f: sum(w(i) for i in sel if f in stack_names(prof["samples"][i]))
                   for f in nfuncs}
        rc, out, err = run("--time-range", "%g,%g" % (a, b), "--sample-type", str(col),
                           "--export", "folded", path)
        tot, per = folded_sums(out, nfuncs)
        check("cpuprofile --time-range %g,%g column %d" % (a, b, col),
              rc == 0 and tot == exp_tot and per == exp_per,
              "%d vs %d; %s vs %s %s" % (tot, exp_tot, per, exp_per, err))

# --- JFR --------------------------------------------------------------------
# Each jdk.ExecutionSample's startTime and stack from the JDK's own reader
# (tests/jfr_time_expected.py: `jfr print --json`); the recording's bounds
# from its chunk header (big-endian: startNanos at byte 32, durationNanos at
# 40), read here.
path = data + "/jfr/java-phases.jfr.gz"
with gzip.open(path, "rb") as f:
    head = f.read(68)
check("jfr chunk magic", head[:4] == b"FLR\0")
c_start = int.from_bytes(head[32:40], "big")
c_dur = int.from_bytes(head[40:48], "big")
jsamples = []
with open(data + "/jfr/java-phases.samples") as f:
    for line in f:
        ns, stack = line.rstrip("\n").split("\t")
        jsamples.append((Fraction(int(ns), 10**9), stack.split(";")))
st, en = Fraction(c_start, 10**9), Fraction(c_start + c_dur, 10**9)
compare_heatmap("java-phases.jfr", path, heatmap([t for t, _ in jsamples], st, en))
rc, out, err = run("--info", path)
check("jfr --info says the samples with time",
      "%d samples with time" % len(jsamples) in out, out + err)
origin = math.floor(st)
jfuncs = ("Phases.phaseA", "Phases.phaseB", "Phases.spinA", "Phases.spinB")
last_a = max(t for t, s in jsamples if "Phases.phaseA" in s) - origin
first_b = min(t for t, s in jsamples if "Phases.phaseB" in s) - origin
check("jfr phases apart", last_a < first_b - Fraction(1, 2),
      "%s %s" % (float(last_a), float(first_b)))
mid = Fraction(round(float((last_a + first_b) / 2), 3)).limit_denominator(1000)
for a, b in ((Fraction(0), mid), (mid, Fraction(10)), (Fraction(1, 2), Fraction(11, 4)),
             (Fraction(1), Fraction(5, 4)), (Fraction(2), Fraction(3))):
    sel = [s for t, s in jsamples if a <= t - origin < b]
    exp_per = {f: sum(1 for s in sel if f in s) for f in jfuncs}
    ra, rb = "%.3f" % float(a), "%.3f" % float(b)
    for extra in ((), ("--group", "thread")):
        rc, out, err = run(*extra, "--time-range", "%s,%s" % (ra, rb),
                           "--export", "folded", path)
        tot, per = folded_sums(out, jfuncs)
        check("jfr %s--time-range %s,%s" % (" ".join(extra) + " " if extra else "", ra, rb),
              rc == 0 and tot == len(sel) and per == exp_per,
              "%d vs %d; %s vs %s %s" % (tot, len(sel), per, exp_per, err))
rc, out, _ = run("--time-range", "0,%.3f" % float(mid), "--export", "folded", path)
check("jfr range A has phaseA only", "phaseA" in out and "phaseB" not in out)
rc, out, _ = run("--time-range", "%.3f,end" % float(mid), "--export", "folded", path)
check("jfr range B has phaseB only", "phaseB" in out and "phaseA" not in out)
# The allocation events of java-work.jfr.gz are not on the timeline: said.
rc, out, err = run("--info", data + "/jfr/java-work.jfr.gz")
check("jfr events of other types said", "of other types not on the timeline" in out,
      out + err)

# --- speedscope ------------------------------------------------------------
# A sampled profile in a time unit: sample i at startValue + the weights
# before it (speedscope's time order); the bounds the profiles' startValue
# and endValue.  speedscope's own sample file (two profiles in seconds).
path = data + "/speedscope-two-sampled.json"
ss = json.load(open(path))
UNIT_S = {"nanoseconds": Fraction(1, 10**9), "microseconds": Fraction(1, 10**6),
          "milliseconds": Fraction(1, 1000), "seconds": Fraction(1)}
ssamples = []  # (time in s, frame names root first, weight)
sfr = [f["name"] for f in ss["shared"]["frames"]]
for prof in ss["profiles"]:
    u = UNIT_S[prof["unit"]]
    t = Fraction(prof["startValue"])
    for stack, w in zip(prof["samples"], prof["weights"]):
        ssamples.append((t * u, [sfr[i] for i in stack], Fraction(w)))
        t += Fraction(w)
sst = min(Fraction(p_["startValue"]) * UNIT_S[p_["unit"]] for p_ in ss["profiles"])
sen = max(Fraction(p_["endValue"]) * UNIT_S[p_["unit"]] for p_ in ss["profiles"])
compare_heatmap("speedscope-two-sampled.json", path,
                heatmap([t for t, _, _ in ssamples], sst, sen))
origin = math.floor(sst)
for a, b in ((0, 2), (2, 6), (6, 100), (1, 9)):
    sel = [x for x in ssamples if a <= x[0] - origin < b]
    exp_tot = sum(w for _, _, w in sel)
    exp_per = {f: sum(w for _, s_, w in sel if f in s_) for f in sfr}
    rc, out, err = run("--time-range", "%d,%d" % (a, b), "--export", "folded", path)
    tot, per = folded_sums(out, sfr)
    check("speedscope --time-range %d,%d" % (a, b),
          rc == 0 and tot == exp_tot and per == exp_per,
          "%s vs %s; %s vs %s %s" % (tot, exp_tot, per, exp_per, err))
# An evented profile in unit "none" (speedscope's simple.speedscope.json)
# has no time: no heat map.
rc, out, err = run("--export", "heatmap", data + "/speedscope-evented.json")
check("speedscope without a time unit: no heat map", rc != 0 and "no time" in err, err)

# --- --export speedscope in time order (issue 25 part 7) -------------------
# Read back here: a column the timeline holds whole is its samples in the
# source's own time order (ties in file order), each with its own weight;
# a time-unit column starts at the recording's start in that unit.


def export_ss(path, *extra):
    rc, out, err = run(*extra, "--export", "speedscope", path)
    if rc != 0:
        check("--export speedscope " + path, False, err)
        return None
    d = json.loads(out)
    names = [f["name"] for f in d["shared"]["frames"]]
    profs = {}
    for prof in d["profiles"]:
        profs[prof["name"]] = (prof, [[names[i] for i in st] for st in prof["samples"]],
                               [Fraction(str(w)) for w in prof["weights"]])
    return profs


def compare_order(name, got, exp_stacks, exp_weights, leaf_only=False):
    prof, stacks, weights = got
    if leaf_only:
        stacks = [st[-1] for st in stacks]
    check(name + " sample count", len(stacks) == len(exp_stacks),
          "%d vs %d" % (len(stacks), len(exp_stacks)))
    bad = [i for i in range(min(len(stacks), len(exp_stacks)))
           if stacks[i] != exp_stacks[i] or weights[i] != exp_weights[i]]
    check(name + " samples in time order with their weights", not bad,
          "first at %s: %s %s vs %s %s" % (bad[0], stacks[bad[0]], weights[bad[0]],
                                           exp_stacks[bad[0]], exp_weights[bad[0]])
          if bad else "")


# JFR: the JDK's times and stacks (count column, weight 1 each).
got = export_ss(data + "/jfr/java-phases.jfr.gz")
if got:
    order = sorted(range(len(jsamples)), key=lambda i: (jsamples[i][0], i))
    compare_order("jfr speedscope", got["cpu"], [jsamples[i][1] for i in order],
                  [1] * len(order))
    check("jfr speedscope count column from 0", got["cpu"][0]["startValue"] == 0 and
          got["cpu"][0]["endValue"] == len(jsamples))
    rc, out, err = run("--time-range", "0,%.3f" % float(mid), "--export", "speedscope",
                       data + "/jfr/java-phases.jfr.gz")
    sel = [i for i in order if jsamples[i][0] - math.floor(st) < mid]
    d = json.loads(out)
    nm = [f["name"] for f in d["shared"]["frames"]]
    check("jfr speedscope of a range: its samples in order",
          [[nm[k] for k in x] for x in d["profiles"][0]["samples"]] ==
          [jsamples[i][1] for i in sel])
# perf: each event's period, leaf frame, by time; startValue the first
# event's time in ns.
events, pstart, _ = read_perf(data + "/perf-phases.txt.gz")
got = export_ss(data + "/perf-phases.txt.gz")
if got:
    prof = list(got.values())[0]
    order = sorted(range(len(events)), key=lambda i: (events[i][0], i))
    leaf = [prof_leaf.replace("_[k]", "") for prof_leaf in
            [st[-1] for st in prof[1]]]
    compare_order("perf speedscope", (prof[0], [[x] for x in leaf], prof[2]),
                  [[events[i][3][0]] for i in order], [events[i][2] for i in order])
    check("perf speedscope startValue", prof[0]["unit"] == "nanoseconds" and
          Fraction(str(prof[0]["startValue"])) == pstart * 10**9,
          "%s vs %s" % (prof[0]["startValue"], pstart * 10**9))
# .cpuprofile: DevTools' weights (to the next sample) in microseconds, 1 in
# the samples column; startValue the profile's startTime.
prof = json.load(open(data + "/node-phases.cpuprofile"))
t, times = prof["startTime"], []
for dlt in prof["timeDeltas"]:
    t += dlt
    times.append(t)
order = sorted(range(len(times)), key=lambda i: (times[i], i))
got = export_ss(data + "/node-phases.cpuprofile")
if got:
    exp = [list(reversed(stack_names(prof["samples"][i]))) for i in order]
    exp_w = [weight[i] for i in order]
    keep = [k for k in range(len(order)) if exp_w[k] != 0]
    compare_order("cpuprofile speedscope cpu", got["cpu"],
                  [exp[k][-1] for k in keep], [exp_w[k] for k in keep], leaf_only=True)
    compare_order("cpuprofile speedscope samples", got["samples"],
                  [e[-1] for e in exp], [1] * len(exp), leaf_only=True)
    check("cpuprofile speedscope startValue", got["cpu"][0]["startValue"] ==
          prof["startTime"] and got["cpu"][0]["endValue"] >= prof["endTime"])
# speedscope: the two profiles' samples merged by time.
got = export_ss(data + "/speedscope-two-sampled.json")
if got:
    order = sorted(range(len(ssamples)), key=lambda i: (ssamples[i][0], i))
    compare_order("speedscope speedscope", list(got.values())[0],
                  [ssamples[i][1] for i in order], [ssamples[i][2] for i in order])
# A filter drops the timeline: one sample per node, as before.
rc, out, err = run("--hide", "spinA", "--export", "speedscope",
                   data + "/jfr/java-phases.jfr.gz")
d = json.loads(out)
check("speedscope after a filter: one sample per stack",
      rc == 0 and len(d["profiles"][0]["samples"]) == 2, out[:300])

# --- bad input -----------------------------------------------------------
rc, out, err = run("--info", data + "/perf-phases-edges.txt")
check("untimed sample counted and said", "1 sample without a time" in err and
      "1 without time" in out, err + out)
check("backwards times said", "times go backwards" in out, out)
rc, out, err = run("--time-range", "5,2", "--info", data + "/perf-phases.txt.gz")
check("reversed range refused", rc == 2 and "not after the start" in err, err)
rc, out, err = run("--time-range", "0,1", "--export", "folded", data + "/small.folded")
check("range on a format without time refused", rc != 0 and "no time" in err, err)
rc, out, err = run("--export", "heatmap", data + "/small.folded")
check("heatmap of a format without time refused", rc != 0 and "no time" in err, err)

checks.done()
