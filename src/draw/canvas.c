/* canvas.c - cell grid and safe text drawing (see canvas.h). */
#include "draw/canvas.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/xalloc.h"

static const ft_style plain = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};

static const uint32_t glyph_utf8[FT_G_COUNT] = {0x2026, 0x258f, 0x2591, 0x25b2, 0x25bc, 0x2500};
static const char *const glyph_ascii[FT_G_COUNT] = {"..", "|", ":", "^", "v", "-"};

void
canvas_init(ft_canvas *c, int w, int h, int utf8)
{
	c->w = w < 1 ? 1 : w;
	c->h = h < 1 ? 1 : h;
	c->utf8 = utf8;
	c->cells = xcalloc((size_t)c->w * (size_t)c->h, sizeof(ft_cell));
	canvas_clear(c);
}

void
canvas_free(ft_canvas *c)
{
	free(c->cells);
	c->cells = NULL;
}

void
canvas_clear(ft_canvas *c)
{
	size_t n = (size_t)c->w * (size_t)c->h;
	for (size_t i = 0; i < n; i++)
		c->cells[i] = (ft_cell){' ', plain};
}

void
canvas_put(ft_canvas *c, int x, int y, uint32_t ch, ft_style st)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h)
		return;
	ft_cell *cell = &c->cells[(size_t)y * (size_t)c->w + (size_t)x];
	/* Overwriting half of a wide glyph blanks the other half. */
	if (cell->ch == 0 && x > 0)
		cell[-1].ch = ' ';
	if (x + 1 < c->w && cell[1].ch == 0 && cp_width(cell->ch) == 2)
		cell[1].ch = ' ';
	cell->ch = ch;
	cell->st = st;
}

void
canvas_fill(ft_canvas *c, int x0, int x1, int y, uint32_t ch, ft_style st)
{
	for (int x = x0; x < x1; x++)
		canvas_put(c, x, y, ch, st);
}

int
canvas_glyph(ft_canvas *c, int x, int y, enum ft_glyph g, ft_style st)
{
	if (c->utf8) {
		canvas_put(c, x, y, glyph_utf8[g], st);
		return 1;
	}
	const char *s = glyph_ascii[g];
	int i = 0;
	for (; s[i]; i++)
		canvas_put(c, x + i, y, (unsigned char)s[i], st);
	return i;
}

static int
glyph_width(const ft_canvas *c, enum ft_glyph g)
{
	return c->utf8 ? 1 : (int)strlen(glyph_ascii[g]);
}

/* One display unit of s: a code point to draw, or an escape sequence.
 * Returns the bytes consumed; fills out[] with code points (n_out). */
static size_t
next_unit(const ft_canvas *c, const char *s, size_t n, uint32_t out[5], int *n_out)
{
	unsigned char b = (unsigned char)s[0];
	static const char hex[] = "0123456789abcdef";
	if (b < 0x80) {
		if (b == 0x1b) {
			out[0] = '\\', out[1] = 'e';
			*n_out = 2;
		} else if (b == '\t') {
			out[0] = '\\', out[1] = 't';
			*n_out = 2;
		} else if (b < 0x20 || b == 0x7f) {
			out[0] = '\\', out[1] = 'x', out[2] = (uint32_t)hex[b >> 4],
			out[3] = (uint32_t)hex[b & 15];
			*n_out = 4;
		} else {
			out[0] = b;
			*n_out = 1;
		}
		return 1;
	}
	uint32_t cp;
	size_t len = utf8_decode(s, n, &cp);
	if (len == 0) {
		out[0] = c->utf8 ? 0xfffd : '?';
		*n_out = 1;
		return 1;
	}
	if (cp_is_control(cp)) { /* C1 controls would be escape sequences */
		out[0] = '\\', out[1] = 'u';
		out[2] = (uint32_t)hex[(cp >> 4) & 15], out[3] = (uint32_t)hex[cp & 15];
		*n_out = 4;
		return len;
	}
	if (!c->utf8) {
		out[0] = '?';
		*n_out = 1;
		return len;
	}
	out[0] = cp;
	*n_out = 1;
	return len;
}

static int
unit_width(const uint32_t *u, int n)
{
	int w = 0;
	for (int i = 0; i < n; i++)
		w += cp_width(u[i]);
	return w;
}

int
canvas_text_width(const ft_canvas *c, const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n;) {
		uint32_t u[5];
		int k;
		i += next_unit(c, s + i, n - i, u, &k);
		w += unit_width(u, k);
	}
	return w;
}

