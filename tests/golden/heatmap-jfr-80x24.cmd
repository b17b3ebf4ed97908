$FLAMETUI --dump --size 80x24 --view heatmap tests/data/jfr/java-phases.jfr.gz
