# Every line --info prints is escaped, also those made from the file below
# the command line: the sniffer's reason (`detected=`, which quotes the
# first bpftrace map entry) and perf's per-event summary (issue 24 item
# 15).  Real files (tests/data) with an OSC, a CSI and U+202E put in: cat -v
# would show a raw ESC as ^[ and U+202E as M-bM-^@M-.; the last line counts
# raw ESC bytes in stdout (0).
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
sed '4s/^@\[$/@[\x1b]0;PWNED\x07\xe2\x80\xae/' tests/data/bpftrace-profile.txt > "$d/bpf.txt"
sed 's/ cpu-clock: $/ cpu\x1b[2J\xe2\x80\xae-clock: /' tests/data/perf-cpu-task-clock.txt > "$d/perf.txt"
$FLAMETUI --info "$d/bpf.txt" 2>&1 | grep -E '^(detected|format)=' | cat -v
$FLAMETUI --info "$d/perf.txt" 2>&1 | grep -E '^(detected|event[0-9]|sample_type|type[0-9])=' | cat -v
{ $FLAMETUI --info "$d/bpf.txt"; $FLAMETUI --info "$d/perf.txt"; } 2>&1 | tr -cd '\033' | wc -c
