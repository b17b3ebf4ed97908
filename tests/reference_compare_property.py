#!/usr/bin/env python3
"""reference_compare_property.py FLAMETUI SHARED - a property test of the
comparison's name matching (issue 24 item 1): for random pairs of folded
profiles A and B whose frame names are drawn from real vocabularies (the
folded files of SHARED/corpora), the comparison's stacks project back
exactly onto A's and B's own stacks: no value moves from one function to
another.

Each pair is compared with `flametui --export folded A B` (differential
folded: "STACK A B") and `flametui --info A B` (its `name_match=X = Y`
lines: every name of A renamed to a name of B), both with --demangle none:
short demangling merges C++ overloads on purpose (documented, tested by
reference-demangle.sh), and it is the comparison's matching under test.  Checked, per pair:
  - the renaming is one to one: no two names of A become one name, no name
    of A becomes a name A has itself, every target is a name of B;
  - column B of the union, summed per stack, is exactly B's stacks;
  - column A of the union, summed per stack, is exactly A's stacks with
    the renaming applied;
  - each renamed pair names the same function by an independent rule
    written here: equal once a kind suffix (_[k] _[j] _[i]), a +0x offset,
    an argument list and a real library version are removed.
The names are real ones plus the variants the matching is about: "+0x"
offsets, kind suffixes, argument lists, ".so.6" versions and ".so.NAME"
non-versions (libfoo.so.alpha / libfoo.so.beta must stay two).
Skips (exit 0) when SHARED/corpora is absent.  Last line: "N passed, N
failed".
"""
import glob
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict


def vocabulary(shared):
    """Per folded file of the corpora, its frame names (a name is drawn
    from a random file, so one huge vocabulary does not crowd the rest
    out)."""
    files = sorted(glob.glob(os.path.join(shared, "corpora/flamegraph/test/results/*-collapsed-all.txt")))
    files += sorted(glob.glob(os.path.join(shared, "corpora/pprof/folded_from_pprof/*.folded")))
    vocab = []
    for path in files:
        names = set()
        with open(path, "rb") as f:
            for raw in f:
                line = raw.decode("utf-8", "replace").strip()
                stack, _, count = line.rpartition(" ")
                if not stack or not re.match(r"^\d+$", count):
                    continue
                for n in stack.split(";"):
                    # plain printable names that --info prints unescaped
                    if n and re.match(r"^[\x21-\x7e][\x20-\x7e]*$", n) and " = " not in n \
                            and not n.endswith(" ") and not re.search(r"_\[[kji]\]$", n):
                        names.add(n)
        if names:
            vocab.append(sorted(names))
    return vocab


def variants(rng, name):
    """The name as another tool or another build might write it."""
    out = [name]
    out.append(name + "+0x%x" % rng.randrange(1, 4096))
    if re.search(r"\w$", name):
        out.append(name + "()")
        out.append(name + "(int)")
    out.append(name + rng.choice(["_[k]", "_[j]"]))
    return out


def library_names(rng):
    base = "lib" + rng.choice(["foo", "jvm", "c", "ssl", "z"])
    return [base + ".so", base + ".so.6", "[" + base + ".so.1.2.3]", base + "-2.31.so",
            base + ".so.alpha", base + ".so.beta", base + ".so.Parker::park",
            base + ".so.Unsafe_Unpark"]


def same_function(a, b):
    """Independent loose equality: kinds, offsets, argument lists, real
    library versions ignored."""
    def loose(n):
        n = re.sub(r"_\[[kji]\]$", "", n)
        n = re.sub(r"\+0x[0-9a-fA-F]+$", "", n)
        m = re.match(r"^\[?(?:.*/)?([^/\[\]\s()]+?)(?:-\d+(?:\.\d+)+)?\.so(?:\.\d+)*\]?$", n)
        if m:
            return m.group(1) + ".so"
        n = re.sub(r"^\((unknown)\)$|^unknown$", "[unknown]", n)
        # an argument list at the end: "f(int)", "f()", "f(int) const"
        n = re.sub(r"(?<=[\w>])\([^()]*\)( const)?$", "", n)
        return n.rstrip(" ")
    return loose(a) == loose(b)


def random_profile(rng, pool):
    acc = defaultdict(int)
    for _ in range(rng.randrange(1, 25)):
        depth = rng.randrange(1, 6)
        acc[";".join(rng.choice(pool) for _ in range(depth))] += rng.randrange(1, 100)
    return acc


