$FLAMETUI --dump --size 200x60 --view heatmap tests/data/node-phases.cpuprofile