int
canvas_text(ft_canvas *c, int x, int y, int maxw, const char *s, size_t n,
    ft_style st, int ellipsis)
{
	if (maxw <= 0)
		return 0;
	int fits = canvas_text_width(c, s, n) <= maxw;
	int limit = maxw;
	if (!fits && ellipsis) {
		limit = maxw - glyph_width(c, FT_G_ELLIPSIS);
		if (limit < 1)
			return 0;
	}
	int used = 0;
	for (size_t i = 0; i < n;) {
		uint32_t u[5];
		int k;
		size_t len = next_unit(c, s + i, n - i, u, &k);
		int w = unit_width(u, k);
		if (used + w > limit)
			break;
		for (int j = 0; j < k; j++) {
			int cw = cp_width(u[j]);
			if (cw == 0) {
				continue; /* combining marks are dropped, not stacked */
			}
			canvas_put(c, x + used, y, u[j], st);
			if (cw == 2)
				canvas_put(c, x + used + 1, y, 0, st);
			used += cw;
		}
		i += len;
	}
	if (!fits && ellipsis)
		used += canvas_glyph(c, x + used, y, FT_G_ELLIPSIS, st);
	return used;
}

int
canvas_printf(ft_canvas *c, int x, int y, int maxw, ft_style st, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	if ((size_t)n >= sizeof(buf))
		n = (int)sizeof(buf) - 1;
	return canvas_text(c, x, y, maxw, buf, (size_t)n, st, 1);
}

size_t
canvas_row_text(const ft_canvas *c, int y, char *buf, size_t cap)
{
	size_t o = 0, keep = 0;
	const ft_cell *row = &c->cells[(size_t)y * (size_t)c->w];
	for (int x = 0; x < c->w && o + 5 < cap; x++) {
		if (row[x].ch == 0)
			continue;
		o += utf8_encode(row[x].ch, buf + o);
		if (row[x].ch != ' ')
			keep = o;
	}
	buf[keep] = '\0';
	return keep;
}

static int
same_style(ft_style a, ft_style b)
{
	return a.fg == b.fg && a.bg == b.bg && a.attr == b.attr;
}

static void
put_sgr(ft_style st, FILE *out)
{
	fputs("\033[0", out);
	if (st.attr & FT_A_BOLD)
		fputs(";1", out);
	if (st.attr & FT_A_DIM)
		fputs(";2", out);
	if (st.attr & FT_A_UNDERLINE)
		fputs(";4", out);
	if (st.attr & FT_A_REVERSE)
		fputs(";7", out);
	if (st.fg != FT_COLOR_DEFAULT)
		fprintf(out, ";38;2;%u;%u;%u", (unsigned)(st.fg >> 16 & 0xff),
		    (unsigned)(st.fg >> 8 & 0xff), (unsigned)(st.fg & 0xff));
	if (st.bg != FT_COLOR_DEFAULT)
		fprintf(out, ";48;2;%u;%u;%u", (unsigned)(st.bg >> 16 & 0xff),
		    (unsigned)(st.bg >> 8 & 0xff), (unsigned)(st.bg & 0xff));
	fputc('m', out);
}

void
canvas_dump_color(const ft_canvas *c, FILE *out)
{
	const ft_style dflt = {.fg = FT_COLOR_DEFAULT, .bg = FT_COLOR_DEFAULT, .attr = 0};
	for (int y = 0; y < c->h; y++) {
		const ft_cell *row = &c->cells[(size_t)y * (size_t)c->w];
		ft_style cur = dflt;
		for (int x = 0; x < c->w; x++) {
			char u[8];
			if (row[x].ch == 0)
				continue;
			if (!same_style(row[x].st, cur)) {
				put_sgr(row[x].st, out);
				cur = row[x].st;
			}
			fwrite(u, 1, utf8_encode(row[x].ch, u), out);
		}
		if (!same_style(cur, dflt))
			fputs("\033[0m", out);
		fputc('\n', out);
	}
}

void
canvas_dump(const ft_canvas *c, FILE *out)
{
	size_t cap = (size_t)c->w * 4 + 8;
	char *buf = xmalloc(cap);
	for (int y = 0; y < c->h; y++) {
		size_t n = canvas_row_text(c, y, buf, cap);
		fwrite(buf, 1, n, out);
		fputc('\n', out);
	}
	free(buf);
}
