#!/usr/bin/env python3
"""reference.py - check flametui's folded loading against ../shared/corpora.

For every folded file in reference.tsv (independently computed figures):
  * `flametui --info FILE`: valid and invalid line counts, total, unique
    stacks and tree nodes must equal the TSV;
  * `flametui --export folded FILE` must equal the input with duplicate
    stacks merged and lines sorted bytewise, computed here independently.

Where DESIGN.md's rules differ from the reference's (see the corpora
README), the expected value is adjusted here and the reason is printed:
  * counts with more than 9 decimal places are rounded to 9 (flametui keeps
    64-bit fixed point; DESIGN: fractional counts kept, not dropped);
  * lines starting with '#' (not only '# ') are comments in DESIGN.md.
usage: reference.py FLAMETUI SHARED_DIR
"""
import subprocess
import sys
from decimal import Decimal, ROUND_HALF_UP

flametui, shared = sys.argv[1], sys.argv[2]
corp = shared + "/corpora"
passed = failed = 0


def fail(msg):
    global failed
    failed += 1
    print("FAIL: " + msg)


def ok():
    global passed
    passed += 1


def run(args):
    # The loader as it reads the file: no demangling (flametui demangles
    # C++/Rust names by default; FlameGraph's results keep them mangled).
    r = subprocess.run([flametui, "--demangle", "none"] + args,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return r.returncode, r.stdout, r.stderr


def info(path):
    rc, out, err = run(["--info", path])
    d = {}
    for ln in out.decode("utf-8", "replace").splitlines():
        if "=" in ln:
            k, v = ln.split("=", 1)
            d[k] = v
    return rc, d, err


def norm(dec):
    """Decimal as flametui prints it: exact, no trailing fraction zeros."""
    if dec == dec.to_integral():
        return str(dec.quantize(Decimal(1)))
    s = format(dec, "f")
    return s.rstrip("0").rstrip(".")


def parse_num(tok):
    """DESIGN.md count syntax: [-]digits[.digits]."""
    t = tok[1:] if tok.startswith("-") else tok
    if not t or t.startswith("."):
        return None
    ip, _, fp = t.partition(".")
    if not ip.isdigit() or (fp and not fp.isdigit()) or t.count(".") > 1:
        return None
    v = Decimal(tok)
    if len(fp) > 9:
        v = v.quantize(Decimal("1e-9"), rounding=ROUND_HALF_UP)
    return v


def expected_export(path):
    """Merge stacks (DESIGN rules: last whitespace run, '#' comments, CRLF,
    differential BEFORE AFTER) and sort bytewise."""
    import gzip
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    if raw[:3] == b"\xef\xbb\xbf":
        raw = raw[3:]
    acc = {}
    diff = False
    ws = b" \t\r\v\f"
    for ln in raw.split(b"\n"):
        s = ln.strip(ws)
        if not s or s.startswith(b"#"):
            continue
        parts = s.rsplit(None, 1)
        if len(parts) != 2:
            continue
        stack, cnt = parts[0].rstrip(ws), parse_num(parts[1].decode("latin-1"))
        if cnt is None:
            continue
        before = None
        p2 = stack.rsplit(None, 1)
        if len(p2) == 2:
            b = parse_num(p2[1].decode("latin-1"))
            if b is not None:
                before, stack = b, p2[0].rstrip(ws)
        if not stack:
            continue
        if before is not None:
            diff = True
        a = acc.setdefault(stack, [Decimal(0), Decimal(0)])
        a[0] += before if before is not None else 0
        a[1] += cnt
    lines = []
    for st in sorted(acc):
        a, b = acc[st]
        if diff:
            if a == 0 and b == 0:
                continue
            lines.append(st + b" " + norm(a).encode() + b" " + norm(b).encode() + b"\n")
        elif b != 0:
            lines.append(st + b" " + norm(b).encode() + b"\n")
    return b"".join(lines), diff


rows = open(corp + "/reference.tsv").read().splitlines()
cols = rows[0].split("\t")
for row in rows[1:]:
    r = dict(zip(cols, row.split("\t")))
    path = corp + "/" + r["file"]
    name = r["file"]
    rc, d, err = info(path)
    valid = int(r["valid"])
    if valid == 0:
        # Empty or all-invalid input: a clear error and exit 1.
        if rc == 1 and b"flametui: " in err:
            ok()
        else:
            fail("%s: expected exit 1 with a message for no valid stack, got %d %r" % (name, rc, err[:200]))
        continue
    if rc != 0:
        fail("%s: --info exit %d: %r" % (name, rc, err[:300]))
        continue
    exp_total = r["total"]
    if r["fractional"] == "1":
        # flametui keeps 9 decimal places: round each count like the loader.
        tot = Decimal(0)
        exp, _ = expected_export(path)
        for ln in exp.splitlines():
            tot += Decimal(ln.rsplit(None, 1)[1].decode())
        if norm(tot) != norm(Decimal(exp_total)):
            print("note: %s: counts with >9 decimals rounded: total %s (reference %s)"
                  % (name, norm(tot), exp_total))
        exp_total = norm(tot)
    checks = [("valid", str(valid)), ("invalid", r["invalid"]), ("total", exp_total),
              ("nodes", r["tree_nodes"])]
    for k, v in checks:
        if d.get(k) != v:
            fail("%s: %s = %s, reference %s" % (name, k, d.get(k), v))
        else:
            ok()
    if d.get("input_stacks") != r["unique_stacks"]:
        fail("%s: input_stacks = %s, reference unique_stacks %s" % (name, d.get("input_stacks"), r["unique_stacks"]))
    else:
        ok()
    if r["differential"] == "1" and d.get("total0") != norm(Decimal(r["total_col1"])):
        fail("%s: total0 (before) = %s, reference total_col1 %s" % (name, d.get("total0"), r["total_col1"]))
    rc, out, err = run(["--export", "folded", path])
    exp, _ = expected_export(path)
    if rc != 0 or out != exp:
        fail("%s: --export folded differs from the merged, sorted input (rc %d)" % (name, rc))
        ol, el = out.splitlines(), exp.splitlines()
        for i in range(max(len(ol), len(el))):
            a = ol[i] if i < len(ol) else b"<none>"
            b = el[i] if i < len(el) else b"<none>"
            if a != b:
                print("   first difference at line %d:\n   got      %r\n   expected %r" % (i + 1, a[:200], b[:200]))
                break
    else:
        ok()

print("reference: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
