printf '{"$schema":"https://www.speedscope.app/file-format-schema.json","shared":{"frames":[{"name":"a"}]},"profiles":{"profiles":[{"type":"evented","events":[]}]}}' | $FLAMETUI --top 1 - 2>&1; echo "exit $?"
printf '{"$schema":"https://www.speedscope.app/file-format-schema.json","shared":{"frames":[{"name":"a"}]},"profiles":[[1]]}' | $FLAMETUI --top 1 - 2>&1; echo "exit $?"
