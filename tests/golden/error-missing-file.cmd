LC_ALL=C $FLAMETUI --dump /nonexistent/profile.folded 2>&1
