# Pyroscope render-diff (format double) opens as a comparison: left is before
printf '%s' '{"flamebearer":{"names":["total","main","a","b","c"],"levels":[[0,15,0,0,12,0,0],[0,15,0,0,12,0,1],[0,10,10,0,4,4,2,0,5,5,0,0,0,3,0,0,0,0,8,8,4]],"numTicks":27},"metadata":{"format":"double","units":"samples"}}' | LC_ALL=C $FLAMETUI --dump --size 80x8 -
