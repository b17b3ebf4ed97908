# issue 15: --focus FILE:LINE on a real Go profile with line info
# (tests/data/go-labels.cpu.pb.gz).  Expected stacks verified equal to
# `go tool pprof -raw tests/data/go-labels.cpu.pb.gz | python3
# tests/pprof_raw_focus.py FILE:LINE` (an independent reading by pprof).
for fl in main.go:60 main.go:49 main.go:29 map_fast64.go:126; do
	echo "--- --focus $fl"
	$FLAMETUI --focus "$fl" --export folded tests/data/go-labels.cpu.pb.gz || exit 1
done
