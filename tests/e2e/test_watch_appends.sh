#!/bin/sh
# --watch's "+N" after appends that come while a load runs (issue 24 item
# 8: after several appends the header said "+0 samples" while the total had
# grown from 323 M to 3.83 G).  A load that read a file while it grew may
# already hold what the next load brings, so the next "+N" counts from
# before it: the header says what the whole run of appends brought.
#
# Deterministic, not timed: a large real profile (samples/node-zlib.folded
# 200 times over) makes a load take a while; A is appended, which starts a
# load in a background thread; the test waits until that thread shows in
# /proc, appends B, and checks the thread is still there (B came while the
# load ran).  The header must then say +(A+B), the counts summed by python
# from the lines appended.  Without the fix it said +0 (the first load had
# read B too) or +B.  An attempt where B came too late is tried again.
. "$(dirname "$0")/lib.sh"

SRC=$FT_ROOT/samples/node-zlib.folded
F=$FT_TMP/big.folded
i=0
while [ $i -lt 200 ]; do cat "$SRC"; i=$((i + 1)); done >"$F"
sum() { python3 -c 'import sys
print(sum(int(l.rsplit(" ", 1)[1]) for l in open(sys.argv[1]) if l.strip()))' "$1"; }
total=$(sum "$F")
ft_check "python: the base file sums to 200 x the sample's total ($total)" \
	[ "$total" = $((200 * $(sum "$SRC"))) ]

ft_start 160 10 -- --watch "$F"
ft_check "opens the base file" ft_wait_for '^big.folded \| samples \| total ' 20
pid=$(ft_pid)

# reload_thread: poll (no fork, about a second at most) until flametui has
# a thread besides the main one; T is its id.
reload_thread() {
	_n=0
	while [ $_n -lt 20000 ]; do
		for _t in /proc/"$pid"/task/*; do
			_t=${_t##*/}
			[ "$_t" = "$pid" ] || { T=$_t; return 0; }
		done
		_n=$((_n + 1))
	done
	return 1
}

done_ok=0
for try in 0 1 2; do
	a0=$((try * 20 + 1)) b0=$((try * 20 + 11))
	sed -n "${a0},$((a0 + 9))p" "$SRC" >"$FT_TMP/a"
	sed -n "${b0},$((b0 + 9))p" "$SRC" >"$FT_TMP/b"
	want=$(($(sum "$FT_TMP/a") + $(sum "$FT_TMP/b")))
	T=""
	cat "$FT_TMP/a" >>"$F"
	reload_thread
	cat "$FT_TMP/b" >>"$F"
	in_load=0
	[ -n "$T" ] && [ -d "/proc/$pid/task/$T" ] && in_load=1
	total=$(sum "$F")
	# The whole file's total, then the note of the run: +(A+B).
	ft_wait_for "reloaded [0-9:]{8}, \\+[0-9]+ samples" 20
	ft_settle
	if [ $in_load = 1 ]; then
		ft_check "attempt $try: B came while A's load ran; header says +$want (A+B, python)" \
			ft_wait_for "reloaded [0-9:]{8}, \\+$want samples" 10
		done_ok=1
		break
	fi
	echo "  test_watch_appends: attempt $try: the load ended before B was appended; again"
done
ft_check "an attempt appended B while a load ran" [ $done_ok = 1 ]
"$FLAMETUI" --info "$F" >"$FT_TMP/info"
ft_check "the file's total (python) is what flametui reads ($total)" \
	grep -qx "total=$total" "$FT_TMP/info"
ft_keys q
ft_check "q quits" ft_wait_for '^flametui exited 0'
ft_done
