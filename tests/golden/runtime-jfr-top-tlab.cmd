LC_ALL=C $FLAMETUI --top 6 --sample-type alloc_tlab_bytes tests/data/jfr/java-work.jfr.gz
