#!/usr/bin/env python3
"""jfr_expected.py - expected figures for a .jfr recording, computed from
the JDK's own reader (`jfr print --json`, `jfr summary`), independently of
flametui.  Writes one folded file per sample type flametui loads:

  OUT.cpu.folded            jdk.ExecutionSample, 1 per event
  OUT.alloc_sample_bytes.folded / _count   jdk.ObjectAllocationSample weight
  OUT.alloc_tlab_bytes.folded / _count     jdk.ObjectAllocationInNewTLAB tlabSize
  OUT.alloc_outside_bytes.folded / _count  jdk.ObjectAllocationOutsideTLAB allocationSize
  OUT.monitor_enter.folded  jdk.JavaMonitorEnter duration in nanoseconds
  OUT.thread_park.folded    jdk.ThreadPark duration in nanoseconds
  OUT.native.folded         jdk.NativeMethodSample, 1 per event
  OUT.counts                event counts from `jfr summary`
  OUT.threads               per sample type, per thread (the event's
                            eventThread / sampledThread: javaName, else
                            osName; <unknown> without one): its total, as
                            "TYPE<TAB>THREAD<TAB>TOTAL" lines (flametui's
                            `thread` label, seen through --tagroot thread)

Frames: the class name with '/' as '.', '.', the method name, root first.
usage: jfr_expected.py FILE.jfr OUT   (needs a JDK's `jfr` on PATH)
"""
import json
import re
import subprocess
import sys
from collections import defaultdict
from decimal import Decimal

EVENTS = [
    ('jdk.ExecutionSample', [('cpu', lambda v: 1)]),
    ('jdk.ObjectAllocationSample', [('alloc_sample_bytes', lambda v: v['weight']),
                                    ('alloc_sample_count', lambda v: 1)]),
    ('jdk.ObjectAllocationInNewTLAB', [('alloc_tlab_bytes', lambda v: v['tlabSize']),
                                       ('alloc_tlab_count', lambda v: 1)]),
    ('jdk.ObjectAllocationOutsideTLAB', [('alloc_outside_bytes', lambda v: v['allocationSize']),
                                         ('alloc_outside_count', lambda v: 1)]),
    ('jdk.JavaMonitorEnter', [('monitor_enter', lambda v: iso_ns(v['duration']))]),
    ('jdk.ThreadPark', [('thread_park', lambda v: iso_ns(v['duration']))]),
    ('jdk.NativeMethodSample', [('native', lambda v: 1)]),
]


def iso_ns(d):
    """ISO-8601 duration as jfr prints it (PT0.0123S, PT1M2.5S) in ns."""
    m = re.fullmatch(r'PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?', d)
    h, mi, s = m.group(1), m.group(2), m.group(3)
    total = Decimal(s or 0) + 60 * int(mi or 0) + 3600 * int(h or 0)
    return int(total * 1000000000)


def frame(f):
    m = f['method']
    cls = (m.get('type') or {}).get('name') or ''
    return (cls.replace('/', '.') + '.' if cls else '') + m['name']


def main():
    path, out = sys.argv[1], sys.argv[2]
    names = ','.join(e for e, _ in EVENTS)
    text = subprocess.run(['jfr', 'print', '--json', '--stack-depth', '4096',
                           '--events', names, path], check=True,
                          capture_output=True).stdout
    events = json.loads(text)['recording']['events']
    cols = defaultdict(lambda: defaultdict(int))
    threads = defaultdict(lambda: defaultdict(int))
    for ev in events:
        for name, cs in EVENTS:
            if ev['type'] != name:
                continue
            v = ev['values']
            st = v.get('stackTrace')
            stack = tuple(reversed([frame(f) for f in st['frames']])) \
                if st and st['frames'] else ('(no stack trace)',)
            t = v.get('sampledThread') or v.get('eventThread') or {}
            tname = t.get('javaName') or t.get('osName') or '<unknown>'
            for col, fn in cs:
                cols[col][stack] += fn(v)
                threads[col][tname] += fn(v)
    for _, cs in EVENTS:
        for col, _ in cs:
            if col not in cols:
                continue
            lines = sorted((';'.join(s).replace('\n', ' ').encode(), w)
                           for s, w in cols[col].items() if w != 0)
            with open('%s.%s.folded' % (out, col), 'wb') as f:
                for s, w in lines:
                    f.write(s + b' ' + str(w).encode() + b'\n')
    with open(out + '.threads', 'wb') as f:
        for _, cs in EVENTS:
            for col, _ in cs:
                for t, w in sorted(threads[col].items(), key=lambda x: x[0].encode()):
                    if w != 0:
                        f.write(('%s\t%s\t%d\n' % (col, t, w)).encode())
    summary = subprocess.run(['jfr', 'summary', path], check=True,
                             capture_output=True, text=True).stdout
    with open(out + '.counts', 'w') as f:
        for line in summary.splitlines():
            p = line.split()
            if p and p[0] in dict(EVENTS):
                f.write('%s %s\n' % (p[0], p[1]))


if __name__ == '__main__':
    main()
