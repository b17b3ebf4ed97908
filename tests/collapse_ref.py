#!/usr/bin/env python3
"""collapse_ref.py - independent reference collapsers for the tracers'
text outputs, written from the FlameGraph scripts' documented rules (not
from flametui's C code), to compute expected folded stacks in the tests.

  collapse_ref.py stap FILE       stackcollapse-stap.pl's rules
  collapse_ref.py dtrace FILE     stackcollapse.pl's rules (3 header lines)
  collapse_ref.py bpftrace FILE   flametui's documented bpftrace rules (see
                                  src/input/load_bpftrace.c: keys first, stacks last
                                  to first, "-" between, offsets stripped)
  collapse_ref.py perf [--event E] [--group none|process|thread]
                      [--cut first|depth0|none] FILE
                                  stackcollapse-perf.pl --all's rules for the
                                  samples of event E (default: the first),
                                  weighted by period; --cut: where a C++
                                  argument list is cut: at the first "("
                                  (stackcollapse-perf.pl, the default), only
                                  a "(" at bracket depth 0 right after a name
                                  or ">" (flametui's short mode: the "(int)"
                                  of "std::function<void (int)>" stays), or
                                  not at all (full mode)
  collapse_ref.py folded FILE     sum a folded file's counts by stack
  collapse_ref.py folded-notemplates FILE
                                  the same with template arguments <...>
                                  dropped from frame names (pprof's short
                                  names, after c++filt -p in the tests),
                                  keeping a qualified path's brackets
                                  ("<Vec<f64> as Index>::index" ->
                                  "<Vec as Index>::index") and dropping a
                                  turbofish with its "::"
  collapse_ref.py rust-demangle FILE
                                  a folded file with Rust legacy symbols
                                  ("_ZN...17h<hash>E") demangled by the
                                  rules of rustc-demangle (written here),
                                  v0 ("_R...") symbols by c++filt

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


# An operator name: the longest token first ("<=>" before "<=" before "<").
OPERATOR = (r"operator(\(\)|\[\]|<=>|<<=|>>=|->\*|<<|>>|<=|>=|->|==|!=|&&|\|\||"
            r"\+\+|--|\+=|-=|\*=|/=|%=|\^=|&=|\|=|[<>=!+\-*/%^&|~,])")


def args_at(f):
    """Where the argument list of f starts: the first "(" at depth 0 of (),
    <>, [], {} right after an identifier character or ">", operator names'
    own brackets skipped; len(f) when none (or a closing bracket comes
    first that nothing opened)."""
    depth, i = 0, 0
    while i < len(f):
        m = re.match(OPERATOR, f[i:])
        if m and (i == 0 or not re.match(r"[\w$]", f[i - 1])) and len(m.group(0)) > 8:
            i += len(m.group(0))
            if i < len(f) and f[i] == "(" and depth == 0:
                return i
            continue
        c = f[i]
        if c == "(" and depth == 0 and i > 0 and \
                (re.match(r"[\w$]", f[i - 1]) or f[i - 1] == ">"):
            return i
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
            if depth < 0:
                return len(f)
        i += 1
    return len(f)


def perf(path, event=None, group="none", cut="first"):
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
                if re.search(r"\.\(.*\)\.", f) or cut == "none":
                    pass
                elif cut == "depth0":
                    f = f[:args_at(f)]
                elif "(anonymous namespace)" not in f:
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
    """Drop balanced <...> groups (template and generic arguments), keeping
    operator<, operator<< etc. and the brackets of a qualified path: a "<"
    at the start, after "::" (not a turbofish "::<T>", dropped with its
    "::"), after a space, "&", "*" or another path's "<" ("<Vec<f64> as
    Index<usize>>::index" -> "<Vec as Index>::index")."""
    res, stack, i = [], [], 0
    dropping = lambda: any(not k for k in stack)
    while i < len(name):
        m = re.match(OPERATOR, name[i:])
        if m and (i == 0 or not re.match(r"[\w$]", name[i - 1])) and len(m.group(0)) > 8:
            if not dropping():
                res.append(m.group(0))
            i += len(m.group(0))
            continue
        c = name[i]
        if c == "<":
            out = "".join(res)
            path = not dropping() and (out == "" or out[-1] in ": <&*")
            if path and out.endswith("::"):
                # a component of its own only as "<T as X>" or "<impl X>"
                rest, d, k, has_as = name[i + 1:], 0, 0, False
                while k < len(rest):
                    if rest[k] == "<":
                        d += 1
                    elif rest[k] == ">":
                        if d == 0:
                            break
                        d -= 1
                    elif d == 0 and rest.startswith(" as ", k):
                        has_as = True
                    k += 1
                path = has_as or rest.startswith("impl ")
            if path:
                res.append(c)
            elif not dropping() and out.endswith("::"):
                res = [out[:-2]]
            stack.append(path)
        elif c == ">" and stack:
            if stack.pop():
                res.append(c)
        elif not dropping():
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


