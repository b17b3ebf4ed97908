/* test_export_svg.c - SVG export: text escaping, geometry, min width,
 * Matched figure, orientation. */
#include <stdlib.h>

#include "export/export_svg.h"
#include "helpers.h"
#include "unit.h"

static char *
text_of(const char *s, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	svg_put_text(f, s, n);
	fclose(f);
	return buf;
}

TEST(escapes_markup_controls_and_bad_utf8)
{
	char *t = text_of("<a&b>\"'", 7);
	CHECK_STR(t, "&lt;a&amp;b&gt;&quot;&#39;");
	free(t);
	t = text_of("x\001\033y\x7f", 5);
	CHECK_STR(t, "x\\x01\\x1by\\x7f");
	free(t);
	t = text_of("a\xff" "b\xc3", 4); /* invalid byte, truncated sequence */
	CHECK_STR(t, "a\xef\xbf\xbd" "b\xef\xbf\xbd");
	free(t);
	t = text_of("x\xe2\x80\xaey\xef\xbf\xbe", 8); /* RLO, U+FFFE */
	CHECK_STR(t, "x\\u202ey\\ufffe");
	free(t);
	t = text_of("]]>\xc3\xa9", 5); /* CDATA end; valid UTF-8 passes */
	CHECK_STR(t, "]]&gt;\xc3\xa9");
	free(t);
}

static char *
export(const ft_svg_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ft_diag err;
	CHECK_INT(export_svg(o, f, &err), 0);
	fclose(f);
	return buf;
}

/* x and width of the rect of the frame titled name. */
static int
rect_of(const char *svg, const char *name, double *x, double *w, double *y)
{
	char key[128];
	snprintf(key, sizeof(key), "<title>%s&#10;", name);
	const char *s = strstr(svg, key);
	if (s == NULL)
		return -1;
	s = strstr(s, "<rect ");
	return sscanf(s, "<rect x=\"%lf\" y=\"%lf\" width=\"%lf\"", x, y, w) == 3 ? 0 : -1;
}

TEST(geometry_proportional_and_nested)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("a;b 30\na;c 10\nd 60\na;b;tiny 1\n", &rep, &err);
	ft_svg_opts o = {.p = p, .col = 0, .w = layout_widths(p, 0), .zoom = FT_ROOT,
		.width = 1010, .min_px = 0};
	char *svg = export(&o);
	double x, w, y, bx, bw, by, ax, aw, ay;
	/* inner width 990 px over 101 samples */
	CHECK(rect_of(svg, "a", &ax, &aw, &ay) == 0);
	CHECK(ax == 10.0 && aw > 41 * 990.0 / 101 - 1e-3 && aw < 41 * 990.0 / 101 + 1e-3);
	CHECK(rect_of(svg, "b", &bx, &bw, &by) == 0);
	CHECK(bx == ax && by == ay + 16);
	CHECK(rect_of(svg, "d", &x, &w, &y) == 0);
	CHECK(x > ax + aw - 1e-3 && x < ax + aw + 1e-3 && y == ay);
	/* tiny is 9.8 px: drawn; with a 10 px minimum it is left out. */
	CHECK(rect_of(svg, "tiny", &x, &w, &y) == 0);
	CHECK(x >= bx && x + w <= bx + bw + 1e-3);
	CHECK(strstr(svg, "id=\"matched\" x=\"1000.0\" y=\"144.0\"></text>") != NULL);
	free(svg);
	o.min_px = 10;
	svg = export(&o);
	CHECK(rect_of(svg, "tiny", &x, &w, &y) != 0);
	CHECK(rect_of(svg, "c", &x, &w, &y) == 0);
	free(svg);
	/* Flipped: the root row is the lowest. */
	o.min_px = 0;
	o.flip = 1;
	svg = export(&o);
	CHECK(rect_of(svg, "all", &x, &w, &y) == 0);
	CHECK(rect_of(svg, "tiny", &bx, &bw, &by) == 0);
	CHECK(y == by + 3 * 16);
	free(svg);
	profile_free(p);
}

TEST(zoom_and_matched)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_text("a;b;x 30\na;c 10\nd;x 60\n", &rep, &err);
	uint32_t a = node_at(p, "a");
	uint8_t hl[16] = {0};
	hl[intern_find(p->names, "x", 1, FT_KIND_NONE)] = 1;
	hl[intern_find(p->names, "b", 1, FT_KIND_NONE)] = 1;
	ft_svg_opts o = {.p = p, .col = 0, .w = layout_widths(p, 0), .zoom = a,
		.hl = hl, .hl_n = 16, .search = "b|x", .width = 1200};
	char *svg = export(&o);
	double x, w, y;
	CHECK(rect_of(svg, "a", &x, &w, &y) == 0);
	CHECK(x == 10 && w == 1180);
	CHECK(rect_of(svg, "all", &x, &w, &y) == 0); /* ancestor: full width */
	CHECK(w == 1180);
	CHECK(rect_of(svg, "d", &x, &w, &y) != 0);   /* outside the zoom */
	/* b matches and x inside it is not counted again: 30 of 40. */
	CHECK(strstr(svg, ">Matched: 75.0% (30 samples)</text>") != NULL);
	CHECK(strstr(svg, "class=\"f m\" data-v=\"30\"") != NULL);
	free(svg);
	profile_free(p);
}

int
main(void)
{
	RUN(escapes_markup_controls_and_bad_utf8);
	RUN(geometry_proportional_and_nested);
	RUN(zoom_and_matched);
	return unit_report();
}
