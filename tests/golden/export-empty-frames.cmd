# Empty frame names export as they came (issue 12 item 13: under the
# sanitizer build, make asan-check, this once hit memcpy onto NULL).
printf ";;; 3\n;a;;b 2\n" | $FLAMETUI --export folded -
