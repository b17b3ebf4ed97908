#!/bin/sh
# flametui record: perf for real.  A small C program with a hot function
# (tests/e2e/record_hot.c) recorded with -- CMD, with -p PID --duration,
# saved with -o and opened again; the hot function's self share computed
# from the saved perf script text by python (the leaf frame of each
# sample, weighted by its period) is >= 50% and is what --top says; the
# live viewer grows while recording and counts time, samples and rate, p
# pauses its refresh, q or Ctrl-C stops perf and the command and keeps the
# view (q again quits), a dropped terminal (SIGHUP) stops them too, and no
# temporary file is left; each error
# says what to do.  Where perf cannot record here the test says why and
# exits 77 (make check lists it as skipped; a failure under CI=true).
. "$(dirname "$0")/lib.sh"

HOT=$FT_TMP/hot
if ! cc -O1 -g -fno-omit-frame-pointer -o "$HOT" "$FT_ROOT/tests/e2e/record_hot.c" 2>"$FT_TMP/cc.err"; then
	echo "$FT_TEST: cannot build the test program: $(head -n 3 "$FT_TMP/cc.err")"
	exit 1
fi
if ! command -v perf >/dev/null 2>&1; then
	echo "$FT_TEST: perf not installed (apt-get install linux-perf)"
	exit 77
fi
if ! perf record -F 99 -g -o "$FT_TMP/probe.data" -- true >"$FT_TMP/probe.err" 2>&1; then
	echo "$FT_TEST: perf cannot record here: $(grep -m1 -i -E 'error|permission|paranoid' "$FT_TMP/probe.err")"
	exit 77
fi
TMPDIR=$FT_TMP/rt
mkdir -p "$TMPDIR"
export TMPDIR
no_temp_left() { [ -z "$(ls -A "$TMPDIR")" ]; }

# hot_share FILE: the hot function's share of the samples' periods, in %
# with one decimal, from perf script text (the first frame line of each
# sample is its leaf).
hot_share() {
	gzip -dcf "$1" | python3 -c '
import re, sys
tot = hot = 0
leaf_next = False
period = 0
for line in sys.stdin:
    if line.strip() == "":
        leaf_next = False
        continue
    if not line[0].isspace():
        m = re.search(r":\s+(\d+)\s+\S+:", line)
        period = int(m.group(1)) if m else 1
        tot += period
        leaf_next = True
        continue
    if leaf_next:
        sym = line.split()[1].split("+")[0]
        if sym == "hot":
            hot += period
        leaf_next = False
print("%.1f" % (100.0 * hot / tot))'
}
# top_share OUT: the self% --top printed for hot.
top_share() { awk '$NF == "hot" { for (i = 1; i < NF; i++) if ($i ~ /%$/) { sub(/%/, "", $i); print $i; exit } }' "$1"; }
ge50() { awk -v x="$1" 'BEGIN { exit !(x + 0 >= 50) }'; }

# -- CMD, saved with -o and printed with --top.
"$FLAMETUI" record --top 5 -o "$FT_TMP/rec.perf.gz" -- "$HOT" 1.5 >"$FT_TMP/top1" 2>"$FT_TMP/err1"
rc=$?
[ "$rc" = 0 ] || sed 's/^/  stderr: /' "$FT_TMP/err1"
ft_check "-- CMD: exit 0" [ "$rc" = 0 ]
ft_check "-- CMD: says where it saved" grep -q "samples saved to $FT_TMP/rec.perf.gz" "$FT_TMP/err1"
share=$(hot_share "$FT_TMP/rec.perf.gz")
ft_check "-- CMD: hot >= 50% self (python over the saved text: $share%)" ge50 "$share"
ft_check "-- CMD: --top says hot's share as python counts it ($(top_share "$FT_TMP/top1")% vs $share%)" \
	[ "$(top_share "$FT_TMP/top1")" = "$share" ]
