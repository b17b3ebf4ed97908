#!/usr/bin/env python3
"""pprof_top.py PPROF_TOP FLAMETUI_TOP - flametui's --top against
`go tool pprof -top` with the same filters: every function pprof lists
must be in flametui's table with the same flat% and cum% (pprof's self%
and total%), and pprof's whole total ("of 5.62s total") must be what
flametui's header says the percentages are of.  Both are shares of the
profile before any filter (pprof computes its total before -focus,
-ignore, -hide, -show, -tagfocus ...).  Exit 1 with the differences.

Tolerance: each side prints a rounded share (pprof %.2f, flametui three
significant digits); they agree when the intervals they stand for meet.
"""
import re
import sys

UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0,
         "hrs": 3600.0, "h": 3600.0,
         "B": 1, "kB": 1024, "KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3, "TB": 1024 ** 4,
         "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3, "TiB": 1024 ** 4}


def qty(text):
    """'5.62s', '1330ms', '2.4 MB', '1.2 min' -> (value, kind) or None."""
    m = re.match(r"^\s*([0-9.]+)\s*([A-Za-zµ]*)\s*$", text)
    if not m:
        return None
    v, u = float(m.group(1)), m.group(2)
    if u == "":
        return v, "count"
    if u not in UNITS:
        return None
    return v * UNITS[u], "time" if u in ("ns", "us", "µs", "ms", "s", "min", "hrs", "h") else "bytes"


def half_ulp(shown):
    """Half of the last printed digit of a number as text."""
    s = shown.strip()
    if "." in s:
        return 0.5 * 10 ** -len(s.split(".")[1])
    return 0.5


def pct_meet(a, b):
    a, b = a.rstrip("%"), b.rstrip("%")
    try:
        return abs(float(a) - float(b)) <= half_ulp(a) + half_ulp(b) + 1e-9
    except ValueError:
        return False


def read_pprof(path):
    total, rows = None, []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.search(r"of (\S+) total", line)
        if line.startswith("Showing nodes") and m:
            total = m.group(1)
            continue
        m = re.match(r"^\s*(\S+)\s+(\S+%)\s+(\S+%)\s+(\S+)\s+(\S+%)\s+(.*)$", line)
        if m and m.group(1) != "flat":
            rows.append((m.group(6).rstrip("\n"), m.group(2), m.group(5)))
    return total, rows


def read_ours(path):
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    whole = None
    if lines:
        m = re.search(r", (\S+ ?\S*) of (.*?) \(([^)]*)\), \d+ functions$", lines[0])
        if m:
            whole = m.group(2)
        else:
            m = re.search(r", total (.*?), \d+ functions$", lines[0])
            if m:
                whole = m.group(1)
    rows = {}
    for l in lines[2:]:
        m = re.match(r"^\s*(.+?)\s+(\S+%|-)\s+(.+?)\s+(\S+%|-)  (.*)$", l)
        if m:
            rows[m.group(5)] = (m.group(2), m.group(4))
    return whole, rows


def main():
    ptotal, prows = read_pprof(sys.argv[1])
    whole, ours = read_ours(sys.argv[2])
    bad = []
    if ptotal is None or whole is None:
        bad.append("no total: pprof %r flametui %r" % (ptotal, whole))
    else:
        a, b = qty(ptotal), qty(whole)
        if a is None or b is None or a[1] != b[1] or \
                abs(a[0] - b[0]) > 0.006 * max(a[0], b[0]):
            bad.append("whole total: pprof %s, flametui %s" % (ptotal, whole))
    if not prows and ours:
        bad.append("pprof listed no function, flametui %d" % len(ours))
    for name, flat, cum in prows:
        # pprof says "(inline)" only where the caller is shown (not
        # after -hide took it); flametui keeps the frame's kind.
        if name not in ours and name + " (inline)" in ours:
            name += " (inline)"
        if name not in ours:
            bad.append("%s: not in flametui's table" % name)
            continue
        s, t = ours[name]
        if not pct_meet(flat, s) or not pct_meet(cum, t):
            bad.append("%s: pprof flat %s cum %s, flametui self %s total %s" %
                       (name, flat, cum, s, t))
    for b in bad[:6]:
        print("  " + b)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
