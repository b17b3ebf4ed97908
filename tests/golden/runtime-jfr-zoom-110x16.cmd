LC_ALL=C $FLAMETUI --dump --size 110x16 --zoom "java.lang.Thread.run" tests/data/jfr/java-work.jfr.gz