"$FLAMETUI" --top 5 "$FT_TMP/rec.perf.gz" >"$FT_TMP/top1b" 2>/dev/null
tail -n +2 "$FT_TMP/top1" >"$FT_TMP/a"
tail -n +2 "$FT_TMP/top1b" >"$FT_TMP/b"
ft_check "-o: the saved recording opens with the same figures" cmp -s "$FT_TMP/a" "$FT_TMP/b"
ft_check "-- CMD: no temporary file left" no_temp_left

# -p PID --duration: a process already running.
"$HOT" 6 &
hp=$!
"$FLAMETUI" record -p "$hp" --duration 1.5 --top 5 -o "$FT_TMP/pid.perf" >"$FT_TMP/top2" 2>"$FT_TMP/err2"
rc=$?
kill -0 "$hp" 2>/dev/null
alive=$?
kill "$hp" 2>/dev/null
wait "$hp" 2>/dev/null
share=$(hot_share "$FT_TMP/pid.perf")
ft_check "-p PID --duration: exit 0" [ "$rc" = 0 ]
ft_check "-p PID --duration: hot >= 50% self ($share%)" ge50 "$share"
ft_check "-p PID --duration: --top agrees ($(top_share "$FT_TMP/top2")% vs $share%)" \
	[ "$(top_share "$FT_TMP/top2")" = "$share" ]
ft_check "-p PID --duration: --duration ended it (the process still ran)" [ "$alive" = 0 ]
ft_check "-p PID --duration: samples were taken" \
	sh -c "[ \$(grep -c 'cpu-clock' '$FT_TMP/pid.perf') -ge 50 ]"
ft_check "-p PID: no temporary file left" no_temp_left

# Errors, each with what to do.
"$FLAMETUI" record -p 999999 >/dev/null 2>"$FT_TMP/e" ; rc=$?
ft_check "no such process: exit 1 and says so" sh -c "[ $rc = 1 ] && grep -q 'no process 999999' '$FT_TMP/e'"
"$FLAMETUI" record -- /nonexistent/cmd >/dev/null 2>"$FT_TMP/e" ; rc=$?
ft_check "no such command: exit 1 and says so" sh -c "[ $rc = 1 ] && grep -q 'command not found: /nonexistent/cmd' '$FT_TMP/e'"
"$FLAMETUI" record --top 3 >/dev/null 2>"$FT_TMP/e" ; rc=$?
ft_check "nothing to profile: usage error" sh -c "[ $rc = 2 ] && grep -q -- '-- CMD ARGS, -p PID' '$FT_TMP/e'"
"$FLAMETUI" record --freq 0 -a >/dev/null 2>"$FT_TMP/e" ; rc=$?
ft_check "bad --freq: usage error" sh -c "[ $rc = 2 ] && grep -q 'freq wants' '$FT_TMP/e'"
mkdir -p "$FT_TMP/noperf"
for t in sh cat; do ln -s "$(command -v $t)" "$FT_TMP/noperf/$t"; done
PATH=$FT_TMP/noperf "$FLAMETUI" record -- "$HOT" 1 >/dev/null 2>"$FT_TMP/e" ; rc=$?
ft_check "perf missing: exit 1, says how to install it" \
	sh -c "[ $rc = 1 ] && grep -q 'perf not found; install it: apt-get install linux-perf' '$FT_TMP/e'"
sleep 30 &
sp=$!
"$FLAMETUI" record --top 3 -p "$sp" --duration 0.5 >/dev/null 2>"$FT_TMP/e" ; rc=$?
kill "$sp" 2>/dev/null
wait "$sp" 2>/dev/null
ft_check "no samples (an idle process): exit 1, says why" \
	sh -c "[ $rc = 1 ] && grep -q 'no samples: process $sp did not run on a CPU' '$FT_TMP/e'"
ft_check "errors: no temporary file left" no_temp_left

