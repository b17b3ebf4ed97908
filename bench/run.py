#!/usr/bin/env python3
"""make bench: load time, peak memory and interactive latency of flametui on
realistic big profiles, printed as one table measured in one run.

Workloads (made once into BENCH_DATA, default bench/data/, git-ignored):
  default   gen_big.py --seed 7 --lines 141000 with the real frame names of
            ../shared/corpora/flamegraph/test/results/*.txt (~210 MB)
  deep      same vocabulary, --min-depth 60 --max-depth 200 --vocab-size
            216000 --period 1001001 (deep stacks, many names, perf weights)
  pprof     the default stacks written by Go's own pprof library
            (../shared/corpora/tools/fold2pprof; skipped without Go)
  scale-N   the default shape cut at N MB, N = 25 50 100 200 400

Times are best of RUNS (load) or the median of RUNS (interactive and the
time views, from build/flametui-bench; the time views give the default and
deep trees a 10 M-sample timeline: heat map, cursor, a range, activity), and loads are also given as ratios to `wc -l` and
`gzip -dc` measured in the same run: machines are noisy, ratios less so.
Peak RSS comes from getrusage of a child that runs nothing else.
Environment: CORPORA (default ../shared/corpora), BENCH_DATA, RUNS (5),
FLAMETUI (./flametui), FLAMETUI_BENCH (build/flametui-bench), FLOOR_LOAD
(build/floor_load: the floors, bench/floor_load.c), FLOOR_PPROF
(build/floor_pprof: the pprof load's floor), FLOOR_SVG (build/floor_svg:
--export svg's floor), FLOOR_JSON (build/floor_json: yajl alone), SCALE
(space-separated MB list, default "25 50 100 200 400"), BENCH_ONLY=time (only
the recorded workloads: time data, heat map, time range, callgrind;
BENCH_ONLY=folded: only the default and deep folded workloads).
"""
import glob
import os
import shutil
import subprocess
import sys
import time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(top)
corp = os.environ.get("CORPORA", "../shared/corpora")
data = os.environ.get("BENCH_DATA", "bench/data")
runs = int(os.environ.get("RUNS", "5"))
ft = os.environ.get("FLAMETUI", "./flametui")
ftb = os.environ.get("FLAMETUI_BENCH", "build/flametui-bench")
floor = os.environ.get("FLOOR_LOAD", "build/floor_load")
floor_json = os.environ.get("FLOOR_JSON", "build/floor_json")
floor_pprof = os.environ.get("FLOOR_PPROF", "build/floor_pprof")
floor_svg = os.environ.get("FLOOR_SVG", "build/floor_svg")
scale = [int(x) for x in os.environ.get("SCALE", "25 50 100 200 400").split()]

gen = os.path.join(corp, "gen_big.py")
if not os.path.exists(gen):
    sys.exit("bench: %s not found: the benchmark needs the shared corpora "
             "(../shared/corpora, or set CORPORA=DIR)" % gen)
vocab = sorted(glob.glob(os.path.join(corp, "flamegraph/test/results/*.txt")))
os.makedirs(data, exist_ok=True)


def make(name, *args):
    out = os.path.join(data, name)
    if not os.path.exists(out):
        print("bench: generating %s" % out, flush=True)
        subprocess.run([sys.executable, gen, *args, "--vocab", *vocab, "-o", out + ".tmp"],
                       check=True, stderr=subprocess.DEVNULL)
        os.rename(out + ".tmp", out)
    return out


def best(cmd, n=runs):
    b = None
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        t = time.perf_counter() - t
        b = t if b is None or t < b else b
    return b


def peak_kib(cmd):
    code = ("import resource,subprocess,sys\n"
            "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *cmd], capture_output=True,
                         text=True, check=True)
    return int(out.stdout.split()[-1])


def kv_out(cmd, check=True):
    out = subprocess.run(cmd, capture_output=True, text=True, check=check).stdout
    return dict(w.split("=", 1) for w in out.split() if "=" in w)


def info(path):
    out = subprocess.run([ft, "--info", path], capture_output=True, text=True,
                         check=True).stdout
    return dict(l.split("=", 1) for l in out.splitlines() if "=" in l)


