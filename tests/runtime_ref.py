#!/usr/bin/env python3
"""runtime_ref.py - an independent reference for the JSON runtime-profile
formats: reads a Chrome .cpuprofile, a Chrome trace-event file or a
speedscope file with Python's json module and prints folded stacks
("root;...;leaf VALUE", byte-sorted, ';' in names written ':'), the figures
`flametui --export folded` must reproduce.  It shares no code with
flametui; it implements the rules DESIGN.md and the loaders' headers state:

  .cpuprofile  weight of sample i = timestamp[i+1] - timestamp[i] (the last
               sample: the mean interval, (last - first) / (n - 1) rounded
               half up, as DevTools; a lone sample: endTime - its
               timestamp), timestamps = startTime +
               running sum of timeDeltas, sorted when out of order; the
               "(root)" node is dropped; empty function names are
               "(anonymous)".
  trace        sampled Profile/ProfileChunk events win over the legacy
               global "samples" (each names a "stackFrames" entry whose
               parents make its stack; value = its "weight", 1 when absent),
               which win over duration events;
               X and B/E events nest per thread by time (start, longer
               first, file order); self time = own length minus nested
               lengths; thread root frames (thread_name or "tid N"), under
               a process frame when there are several pids; clang
               -ftime-trace's "Total NAME" summary lanes are left out.
  speedscope   every profile under a root frame named after it when the file
               has several of the same unit; sampled: weights; evented:
               open/close times, self time.
  flamebearer  Pyroscope's levels ("flamebearer", or the query API's
               "flamegraph" with {"values": [...]} levels and numbers as
               strings): per level, bars of 4 numbers (offset from the
               previous bar's end, total, self, name index) or 7 for
               "double" (left offset/total/self, right offset/total/self,
               name); a bar's parent is the bar of the level above whose
               span (both sides' added for "double") holds its start; the
               level-0 bar is the root, not a frame; values: self (column
               0 left, 1 right).

usage: runtime_ref.py FORMAT FILE [COLUMN [GROUP]]
  FORMAT: cpuprofile|trace|speedscope|flamebearer; GROUP: none (default: threads merged)
  or thread (a root frame per thread, "NAME-pid/tid" as flametui names it)
"""
import json
import sys
from decimal import Decimal
from collections import defaultdict


def load_json(path, partial=False):
    text = open(path, 'rb').read().decode('utf-8', 'replace')
    if partial:
        s = text.rstrip()
        if s.startswith('[') and not s.endswith(']'):
            s = s.rstrip(',')
            # Drop an event cut in the middle: keep up to the last '}' that
            # ends a top-level element.
            try:
                return json.loads(s + ']', parse_float=Decimal)
            except ValueError:
                cut = s.rfind('},')
                return json.loads(s[:cut + 1] + ']', parse_float=Decimal)
        text = s
    return json.loads(text, parse_float=Decimal)


def frame_name(cf):
    n = cf.get('functionName') or ''
    return n if n else '(anonymous)'


def old_v8(prof):
    """The old V8 shape (a "head" tree, startTime/endTime in seconds,
    absolute "timestamps" in microseconds, 1-based lines) as the current
    one, as DevTools' legacy branch and speedscope's v8cpuFormatter read
    it."""
    nodes, stack = [], [(prof['head'], None)]
    while stack:
        n, parent = stack.pop()
        cf = {k: n.get(k) for k in ('functionName', 'url') if k in n}
        node = {'id': n['id'], 'callFrame': cf}
        if parent is not None:
            node['parent'] = parent
        nodes.append(node)
        for c in n.get('children', []):
            stack.append((c, n['id']))
    us = lambda x: int(Decimal(str(x)) * 1000000)
    out = {'nodes': nodes, 'samples': prof.get('samples', [])}
    if 'startTime' in prof:
        out['startTime'] = us(prof['startTime'])
    if 'endTime' in prof:
        out['endTime'] = us(prof['endTime'])
    stamps = prof.get('timestamps', [])
    t0 = out.get('startTime', stamps[0] if stamps else 0)
    out['timeDeltas'] = [b - a for a, b in zip([t0] + stamps[:-1], stamps)]
    return out


