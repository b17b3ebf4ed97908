#!/usr/bin/env python3
"""perfdata_ref.py PERF_SCRIPT_TEXT FOLDED - check flametui's reading of a
perf.data (FOLDED: `flametui --export folded X.data`) against sums taken
here, independently of flametui and of stackcollapse-perf.pl, from the
text `perf script -i X.data` printed (its default fields).

Each event is a header "comm pid[/tid] [cpu] time: period event:" and stack
lines "ADDR SYMBOL+0xOFF (DSO)", leaf first.  Per event type (the first is
the one folded by default) this sums the periods, and the periods per leaf
function (the symbol without +0x..., "[unknown]" named by the DSO's base
name as "[base]").  flametui's folded export must have the same total and
the same self value per leaf function.  Prints "perfdata_ref: N passed, M
failed"; exits 1 on a failure.
"""
import collections
import re
import sys

HDR = re.compile(r'^(\S.*?)\s+\d+(?:/\d+)?\s+(?:\[\d+\]\s+)?[\d.]+:\s+(\d+)\s+(\S+?):?\s*$')


def leaf_name(line):
    m = re.match(r'^\s*[0-9a-fA-F]+\s+(.*?)\s+\((.*)\)\s*$', line)
    sym, dso = m.group(1), m.group(2)
    sym = re.sub(r'\+0x[0-9a-fA-F]+$', '', sym)
    if sym == '[unknown]' and dso != '[unknown]':
        sym = '[' + dso.rsplit('/', 1)[-1] + ']'
    return sym


def script_sums(path):
    events = collections.OrderedDict()
    cur = None
    leaf_done = False
    with open(path, errors='replace') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line.strip():
                cur = None
                continue
            if not line[0].isspace():
                m = HDR.match(line)
                if not m:
                    raise SystemExit('perfdata_ref: unexpected header: %r' % line)
                ev = m.group(3)
                cur = events.setdefault(ev, {'total': 0, 'self': collections.Counter()})
                period = int(m.group(2))
                cur['total'] += period
                cur['pending'] = period
                leaf_done = False
                continue
            if cur is not None and not leaf_done:
                cur['self'][leaf_name(line)] += cur['pending']
                leaf_done = True
    return events


def folded_sums(path):
    total = 0
    self_ = collections.Counter()
    with open(path) as f:
        for line in f:
            stack, n = line.rstrip('\n').rsplit(' ', 1)
            n = int(n)
            total += n
            self_[stack.split(';')[-1]] += n
    return total, self_


def main():
    ev = script_sums(sys.argv[1])
    total, self_ = folded_sums(sys.argv[2])
    first = next(iter(ev.values()))
    ok = bad = 0

    def check(what, want, got):
        nonlocal ok, bad
        if want == got:
            ok += 1
        else:
            bad += 1
            print('perfdata_ref: FAIL: %s: perf script says %s, flametui %s' % (what, want, got))
    check('total of the first event', first['total'], total)
    for fn, v in first['self'].items():
        # The folded export marks kernel frames _[k]: compare without it.
        got = self_.get(fn, 0) + self_.get(fn + '_[k]', 0)
        check('self of %s' % fn, v, got)
    check('functions with self', len(first['self']),
          len({k[:-4] if k.endswith('_[k]') else k for k in self_}))
    print('perfdata_ref: %d passed, %d failed' % (ok, bad))
    sys.exit(1 if bad else 0)


main()
