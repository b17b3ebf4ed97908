# Bytes from outside (file names, option values, frame names, bad lines)
# reach stdout and stderr escaped, never raw (issue 12 item 7): cat -v
# would show a raw ESC as ^[ and U+202E as M-bM-^@M-.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
$FLAMETUI --info "$(printf 'x\033]52;c;SGVsbG8=\007')" 2>&1 | cat -v
for o in --sort --color --export --size --top --sample-type --group --unit; do
	$FLAMETUI $o "$(printf 'v\033[2J\342\200\256')" tests/data/small-after.folded 2>&1 | cat -v
done
$FLAMETUI "--$(printf 'opt\033]0;T\007')" x 2>&1 | cat -v
$FLAMETUI -o "$d/$(printf 'no\033[31m')/x" --export folded tests/data/small-after.folded 2>&1 | sed "s|$d|DIR|g" | cat -v
f="$d/$(printf 'name\033]0;title\007\342\200\256').folded"
printf 'main;\342\200\256evil\033[2J 5\nmain;ok 3\nbad \342\200\256line\n' > "$f"
$FLAMETUI --top 5 "$f" 2>&1 | sed "s|$d|DIR|g" | cat -v
$FLAMETUI --info --sample-type "$(printf 'x\033[2J')" "$f" 2>&1 | sed "s|$d|DIR|g" | cat -v
