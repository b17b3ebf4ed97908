/* Tests for canvas.c and utf8.c: escaping, widths, clipping. */
#include "draw/canvas.h"
#include "base/utf8.h"
#include "unit.h"

static const ft_style st = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};

static const char *
row(ft_canvas *c, int y)
{
	static char buf[1024];
	canvas_row_text(c, y, buf, sizeof(buf));
	return buf;
}

TEST(escapes_control_bytes)
{
	ft_canvas c;
	canvas_init(&c, 40, 2, 1);
	const char *evil = "a\x1b[31mred\x07\x9b";
	canvas_text(&c, 0, 0, 40, evil, strlen(evil), st, 1);
	CHECK_STR(row(&c, 0), "a\\e[31mred\\x07\xef\xbf\xbd"); /* invalid byte -> U+FFFD */
	/* No cell holds a control character. */
	for (int i = 0; i < c.w * c.h; i++)
		CHECK(!cp_is_control(c.cells[i].ch) || c.cells[i].ch == 0);
	/* C1 control encoded as valid UTF-8 (U+009B CSI) is escaped too. */
	canvas_text(&c, 0, 1, 40, "x\xc2\x9by", 4, st, 1);
	CHECK_STR(row(&c, 1), "x\\u9by");
	canvas_free(&c);
}

TEST(ascii_mode_and_ellipsis)
{
	ft_canvas c;
	canvas_init(&c, 20, 3, 0);
	canvas_text(&c, 0, 0, 8, "caf\xc3\xa9 latte long", 16, st, 1);
	CHECK_STR(row(&c, 0), "caf? l..");
	canvas_text(&c, 0, 1, 5, "abcde", 5, st, 1);
	CHECK_STR(row(&c, 1), "abcde"); /* fits exactly: no ellipsis */
	canvas_text(&c, 0, 2, 1, "abcde", 5, st, 1);
	CHECK_STR(row(&c, 2), ""); /* even the ellipsis does not fit */
	canvas_free(&c);
	canvas_init(&c, 20, 1, 1);
	canvas_text(&c, 0, 0, 4, "abcdef", 6, st, 1);
	CHECK_STR(row(&c, 0), "abc\xe2\x80\xa6");
	canvas_free(&c);
}

TEST(wide_characters_take_two_cells)
{
	ft_canvas c;
	canvas_init(&c, 10, 1, 1);
	const char *s = "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e"; /* 3 CJK = 6 cells */
	CHECK_INT(canvas_text_width(&c, s, strlen(s)), 6);
	int used = canvas_text(&c, 0, 0, 5, s, strlen(s), st, 1);
	CHECK_INT(used, 5); /* 2 glyphs + ellipsis */
	CHECK_INT(c.cells[1].ch, 0); /* right half of the first glyph */
	canvas_free(&c);
}

TEST(utf8_decoder_rejects_bad_sequences)
{
	uint32_t cp;
	CHECK_INT(utf8_decode("\xc0\xaf", 2, &cp), 0);         /* overlong */
	CHECK_INT(utf8_decode("\xed\xa0\x80", 3, &cp), 0);     /* surrogate */
	CHECK_INT(utf8_decode("\xf4\x90\x80\x80", 4, &cp), 0); /* > U+10FFFF */
	CHECK_INT(utf8_decode("\xe2\x82", 2, &cp), 0);         /* truncated */
	CHECK_INT(utf8_decode("\xe2\x82\xac", 3, &cp), 3);
	CHECK_INT(cp, 0x20ac);
	CHECK_INT(cp_width(0x20ac), 1);
	CHECK_INT(cp_width(0x4e00), 2);
	CHECK_INT(cp_width(0x0301), 0);
}

int
main(void)
{
	RUN(escapes_control_bytes);
	RUN(ascii_mode_and_ellipsis);
	RUN(wide_characters_take_two_cells);
	RUN(utf8_decoder_rejects_bad_sequences);
	return unit_report();
}