# Not root: -a is not allowed (the sysctl to run is said); a command of
# one's own records user space only, and says so.
chmod 755 "$FT_TMP"
mkdir -p "$FT_TMP/nobody"
chmod 777 "$FT_TMP/nobody"
as_nobody() { su -s /bin/sh nobody -c "cd '$FT_TMP/nobody' && TMPDIR='$FT_TMP/nobody' $*"; }
if ! id nobody >/dev/null 2>&1 || ! command -v su >/dev/null 2>&1; then
	echo "$FT_TEST: not-root part skipped: no user nobody or no su"
	FT_FAILS=$((FT_FAILS + 1))
elif [ "$(id -u)" != 0 ]; then
	echo "$FT_TEST: not-root part skipped: these tests run as root (as CI does)"
else
	# A copy nobody can run wherever the repository is (a home of mode 700).
	cp "$FLAMETUI" "$FT_TMP/nobody/flametui"
	cp "$HOT" "$FT_TMP/nobody/hot"
	chmod 755 "$FT_TMP/nobody/flametui" "$FT_TMP/nobody/hot"
	NFT=$FT_TMP/nobody/flametui
	paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
	as_nobody "'$NFT' record -a --duration 1 --top 3" >/dev/null 2>"$FT_TMP/e"
	rc=$?
	if [ "$paranoid" -ge 1 ]; then
		ft_check "not root, -a: exit 1, says perf_event_paranoid and the sysctl" \
			sh -c "[ $rc = 1 ] && grep -q 'perf is not allowed to record here (kernel.perf_event_paranoid is $paranoid).*sysctl -w kernel.perf_event_paranoid=-1' '$FT_TMP/e'"
	else
		ft_check "not root, -a allowed (perf_event_paranoid $paranoid): exit 0" [ "$rc" = 0 ]
	fi
	if [ "$paranoid" -ge 2 ]; then
		as_nobody "'$NFT' record --top 3 -- '$FT_TMP/nobody/hot' 1" >"$FT_TMP/top3" 2>"$FT_TMP/e"
		rc=$?
		ft_check "not root, own command: records (exit 0), hot on top" \
			sh -c "[ $rc = 0 ] && awk 'NR == 3' '$FT_TMP/top3' | grep -q 'hot\$'"
		ft_check "not root, own command: says user space only and the sysctl" \
			grep -q 'user-space stacks only: kernel.perf_event_paranoid is 2 (as root: sysctl -w kernel.perf_event_paranoid=1' "$FT_TMP/e"
	fi
fi

# --off-cpu: the sched_switch tracepoint as its own sample type where the
# kernel lets us read it (its count as grep counts it in the saved text),
# else refused with the reason.
if [ -r /sys/kernel/tracing/events/sched/sched_switch/format ] ||
    [ -r /sys/kernel/debug/tracing/events/sched/sched_switch/format ]; then
	cc -O1 -fno-omit-frame-pointer -o "$FT_TMP/sl" "$FT_ROOT/tests/data/perf-offcpu-sleep.c"
	"$FLAMETUI" record --off-cpu --info -o "$FT_TMP/off.perf" -- "$FT_TMP/sl" >"$FT_TMP/off.info" 2>/dev/null
	n=$(grep -c 'sched:sched_switch:' "$FT_TMP/off.perf")
	ft_check "--off-cpu: sched:sched_switch is a sample type, $n events as in the text" \
		grep -q "^event1=sched:sched_switch: $n samples" "$FT_TMP/off.info"
	ft_check "--off-cpu: no malformed line" grep -q '^invalid=0$' "$FT_TMP/off.info"
else
	"$FLAMETUI" record --off-cpu --top 3 -- "$HOT" 1 >/dev/null 2>"$FT_TMP/e" ; rc=$?
	ft_check "--off-cpu without tracefs: exit 1 with the reason and the fix" \
		sh -c "[ $rc = 1 ] && grep -q 'mount -t tracefs nodev /sys/kernel/tracing' '$FT_TMP/e'"
fi

