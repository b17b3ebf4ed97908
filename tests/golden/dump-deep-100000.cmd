awk "BEGIN{for(i=0;i<100000;i++) printf \"%sf%d\", (i?\";\":\"\"), i%10; print \" 7\"}" | LC_ALL=C $FLAMETUI --dump --size 80x24 -
