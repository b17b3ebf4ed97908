printf '{"nodes":[{"id":1,"callFrame":{}},{"callFrame":{}}]}' | $FLAMETUI --top 1 - 2>&1
printf '[{"ph":"X","ts":1,"dur":2,"name":"a"} {}' | $FLAMETUI --top 1 - 2>&1
printf '{"traceEvents":[{"ph":"M"}]}' | $FLAMETUI --top 1 - 2>&1
