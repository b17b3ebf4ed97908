/* test_keyhints.c - the key hint line (keymap_hint_line): entries from
 * the key table for what the view is, whole entries fitted to the width,
 * "q quit" kept last. */
#include "view/keymap.h"
#include "unit.h"

TEST(fits_the_width)
{
	char b[256];
	size_t n = keymap_hint_line(HINT_SINGLE, 200, b, sizeof(b));
	CHECK_STR(b, "? help  / search  : filter  t table  b butterfly  Enter zoom  v hide this  q quit");
	CHECK_INT(n, strlen(b));
	/* Narrower: entries dropped from the end, q quit kept, none cut. */
	keymap_hint_line(HINT_SINGLE, 80, b, sizeof(b));
	CHECK_STR(b, "? help  / search  : filter  t table  b butterfly  Enter zoom  q quit");
	keymap_hint_line(HINT_SINGLE, 40, b, sizeof(b));
	CHECK_STR(b, "? help  / search  : filter  q quit");
	for (int w = 0; w <= 120; w++) {
		n = keymap_hint_line(HINT_SINGLE | HINT_TIME, w, b, sizeof(b));
		CHECK((int)n <= w || n == 0);
	}
	keymap_hint_line(HINT_SINGLE, 5, b, sizeof(b));
	CHECK_STR(b, "");
	keymap_hint_line(HINT_SINGLE, 6, b, sizeof(b));
	CHECK_STR(b, "q quit");
}

TEST(by_what_the_view_is)
{
	char b[256];
	keymap_hint_line(HINT_SINGLE | HINT_TIME, 200, b, sizeof(b));
	CHECK(strstr(b, "H heat map") != NULL);
	keymap_hint_line(HINT_CMP, 200, b, sizeof(b));
	CHECK(strstr(b, "R regressions  D diff") != NULL);
	CHECK(strstr(b, "t table") == NULL && strstr(b, "b butterfly") == NULL);
	CHECK(strstr(b, "H heat map") == NULL);
}

int
main(void)
{
	RUN(fits_the_width);
	RUN(by_what_the_view_is);
	return unit_report();
}
