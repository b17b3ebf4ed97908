LC_ALL=C $FLAMETUI --dump --details --size 100x30 --sample-type monitor_enter --zoom 'java.lang.Thread.run' tests/data/jfr/java-work.jfr.gz
