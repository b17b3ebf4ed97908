$FLAMETUI --dump --size 200x60 --view heatmap tests/data/jfr/java-phases.jfr.gz
