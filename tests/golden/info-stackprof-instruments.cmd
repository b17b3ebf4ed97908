# --info says which format and why: Ruby stackprof JSON and an Instruments
# deep copy, from a file, a pipe and gzip (issue 28).
for f in tests/data/stackprof/stackprof-object.json tests/data/instruments/instruments-13.4-cycles-example-deep-copy.txt; do
	$FLAMETUI --info $f | grep -E '^(format|detected|type0|total0|stackprof_mode|interval|stacks_from|instruments_weight|rows_outweighed_by_children|time)='
	cat $f | $FLAMETUI --info - | grep -E '^(format|detected)='
	gzip -c $f | $FLAMETUI --info - | grep -E '^(format|detected)='
done
