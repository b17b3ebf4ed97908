#!/usr/bin/env python3
"""make-legacy-cpuprofile-trace.py MAIN.cpuprofile WORKER.cpuprofile PID > trace.json

Wrap two real `node --cpu-prof` recordings of one process (its main thread
and a worker thread: node-worker.js) in a Chrome trace as Chrome before 2018
wrote CPU profiles: one legacy `CpuProfile` instant event per thread, same
pid, no `id`, the whole profile in args.data.cpuProfile, plus thread_name
metadata.  Nothing is invented: the profiles are the recordings as they
are (tid 0 is the main thread, 1 the worker, as node numbers them in the
file names).
"""
import json
import sys


def main():
    main_p, worker_p, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
    events = []
    for tid, (path, name) in enumerate(((main_p, "main"), (worker_p, "worker"))):
        prof = json.load(open(path))
        events.append({"pid": pid, "tid": tid, "ts": 0, "ph": "M", "cat": "__metadata",
                       "name": "thread_name", "args": {"name": name}})
        events.append({"pid": pid, "tid": tid, "ts": prof["endTime"], "ph": "I",
                       "cat": "disabled-by-default-devtools.timeline", "name": "CpuProfile",
                       "s": "t", "args": {"data": {"cpuProfile": prof}}})
    json.dump(events, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
