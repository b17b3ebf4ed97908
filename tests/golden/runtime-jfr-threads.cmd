LC_ALL=C $FLAMETUI --group thread --sample-type thread_park --export folded tests/data/jfr/java-work.jfr.gz | cut -d";" -f1 | sort | uniq -c
