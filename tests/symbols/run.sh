#!/bin/sh
# symbols: frames a profile gives only as an offset in a binary get their
# names from that binary when it is here and the same build
# (src/input/symbolize.c, libdw).
#
# The profile is real: hot.c built here with gcc, profiled by gperftools
# (CPUPROFILE), and turned into an unsymbolized profile.proto by Google's
# own pprof library (legacy2pprof.go: Locations without Lines, Mappings
# with the file and its GNU build id read by Go's debug/elf).  Expected
# figures: go tool pprof -top on the same file (pprof symbolizes it from
# the same binary with binutils).  Then the same profile with build ids
# that are not the files' must name nothing from them, and --info says why.
# Skipped (and so a failure under CI=true) when a tool is missing.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
flametui=${FLAMETUI:-$top/flametui}
here=$top/tests/symbols
gocode=/usr/share/gocode
missing=
command -v cc >/dev/null 2>&1 || missing="$missing cc (build-essential)"
[ -f /usr/include/gperftools/profiler.h ] || missing="$missing gperftools (libgoogle-perftools-dev)"
command -v go >/dev/null 2>&1 || missing="$missing go (golang-go)"
[ -d "$gocode/src/github.com/google/pprof/profile" ] ||
	missing="$missing Google's pprof library (golang-github-google-pprof-dev)"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
if [ -n "$missing" ]; then
	echo "symbols: skipped: not installed:$missing"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ft-sym.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "symbols: FAIL: $*" >&2; }

cc -O1 -g -fno-omit-frame-pointer "$here/hot.c" -o "$tmp/hot" -Wl,--no-as-needed -lprofiler ||
	{ echo "symbols: 0 passed, 1 failed"; exit 1; }
CPUPROFILE="$tmp/hot.prof" CPUPROFILE_FREQUENCY=500 "$tmp/hot" >/dev/null 2>&1
mkdir "$tmp/l2p" && cp "$here/legacy2pprof.go" "$tmp/l2p/main.go"
(cd "$tmp/l2p" && GO111MODULE=off GOPATH=$gocode GOCACHE=$tmp/gocache go build -o "$tmp/legacy2pprof" .) ||
	{ echo "symbols: 0 passed, 1 failed"; exit 1; }
"$tmp/legacy2pprof" "$tmp/hot.prof" "$tmp/same.pb.gz" || bad "legacy2pprof"
"$tmp/legacy2pprof" -wrong-id "$tmp/hot.prof" "$tmp/other.pb.gz" || bad "legacy2pprof -wrong-id"

# Sample counts per function, self and total: go tool pprof against flametui,
# with flametui's default options.
HOME=$tmp go tool pprof -top -nodecount=1000 -sample_index=samples "$tmp/same.pb.gz" \
	>"$tmp/pprof.txt" 2>"$tmp/pprof.err" || bad "go tool pprof -top: $(head -c 300 "$tmp/pprof.err")"
"$flametui" --top 1000 --sample-type samples "$tmp/same.pb.gz" >"$tmp/ft.txt" 2>"$tmp/ft.err" ||
	bad "flametui --top: $(head -c 300 "$tmp/ft.err")"
python3 - "$tmp/pprof.txt" "$tmp/ft.txt" >"$tmp/cmp.txt" <<'PY'
import re, sys
def pprof(path):
    rows = {}
    for line in open(path):
        m = re.match(r'\s*(\d+)\s+[\d.]+%\s+[\d.]+%\s+(\d+)\s+[\d.]+%\s+(.+?)\s*$', line)
        if m:
            rows[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    return rows
def ft(path):
    rows = {}
    for line in open(path):
        m = re.match(r'\s*(\d+)\s+[\d.]+%\s+(\d+)\s+[\d.]+%\s+(.+?)\s*$', line)
        if m:
            rows[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    return rows
a, b = pprof(sys.argv[1]), ft(sys.argv[2])
# The program's own functions: pprof names them from hot's DWARF, flametui
# from its symbol table; libc's frames pprof leaves as [libc.so.6].
for name in ("leaf_work", "middle", "other", "main"):
    if name not in a:
        print("FAIL go tool pprof has no", name)
    elif b.get(name) != a[name]:
        print("FAIL", name, "self,total: flametui", b.get(name), "go tool pprof", a[name])
    else:
        print("ok", name, a[name])
tot = sum(v[0] for v in a.values())
print("ok total" if tot == sum(v[0] for v in b.values()) else "FAIL total %d vs %d" % (tot, sum(v[0] for v in b.values())))
print("ok no address left" if not any(k.startswith("0x") for k in b) else "FAIL an address is left: %s" % [k for k in b if k.startswith("0x")])
PY
while read -r verdict rest; do
	if [ "$verdict" = ok ]; then ok; else bad "$rest"; fi
done <"$tmp/cmp.txt"

# --info says where the names came from.
"$flametui" --info "$tmp/same.pb.gz" >"$tmp/info.txt" 2>&1
if grep -q "^symbols=[1-9][0-9]* of [0-9]* frames without a name named from [1-9]" "$tmp/info.txt" &&
	grep -qF "symbols_from=$tmp/hot: " "$tmp/info.txt"; then ok; else bad "--info: $(grep symbols "$tmp/info.txt")"; fi

# Another build: nothing from hot is named, the frames stay addresses with
# their place (hot+0xOFFSET), and --info says which build ids differ.
"$flametui" --export folded "$tmp/other.pb.gz" >"$tmp/other.folded" 2>&1 || bad "--export folded of other.pb.gz"
if grep -Eq "leaf_work|middle|other|main" "$tmp/other.folded"; then
	bad "a name from another build: $(head -c 300 "$tmp/other.folded")"
else ok; fi
if grep -Eq "^0x[0-9a-f]+(;0x[0-9a-f]+)* [0-9]+$" "$tmp/other.folded"; then ok; else
	bad "another build: frames are not addresses: $(head -c 300 "$tmp/other.folded")"; fi
"$flametui" --info "$tmp/other.pb.gz" >"$tmp/info2.txt" 2>&1
if grep -q "^symbols=0 of " "$tmp/info2.txt" &&
	grep -qF "symbols_not_from=$tmp/hot: another build (the file's build id" "$tmp/info2.txt"; then ok; else
	bad "--info of another build: $(grep symbols "$tmp/info2.txt")"; fi
# The binary gone: said so, nothing named.
mv "$tmp/hot" "$tmp/hot.moved"
"$flametui" --info "$tmp/same.pb.gz" >"$tmp/info3.txt" 2>&1
if grep -qF "symbols_not_from=$tmp/hot: not on this machine" "$tmp/info3.txt"; then ok; else
	bad "--info with the binary gone: $(grep symbols "$tmp/info3.txt")"; fi
echo "symbols: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
