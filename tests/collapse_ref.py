#!/usr/bin/env python3
"""collapse_ref.py - independent reference collapsers for the tracers'
text outputs, written from the FlameGraph scripts' documented rules (not
from flametui's C code), to compute expected folded stacks in the tests.

  collapse_ref.py stap FILE       stackcollapse-stap.pl's rules
  collapse_ref.py dtrace FILE     stackcollapse.pl's rules (3 header lines)
  collapse_ref.py bpftrace FILE   flametui's documented bpftrace rules (see
                                  src/input/load_bpftrace.c: keys first, stacks last
                                  to first, "-" between, offsets stripped)
  collapse_ref.py perf [--event E] [--group none|process|thread] FILE
                                  stackcollapse-perf.pl --all's rules for the
                                  samples of event E (default: the first),
                                  weighted by period
  collapse_ref.py folded FILE     sum a folded file's counts by stack
  collapse_ref.py folded-notemplates FILE
                                  the same with template arguments <...>
                                  dropped from frame names (pprof's short
                                  names, after c++filt -p in the tests)

An empty stack (a count with no frames) is the frame "[no stack]", as
flametui names it.  Output: folded lines "a;b;c COUNT", byte-sorted.  Kernel/JIT annotations are
written as flametui writes them (perf: _[k], _[j]; stap: _[k] for frames of
a module without '/').
"""
import re
import sys
from collections import defaultdict


def out(acc):
    for k in sorted(acc, key=lambda s: s.encode()):
        sys.stdout.write("%s %d\n" % (k, acc[k]))


def lines(path):
    with open(path, "rb") as f:
        for raw in f:
            yield raw.decode("utf-8", "surrogateescape").rstrip("\n").rstrip("\r")


def stap(path):
    acc = defaultdict(int)
    stack = []
    for line in lines(path):
        m = re.match(r"^\s*(\d+)\s*$", line)
        if m:
            acc[";".join(stack) or "[no stack]"] += int(m.group(1))
            stack = []
            continue
        if re.match(r"^\s*$", line):
            continue
        frame = line.strip()
        kernel = False
        m = re.match(r"^(.*) \[([^\]]*)\]$", frame)
        if m:
            frame, mod = m.group(1), m.group(2)
            kernel = "/" not in mod
        frame = re.sub(r"\+[^+]*$", "", frame)
        frame = re.sub(r"^.* : ", "", frame)
        if frame == "":
            frame = "-"
        if kernel:
            frame += "_[k]"
        stack.insert(0, frame)
    out(acc)


def dtrace(path):
    acc = defaultdict(int)
    stack = []
    for nr, line in enumerate(lines(path)):
        if nr < 3:
            continue
        m = re.match(r"^\s*(\d+)\s*$", line)
        if m:
            acc[";".join(stack) or "[no stack]"] += int(m.group(1))
            stack = []
            continue
        if re.match(r"^\s*$", line):
            continue
        frame = line.strip()
        frame = re.sub(r"\+[^+]*$", "", frame)
        frame = re.sub(r"(..)[(<].*", r"\1", frame, count=1, flags=re.S)
        if frame == "":
            frame = "-"
        stack.insert(0, frame)
    out(acc)


def bpftrace(path):
    acc = defaultdict(int)
    keys, stacks, cur, inside = [], [], None, False

    def frame(s):
        s = re.sub(r" \([^ ]*\)$", "", s)
        s = re.sub(r"\+(\d+|0x[0-9a-fA-F]+)$", "", s)
        return s or "-"

    def pieces(text):
        nonlocal cur
        parts = text.split(",")
        for i, p in enumerate(parts):
            p = p.strip()
            if p:
                keys.append(p)
            else:
                cur = []
                stacks.append(cur)

    def finish(v):
        nonlocal keys, stacks, cur, inside
        path_ = list(keys)
        first = True
        for st in reversed(stacks):
            if not st:
                continue
            if not first:
                path_.append("-")
            first = False
            path_.extend(reversed(st))
        acc[";".join(path_) or "[no stack]"] += v
        keys, stacks, cur, inside = [], [], None, False

    for line in lines(path):
        line = line.rstrip(" ")
        if not line:
            continue
        if line.startswith("@"):
            m = re.match(r"^@\w*\[(.*)\]: (-?\d+)$", line)
            if m:
                pieces(m.group(1))
                finish(int(m.group(2)))
                continue
            m = re.match(r"^@\w*\[(.*)$", line)
            if m:
                inside = True
                pieces(m.group(1))
            continue
        if not inside:
            continue
        if line[0] in ",]":
            m = re.match(r"^(.*)\]: (-?\d+)$", line)
            body = m.group(1) if m else line
            if body.startswith(","):
                pieces(body[1:])
            if m:
                finish(int(m.group(2)))
            continue
        if cur is None:
            cur = []
            stacks.append(cur)
        cur.append(frame(line.strip()))
    out(acc)


