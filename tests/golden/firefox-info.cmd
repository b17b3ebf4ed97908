# Firefox Profiler files: samply's processed profile through a pipe (gzip),
# a processed v24 and a gecko v13 file: the format, why, versions, threads
# and the samples' times.
gzip -dc tests/data/samply-unsymbolicated.json.gz | gzip -c | LC_ALL=C $FLAMETUI --info - 2>&1
LC_ALL=C $FLAMETUI --info tests/data/firefox-processed-3.json 2>&1
LC_ALL=C $FLAMETUI --info tests/data/firefox-gecko-2.json 2>&1
LC_ALL=C $FLAMETUI --export folded --group thread tests/data/firefox-gecko-2.json 2>&1
# The file itself: names from samply's sidecar beside it
# (samply-unsymbolicated.json.syms.json), said in --info
LC_ALL=C $FLAMETUI --info tests/data/samply-unsymbolicated.json.gz 2>&1 | grep '^symbols'
LC_ALL=C $FLAMETUI --top 5 tests/data/samply-unsymbolicated.json.gz 2>&1
