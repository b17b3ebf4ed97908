#!/usr/bin/env python3
"""make-v8-old-cpuprofile.py NEW.cpuprofile > OLD.cpuprofile

Rewrite a real `node --cpu-prof` recording (the current .cpuprofile: a flat
`nodes` array, `timeDeltas`, times in microseconds) in the old V8 shape that
v8-profiler / v8-profiler-node8 and Node <= 10 tooling wrote (the one
speedscope's v8cpuFormatter.ts and DevTools' legacy branch read):

  {"typeId": "CPU", "uid": "1", "title": ..., "head": NODE,
   "startTime": SECONDS, "endTime": SECONDS,
   "samples": [node ids], "timestamps": [absolute microseconds]}

where NODE is {"functionName", "scriptId", "url", "lineNumber",
"columnNumber" (1-based, 0 when unknown, as V8's C++ CpuProfileNode API
gives them), "hitCount", "callUID", "bailoutReason", "id", "children":
[NODE...]}.  Nothing is invented: the same nodes, samples and times.
Seconds are written exactly (the microseconds' decimal point moved), so
the old file's times equal the new one's.
"""
import json
import sys


def secs(us):
    us = int(us)
    sign = "-" if us < 0 else ""
    us = abs(us)
    return "%s%d.%06d" % (sign, us // 1000000, us % 1000000)


def main():
    p = json.load(open(sys.argv[1]))
    nodes = {n["id"]: n for n in p["nodes"]}
    kids = {n["id"]: list(n.get("children", [])) for n in p["nodes"]}
    parent = {}
    for n in p["nodes"]:
        for c in n.get("children", []):
            parent[c] = n["id"]
        if "parent" in n:
            parent[n["id"]] = n["parent"]
            if n["id"] not in kids[n["parent"]]:
                kids[n["parent"]].append(n["id"])
    roots = [i for i in nodes if i not in parent]
    assert len(roots) == 1, "one root node expected"

    def old(i):
        cf = nodes[i]["callFrame"]
        ln, col = cf.get("lineNumber", -1), cf.get("columnNumber", -1)
        return {
            "functionName": cf.get("functionName", ""),
            "scriptId": int(cf.get("scriptId", 0) or 0),
            "url": cf.get("url", ""),
            "lineNumber": ln + 1 if ln >= 0 else 0,
            "columnNumber": col + 1 if col >= 0 else 0,
            "hitCount": nodes[i].get("hitCount", 0),
            "callUID": i,
            "bailoutReason": "",
            "id": i,
            "children": [old(c) for c in kids[i]],
        }

    sys.setrecursionlimit(100000)
    head = old(roots[0])
    stamps, t = [], p["startTime"]
    for d in p["timeDeltas"]:
        t += d
        stamps.append(t)
    out = sys.stdout
    out.write('{"typeId":"CPU","uid":"1","title":"Profile 1","head":')
    out.write(json.dumps(head, separators=(",", ":")))
    out.write(',"startTime":%s,"endTime":%s,' % (secs(p["startTime"]), secs(p["endTime"])))
    out.write('"samples":%s,' % json.dumps(p["samples"], separators=(",", ":")))
    out.write('"timestamps":%s}\n' % json.dumps(stamps, separators=(",", ":")))


if __name__ == "__main__":
    main()