RUST_ESC = {"SP": "@", "BP": "*", "RF": "&", "LT": "<", "GT": ">", "LP": "(",
            "RP": ")", "C": ","}


def rust_legacy(sym):
    """rustc-demangle's legacy rules: _ZN (len ident)* E, the last ident
    "h" + 16 hex digits is the hash (dropped); "$XX$" escapes and "$uNN$"
    code points; ".." is "::"; a leading "_$" loses its "_".  None when
    sym is not such a symbol."""
    if not (sym.startswith("_ZN") and sym.endswith("E")):
        return None
    rest, parts = sym[3:], []
    while rest and rest[0].isdigit():
        n = re.match(r"\d+", rest).group(0)
        ident = rest[len(n):len(n) + int(n)]
        if len(ident) != int(n):
            return None
        rest = rest[len(n) + int(n):]
        parts.append(ident)
    if rest != "E" or not parts:
        return None
    if re.match(r"^h[0-9a-f]{16}$", parts[-1]):
        parts = parts[:-1]
    else:
        return None
    out = []
    for ident in parts:
        if ident.startswith("_$"):
            ident = ident[1:]
        t, i = "", 0
        while i < len(ident):
            if ident[i] == "$":
                j = ident.find("$", i + 1)
                code = ident[i + 1:j]
                if code in RUST_ESC:
                    t += RUST_ESC[code]
                elif code.startswith("u"):
                    t += chr(int(code[1:], 16))
                else:
                    return None
                i = j + 1
            elif ident.startswith("..", i):
                t += "::"
                i += 2
            else:
                t += ident[i]
                i += 1
        out.append(t)
    return "::".join(out)


def rust_demangle_folded(path):
    import subprocess
    acc, v0 = defaultdict(int), {}
    rows = []
    for line in lines(path):
        if not line.strip():
            continue
        stack, _, count = line.rpartition(" ")
        rows.append((stack.split(";"), int(count)))
        for f in stack.split(";"):
            if f.startswith("_R"):
                v0[f] = None
    if v0:
        keys = sorted(v0)
        r = subprocess.run(["c++filt"], input="\n".join(keys) + "\n",
                           capture_output=True, text=True, check=True)
        for k, d in zip(keys, r.stdout.split("\n")):
            # crate disambiguators "std[e28293b1aa0f68bd]" dropped, as
            # rustc-demangle's alternate form ({:#}) does
            v0[k] = re.sub(r"\[[0-9a-f]+\]", "", d)
    for frames, count in rows:
        names = []
        for f in frames:
            base, suffix = f, ""
            m = re.match(r"^(.*?)(_\[[kji]\])$", f)
            if m:
                base, suffix = m.group(1), m.group(2)
            d = rust_legacy(base) if base.startswith("_ZN") else v0.get(base)
            names.append((d if d is not None else base) + suffix)
        acc[";".join(names)] += count
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
            elif args[0] == "--cut":
                break
            else:
                break
        cut = "first"
        while len(args) > 1 and args[0] == "--cut":
            cut, args = args[1], args[2:]
        perf(args[0], event, group, cut)
        return 0
    if kind == "rust-demangle":
        rust_demangle_folded(argv[2])
        return 0
    if kind == "folded-notemplates":
        folded(argv[2], templates=False)
        return 0
    {"stap": stap, "dtrace": dtrace, "bpftrace": bpftrace, "folded": folded}[kind](argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
