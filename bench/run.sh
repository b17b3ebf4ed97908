#!/bin/sh
# make bench: see bench/run.py (realistic workloads from ../shared/corpora,
# one table of load time, memory and interactive latency).
exec python3 "$(dirname "$0")/run.py" "$@"
