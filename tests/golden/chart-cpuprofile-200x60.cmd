# the flame chart of a phased node --cpu-prof recording
$FLAMETUI --dump --size 200x60 --view chart tests/data/node-phases.cpuprofile
