#!/usr/bin/env python3
"""pprof_traces.py - `go tool pprof -traces` text as folded stacks.

Reads the output of `go tool pprof -unit=ns|B -traces [OPTIONS] FILE` on
stdin and writes one line per distinct stack, root first, frames joined by
`;`, then the summed value; lines byte-sorted; zero sums dropped.  This is
how the expected figures of tests/reference-go-pprof.sh are made from
pprof's own output (tests/data/go-labels/make-expected.sh), independently
of flametui.

-traces prints each sample as: label lines (`key:  value`), then the value
with its unit in a 10-column field, three spaces and the leaf frame, then
one caller per line indented by 13 spaces; samples are separated by
`-----------+----...` lines.  pprof marks inlined frames ` (inline)`; the
mark is dropped, as in the folded export convention (plain names, see
../shared/corpora/README.md), so stacks differing only by it are summed.
"""
import re
import sys

SEP = re.compile(r"^-{11}\+-+$")
VALUE = re.compile(r"^ *(-?[0-9]+)(?:ns|B)?   (.*)$")


def fold(lines):
    sums = {}
    blocks, cur = [], None
    for line in lines:
        line = line.rstrip("\n")
        if SEP.match(line):
            if cur is not None:
                blocks.append(cur)
            cur = []
        elif cur is not None:
            cur.append(line)
    if cur is not None:
        blocks.append(cur)
    for b in blocks:
        i = 0
        while i < len(b) and not VALUE.match(b[i]):
            i += 1  # label lines
        if i == len(b):
            continue
        m = VALUE.match(b[i])
        value = int(m.group(1))
        frames = [m.group(2)] + [l[13:] for l in b[i + 1:]]
        frames = [f[:-9] if f.endswith(" (inline)") else f for f in frames]
        key = ";".join(f.replace(";", ":") for f in reversed(frames))
        sums[key] = sums.get(key, 0) + value
    out = ["%s %d" % (k, v) for k, v in sums.items() if v != 0]
    return sorted(out, key=lambda s: s.encode("utf-8", "surrogateescape"))


if __name__ == "__main__":
    for l in fold(sys.stdin):
        print(l)
