#!/bin/sh
# reference-views.sh - --invert and --collapse-recursion on real recursive
# profiles (Go's fib as converted from pprof, Java and perf stacks from
# FlameGraph's tests) against figures computed here, independently of
# flametui, by a short Python script over the folded text:
#   - invert: every stack reversed, equal stacks summed;
#   - collapse direct: consecutive frames of one function merged;
#   - collapse all: a frame whose function is already on the stack dropped
#     (speedscope's "flatten recursion");
#   - the grand total is unchanged and --top (self and total per function)
#     is the same as without the view transform.
# A function is a frame name without an `_[i]` (inlined) suffix.
# Skips (exit 0) when ../shared is absent; FLAMETUI_SHARED overrides it.
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${FLAMETUI_SHARED:-$top/../shared}
flametui=${FLAMETUI:-$top/flametui}
case $flametui in /*) ;; *) flametui=$top/$flametui ;; esac
corp=$shared/corpora
if [ ! -d "$corp/flamegraph/test/results" ]; then
	echo "reference-views: skipped: $corp not found (set FLAMETUI_SHARED)"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "reference-views: skipped: python3 not found"
	[ "${CI:-}" = true ] && exit 1
	exit 0
fi
python3 - "$flametui" "$corp" <<'PY'
import os, re, subprocess, sys

flametui, corp = sys.argv[1], sys.argv[2]
files = [os.path.join(corp, f) for f in [
    "pprof/folded_from_pprof/generated_go_cpu.default.folded",
    "flamegraph/test/results/perf-java-stacks-01-collapsed-all.txt",
    "flamegraph/test/results/perf-vertx-stacks-01-collapsed-all.txt",
    "flamegraph/test/results/perf-rust-Yamakaky-dcpu-collapsed-all.txt",
    "inferno/data/flamegraph/base/flames.txt",
]]
files = [f for f in files if os.path.exists(f)]
passed = failed = 0

def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("reference-views: FAIL %s %s" % (name, detail))

def load(path):
    out = []
    with open(path, "rb") as f:
        for raw in f:
            line = raw.decode("utf-8", "surrogateescape").rstrip("\r\n")
            if not line.strip() or line.startswith("#"):
                continue
            m = re.match(r"^(.*\S)\s+(\d+)$", line)
            if m:
                out.append((m.group(1).split(";"), int(m.group(2))))
    return out

def func(frame):
    return frame[:-4] if frame.endswith("_[i]") else frame

def fold(stacks):
    sums = {}
    for st, v in stacks:
        if st and v:
            k = ";".join(st)
            sums[k] = sums.get(k, 0) + v
    return sorted(("%s %d" % kv for kv in sums.items()),
                  key=lambda s: s.encode("utf-8", "surrogateescape"))

def direct(st):
    out = []
    for f in st:
        if out and func(out[-1]) == func(f):
            continue
        out.append(f)
    return out

def flat(st):
    out, seen = [], set()
    for f in st:
        if func(f) in seen:
            continue
        seen.add(func(f))
        out.append(f)
    return out

def run(*args):
    # Names as the files have them (flametui demangles C++ by default;
    # the expected figures here read the names undemangled).
    r = subprocess.run([flametui, "--demangle", "none"] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return r.returncode, r.stdout.decode("utf-8", "surrogateescape")

def export(path, *opts):
    rc, out = run("--export", "folded", "-o", "-", *opts, path)
    return sorted(out.splitlines(),
                  key=lambda s: s.encode("utf-8", "surrogateescape")) if rc == 0 else None

for path in files:
    tag = os.path.basename(path)
    stacks = load(path)
    cases = [
        ("invert", ["--invert"], [(list(reversed(s)), v) for s, v in stacks]),
        ("collapse direct", ["--collapse-recursion"], [(direct(s), v) for s, v in stacks]),
        ("collapse all", ["--collapse-recursion=all"], [(flat(s), v) for s, v in stacks]),
        ("collapse all + invert", ["--collapse-recursion=all", "--invert"],
         [(list(reversed(flat(s))), v) for s, v in stacks]),
    ]
    rc, plain_top = run("--top", "0", path)
    for name, opts, want in cases:
        got = export(path, *opts)
        exp = fold(want)
        check(tag + ": " + name, got == exp,
              "(%s lines, want %d)" % (len(got) if got else got, len(exp)))
        rc, t = run("--top", "0", *opts, path)
        check(tag + ": " + name + " keeps --top", rc == 0 and t == plain_top)
    # Recursion really collapsed: some stack of the input repeats a function.
    if any(len(set(map(func, s))) < len(s) for s, _ in stacks):
        check(tag + ": has recursion", fold([(flat(s), v) for s, v in stacks]) != fold(stacks))

print("reference-views: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
