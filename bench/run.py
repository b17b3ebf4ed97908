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

Times are best of RUNS (load) or the median of RUNS (interactive, from
build/flametui-bench), and loads are also given as ratios to `wc -l` and
`gzip -dc` measured in the same run: machines are noisy, ratios less so.
Peak RSS comes from getrusage of a child that runs nothing else.
Environment: CORPORA (default ../shared/corpora), BENCH_DATA, RUNS (5),
FLAMETUI (./flametui), FLAMETUI_BENCH (build/flametui-bench), SCALE
(space-separated MB list, default "25 50 100 200 400").
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

pprof = None
go = shutil.which("go")
f2p_src = os.path.join(corp, "tools/fold2pprof/main.go")
if go is None or not os.path.isdir("/usr/share/gocode/src/github.com/google/pprof"):
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
print("bench: measuring (%d runs each)" % runs, flush=True)
for name, path in folded + ([("pprof", pprof)] if pprof else []):
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
    if name == "pprof" and go is not None:
        r["gotop"] = best([go, "tool", "pprof", "-top", path], max(1, runs // 2))
        r["fttop"] = best([ft, "--top", "20", path])
    rows.append(r)

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
for r in rows:
    if "gotop" in r:
        print("\n`go tool pprof -top` %.3f s vs `flametui --top 20` %.3f s: pprof %.1fx slower" % (
            r["gotop"], r["fttop"], r["gotop"] / r["fttop"]))

ops = ["search", "focus", "ignore", "hide", "show_from", "prune_from", "show", "table_first",
       "table", "butterfly_first", "butterfly", "move", "zoom"]
# move / zoom: ms per keystroke (action + full render), mean of 200.
print()
print("## Interactive (ms, median of %d, full render at 200x60; pattern: the top self function)" % runs)
print("| workload | " + " | ".join(ops) + " |")
print("|---|" + "---|" * len(ops))
for r in rows:
    print("| %s | " % r["name"] + " | ".join(r["ia"].get(o + ("" if o in ("move", "zoom") else "_ms"), "?")
                                          for o in ops) + " |")

print()
print("## Scaling (default generator settings with --lines 2000000 --target-bytes N MB; `--dump`, best of %d)"
      % max(1, runs // 2))
print("| MB | lines | nodes | load | s per 100 MB | wc -l ratio | peak RSS | RSS / file |")
print("|---|---|---|---|---|---|---|---|")
for mb in scale:
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
