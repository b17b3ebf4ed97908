#!/bin/sh
# The first minute: the `:` prompt shows the verbs as you type (the row
# above it), Tab completes a verb and a frame name, a wrong verb is
# answered with the verbs that fit the width, and a key that is not bound
# (z, F1) says where the keys are; at 80x24 and at 40x12.
. "$(dirname "$0")/lib.sh"

for size in 80x24 40x12; do
	w=${size%x*} h=${size#*x}
	ft_start "$w" "$h" -- "$FT_DATA/small.folded"
	ft_check "$size: opens" ft_wait_for '^small.folded'
	ft_keys :
	ft_check "$size: ':' lists the verbs above the prompt" \
		ft_wait_for '^verbs \(Tab completes\): focus RE'
	ft_keys f o Tab
	ft_check "$size: fo<Tab> completes to 'focus '" ft_wait_for '^:focus *$'
	ft_check "$size: the verb's meaning above it" ft_matches '^focus RE: keep only'
	ft_keys e v Tab
	ft_check "$size: a frame name completes (ev -> eval)" ft_wait_for '^:focus eval$'
	ft_keys Enter
	ft_check "$size: the filter applies (20 of 97 samples under eval)" ft_wait_for '^small.folded .*20 of 97'
	ft_check "$size: the hint is gone with the prompt" ft_wait_gone '^focus RE:'
	ft_keys : s o r t Space x Enter
	ft_check "$size: a wrong verb lists the verbs" \
		ft_wait_for "^no verb 'sort'; verbs: focus +ignore"
	fits() { n=$(ft_screen | grep "^no verb" | head -n 1 | wc -c); [ "$n" -gt 1 ] && [ "$n" -le $((w + 1)) ]; }
	ft_check "$size: the list fits the width" fits
	ft_keys Z
	ft_check "$size: Z is not bound (a is the activity line now): says where the keys are" \
		ft_wait_for 'no such key: press \? for the keys'
	ft_keys j
	ft_check "$size: the next key clears it" ft_wait_gone 'no such key'
	ft_keys F1
	ft_check "$size: F1 too" ft_wait_for 'no such key: press \? for the keys'
	# The help wraps its lines instead of cutting them: the ':' entry
	# ends with the verbs the prompt takes and Tab.
	ft_keys ?
	ft_check "$size: ? opens the help" ft_wait_for '^flametui keys'
	down_to() { ft_matches "$1" && return 0; ft_keys Down; sleep 0.05; return 1; }
	ft_check "$size: the help's ':' entry is whole (wrapped, Down scrolls to it)" \
		ft_poll 10 down_to 'collapse-recursion'
	ft_check "$size: ... down to its last words" ft_poll 10 down_to 'completes'
	ft_keys Escape
	ft_keys q
	ft_check "$size: quits" ft_wait_for 'flametui exited 0'
	$FT_TMUX kill-server >/dev/null 2>&1
done
ft_done