def write(path, acc):
    with open(path, "w") as f:
        for k, v in sorted(acc.items()):
            f.write("%s %d\n" % (k, v))


def run(flametui, args):
    r = subprocess.run([flametui] + args, capture_output=True)
    return r.returncode, r.stdout.decode("utf-8", "surrogateescape"), r.stderr.decode()


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    flametui, shared = argv[1], argv[2]
    if not os.path.isdir(os.path.join(shared, "corpora")):
        print("reference_compare_property: skipped: %s/corpora not found" % shared)
        return 0
    vocab = vocabulary(shared)
    seed = int(os.environ.get("FLAMETUI_PROPERTY_SEED", "24"))
    pairs = int(os.environ.get("FLAMETUI_PROPERTY_PAIRS", "300"))
    rng = random.Random(seed)
    passed = failed = 0
    merges = 0
    with tempfile.TemporaryDirectory(prefix="ft-cmpprop.") as tmp:
        fa, fb = os.path.join(tmp, "a.folded"), os.path.join(tmp, "b.folded")
        for it in range(pairs):
            # a small pool so names collide: a few real names, their
            # variants, and library names with and without versions
            pool = []
            for n in [rng.choice(rng.choice(vocab)) for _ in range(6)]:
                pool += rng.sample(variants(rng, n), 2)
            pool += rng.sample(library_names(rng), 3)
            a = random_profile(rng, pool)
            b = random_profile(rng, pool)
            write(fa, a)
            write(fb, b)
            problems = []
            rc, out, err = run(flametui, ["--demangle", "none", "--export", "folded", fa, fb])
            rc2, info, err2 = run(flametui, ["--demangle", "none", "--info", fa, fb])
            if rc != 0 or rc2 != 0:
                problems.append("exit %d/%d: %s%s" % (rc, rc2, err.strip(), err2.strip()))
            rename = {}
            for line in info.splitlines():
                if line.startswith("name_match="):
                    x, _, y = line[len("name_match="):].partition(" = ")
                    rename[x] = y
            merges += len(rename)
            names_a = {n for s in a for n in s.split(";")}
            names_b = {n for s in b for n in s.split(";")}
            if len(set(rename.values())) != len(rename):
                problems.append("two names of A became one: %r" % rename)
            for x, y in rename.items():
                if x not in names_a or y not in names_b or y in names_a or x in names_b:
                    problems.append("not a one-to-one match of A to B: %s = %s" % (x, y))
                if not same_function(x, y):
                    problems.append("different functions merged: %s = %s" % (x, y))
            ua, ub = defaultdict(int), defaultdict(int)
            for line in out.splitlines():
                m = re.match(r"^(.*) (\d+) (\d+)$", line)
                if not m:
                    problems.append("bad line: %r" % line)
                    continue
                if int(m.group(2)):
                    ua[m.group(1)] += int(m.group(2))
                if int(m.group(3)):
                    ub[m.group(1)] += int(m.group(3))
            wa = defaultdict(int)
            for s, v in a.items():
                wa[";".join(rename.get(n, n) for n in s.split(";"))] += v
            if dict(ua) != dict(wa):
                problems.append("A's column is not A: %s" % sorted(set(ua.items()) ^ set(wa.items()))[:4])
            if dict(ub) != dict(b):
                problems.append("B's column is not B: %s" % sorted(set(ub.items()) ^ set(b.items()))[:4])
            if problems:
                failed += 1
                if failed <= 5:
                    sys.stderr.write("reference_compare_property: FAIL: pair %d (seed %d):\n  %s\n"
                                     % (it, seed, "\n  ".join(problems[:4])))
                    sys.stderr.write("  A:\n    %s\n  B:\n    %s\n" % (
                        "\n    ".join("%s %d" % kv for kv in sorted(a.items())),
                        "\n    ".join("%s %d" % kv for kv in sorted(b.items()))))
            else:
                passed += 1
    # the test must exercise merges, or it proves nothing
    if merges == 0:
        failed += 1
        sys.stderr.write("reference_compare_property: FAIL: no pair had a name matched\n")
    print("reference_compare_property: %d passed, %d failed (%d pairs, %d names matched)"
          % (passed, failed, pairs, merges))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
