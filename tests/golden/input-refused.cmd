# Input that is not a profile is refused with a message, exit 1 (issue 12
# items 1, 2, 8, 9): binaries, an endless NUL stream, files compressed by
# another tool or twice, mostly malformed text, an endless line.
for f in /bin/ls /dev/zero; do $FLAMETUI --dump "$f" 2>&1; echo "exit=$?"; done
printf 'a;b 1\n' | gzip | gzip | $FLAMETUI --info - 2>&1; echo "exit=$?"
printf '\375''7zXZ\000\000' | $FLAMETUI --info - 2>&1; echo "exit=$?"
head -c 1000000 /dev/zero | gzip | $FLAMETUI --info - 2>&1; echo "exit=$?"
printf 'Analysis of sampling rg\nCall graph:\nThread_1 main\na;b 3\n' | $FLAMETUI --info - 2>&1; echo "exit=$?"
head -c 70000000 /dev/zero | tr '\0' a | $FLAMETUI --info - 2>&1; echo "exit=$?"
