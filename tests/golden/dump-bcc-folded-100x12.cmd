LC_ALL=C $FLAMETUI --dump --size 100x12 tests/data/bcc-profile-adf.folded
