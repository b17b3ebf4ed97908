/* render_heat.c - the heat map mode drawn (see render_heat.h). */
#include "draw/render_heat.h"

#include <stdio.h>
#include <string.h>

#include "ops/timerange.h"

static const ft_style st_plain = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};
static const ft_style st_bar_color = {0xffffff, 0x303040, FT_A_BOLD};
static const ft_style st_bar_mono = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT,
    FT_A_BOLD | FT_A_REVERSE};
static const char ramp[] = " .:-=+*#%@";

static int
full_color(const ft_view *v, const ft_canvas *c)
{
	return c->utf8 && v->colors > 16;
}

/* FlameScope's linear scale: white (few) to red (the most), an empty
 * cell in the terminal's own background. */
static uint32_t
cell_rgb(uint32_t n, uint32_t max)
{
	if (n == 0 || max == 0)
		return FT_COLOR_DEFAULT;
	double f = (double)n / (double)max;
	int r = 255, g = (int)(235 - 200 * f), b = (int)(220 - 220 * f);
	return (uint32_t)(r << 16 | g << 8 | b);
}

/* The ramp's character for count n: 0 is blank, anything above is at
 * least '.', so sparse cells show. */
static char
ramp_char(uint32_t n, uint32_t max)
{
	if (n == 0 || max == 0)
		return ' ';
	size_t k = 1 + (size_t)((double)n / (double)max * (sizeof(ramp) - 3) + 0.5);
	return ramp[k < sizeof(ramp) - 1 ? k : sizeof(ramp) - 2];
}

static void
secs(char *buf, size_t cap, int64_t ns)
{
	snprintf(buf, cap, "%lld.%03lld", (long long)(ns / FT_NS),
	    (long long)(ns % FT_NS / 1000000));
}