def cpu_stacks(prof, out, base=()):
    """Add a Chrome CPU profile's samples to out[stack] = [us, count].
    Samples of unknown nodes are skipped; V8's natives (url "native ...",
    as "native dummy.js") are left out of the stacks, as DevTools does."""
    if 'head' in prof and 'nodes' not in prof:
        prof = old_v8(prof)
    nodes = {n['id']: n for n in prof['nodes']}
    parent = {}
    for n in prof['nodes']:
        for c in n.get('children', []):
            parent[c] = n['id']
        if 'parent' in n:
            parent[n['id']] = n['parent']

    def stack(i):
        st = []
        while i is not None:
            n = nodes[i]
            url = n['callFrame'].get('url') or ''
            if not (n['callFrame'].get('functionName') == '(root)' and i not in parent) \
                    and not url.startswith('native '):
                st.append(frame_name(n['callFrame']))
            i = parent.get(i)
        return base + tuple(reversed(st))

    samples = prof.get('samples', [])
    deltas = prof.get('timeDeltas', [])
    t = prof.get('startTime', 0)
    times = []
    for i, d in enumerate(deltas):
        t += d
        times.append((t, i))
    times.sort()
    n = len(times)
    for k, (t, i) in enumerate(times):
        if k + 1 < n:
            w = times[k + 1][0] - t
        elif n >= 2:
            # The mean interval, rounded half up (DevTools' rule).
            span, gaps = times[-1][0] - times[0][0], n - 1
            w = (2 * span + gaps) // (2 * gaps)
        else:
            end = prof.get('endTime')
            w = end - t if end is not None and end > t else 0
        if samples[i] not in nodes:
            continue
        v = out[stack(samples[i])]
        v[0] += w
        v[1] += 1


def cpuprofile(path):
    out = defaultdict(lambda: [0, 0])
    cpu_stacks(load_json(path), out)
    return out


GROUP = 'none'


def thread_frame(name, pid, tid):
    s = name if name else '[unknown]'
    if isinstance(pid, int) and pid >= 0:
        s += '-%d' % pid
    if isinstance(tid, int) and tid >= 0:
        s += '/%d' % tid
    return s


