#!/bin/sh
# reference-filters.sh - search, filters and the function table against
# figures computed here, independently of flametui, by a short Python
# script over the folded text of real profiles in ../shared/corpora:
#   - focus RE / ignore RE: the total equals the sum of the stacks with /
#     without a frame matching RE (show-from: with; prune-from: all);
#   - hide RE: the total is unchanged and no exported line has a frame
#     matching RE (and the export still sums to the total);
#   - --search RE: `Matched: P% (N of TOTAL)` on the --dump status line is
#     the share of samples whose stack has a match (each stack once);
#   - --top: self (leaf) and total (stacks containing the function, once
#     each) of the first functions, with and without a focus filter.
# Matching follows flametui's documented rules: the `_[k]` style suffix is
# not part of the text matched; smart case (case-insensitive unless the
# pattern has an uppercase letter).  The patterns used are plain enough for
# Python's re and PCRE2 to agree.
# Skips (exit 0) when ../shared is absent; FLAMETUI_SHARED overrides it.
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
corp=$shared/corpora
if [ ! -d "$corp/flamegraph/test/results" ]; then
	echo "reference-filters: skipped: $corp not found (set FLAMETUI_SHARED)"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "reference-filters: skipped: python3 not found"
	exit 0
fi
python3 - "$flametui" "$corp" <<'PY'
import os, re, subprocess, sys

flametui, corp = sys.argv[1], sys.argv[2]
files = sorted(
    os.path.join(corp, "flamegraph/test/results", f)
    for f in os.listdir(os.path.join(corp, "flamegraph/test/results"))
    if f.endswith("-collapsed-all.txt"))
extra = os.path.join(corp, "inferno/data/flamegraph/base/flames.txt")
if os.path.exists(extra):
    files.append(extra)
patterns = ["java", "write", "^sys_", "Interp", "epoll|futex", "main",
            "^do_", "page_fault", "[0-9]{3}", "nomatch_at_all_xyz"]
SUFFIX = re.compile(r"_\[[kjiw]\]$")
passed = failed = 0

def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("reference-filters: FAIL %s %s" % (name, detail))

def load(path):
    stacks = []
    with open(path, "rb") as f:
        for raw in f:
            line = raw.decode("utf-8", "surrogateescape").rstrip("\r\n")
            if not line.strip() or line.startswith("#"):
                continue
            m = re.match(r"^(.*\S)\s+(\d+)$", line)
            if not m:
                continue
            stacks.append((m.group(1).split(";"), int(m.group(2))))
    return stacks

def compile_re(p):
    flags = 0 if re.search(r"(?<!\\)[A-Z]", p) else re.IGNORECASE
    return re.compile(p, flags)

def text(frame):
    return SUFFIX.sub("", frame)

def run(*args):
    # Names as the files have them (flametui demangles C++ by default;
    # the expected figures here read the names undemangled).
    r = subprocess.run([flametui, "--demangle", "none"] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return r.returncode, r.stdout.decode("utf-8", "surrogateescape")

def info_total(args):
    rc, out = run("--info", *args)
    for l in out.splitlines():
        if l.startswith("total="):
            return int(l[6:])
    return None

def pct_close(shown, num, den):
    if den == 0:
        return shown == "-"
    want = 100.0 * num / den
    try:
        got = float(shown.rstrip("%"))
    except ValueError:
        return False
    return abs(got - want) <= 0.051 * max(1.0, 10 ** (len(str(int(want))) - 2))

def top_table(out):
    rows = {}
    for l in out.splitlines()[2:]:
        parts = l.split(None, 4)
        if len(parts) == 5:
            rows[parts[4]] = (int(parts[0]), int(parts[2]))
    return rows

def func_figures(stacks):
    self_, total = {}, {}
    for frames, n in stacks:
        self_[frames[-1]] = self_.get(frames[-1], 0) + n
        for f in set(frames):
            total[f] = total.get(f, 0) + n
    return self_, total

for path in files:
    stacks = load(path)
    base = os.path.relpath(path, corp)
    grand = sum(n for _, n in stacks)
    check(base + ": total", info_total([path]) == grand)
    for p in patterns:
        rx = compile_re(p)
        hit = [any(rx.search(text(f)) for f in fr) for fr, _ in stacks]
        with_m = sum(n for (fr, n), h in zip(stacks, hit) if h)
        tag = "%s [%s]" % (base, p)
        got = info_total(["--focus", p, path])
        check(tag + ": focus total", got == with_m, "got %s want %s" % (got, with_m))
        got = info_total(["--ignore", p, path])
        check(tag + ": ignore total", got == grand - with_m,
              "got %s want %s" % (got, grand - with_m))
        got = info_total(["--show-from", p, path])
        check(tag + ": show-from total", got == with_m, "got %s want %s" % (got, with_m))
        got = info_total(["--prune-from", p, path])
        check(tag + ": prune-from keeps the total", got == grand)
        # hide: total kept, no exported frame matches.
        got = info_total(["--hide", p, path])
        check(tag + ": hide keeps the total", got == grand, "got %s want %s" % (got, grand))
        rc, out = run("--export", "folded", "--hide", p, path)
        bad = 0
        s = 0
        for l in out.splitlines():
            st, n = l.rsplit(" ", 1)
            s += int(n)
            if any(rx.search(text(f)) for f in st.split(";")):
                bad += 1
        check(tag + ": hide export has no hidden frame", rc == 0 and bad == 0,
              "%d lines" % bad)
        check(tag + ": hide export sums to the total", s == grand, "%d vs %d" % (s, grand))
        # Matched: on the --dump status line.
        rc, out = run("--dump", "--size", "200x8", "--search", p, path)
        last = out.rstrip("\n").splitlines()[-1] if out else ""
        # After the selected frame's numbers (issue 30): "... | Matched: ...".
        m = re.search(r"(?:^|\| )Matched: (\S+) \((\S+) of (\S+)\)", last)
        ok = m is not None and pct_close(m.group(1), with_m, grand)
        if ok and grand < 10000:
            ok = m.group(2).replace(",", "") == str(with_m) and \
                m.group(3).replace(",", "") == str(grand)
        check(tag + ": Matched", ok, "line %r want %d of %d" % (last[-90:], with_m, grand))
    # --top: first functions, all stacks and focused.
    for args, sub in (([], stacks), (["--focus", "java|write"],
                      [s for s in stacks if any(compile_re("java|write").search(text(f)) for f in s[0])])):
        sf, tf = func_figures(sub)
        rc, out = run("--top", "8", *args, path)
        rows = top_table(out)
        check(base + ": --top %s has rows" % args, rc == 0 and (len(rows) > 0 or not sub))
        for name, (s, t) in rows.items():
            if name not in tf:
                check(base + ": --top %s %r known" % (args, name), False)
                continue
            check(base + ": --top %s %r" % (args, name),
                  s == sf.get(name, 0) and t == tf[name],
                  "got %d/%d want %d/%d" % (s, t, sf.get(name, 0), tf[name]))

print("reference-filters: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
