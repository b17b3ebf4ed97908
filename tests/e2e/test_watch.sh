#!/bin/sh
# --watch: the viewer follows a file that changes under it.  Stacks are
# appended (totals grow, zoom, selection and search stay), the file is
# replaced atomically (mv), truncated (the old tree stays, the header says
# it waits), deleted (the header says it is gone) and put back, a half-written last line and a truncated gzip member are
# waited for; perf script text, pprof and a comparison (either side) reload
# too; an idle viewer uses no CPU while it waits.
. "$(dirname "$0")/lib.sh"

F=$FT_TMP/w.folded
cp "$FT_DATA/small.folded" "$F"
ft_start 140 12 -- --watch --zoom 'main;run' --search eval "$F"
ft_check "opens the file" ft_wait_for '^w.folded \| samples \| total 97 '
printf 'main;run;eval;add 10\nmain;run;parse;lex 5\ngc;mark 3\n' >>"$F"
ft_check "appended stacks: total and header's reload note" \
	ft_wait_for '^w.folded \| samples \| total 115 .*reloaded [0-9:]{8}, \+18 samples'
ft_check "zoom and selection kept (status shows run, zoom 100%)" \
	ft_matches '^run \| total 87 .*zoom 100%'
ft_check "search kept, Matched recomputed (eval: 30 of 115)" ft_matches 'Matched: 26.1% \(30 of 115\)'

# A half-written last line is not read until its newline comes.
printf 'main;run;io 100' >>"$F"
ft_check "half-written line: waited for (+0)" \
	ft_wait_for 'total 115 .*reloaded [0-9:]{8}, \+0 samples'
printf '\n' >>"$F"
ft_check "its newline: +100" ft_wait_for 'total 215 .*reloaded [0-9:]{8}, \+100 samples'

# Atomic replacement: a new file renamed over the old one.
printf 'main;run;eval 4\nmain;init 6\n' >"$FT_TMP/new.folded"
mv "$FT_TMP/new.folded" "$F"
ft_check "replaced by rename: the new file's total" \
	ft_wait_for '^w.folded \| samples \| total 10 .*reloaded [0-9:]{8}, -205 samples'
ft_check "zoom still on main;run where it exists" ft_matches '^run \| total 4 '

# Truncation: the old tree stays; the header says what it waits for.
: >"$F"
ft_check "truncated: old tree kept, header says it waits" \
	ft_wait_for 'total 10 .*waiting for a complete file .*empty'
printf 'main;run;eval 1\n' >>"$F"
ft_check "written again: reloaded" ft_wait_for 'total 1 .*reloaded [0-9:]{8}'

# Deleted: the old tree stays and the header says the file is gone; put
# back, it is read again.
rm "$F"
ft_check "deleted: old tree kept, header says it is gone" \
	ft_wait_for 'total 1 .*w.folded is gone \(deleted or moved\)'
printf 'main;run;eval 2\n' >"$F"
ft_check "back again: reloaded" ft_wait_for 'total 2 .*reloaded [0-9:]{8}, \+1 samples'

# Idle: no CPU while nothing changes (utime + stime in clock ticks).
pid=$(ft_pid)
ft_settle
t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
sleep 2
t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
ft_check "idle for 2 s: no CPU used ($t0 -> $t1 ticks)" [ $((t1 - t0)) -le 1 ]
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

# pprof: a truncated gzip member is waited for; the whole file loads.
P=$FT_TMP/heap.pb.gz
cp "$FT_DATA/heap.pb.gz" "$P"
ft_start 140 10 -- --watch "$P"
ft_check "pprof opens" ft_wait_for '^heap.pb.gz \| inuse_space \(bytes\).*total 1.00 MiB'
head -c 200 "$FT_DATA/heap.pb.gz" >"$P"
ft_check "truncated gzip: old tree kept, waiting" \
	ft_wait_for 'total 1.00 MiB .*waiting for a complete file .*truncated gzip'
cat "$FT_DATA/heap.pb.gz" >"$P"
ft_check "complete again: reloaded" ft_wait_for 'total 1.00 MiB .*reloaded [0-9:]{8}, \+0 B'
ft_keys q

# perf script: events appended.
S=$FT_TMP/perf.txt
awk 'BEGIN{RS=""; ORS="\n\n"} NR <= 90' "$FT_DATA/perf-cpu-task-clock.txt" >"$S"
full=$("$FLAMETUI" --dump --size 120x10 "$FT_DATA/perf-cpu-task-clock.txt" | sed -n '1s/.*| total \([^ ]*\).*/\1/p')
half=$("$FLAMETUI" --dump --size 120x10 "$S" | sed -n '1s/.*| total \([^ ]*\).*/\1/p')
ft_start 120 10 -- --watch "$S"
ft_check "perf script opens (total $half)" ft_wait_for "^perf.txt \\| .*total $half"
awk 'BEGIN{RS=""; ORS="\n\n"} NR > 90' "$FT_DATA/perf-cpu-task-clock.txt" >>"$S"
ft_check "perf events appended: the whole file's total ($full)" \
	ft_wait_for "^perf.txt \\| .*total $full .*reloaded"
ft_keys q

# A comparison: either side may change.
A=$FT_TMP/a.folded B=$FT_TMP/b.folded
cp "$FT_DATA/small.folded" "$A"
cp "$FT_DATA/small-after.folded" "$B"
ft_start 120 12 -- --watch --normalize absolute "$A" "$B"
ft_check "comparison opens" ft_wait_for 'A: total 97 .*B: total'
printf 'main;run;new_in_b 50\n' >>"$B"
ft_check "B grew: its pane's total, reload message" \
	ft_wait_for 'B: total [0-9]+ ' && ft_wait_for '^reloaded [0-9:]{8}, \+50 samples'
printf 'main;run;new_in_a 3\n' >>"$A"
ft_check "A grew: its pane's total" ft_wait_for 'A: total 100 '
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'

"$FLAMETUI" --watch --dump "$F" 2>"$FT_TMP/err"
ft_check "--watch with --dump: usage error" grep -q 'it does not go with --dump' "$FT_TMP/err"
ft_done