def trace(path):
    d = load_json(path, partial=True)
    events = d['traceEvents'] if isinstance(d, dict) else d
    tname, pname, pids = {}, {}, set()
    profiles = {}
    spans = []
    marks = []
    seq = 0
    frac = False

    def us_ns(x):
        nonlocal frac
        v = int((Decimal(str(x)) * 1000).to_integral_value())
        if v % 1000:
            frac = True
        return v

    for ev in events:
        if not isinstance(ev, dict) or not isinstance(ev.get('ph'), str):
            continue
        th = (ev.get('pid', 0), ev.get('tid', 0))
        ph, name = ev['ph'], ev.get('name')
        pids.add(th[0])
        args = ev.get('args') or {}
        if ph == 'M':
            if name == 'thread_name':
                tname[th] = args.get('name')
            elif name == 'process_name':
                pname[th] = args.get('name')
            continue
        if name in ('Profile', 'ProfileChunk', 'CpuProfile') and ph in 'PIi':
            key = (th[0], str(ev.get('id')))
            if name == 'CpuProfile' and 'id' not in ev:
                key = (th[0], th[1], None)  # legacy: one whole profile per thread
            p = profiles.setdefault(key, {'thread': th, 'nodes': [], 'samples': [],
                                          'timeDeltas': []})
            data = args.get('data') or {}
            if 'startTime' in data and 'startTime' not in p:
                p['startTime'] = data['startTime']
            if 'endTime' in data:
                p['endTime'] = data['endTime']
            cp = data.get('cpuProfile') or {}
            if name == 'CpuProfile':
                for k in ('startTime', 'endTime'):
                    if k in cp:
                        p[k] = cp[k]
            p['nodes'] += cp.get('nodes', [])
            p['samples'] += cp.get('samples', [])
            p['timeDeltas'] += data.get('timeDeltas', cp.get('timeDeltas', []))
            continue
        fname = name if isinstance(name, str) else '(unnamed)'
        det = args.get('detail') if isinstance(args, dict) else None
        if isinstance(det, str) and det:
            fname += ' ' + det
        if ph == 'X':
            if 'dur' not in ev or ev['dur'] < 0:
                continue
            # clang -ftime-trace's summary lanes ("Total NAME" at ts 0,
            # args exactly {count, avg ms}, one per fake thread): sums of
            # other events, not time spent; left out.
            if (isinstance(name, str) and name.startswith('Total ') and
                    ev.get('ts') == 0 and isinstance(args, dict) and
                    set(args) == {'count', 'avg ms'}):
                continue
            s = us_ns(ev['ts'])
            spans.append((th, s, s + us_ns(ev['dur']), seq, fname))
        elif ph in 'BE':
            marks.append((th, us_ns(ev['ts']), seq, ph, fname))
        seq += 1
    def root(th):
        if GROUP == 'none':
            return ()
        pn = pname.get(th) or next((v for (p, t), v in pname.items() if p == th[0]), None)
        if pn is None and isinstance(th[0], str):
            pn = th[0]
        tn = tname.get(th) or (th[1] if isinstance(th[1], str) else None)
        return (thread_frame(tn or pn, th[0], th[1]),)

    out = defaultdict(lambda: [0, 0])
    if profiles:
        for p in profiles.values():
            cpu_stacks(p, out, root(p['thread']))
        return out
    gs = d.get('samples') if isinstance(d, dict) else None
    if gs:
        frames = d.get('stackFrames') or {}
        for smp in gs:
            th = (smp.get('pid', 0), smp.get('tid', 0))
            names = []
            f = str(smp['sf'])
            while f is not None:
                fr = frames[f]
                names.append(fr.get('name') if isinstance(fr.get('name'), str) else '(unnamed)')
                f = str(fr['parent']) if fr.get('parent') is not None else None
            out[root(th) + tuple(reversed(names))][0] += int(smp.get('weight', 1))
        return out
    # B/E matching per thread.
    last = defaultdict(lambda: -2**63)
    for th, s, e, q, n in spans:
        last[th] = max(last[th], e)
    for th, t, q, ph, n in marks:
        last[th] = max(last[th], t)
    marks.sort(key=lambda m: (repr(m[0]), m[1], m[2]))
    open_ = defaultdict(list)
    for th, t, q, ph, n in marks:
        if ph == 'B':
            open_[th].append((t, q, n))
        elif open_[th]:
            bt, bq, bn = open_[th].pop()
            spans.append((th, bt, t, bq, bn))
    for th, st in open_.items():
        for bt, bq, bn in st:
            spans.append((th, bt, last[th], bq, bn))
    div = 1 if frac else 1000
    spans.sort(key=lambda x: (repr(x[0]), x[1], -x[2], x[3]))
    # Thread order in the sort is by first appearance in flametui; folded
    # output is sorted anyway, so sort key order here does not matter.
    stack = []
    cur = None
    for th, s, e, q, n in spans:
        if th != cur:
            stack = []
            cur = th
        while stack and stack[-1][1] <= s:
            stack.pop()
        if stack and e > stack[-1][1]:
            e = stack[-1][1]
        path = (stack[-1][0] if stack else root(th)) + (n,)
        w = (e - s) // div
        out[path][0] += w
        if stack:
            out[stack[-1][0]][0] -= w
        stack.append((path, e))
    return out