# Live: the viewer opens while recording and the total grows; the header
# counts seconds, samples and the rate; p pauses the refresh (the
# recording goes on: resuming catches up); q stops perf and the command
# and keeps the view; q again quits.
ft_start 140 20 TMPDIR="$TMPDIR" -- record -- "$HOT" 20
ft_check "live: opens on the recording (header names the command)" \
	ft_wait_for '^hot\.perf \| cpu-clock' 10
ft_check "live: the header counts time, samples and rate" \
	ft_wait_for 'recording [0-9]+ s, [0-9]+ samples, [0-9]+/s \(q stops\)' 5
total() { ft_screen | sed -n 's/^hot\.perf | [^|]*| total \([^|]*\) |.*/\1/p'; }
t1=$(total)
grows() { t2=$(total); [ -n "$t2" ] && [ "$t2" != "$t1" ]; }
ft_check "live: the total grows ($t1 -> later)" ft_poll 10 grows
ft_check "live: the hot function is drawn" ft_wait_for '▏hot' 5
ft_keys p
ft_check "p: paused" ft_wait_for 'paused \(p resumes\)' 5
t1=$(total)
samples() { ft_screen | sed -n 's/.*recording [0-9]* s, \([0-9]*\) samples.*/\1/p'; }
s1=$(samples)
more_samples() { s2=$(samples); [ -n "$s2" ] && [ "$s2" -gt "$s1" ]; }
ft_check "p: the recording goes on (samples counted)" ft_poll 5 more_samples
ft_check "p: the total stays while paused" [ "$(total)" = "$t1" ]
ft_keys p
ft_check "p again: resumed, the total catches up" ft_poll 10 grows
ft_keys q
ft_check "q: recording stopped, the view stays" ft_wait_for 'recorded [0-9]+ s, [0-9]+ samples, [0-9]+/s; q quits' 10
ft_check "q: stopped perf" ft_poll 5 sh -c "! pgrep -f '[p]erf record -F 997 --call-graph fp -m 16 -o - -- $HOT' >/dev/null"
ft_check "q: stopped the command" ft_poll 5 sh -c "! pgrep -f '^$HOT 20' >/dev/null"
ft_check "q: the flame graph is still there" ft_matches '▏hot'
ft_keys q
ft_check "q again quits" ft_wait_for 'flametui exited 0' 10
ft_check "live: no temporary file left" ft_poll 5 no_temp_left

# Ctrl-C stops the recording too; a command that ends stops it by itself.
ft_start 140 20 TMPDIR="$TMPDIR" -- record -- "$HOT" 20
ft_check "Ctrl-C: recording" ft_wait_for 'recording [0-9]+ s' 10
ft_keys C-c
ft_check "Ctrl-C: recording stopped, the view stays" ft_wait_for 'recorded [0-9]+ s.*; q quits' 10
ft_keys q
ft_check "Ctrl-C then q quits" ft_wait_for 'flametui exited 0' 10
ft_start 140 20 TMPDIR="$TMPDIR" -- record -- "$HOT" 2
ft_check "a command that ends: recorded, the view stays" ft_wait_for 'recorded [0-9]+ s.*; q quits' 15
ft_keys q
ft_check "then q quits" ft_wait_for 'flametui exited 0' 10

# A dropped terminal (SIGHUP): perf, the command and the files go too.
ft_start 120 20 TMPDIR="$TMPDIR" -- record -- "$HOT" 21
ft_check "hangup: recording" ft_wait_for '^hot\.perf \| cpu-clock' 10
$FT_TMUX kill-server >/dev/null 2>&1
ft_check "hangup: perf stopped" ft_poll 5 sh -c "! pgrep -f '[p]erf record -F 997 --call-graph fp -m 16 -o - -- $HOT' >/dev/null"
ft_check "hangup: the command stopped" ft_poll 5 sh -c "! pgrep -f '^$HOT 21' >/dev/null"
ft_check "hangup: no temporary file left" ft_poll 5 no_temp_left
ft_done
