#!/bin/sh
# make-expected.sh - expected figures for tests/reference-go-pprof.sh, from
# `go tool pprof -traces` (Debian's golang-go), folded by
# tests/pprof_traces.py.  Run from anywhere; rewrites expected/*.folded.
# With --check DIR: write to DIR instead (the test compares the two).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$here/expected
[ "${1:-}" = --check ] && out=$2
mkdir -p "$out"
grep -v '^#' "$here/cases.txt" | while IFS='|' read -r name file popts fopts; do
	name=$(echo $name)
	file=$(echo $file)
	unit=-unit=ns
	case $file in *heap*) unit=-unit=B ;; esac
	# shellcheck disable=SC2086
	go tool pprof $unit -traces $popts "$here/../$file" 2>/dev/null |
	    python3 "$here/../../pprof_traces.py" > "$out/$name.folded"
done
# pprof's -tags: each label key's values with their share.
go tool pprof -tags "$here/../go-labels.cpu.pb.gz" 2>/dev/null > "$out/tags-cpu.txt"
go tool pprof -sample_index=alloc_space -tags "$here/../go-labels.heap.pb.gz" \
    2>/dev/null > "$out/tags-heap.txt"
