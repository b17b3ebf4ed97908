# a folded file has no time: charted in its lines' order, each as long as
# its count (speedscope's Time Order), adjacent equal frames merged
$FLAMETUI --dump --size 80x24 --view chart tests/data/bcc-profile-adf.folded