def interactive(path):
    out = subprocess.run([ftb, "--filters", "--runs", str(runs), path],
                         capture_output=True, text=True, check=True).stdout
    kv = dict(w.split("=", 1) for w in out.split() if "=" in w)
    keys = subprocess.run([ftb, "--keys", "200", path], capture_output=True,
                          text=True, check=True).stdout
    for w, k in (("navigate", "move"), ("zoom", "zoom")):
        i = keys.find(w + " ")
        if i >= 0:
            kv[k] = keys[i + len(w) + 1:].split()[0]
    return kv


load_cmd = [ft, "--dump", "--size", "200x60"]
folded = [("default", make("default.folded", "--seed", "7", "--lines", "141000")),
          ("deep", make("deep.folded", "--seed", "11", "--lines", "60000", "--min-depth", "60",
                        "--max-depth", "200", "--vocab-size", "216000", "--period", "1001001"))]

only_folded = os.environ.get("BENCH_ONLY") == "folded"
pprof = None
go = None if only_folded else shutil.which("go")
f2p_src = os.path.join(corp, "tools/fold2pprof/main.go")
if only_folded:
    pass
elif go is None or not os.path.isdir("/usr/share/gocode/src/github.com/google/pprof"):
    print("bench: pprof workload skipped: needs Go and Go's pprof library "
          "(apt-get install -y golang-go golang-github-google-pprof-dev)")
else:
    f2p = os.path.join(data, "fold2pprof")
    if not os.path.exists(f2p):
        src = os.path.join(data, "fold2pprof-src")
        os.makedirs(src, exist_ok=True)
        shutil.copy(f2p_src, src)
        env = dict(os.environ, GO111MODULE="off", GOPATH="/usr/share/gocode",
                   GOCACHE=os.path.abspath(os.path.join(data, "gocache")))
        subprocess.run([go, "build", "-o", os.path.abspath(f2p), "."], cwd=src, env=env,
                       check=True)
    pprof = os.path.join(data, "default.pb.gz")
    if not os.path.exists(pprof):
        subprocess.run([f2p, folded[0][1], pprof + ".tmp"], check=True)
        os.rename(pprof + ".tmp", pprof)

