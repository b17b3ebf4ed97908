#!/bin/sh
# G / End when the deepest rows hold only frames too narrow to draw
# (fillers): the deepest drawn frame is selected and a message says why,
# instead of nothing; n / N when every match is too narrow to draw: the
# match is selected and zoomed to so it can be seen (issue 24, item 9).
# On real profiles from ../shared/corpora: a perf recording (FlameGraph's
# example-perf-stacks) and a Go CPU profile (pprof's report/sample.cpu).
. "$(dirname "$0")/lib.sh"

corp=${FLAMETUI_SHARED:-../shared}/corpora
PERF=$corp/flamegraph/example-perf-stacks.txt.gz
GO=$corp/pprof/converted_to_proto/report.sample.cpu.pb.gz
if [ ! -f "$PERF" ] || [ ! -f "$GO" ]; then
	echo "test_narrow_rows: skipped: $corp not found (set FLAMETUI_SHARED)"
	exit 77
fi
status_has() { ft_screen | tail -1 | grep -Eq -- "$1"; }

ft_start 80 24 -- "$PERF"
ft_check "perf: opens with rows hidden below" ft_wait_for 'example-perf-stacks.txt.gz .*▼[0-9]+'
ft_keys G
ft_check "perf: G leaves the root for the deepest drawn frame" \
    ft_poll 3 sh -c "! $FT_TMUX capture-pane -t ft -p | tail -1 | grep -q '^all |'"
ft_check "perf: G says the last rows are too narrow to draw" \
    status_has '^last [0-9]+ rows?: only frames too narrow to draw; Enter zooms in'
ft_keys j
ft_check "perf: the selection is a real frame" ft_poll 3 status_has ' \| .*\(.*%\)'
ft_keys g
ft_check "perf: g back at the root" ft_poll 3 status_has '^all \|'
# A frame too narrow to draw at 80 columns: user_path_at_empty is in 1
# of 1315 samples.
ft_keys /
ft_keys -l 'user_path_at_empty'
ft_keys Enter
ft_keys n
ft_check "perf: n zooms to a match too narrow to draw" \
    ft_poll 3 status_has 'zoomed to a match too narrow to draw here'
ft_check "perf: the match is drawn and selected" ft_poll 3 ft_matches '^.user_path_at_empty$'
# Item 9 with other matches drawn: createSlot is wide where it is drawn;
# user_path_at_empty (and narrow createSlot frames) are not.  n walks the
# drawn ones in screen order and then, before wrapping, the narrow ones.
ft_keys 0 /
ft_keys -l 'user_path_at_empty|ScriptableObject:\.createSlot'
ft_keys Enter
reached=0 presses=0
while [ "$presses" -lt 20 ]; do
	presses=$((presses + 1))
	ft_keys n
	if ft_poll 1 status_has 'zoomed to a match too narrow to draw here'; then
		reached=$presses
		break
	fi
done
ft_check "perf: with wide matches drawn, n still reaches a narrow one (after $reached)" \
    [ "$reached" -gt 1 ]
ft_keys q
ft_check "perf: quits" ft_wait_for 'flametui exited 0'

ft_start 80 24 -- "$GO"
ft_check "go: opens" ft_wait_for 'report.sample.cpu.pb.gz'
ft_keys G
ft_check "go: G selects the deepest drawn frame" \
    ft_poll 3 sh -c "! $FT_TMUX capture-pane -t ft -p | tail -1 | grep -q '^all |'"
ft_check "go: G says the last rows are too narrow to draw" \
    status_has '^last [0-9]+ rows?: only frames too narrow to draw'
ft_keys g /
ft_keys -l 'tooManyOverflowBuckets'
ft_keys Enter
ft_keys n
ft_check "go: n zooms to runtime.tooManyOverflowBuckets (10 ms of 1.76 s)" \
    ft_poll 3 status_has 'zoomed to a match too narrow to draw here'
ft_check "go: its name is drawn" ft_matches '^.runtime\.tooManyOverflowBuckets'
ft_keys q
ft_check "go: quits" ft_wait_for 'flametui exited 0'
ft_done
