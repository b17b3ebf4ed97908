#!/bin/sh
# symbols/firefox: a Firefox Profiler (samply) profile's unsymbolicated
# frames get their names from the library on this machine only when it is
# the same build: its codeId is the file's GNU build id, or (without a
# codeId) its breakpadId is the file's debug id (the build id's first 16
# bytes as a GUID, age 0).
#
# samply does not run here, so the profile is the real samply fixture
# (tests/data/samply-unsymbolicated-v70.json) with its a.out library made to
# point at tests/symbols/hot.c built here: its path, its codeId and
# breakpadId read with readelf, and a.out's frame addresses replaced by
# addresses inside hot's functions (relative to its first PT_LOAD segment, as
# samply writes them), each function's address read with nm.  Expected
# names: nm's.  Then the same with another build id and with a wrong
# debug id: nothing named, --info says why.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
flametui=${FLAMETUI:-$top/flametui}
missing=
for t in cc readelf nm python3; do
	command -v $t >/dev/null 2>&1 || missing="$missing $t"
done
if [ -n "$missing" ]; then
	echo "symbols-firefox: skipped: not installed:$missing"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-ffsym.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
cc -O1 -g -fno-omit-frame-pointer "$top/tests/symbols/hot.c" -o "$tmp/hot" ||
	{ echo "symbols-firefox: 0 passed, 1 failed (cc)"; exit 1; }
readelf -nW "$tmp/hot" >"$tmp/notes" && readelf -lW "$tmp/hot" >"$tmp/segs" &&
	nm "$tmp/hot" >"$tmp/nm" || { echo "symbols-firefox: 0 passed, 1 failed (readelf, nm)"; exit 1; }
python3 - "$top" "$tmp" "$flametui" <<'PY'
import json, re, subprocess, sys
top, tmp, ft = sys.argv[1:4]
bid = re.search(r"Build ID: ([0-9a-f]+)", open(tmp + "/notes").read()).group(1)
base = min(int(m.group(1), 16) for m in
           re.finditer(r"^\s*LOAD\s+0x[0-9a-f]+\s+0x([0-9a-f]+)", open(tmp + "/segs").read(), re.M))
syms = {}
for line in open(tmp + "/nm"):
    p = line.split()
    if len(p) == 3 and p[1] in "tT":
        syms[p[2]] = int(p[0], 16)
b = bytes.fromhex(bid)[:16].ljust(16, b"\0")
guid = b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:]
debug_id = guid.hex().upper() + "0"
prof = json.load(open(top + "/tests/data/samply-unsymbolicated-v70.json"))
sh = prof["shared"]
aout = [i for i, l in enumerate(prof["libs"]) if l["name"] == "a.out"][0]
fns = ["main", "middle", "leaf_work", "other"]
k = 0
want = {}
for f, lib in enumerate(sh["frameTable"]["lib"]):
    if lib == aout:
        fn = fns[k % len(fns)]
        rva = syms[fn] - base + 1 + k  # inside the function
        k += 1
        sh["frameTable"]["address"][f] = rva
        want[rva] = fn
        sh["stringArray"].append("0x%x" % rva)
        sh["funcTable"]["name"][sh["frameTable"]["func"][f]] = len(sh["stringArray"]) - 1
ok = bad = 0
def run(variant, lib, expect_names, why):
    global ok, bad
    prof["libs"][aout] = dict(prof["libs"][aout], path=tmp + "/hot", **lib)
    for key in [k for k, v in lib.items() if v is None]:
        del prof["libs"][aout][key]
    path = "%s/%s.json" % (tmp, variant)
    json.dump(prof, open(path, "w"))
    out = subprocess.run([ft, "--export", "folded", path], capture_output=True, text=True).stdout
    info = subprocess.run([ft, "--info", path], capture_output=True, text=True).stdout
    names = set(f for line in out.splitlines() for f in line.rpartition(" ")[0].split(";"))
    left = [n for n in names if n.startswith("a.out+0x")]
    if expect_names:
        good = set(want.values()) <= names and not left
    else:
        good = not (set(want.values()) & names) and len(left) == len(want)
    good = good and why in info
    if good:
        ok += 1
    else:
        bad += 1
        print("symbols-firefox: FAIL %s: names %s\n%s" % (variant, sorted(names), info))
run("same-codeid", {"codeId": bid, "breakpadId": debug_id}, True,
    "symbols_from=%s/hot: %d of %d" % (tmp, len(want), len(want)))
run("same-debugid", {"codeId": None, "breakpadId": debug_id}, True,
    "symbols_from=%s/hot" % tmp)
flip = lambda h: ("1" if h[0] == "0" else "0") + h[1:]
run("other-codeid", {"codeId": flip(bid), "breakpadId": debug_id}, False,
    "symbols_not_from=%s/hot: another build" % tmp)
run("other-debugid", {"codeId": None, "breakpadId": flip(debug_id)}, False,
    "symbols_not_from=%s/hot: another build" % tmp)
print("symbols-firefox: %d passed, %d failed" % (ok, bad))
sys.exit(1 if bad else 0)
PY
