#!/bin/sh
# make-pprof-deep.sh - re-make pprof-deep.pb.gz, the fuzz seed with a large
# pprof sample: the first 40 stacks of inferno's flamegraph/base/flames.txt
# (../shared/corpora) plus one stack of 3000 frames and one of 1500 (the
# file's deepest stack, its frames after the second repeated), written by
# Go's own pprof library through ../shared/corpora/tools/fold2pprof.
# Needs: apt-get install -y golang-go golang-github-google-pprof-dev
set -e
here=$(cd "$(dirname "$0")" && pwd)
corp=${FLAMETUI_SHARED:-$here/../../../../shared}/corpora
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$corp/tools/fold2pprof/main.go" "$tmp/"
(cd "$tmp" && GO111MODULE=off GOPATH=/usr/share/gocode go build -o fold2pprof .)
python3 - "$corp/inferno/data/flamegraph/base/flames.txt" "$tmp/deep.folded" <<'PY'
import sys
lines = [l.rstrip('\n') for l in open(sys.argv[1]) if l.strip()][:40]
deep = max(lines, key=lambda l: l.count(';'))
frames = deep.rsplit(' ', 1)[0].split(';')
stack = frames[:2]
i = 0
while len(stack) < 3000:
    stack.append(frames[2 + i % (len(frames) - 2)])
    i += 1
out = lines + [';'.join(stack) + ' 7', ';'.join(stack[:1500]) + ' 2']
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
PY
"$tmp/fold2pprof" "$tmp/deep.folded" "$here/pprof-deep.pb.gz"
