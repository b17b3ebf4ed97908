# two threads of a Chrome trace (legacy CpuProfile events): a lane each, its thread root frame on top
$FLAMETUI --dump --size 120x40 --view chart tests/data/trace-legacy-cpuprofile-two-threads.json
