printf '{"traceEvents":[],"samples":[{"sf":2,"tid":1},{"sf":9,"tid":1}],"stackFrames":{"1":{"name":"a"},"2":{"name":"b","parent":1}}}' | $FLAMETUI --export folded - 2>&1
printf '{"traceEvents":[],"samples":[{"sf":2,"tid":1}],"stackFrames":{"1":{"name":"a","parent":2},"2":{"name":"b","parent":1}}}' | $FLAMETUI --export folded - 2>&1
printf '{"traceEvents":[],"samples":[{"sf":2,"tid":1}],"stackFrames":{"2":{"name":"b","parent":7}}}' | $FLAMETUI --export folded - 2>&1
printf '{"traceEvents":[],"samples":[{"sf":1,"tid":1,"weight":"-3"},{"sf":1,"weight":2}],"stackFrames":{"1":{"name":"a"}}}' | $FLAMETUI --export folded - 2>&1
printf '{"traceEvents":[],"samples":[{"sf":1}],"stackFrames":{"1":{"name":"a"},"1":{"name":"b"}}}' | $FLAMETUI --export folded - 2>&1
