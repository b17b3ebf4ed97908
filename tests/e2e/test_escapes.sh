#!/bin/sh
# Text written to a terminal outside the viewer is escaped (issue 12 item
# 7): --export folded to a terminal shows a frame's escape sequence as \e,
# instead of the terminal clearing itself or changing its title.
. "$(dirname "$0")/lib.sh"

f=$FT_TMP/esc.folded
printf 'main;evil\033[2J\033]0;PWNED\007 5\nmain;ok 3\n' >"$f"
ft_run 80 24 "printf 'BEFORE\\n'; '$FLAMETUI' --export folded '$f'"
ft_check "export to a terminal: runs" ft_wait_for 'flametui exited 0'
ft_check "export to a terminal: the escape is shown escaped" ft_matches 'main;evil\\e\[2J\\e\]0;PWNED\\x07 5'
ft_check "export to a terminal: the screen was not cleared" ft_matches '^BEFORE'
ft_check "export to a terminal: the title was not set" sh -c "[ \"\$($FT_TMUX display-message -t ft -p '#{pane_title}')\" != PWNED ]"
# To a pipe the bytes stay exact (the export is data).
ft_check "export to a pipe: byte-exact" sh -c "'$FLAMETUI' --export folded '$f' | grep -q \"\$(printf 'evil\\033\\\\[2J')\""
ft_done