def perf(path, event=None, group="none"):
    acc = defaultdict(int)
    stack, comm, pid, tid, period, ev, keep = [], None, None, None, 1, None, False
    first_event = None

    def flush():
        nonlocal stack, keep
        if keep:
            name = comm
            if group == "process":
                name = "%s-%s" % (comm, pid)
            elif group == "thread":
                name = "%s-%s/%s" % (comm, pid, tid)
            acc[";".join([name.replace(" ", "_")] + stack)] += period
        stack, keep = [], False

    for line in lines(path):
        if line.startswith("#"):
            continue
        if line == "":
            flush()
            continue
        m = re.match(r"^(\S.+?)\s+(\d+)/*(\d+)*\s+", line)
        if m:
            flush()
            comm, pid, tid = m.group(1), m.group(2), m.group(3)
            if tid is None:
                pid, tid = "?", pid
            m2 = re.search(r":\s*(\d+)*\s+(\S+):\s*$", line)
            period, ev = 1, None
            if m2:
                ev = m2.group(2)
                if m2.group(1):
                    period = int(m2.group(1))
            if first_event is None:
                first_event = ev
            keep = ev == (event if event is not None else first_event)
            continue
        m = re.match(r"^\s*(\w+)\s*(.+) \((\S*)\)", line)
        if m and keep:
            rawfunc, mod = m.group(2), m.group(3)
            rawfunc = re.sub(r"\+0x[\da-f]+$", "", rawfunc)
            if rawfunc.startswith("("):
                continue
            parts = rawfunc.split("->")
            names = []
            for i, f in enumerate(parts):
                if f == "[unknown]" and mod != "[unknown]":
                    f = "[" + mod.split("/")[-1] + "]"
                f = f.replace(";", ":")
                f = re.sub(r"[\"']", "", f)
                if "(anonymous namespace)" not in f and not re.search(r"\.\(.*\)\.", f):
                    f = re.sub(r"\(.*", "", f)
                if i > 0:
                    f += "_[i]"
                elif (mod.startswith("[") or mod.endswith("vmlinux")) and "unknown" not in mod:
                    f += "_[k]"
                elif re.match(r"^/tmp/perf-\d+\.map$", mod):
                    f += "_[j]"
                names.append(f)
            stack[0:0] = list(reversed(names))
    flush()
    out(acc)


def strip_templates(name):
    """Drop balanced <...> groups, keeping operator<, operator<< etc."""
    res, depth, i = [], 0, 0
    while i < len(name):
        c = name[i]
        if c == "<" and depth == 0 and re.search(r"operator<?$", name[:i]):
            res.append(c)
        elif c == "<":
            depth += 1
        elif c == ">" and depth > 0:
            depth -= 1
        elif depth == 0:
            res.append(c)
        i += 1
    return "".join(res)


def folded(path, templates=True):
    acc = defaultdict(int)
    for line in lines(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        stack, _, count = line.rpartition(" ")
        if not templates:
            stack = ";".join(strip_templates(f) for f in stack.split(";"))
        acc[stack] += int(count)
    out(acc)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    kind = argv[1]
    if kind == "perf":
        event, group, args = None, "none", argv[2:]
        while len(args) > 1:
            if args[0] == "--event":
                event, args = args[1], args[2:]
            elif args[0] == "--group":
                group, args = args[1], args[2:]
            else:
                break
        perf(args[0], event, group)
        return 0
    if kind == "folded-notemplates":
        folded(argv[2], templates=False)
        return 0
    {"stap": stap, "dtrace": dtrace, "bpftrace": bpftrace, "folded": folded}[kind](argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
