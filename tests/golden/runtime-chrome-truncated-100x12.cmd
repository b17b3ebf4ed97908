LC_ALL=C $FLAMETUI --dump --size 100x12 tests/data/chrome-profile-truncated.json