void
render_heat(ft_view *v, ft_canvas *c)
{
	view_heatmap_ready(v);
	const ft_heatmap *hm = &v->heat.hm;
	ft_style bar = v->colors > 0 ? st_bar_color : st_bar_mono;
	canvas_fill(c, 0, c->w, 0, ' ', bar);
	char b0[32], b1[32];
	int64_t step_s = hm->step / FT_NS;
	canvas_printf(c, 0, 0, c->w, bar, " heat map: %u columns of %lld s, %u rows "
	    "of %u ms", hm->cols, (long long)step_s, hm->rows, hm->rows ? 1000 / hm->rows : 0);
	if (hm->counts == NULL)
		return;
	int x0 = view_heat_x0(v), top = view_heat_top(v), ly = view_heat_legend_y(v);
	int lines = ((int)hm->rows + 1) / 2;
	int cols = c->w - x0 - 1;
	int full = full_color(v, c);
	/* The axis: each line's first row offset in ms, every few lines. */
	for (int l = 0; l < lines && top + l < ly; l++) {
		if (l % 5 == 0 || l == lines - 1)
			canvas_printf(c, 0, top + l, x0 - 1, st_plain, "%4u",
			    (unsigned)((hm->rows - 1 - 2 * (uint32_t)l) * 1000 / hm->rows));
		for (int k = 0; k < cols; k++) {
			uint32_t col = v->heat.left + (uint32_t)k;
			if (col >= hm->cols)
				break;
			uint32_t r0 = 2 * (uint32_t)l, r1 = r0 + 1;
			uint32_t n0 = hm->counts[(size_t)col * hm->rows + r0];
			uint32_t n1 = r1 < hm->rows ? hm->counts[(size_t)col * hm->rows + r1] : 0;
			int cur = col == v->heat.cx && (v->heat.cy == r0 || v->heat.cy == r1);
			int mark = v->heat.marked && col == v->heat.mx &&
			    (v->heat.my == r0 || v->heat.my == r1);
			ft_style st = st_plain;
			uint32_t ch;
			if (full) {
				uint32_t fg = cell_rgb(n0, hm->maxvalue), bg = cell_rgb(n1, hm->maxvalue);
				if (cur || mark) {
					/* The cursor's half drawn in the opposite tone. */
					int upper = cur ? v->heat.cy == r0 : v->heat.my == r0;
					uint32_t hi = mark && !cur ? 0x40a0ff : 0x00c0c0;
					if (upper)
						fg = hi;
					else
						bg = hi;
				}
				if (fg == FT_COLOR_DEFAULT && bg == FT_COLOR_DEFAULT) {
					ch = ' ';
				} else if (fg == FT_COLOR_DEFAULT) {
					ch = 0x2584; /* lower half block */
					st = (ft_style){bg, FT_COLOR_DEFAULT, 0};
				} else {
					ch = 0x2580; /* upper half block */
					st = (ft_style){fg, bg, 0};
				}
			} else {
				ch = (uint32_t)ramp_char(n0 > n1 ? n0 : n1, hm->maxvalue);
				if (cur)
					st.attr = FT_A_REVERSE;
				if (mark && !cur) {
					st.attr = FT_A_UNDERLINE;
					if (ch == ' ')
						ch = '_';
				}
				if (cur && ch == ' ')
					ch = c->utf8 ? ' ' : ' ';
			}
			canvas_put(c, x0 + k, top + l, ch, st);
		}
	}
	/* The time axis under the map: a label every 10 columns. */
	int ay = top + lines;
	if (ay < ly) {
		for (int k = 0; k < cols; k += 10) {
			uint32_t col = v->heat.left + (uint32_t)k;
			if (col >= hm->cols)
				break;
			canvas_printf(c, x0 + k, ay, cols - k, st_plain, "|%llds",
			    (long long)((int64_t)col * step_s));
		}
	}
	/* The legend: the cursor's cell and the range, then the scale. */
	uint32_t n = hm->counts[(size_t)v->heat.cx * hm->rows + v->heat.cy];
	int64_t a, b;
	view_heat_range(v, &a, &b);
	secs(b0, sizeof(b0), view_heat_cell_start(v, v->heat.cx, v->heat.cy));
	int x = canvas_printf(c, 0, ly, c->w, st_plain, " cursor %s s: %u sample%s",
	    b0, n, n == 1 ? "" : "s");
	secs(b0, sizeof(b0), a);
	secs(b1, sizeof(b1), b);
	canvas_printf(c, x, ly, c->w - x, st_plain, "   %s %s-%s s",
	    v->heat.marked ? "range" : "cell", b0, b1);
	char scale[16];
	x = canvas_printf(c, 0, ly + 1, c->w, st_plain, " scale: 0 ");
	if (full) {
		for (int i = 1; i <= 8 && x < c->w; i++)
			canvas_put(c, x++, ly + 1, ' ', (ft_style){FT_COLOR_DEFAULT,
			    cell_rgb((uint32_t)i * 1000u / 8u, 1000), 0});
	} else {
		snprintf(scale, sizeof(scale), "%s", ramp + 1);
		x += canvas_printf(c, x, ly + 1, c->w - x, st_plain, "%s", scale);
	}
	if (v->heat.with_idle)
		canvas_printf(c, x, ly + 1, c->w - x, st_plain, " %u samples per cell, idle "
		    "shown; origin %.0f s", hm->maxvalue, (double)hm->origin / 1e9);
	else
		canvas_printf(c, x, ly + 1, c->w - x, st_plain, " %u samples per cell, %llu "
		    "idle left out; origin %.0f s", hm->maxvalue,
		    (unsigned long long)hm->idle, (double)hm->origin / 1e9);
	canvas_fill(c, 0, c->w, ly + 2, ' ', bar);
	canvas_printf(c, 0, ly + 2, c->w, bar, " arrows: cursor  m: mark  Enter: flame "
	    "graph of the range  z: s/column  H Esc: close");
}
