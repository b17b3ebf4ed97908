# An Instruments 16 deep copy (speedscope's sample, tests/data/README.md):
# depth from the indentation less the first row's, self = weight less the
# children's (tests/instruments_ref.py checks the figures).
$FLAMETUI --dump --size 100x14 tests/data/instruments/instruments-16.0-simple-time-profile-deep-copy.txt
