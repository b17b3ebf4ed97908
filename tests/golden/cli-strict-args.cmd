# issue 12 item 27: --version with an extra argument is a usage error (2);
# --info with an unknown --sample-type prints nothing on stdout before the
# error (exit 1).
$FLAMETUI --version extra 2>&1; echo "exit=$?"
$FLAMETUI --version; echo "exit=$?"
$FLAMETUI --info --sample-type bogus tests/data/heap.pb.gz 2>/dev/null | wc -c; echo "stdout bytes above"
$FLAMETUI --info --sample-type bogus tests/data/heap.pb.gz 2>&1 >/dev/null