def speedscope(path):
    d = load_json(path)
    frames = d['shared']['frames']
    profs = d['profiles']
    units = defaultdict(int)
    for p in profs:
        units[p.get('unit', 'none')] += 1
    out = defaultdict(lambda: [0, 0])
    for pi, p in enumerate(profs):
        base = ()
        if units[p.get('unit', 'none')] > 1 and GROUP == 'thread':
            base = (p.get('name') or 'profile %d' % pi,)
        names = [f['name'] for f in frames]
        if p['type'] == 'sampled':
            ws = p.get('weights') or [1] * len(p['samples'])
            for s, w in zip(p['samples'], ws):
                out[base + tuple(names[i] for i in s)][0] += w
        else:
            st = []
            last = p['startValue']
            for ev in p['events']:
                at = ev['at']
                if st:
                    out[base + tuple(names[i] for i in st)][0] += at - last
                last = at
                if ev['type'] == 'O':
                    st.append(ev['frame'])
                elif st:
                    st.pop()
            end = p.get('endValue')
            if st and end is not None and end > last:
                out[base + tuple(names[i] for i in st)][0] += end - last
    return out


def flamebearer(path):
    d = load_json(path)
    fb = d.get('flamebearer') or d['flamegraph']
    names = fb['names']
    form = (d.get('metadata') or {}).get('format') or fb.get('format')
    if form is None:
        form = 'double' if 'leftTicks' in fb or 'rightTicks' in fb else 'single'
    w = 7 if form == 'double' else 4
    out = defaultdict(lambda: [0, 0])
    above = []  # (start, end, stack) of the level above
    for li, level in enumerate(fb['levels']):
        vals = level.get('values', []) if isinstance(level, dict) else level
        vals = [int(v) for v in vals]
        here = []
        pos = [0, 0]  # each side's end of the previous bar
        for b in range(0, len(vals), w):
            bar = vals[b:b + w]
            sides = [(bar[0], bar[1], bar[2])] + ([(bar[3], bar[4], bar[5])] if w == 7 else [])
            start = 0
            total = 0
            for si, (off, tot, _) in enumerate(sides):
                start += pos[si] + off
                total += tot
                pos[si] += off + tot
            if li == 0:
                stack = ()
            else:
                parent = [a for a in above if a[0] <= start < a[1] or a[0] == a[1] == start]
                stack = parent[0][2] + (names[bar[-1]],)
            here.append((start, start + total, stack))
            for si, (_, _, slf) in enumerate(sides):
                out[stack][si] += slf
        above = here
    return out


def fmt(v):
    if isinstance(v, Decimal):
        s = format(v, 'f')
        if '.' in s:
            s = s.rstrip('0').rstrip('.')
        return s if s not in ('', '-0') else '0'
    return str(v)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    # COLUMN "both": a differential profile's two columns, "STACK A B"
    # (flametui's folded export of a comparison).
    both = len(sys.argv) > 3 and sys.argv[3] == 'both'
    col = int(sys.argv[3]) if len(sys.argv) > 3 and not both else 0
    global GROUP
    GROUP = sys.argv[4] if len(sys.argv) > 4 else 'none'
    out = {'cpuprofile': cpuprofile, 'trace': trace, 'speedscope': speedscope,
           'flamebearer': flamebearer}[kind](path)
    lines = []
    for st, v in out.items():
        if (v[0] == 0 and v[1] == 0 if both else v[col] == 0) or not st:
            continue
        text = ';'.join(f.replace(';', ':').replace('\n', ' ') for f in st)
        figs = fmt(v[0]) + ' ' + fmt(v[1]) if both else fmt(v[col])
        lines.append(text.encode('utf-8', 'surrogateescape') + b' ' + figs.encode())
    lines.sort(key=lambda b: b.rsplit(b' ', 1)[0])
    sys.stdout.buffer.write(b''.join(x + b'\n' for x in lines))


if __name__ == '__main__':
    main()
