#!/usr/bin/env python3
"""jfr_time_expected.py - each execution sample's time and stack in a .jfr
recording, from the JDK's own reader (`jfr print --json --events
jdk.ExecutionSample`), independently of flametui: the figures
tests/time_ref.py bins into FlameScope's heat map and sums per time range.

Writes OUT, one line per jdk.ExecutionSample in the reader's order:
  NS<TAB>FRAME;FRAME;...
NS is the event's startTime (as `jfr print` gives it, UTC, to the
nanosecond) in nanoseconds since the epoch; frames root first, each the
class name with '/' as '.', '.', the method name (as tests/jfr_expected.py).

usage: jfr_time_expected.py FILE.jfr OUT   (needs a JDK's `jfr` on PATH)
"""
import calendar
import json
import re
import subprocess
import sys


def epoch_ns(s):
    """2026-11-28T18:46:09.754209324Z (UTC) in ns since the epoch."""
    m = re.fullmatch(r'(\d+)-(\d+)-(\d+)T(\d+):(\d+):(\d+)(?:\.(\d+))?Z', s)
    y, mo, d, h, mi, se = (int(m.group(i)) for i in range(1, 7))
    frac = (m.group(7) or '').ljust(9, '0')
    return calendar.timegm((y, mo, d, h, mi, se)) * 10**9 + int(frac[:9])


def frame(f):
    m = f['method']
    cls = (m.get('type') or {}).get('name') or ''
    return (cls.replace('/', '.') + '.' if cls else '') + m['name']


def main():
    path, out = sys.argv[1], sys.argv[2]
    text = subprocess.run(['jfr', 'print', '--json', '--stack-depth', '4096',
                           '--events', 'jdk.ExecutionSample', path], check=True,
                          capture_output=True).stdout
    events = json.loads(text)['recording']['events']
    with open(out, 'w') as f:
        for e in events:
            v = e['values']
            frames = [frame(x) for x in reversed((v.get('stackTrace') or {})
                                                   .get('frames') or [])]
            f.write('%d\t%s\n' % (epoch_ns(v['startTime']), ';'.join(frames)))


main()