rows = []
only_time = os.environ.get("BENCH_ONLY") == "time"
print("bench: measuring (%d runs each)" % runs, flush=True)
for name, path in ([] if only_time else folded + ([("pprof", pprof)] if pprof else [])):
    subprocess.run(["cat", path], stdout=subprocess.DEVNULL)  # warm the page cache
    size = os.path.getsize(path)
    inf = info(path)
    nodes = int(inf["nodes"])
    base_cmd = ["gzip", "-dc", path] if name == "pprof" else ["wc", "-l", path]
    base = best(base_cmd)
    load = best(load_cmd + [path])
    rss = peak_kib(load_cmd + [path])
    r = {"name": name, "size": size, "nodes": nodes, "names": inf["names"], "base": base,
         "basename": base_cmd[0] + (" -dc" if name == "pprof" else " -l"), "load": load,
         "rss": rss, "ia": interactive(path)}
    if name != "pprof":
        # The same load in one thread (the default reads big folded files
        # in parts, one thread per CPU, at most 2).
        r["load1"] = best(load_cmd + ["--threads", "1", path])
        r["rss1"] = peak_kib(load_cmd + ["--threads", "1", path])
    if name != "pprof" and os.path.exists(floor):
        # The floors (bench/floor_load.c, one thread): --scan reads and
        # hashes every frame, no tables (a lower bound); the default
        # also finds every name and (parent, name) child in hash tables
        # (a plain loader without flametui's prefetching or threads).
        r["scan"] = best([floor, "--scan", path])
        r["floor"] = best([floor, path])
        r["floor_rss"] = peak_kib([floor, path])
        walk = subprocess.run([floor, "--walk", path], capture_output=True, text=True,
                              check=True).stdout
        r["walk"] = float(walk.split()[0].split("=")[1])
        r["walk_fresh"] = float(walk.split()[1].split("=")[1])
        # The memory floor (floor_load --mem): the same load into the
        # 24-byte-a-node tree; peak RSS measured as flametui's, and the
        # bytes of its final structures alone.
        r["mem_rss"] = peak_kib([floor, "--mem", path])
        r["mem"] = kv_out([floor, "--mem", path])
    if os.path.exists(floor_svg):
        # --export svg's floor (bench/floor_svg.c): flametui's own SVG of
        # this tree (the same default view as flametui-bench's), written
        # again from its parsed fields with stdio.
        svg = os.path.join(data, name + ".floor.svg")
        subprocess.run([ft, "--export", "svg", "-o", svg, path], check=True)
        r["svgfloor"] = kv_out([floor_svg, svg], check=False)  # 1: not identical
    if name == "pprof" and os.path.exists(floor_pprof):
        # The pprof load's floor (bench/floor_pprof.c, one thread):
        # libdeflate alone, then also the wire-format walk and the tree.
        r["pinflate"] = best([floor_pprof, "--inflate", path])
        r["pfloor"] = best([floor_pprof, path])
        r["pfloor_kv"] = kv_out([floor_pprof, path])
        r["info"] = best([ft, "--info", path])
        r["info1"] = best([ft, "--info", "--threads", "1", path])
    if name != "pprof":
        # --export folded: the whole load and export, and its memory.
        r["fexp"] = best([ft, "--export", "folded", "-o", "/dev/null", path])
        r["fexp_rss"] = peak_kib([ft, "--export", "folded", "-o", "/dev/null", path])
        r["info"] = best([ft, "--info", path])
    if name != "pprof":
        # The time views on this tree with a 10 M-sample timeline
        # (flametui-bench --time: stacks drawn by self value, 60 s).
        out = subprocess.run([ftb, "--time", "--runs", str(runs), path],
                             capture_output=True, text=True, check=True).stdout
        r["time"] = dict(w.split("=", 1) for w in out.split() if "=" in w)
    if name == "pprof" and go is not None:
        r["gotop"] = best([go, "tool", "pprof", "-top", path], max(1, runs // 2))
        r["fttop"] = best([ft, "--top", "20", path])
    rows.append(r)

if only_time:
    rows = []
print()
print("## Load (`flametui --dump --size 200x60`, best of %d)" % runs)
print("(pprof: the file is gzip, so RSS / file compares with the compressed size)")
print("| workload | file | nodes | names | load | baseline | ratio | peak RSS | RSS / file | bytes / node |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print("| %s | %.1f MB | %.2f M | %s | %.3f s | %s %.3f s | %.1fx | %.0f MiB | %.2f | %.1f |" % (
        r["name"], r["size"] / 1e6, r["nodes"] / 1e6, r["names"], r["load"], r["basename"],
        r["base"], r["load"] / r["base"], r["rss"] / 1024, r["rss"] * 1024 / r["size"],
        r["rss"] * 1024 / r["nodes"]))
print()
print("Folded in one thread (`--threads 1`) vs the default (%d CPUs online):" % os.cpu_count())
print("| workload | load, 1 thread | ratio | load, default | ratio | peak RSS, 1 thread | RSS / file |")
print("|---|---|---|---|---|---|---|")
for r in rows:
    if "load1" in r:
        print("| %s | %.3f s | %.1fx | %.3f s | %.1fx | %.0f MiB | %.2f |" % (
            r["name"], r["load1"], r["load1"] / r["base"], r["load"], r["load"] / r["base"],
            r["rss1"] / 1024, r["rss1"] * 1024 / r["size"]))
print()
print("Memory floor (bench/floor_load.c --mem, one thread): the folded load into the tree a "
      "viewer cannot do without, 24 bytes a node (name, parent, first child, next sibling: "
      "4 bytes each; one 8-byte value) as flametui's, plus each distinct name's bytes and "
      "where it starts and ends (8 bytes a name); children found by scanning the child "
      "list, and for nodes with more than 8 children in a (parent, name) hash table of "
      "node ids. Its peak RSS also holds that table, the names' hash table, the 8 MiB "
      "read buffer, the node array's unused room and the program; the final structures "
      "are those alone. All as ratios to the file (aim <= 0.6):")
print("| workload | flametui peak RSS / file | 1 thread | floor peak RSS / file | floor final structures / file | nodes | node bytes | name bytes + table |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    if "mem" in r:
        m = r["mem"]
        print("| %s | %.2f | %.2f | %.2f | %.2f | %.2f M | %.0f MB | %.1f MB |" % (
            r["name"], r["rss"] * 1024 / r["size"], r["rss1"] * 1024 / r["size"],
            r["mem_rss"] * 1024 / r["size"], int(m["final_bytes"]) / r["size"],
            int(m["nodes"]) / 1e6, int(m["node_bytes"]) / 1e6,
            (int(m["name_bytes"]) + int(m["name_table_bytes"])) / 1e6))
for r in rows:
    if "pfloor" in r:
        k = r["pfloor_kv"]
        print()
        print("pprof floor (bench/floor_pprof.c, one thread; ratios to the same `gzip -dc`, "
              "aim <= 1.5x): inflate = read the file and inflate it whole with libdeflate "
              "(what flametui links); floor = also walk profile.proto's wire format "
              "(functions, locations and their inline chains, every sample's location ids "
              "and values) and build the same call tree (children found as flametui's "
              "builder does: child lists, a (parent, name) table for wide nodes), values "
              "added to the leaves. No checks, labels, sorting or totals.")
        print("| workload | gzip -dc | flametui --dump | ratio | flametui --info | ratio | --info, 1 thread | ratio | floor: inflate | ratio | floor: inflate + tree | ratio | nodes: floor / flametui |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        print("| %s | %.3f s | %.3f s | %.1fx | %.3f s | %.1fx | %.3f s | %.1fx | %.3f s | %.1fx | %.3f s | %.1fx | %s / %s |" % (
            r["name"], r["base"], r["load"], r["load"] / r["base"], r["info"],
            r["info"] / r["base"], r["info1"], r["info1"] / r["base"], r["pinflate"],
            r["pinflate"] / r["base"], r["pfloor"], r["pfloor"] / r["base"], k["nodes"],
            r["nodes"]))
print()
print("Floors (bench/floor_load.c, one thread; ratios to the same `wc -l`): scan = read, "
      "split, hash every frame (a lower bound); tables = also find each name and "
      "(parent, name) child in hash tables (plain, no prefetching: slower than flametui, "
      "not a floor); walk = one pass copying every loaded node and summing totals up, the "
      "floor of a filter that keeps the tree (ms, in reused memory / fresh memory)")
print("| workload | load | floor scan | ratio | plain tables | ratio | tables peak RSS / file | walk (ms) |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    if "scan" in r:
        print("| %s | %.1fx | %.3f s | %.1fx | %.3f s | %.1fx | %.2f | %.1f / %.1f |" % (
            r["name"], r["load"] / r["base"], r["scan"], r["scan"] / r["base"], r["floor"],
            r["floor"] / r["base"], r["floor_rss"] * 1024 / r["size"], r["walk"],
            r["walk_fresh"]))
print()
print("`--export svg`'s own work (build/flametui-bench: view_export_svg to /dev/null after "
      "the load, median of %d), as a ratio to `wc -l` of the input and in MB/s of SVG; "
      "floors (bench/floor_svg.c, one thread, best of 5): flametui's SVG of the same view "
      "parsed into its fields, then the file written again to /dev/null from them, every "
      "number formatted and names XML-escaped; printf = with stdio's fprintf; direct = "
      "numbers formatted by hand into a 64 KiB buffer written with fwrite (as flametui's "
      "base/fmtnum.c avoids printf). Both checked byte for byte against the file. Only "
      "the writing: the choice of frames, layout, colours and labels, which the export "
      "works out from the tree, are not in the floors:" % runs)
print("| workload | SVG | export | ratio to wc -l | MB/s | floor SVG | floor printf | MB/s | export / floor | floor direct | MB/s | export / floor |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    if "svg_ms" in r["ia"]:
        ms, b = float(r["ia"]["svg_ms"]), int(r["ia"]["svg_bytes"])
        fl = "| - | - | - | - | - | - | - |"
        if "svgfloor" in r:
            f = r["svgfloor"]
            fms, dms = float(f["svg_ms"]), float(f["direct_ms"])
            same = f["identical"] == "yes" and f["direct_identical"] == "yes"
            note = "" if same else " (not identical!)"
            if int(f["unparsed"]):
                note += " (%s elements not parsed, copied)" % f["unparsed"]
            fl = "| %.1f MB%s | %.0f ms | %.0f | %.2fx | %.1f ms | %.0f | %.1fx |" % (
                int(f["bytes"]) / 1e6, note,
                fms, int(f["bytes"]) / 1e6 / (fms / 1000), ms / fms, dms,
                int(f["bytes"]) / 1e6 / (dms / 1000), ms / dms)
        print("| %s | %.1f MB | %.0f ms | %.1fx | %.0f %s" % (
            r["name"], b / 1e6, ms, ms / 1000 / r["base"], b / 1e6 / (ms / 1000), fl))
print()
print("`--export folded` (load and export to /dev/null, best of %d): the export's own "
      "work is the time beyond `--info`'s load; written as the tree is walked, so its "
      "memory is the load's:" % runs)
print("| workload | export folded | export's own | ratio to wc -l | peak RSS | RSS / file |")
print("|---|---|---|---|---|---|")
for r in rows:
    if "fexp" in r:
        print("| %s | %.3f s | %.3f s | %.1fx | %.0f MiB | %.2f |" % (
            r["name"], r["fexp"], r["fexp"] - r["info"], (r["fexp"] - r["info"]) / r["base"],
            r["fexp_rss"] / 1024, r["fexp_rss"] * 1024 / r["size"]))
for r in rows:
    if "gotop" in r:
        print("\n`go tool pprof -top` %.3f s vs `flametui --top 20` %.3f s: pprof %.1fx slower" % (
            r["gotop"], r["fttop"], r["gotop"] / r["fttop"]))

ops = ["first_ignore", "search", "focus", "ignore", "hide", "show_from", "prune_from", "show", "table_first",
       "table", "butterfly_first", "butterfly", "move", "zoom"]
# move / zoom: ms per keystroke (action + full render), mean of 200.
print()
print("## Interactive (ms, median of %d, full render at 200x60; pattern: the top self function; "
      "first_ignore: the first filter after opening, ignore, in memory no filter has used "
      "yet, once; its floor is the walk in fresh memory in the floors table)" % runs)
print("| workload | " + " | ".join(ops) + " |")
print("|---|" + "---|" * len(ops))
for r in rows:
    print("| %s | " % r["name"] + " | ".join(r["ia"].get(o + ("" if o in ("move", "zoom") else "_ms"), "?")
                                          for o in ops) + " |")

print()
print("## Time views on a big tree (build/flametui-bench --time: the tree above with a "
      "timeline of 10 M samples over 60 s, each sample's stack drawn by self value; ms, "
      "median of %d, full render at 200x60)" % runs)
print("| workload | nodes | samples | heat map drawn (aim <= 30) | cursor move (aim < 1) | "
      "a 1 s range's flame graph (aim <= 100) | activity line |")
print("|---|---|---|---|---|---|---|")
for r in rows:
    if "time" in r:
        t = r["time"]
        print("| %s | %.2f M | %.0f M | %s | %s | %s | %s |" % (
            r["name"], int(t["nodes"]) / 1e6, int(t["samples"]) / 1e6, t["heatmap_ms"],
            t["cursor_ms"], t["range_ms"], t["activity_ms"]))

# --- time and the newer formats ---------------------------------------------
# Real recordings made here at bench time (not generated): perf record of a
# busy C program (perf script text with a time per sample), and valgrind's
# callgrind of python3.  Loads as ratios to `cat FILE | wc -c` (the aim for
# text formats: within 3x); the time data as bytes per sample (peak RSS of
# the load minus that of the same stacks without times, over the samples);
# the heat map and a time range as the time they add to a load.
def cat_wc(path):
    return best(["sh", "-c", "cat \"$1\" | wc -c", "sh", path])


def recorded_inputs():
    out = {}
    cc = shutil.which("cc")
    hot = os.path.join(data, "hot")
    if cc is not None and not os.path.exists(hot):
        subprocess.run([cc, "-O1", "-g", "-fno-omit-frame-pointer", "tests/symbols/hot.c",
                        "-o", hot], check=True)
    perf = shutil.which("perf")
    ptxt = os.path.join(data, "perf-time.txt")
    if perf is not None and cc is not None and not os.path.exists(ptxt):
        pdata = os.path.join(data, "perf-time.data")
        print("bench: recording %s (perf record -F 4999 -g, about 30 s)" % ptxt, flush=True)
        r = subprocess.run([perf, "record", "-q", "-F", "4999", "-g", "-o", pdata, "--",
                            "sh", "-c", "for i in 1 2 3 4 5 6 7 8 9 10; do %s; done" % hot],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r.returncode == 0:
            with open(ptxt + ".tmp", "w") as f:
                subprocess.run([perf, "script", "-i", pdata], stdout=f,
                               stderr=subprocess.DEVNULL, check=True)
            os.rename(ptxt + ".tmp", ptxt)
            os.remove(pdata)
    if os.path.exists(ptxt):
        out["perf-time"] = ptxt
        # Ten copies one after the other (times repeat: binned as they
        # come): enough samples for the time data to show in peak RSS.
        big = os.path.join(data, "perf-time-x10.txt")
        if not os.path.exists(big):
            with open(big + ".tmp", "wb") as g:
                for _ in range(10):
                    with open(ptxt, "rb") as f:
                        shutil.copyfileobj(f, g)
            os.rename(big + ".tmp", big)
        out["perf-time-x10"] = big
    else:
        print("bench: perf workload skipped: perf or cc missing, or perf cannot record here")
    vg = shutil.which("valgrind")
    cg = os.path.join(data, "python3.callgrind")
    if vg is not None and not os.path.exists(cg):
        print("bench: recording %s (valgrind --tool=callgrind python3)" % cg, flush=True)
        subprocess.run([vg, "--tool=callgrind", "--callgrind-out-file=" + cg + ".tmp",
                        sys.executable, "-c",
                        "import json, re\nfor i in range(3000): json.loads(json.dumps("
                        "{'a': [re.sub('x', 'y', 'xx' * i)]}))"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        os.rename(cg + ".tmp", cg)
    if os.path.exists(cg):
        out["callgrind"] = cg
    else:
        print("bench: callgrind workload skipped: valgrind missing")
    # A large Firefox Profiler processed profile (version 70, shared
    # tables): samply cannot be built here, so the real samply fixture
    # (tests/data/samply-unsymbolicated-v70.json, see tests/data/README.md)
    # has each thread's samples (stack, timeDeltas, weight) repeated
    # 100000 times: about 3.6 M samples, 60 MB; same tables and names.
    ff = os.path.join(data, "firefox-samply-x100000.json")
    if not os.path.exists(ff):
        import json
        with open("tests/data/samply-unsymbolicated-v70.json") as f:
            prof = json.load(f)
        for t in prof["threads"]:
            sm = t["samples"]
            for k in ("stack", "timeDeltas", "weight"):
                if k in sm:
                    sm[k] = sm[k] * 100000
            sm["length"] = len(sm["stack"])
        with open(ff + ".tmp", "w") as f:
            json.dump(prof, f, separators=(",", ":"))
        os.rename(ff + ".tmp", ff)
    out["firefox-processed"] = ff
    # Ruby stackprof (wall mode, raw stacks and times, recorded here with
    # Debian's ruby-stackprof: tests/data/stackprof) made large by repeating
    # its samples: `raw`, `raw_timestamp_deltas` and `raw_sample_timestamps`
    # each 2000 times over (the deltas keep time running on), `samples` and
    # the frames table's counts times 2000.
    sp = os.path.join(data, "stackprof-wall-x2000.json")
    if not os.path.exists(sp):
        import json
        with open("tests/data/stackprof/stackprof-wall.json") as f:
            d = json.load(f)
        k = 2000
        for key in ("raw", "raw_timestamp_deltas", "raw_sample_timestamps"):
            if key in d:
                d[key] = d[key] * k
        for key in ("samples", "gc_samples", "missed_samples"):
            d[key] = d.get(key, 0) * k
        for fr in d["frames"].values():
            fr["samples"] *= k
            fr["total_samples"] *= k
        with open(sp + ".tmp", "w") as g:
            json.dump(d, g, separators=(",", ":"))
        os.rename(sp + ".tmp", sp)
    out["stackprof-x2000"] = sp
    # An Instruments deep copy (Instruments 16's, from speedscope's
    # repository: tests/data/instruments) made large by repeating its rows
    # under the header 6000 times: 6000 copies of the call tree, one after
    # the other at the first row's depth (they merge into one tree).
    ins = os.path.join(data, "instruments-x6000.txt")
    if not os.path.exists(ins):
        with open("tests/data/instruments/instruments-16.0-simple-time-profile-deep-copy.txt",
                  "rb") as f:
            head = f.readline()
            body = f.read()
        if not body.endswith(b"\n"):
            body += b"\n"
        with open(ins + ".tmp", "wb") as g:
            g.write(head)
            for _ in range(6000):
                g.write(body)
        os.rename(ins + ".tmp", ins)
    out["instruments-x6000"] = ins
    return out


def untimed_copy(path):
    """The perf text with every time field cut off its header line (same
    stacks, no time kept): the baseline of the bytes per sample."""
    out = path + ".notime"
    if not os.path.exists(out):
        import re
        hdr = re.compile(r"^(\S.*?\s+\d+(?:/\d+)?\s+(?:\[\d+\]\s+)?)\d+\.\d+:(.*)$")
        with open(path) as f, open(out + ".tmp", "w") as g:
            for line in f:
                m = hdr.match(line)
                g.write(m.group(1) + m.group(2) + "\n" if m else line)
        os.rename(out + ".tmp", out)
    return out


rec = {} if only_folded else recorded_inputs()
trows = []
for name, path in sorted(rec.items()):
    subprocess.run(["cat", path], stdout=subprocess.DEVNULL)
    size = os.path.getsize(path)
    inf = info(path)
    r = {"name": name, "size": size, "base": cat_wc(path), "load": best([ft, "--info", path]),
         "rss": peak_kib([ft, "--info", path]), "samples": int(inf.get("samples_in_file", inf.get("valid", "0")) or 0)}
    if name.startswith("perf-time"):
        nt = untimed_copy(path)
        r["rss_nt"] = peak_kib([ft, "--info", nt])
    if name in ("firefox-processed", "stackprof-x2000") and os.path.exists(floor_json):
        r["json"] = best([floor_json, path])
    if name == "callgrind":
        # A call graph expands into a tree far bigger than the file: the
        # floor is building that tree, measured by loading the same tree
        # from its folded text (flametui's own export of it).
        fo = path + ".folded"
        if not os.path.exists(fo):
            with open(fo + ".tmp", "w") as f:
                subprocess.run([ft, "--export", "folded", path], stdout=f, check=True)
            os.rename(fo + ".tmp", fo)
        subprocess.run(["cat", fo], stdout=subprocess.DEVNULL)
        r["tree_nodes"] = inf.get("nodes", "?")
        r["folded_mb"] = os.path.getsize(fo) / 1e6
        r["folded_load"] = best([ft, "--info", fo])
        r["folded_wc"] = best(["wc", "-l", fo])
    if name == "perf-time":
        r["heat"] = best([ft, "--export", "heatmap", path]) - r["load"]
        r["heatview"] = best([ft, "--dump", "--size", "200x60", "--view", "heatmap", path])
        r["dump"] = best(load_cmd + [path])
        r["range"] = best(load_cmd + ["--time-range", "1,3", path])
    trows.append(r)
if trows:
    print()
    print("## Time and the newer formats (recorded here; `--info`, best of %d)" % runs)
    print("| workload | file | samples | load | cat \\| wc -c | ratio (aim <= 3x) | peak RSS | time data, bytes / sample (aim <= 16) |")
    print("|---|---|---|---|---|---|---|---|")
    for r in trows:
        bps = "%.1f" % ((r["rss"] - r["rss_nt"]) * 1024 / r["samples"]) if "rss_nt" in r and r["samples"] else "-"
        print("| %s | %.1f MB | %d | %.3f s | %.3f s | %.1fx | %.0f MiB | %s |" % (
            r["name"], r["size"] / 1e6, r["samples"], r["load"], r["base"], r["load"] / r["base"],
            r["rss"] / 1024, bps))
    for r in trows:
        if "json" in r:
            print("\n%s: yajl alone tokenizing the file (bench/floor_json.c, the JSON "
                  "library every JSON loader reads through) takes %.3f s, %.1fx `cat | wc -c`: "
                  "the load is %.1fx that floor" % (r["name"], r["json"], r["json"] / r["base"],
                                                     r["load"] / r["json"]))
    for r in trows:
        if "folded_load" in r:
            print("\n%s: the call graph expands to a tree of %s nodes, whose folded text is "
                  "%.0f MB (%.0fx the file); loading that same tree from the folded text "
                  "takes %.3f s (%.1fx its `wc -l`): the callgrind load is %.2fx that floor "
                  "(building the tree), so the 3x of `cat | wc -c` cannot hold for a call graph" % (
                      r["name"], r["tree_nodes"], r["folded_mb"], r["folded_mb"] * 1e6 / r["size"],
                      r["folded_load"], r["folded_load"] / r["folded_wc"],
                      r["load"] / r["folded_load"]))
    for r in trows:
        if "heat" in r:
            print("\n%s: `--export heatmap` adds %.0f ms to the load; `--dump --view heatmap` "
                  "at 200x60 %.3f s vs the flame graph's %.3f s; the flame graph of a time "
                  "range (`--time-range 1,3`) %.3f s (+%.0f ms)" % (
                      r["name"], r["heat"] * 1000, r["heatview"], r["dump"], r["range"],
                      (r["range"] - r["dump"]) * 1000))

print()
print("## Scaling (default generator settings with --lines 2000000 --target-bytes N MB; `--dump`, best of %d)"
      % max(1, runs // 2))
print("| MB | lines | nodes | load | s per 100 MB | wc -l ratio | peak RSS | RSS / file |")
print("|---|---|---|---|---|---|---|---|")
for mb in ([] if only_time or only_folded else scale):
    path = make("scale-%d.folded" % mb, "--seed", "7", "--lines", "2000000",
                "--target-bytes", str(mb * 1000000))
    subprocess.run(["cat", path], stdout=subprocess.DEVNULL)
    size = os.path.getsize(path)
    inf = info(path)
    n = max(1, runs // 2)
    load = best(load_cmd + [path], n)
    wc = best(["wc", "-l", path], n)
    rss = peak_kib(load_cmd + [path])
    print("| %d | %s | %.2f M | %.3f s | %.3f | %.1fx | %.0f MiB | %.2f |" % (
        mb, inf["lines"], int(inf["nodes"]) / 1e6, load, load / (size / 1e8), load / wc,
        rss / 1024, rss * 1024 / size), flush=True)

# --- issue 29's aims, each beside the floor measured for it ----------------
def aim_row(what, aim, now, ok, floor):
    print("| %s | %s | %s | %s | %s |" % (what, aim, now, "met" if ok else "**miss**", floor))


if rows:
    print()
    print("## The aims against their floors (from the tables above; a floor is a program "
          "doing only the unavoidable work, see each table)")
    print("| what | aim | now | | floor |")
    print("|---|---|---|---|---|")
    for r in rows:
        if r["name"] == "pprof":
            if "pfloor" in r:
                aim_row("pprof load (`--dump`), x `gzip -dc`", "<= 1.5x",
                        "%.1fx" % (r["load"] / r["base"]), r["load"] / r["base"] <= 1.5,
                        "inflate + tree %.1fx (inflate alone %.1fx)" % (
                            r["pfloor"] / r["base"], r["pinflate"] / r["base"]))
            continue
        n = r["name"]
        ratio = r["load"] / r["base"]
        aim_row("%s: load, x `wc -l`" % n, "<= 5x", "%.1fx" % ratio, ratio <= 5,
                "scan %.1fx" % (r["scan"] / r["base"]) if "scan" in r else "-")
        mem = r["rss"] * 1024 / r["size"]
        aim_row("%s: peak RSS / file" % n, "<= 0.6", "%.2f (1 thread %.2f)" % (
            mem, r["rss1"] * 1024 / r["size"]), mem <= 0.6,
            "peak %.2f, final structures %.2f" % (r["mem_rss"] * 1024 / r["size"],
                                                 int(r["mem"]["final_bytes"]) / r["size"])
            if "mem" in r else "-")
        ia = r["ia"]
        worst = max(("focus", "ignore", "hide", "show_from", "prune_from", "show"),
                    key=lambda o: float(ia.get(o + "_ms", 0)))
        w = float(ia.get(worst + "_ms", 0))
        aim_row("%s: slowest filter (%s), ms" % (n, worst.replace("_", "-")), "<= 50",
                "%.1f" % w, w <= 50, "walk %.1f" % r["walk"] if "walk" in r else "-")
        if "first_ignore_ms" in ia:
            f = float(ia["first_ignore_ms"])
            aim_row("%s: first filter after opening (ignore), ms" % n, "<= 50", "%.1f" % f,
                    f <= 50, "walk in fresh memory %.1f" % r["walk_fresh"]
                    if "walk_fresh" in r else "-")
        if "svg_ms" in ia and "svgfloor" in r:
            ms, b = float(ia["svg_ms"]), int(ia["svg_bytes"])
            fms = float(r["svgfloor"]["svg_ms"])
            dms = float(r["svgfloor"]["direct_ms"])
            aim_row("%s: `--export svg`, MB/s" % n, "formatted-output speed",
                    "%.0f" % (b / 1e6 / (ms / 1000)), ms <= fms * 1.1,
                    "printf %.0f, direct %.0f" % (b / 1e6 / (fms / 1000), b / 1e6 / (dms / 1000)))
        if "time" in r:
            t = r["time"]
            for key, aim, lim in (("heatmap_ms", "<= 30", 30), ("cursor_ms", "< 1", 1),
                                  ("range_ms", "<= 100", 100)):
                v = float(t[key])
                aim_row("%s: %s (10 M samples)" % (n, key[:-3].replace("_", " ")), aim,
                        "%.2f" % v, v < lim if key == "cursor_ms" else v <= lim, "-")
