$FLAMETUI --time-range 0,1.5 --info tests/data/jfr/java-phases.jfr.gz
