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

typedef struct {
	double at;      /* count, or for viridis the fraction of max */
	uint32_t rgb;
} stop;

static uint32_t
mix(uint32_t a, uint32_t b, double f)
{
	uint32_t out = 0;
	for (int sh = 16; sh >= 0; sh -= 8) {
		double x = (double)(a >> sh & 0xff), y = (double)(b >> sh & 0xff);
		int v = (int)(x + (y - x) * f + 0.5);
		out |= (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v) << sh;
	}
	return out;
}

/* Piecewise linear through stops (in order; one not above the last kept
 * is skipped), clamped at both ends. */
static uint32_t
through(const stop *st, int n, double x)
{
	int prev = 0;
	if (x <= st[0].at)
		return st[0].rgb;
	for (int i = 1; i < n; i++) {
		if (st[i].at <= st[prev].at)
			continue;
		if (x <= st[i].at)
			return mix(st[prev].rgb, st[i].rgb,
			    (x - st[prev].at) / (st[i].at - st[prev].at));
		prev = i;
	}
	return st[prev].rgb;
}

uint32_t
render_heat_rgb(int scale, uint32_t n, uint32_t max)
{
	if (n == 0 || max == 0)
		return FT_COLOR_DEFAULT;
	double m = (double)max, x = (double)n;
	if (scale == HEAT_ENHANCED) {
		stop st[] = {{0, 0xffffff}, {1, 0x6aaaff}, {3, 0xfaa0b5},
		    {m / 2, 0xff5032}, {m, 0xe50914}};
		return through(st, 5, x);
	}
	if (scale == HEAT_CB) {
		stop st[] = {{0, 0x440154}, {0.25, 0x3b528b}, {0.5, 0x21918c},
		    {0.75, 0x5ec962}, {1, 0xfde725}};
		return through(st, 5, x / m);
	}
	stop st[] = {{0, 0xffffff}, {m / 2, 0xff5032}, {m, 0xe50914}};
	return through(st, 3, x);
}

const char *
render_heat_scale_name(int scale)
{
	return scale == HEAT_ENHANCED ? "enhanced" : scale == HEAT_CB ?
	    "colour-blind" : "linear";
}

char
render_heat_char(int scale, uint32_t n, uint32_t max)
{
	if (n == 0 || max == 0)
		return ' ';
	if (scale == HEAT_ENHANCED) {
		if (n <= 1)
			return '.';
		if (n <= 3 || max <= 3)
			return ':';
		/* '-' (3) .. '@' (9) over (3, max] */
		size_t k = 3 + (size_t)((double)(n - 3) / (double)(max - 3) * 6 + 0.5);
		return ramp[k < 9 ? k : 9];
	}
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
				int sc = v->heat.scale;
				uint32_t fg = render_heat_rgb(sc, n0, hm->maxvalue),
				    bg = render_heat_rgb(sc, n1, hm->maxvalue);
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
				ch = (uint32_t)render_heat_char(v->heat.scale, n0 > n1 ? n0 : n1,
				    hm->maxvalue);
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
	/* The scale: its name, then its stops with their counts and the
	 * colours (or characters) between them. */
	int sc = v->heat.scale;
	uint32_t max = hm->maxvalue;
	x = canvas_printf(c, 0, ly + 1, c->w, st_plain, " %s scale 0",
	    render_heat_scale_name(sc));
	uint32_t stops[5], ns = 0;
	stops[ns++] = 0;
	if (sc == HEAT_ENHANCED)
		for (uint32_t k = 1; k <= 3; k += 2)
			if (k < max)
				stops[ns++] = k;
	if (sc != HEAT_CB && max / 2 > stops[ns - 1] && max / 2 < max)
		stops[ns++] = max / 2;
	if (max > stops[ns - 1])
		stops[ns++] = max;
	for (uint32_t i = 1; i < ns && x < c->w; i++) {
		x += canvas_printf(c, x, ly + 1, c->w - x, st_plain, " ");
		uint32_t lo = stops[i - 1], hi = stops[i];
		/* Up to 4 swatches sampled over (lo, hi]; 1 for a step of 1. */
		uint32_t k = hi - lo < 4 ? hi - lo : 4;
		for (uint32_t j = 1; j <= k && x < c->w; j++) {
			uint32_t at = lo + (uint32_t)((uint64_t)(hi - lo) * j / k);
			if (full)
				canvas_put(c, x++, ly + 1, ' ', (ft_style){FT_COLOR_DEFAULT,
				    render_heat_rgb(sc, at, max), 0});
			else
				canvas_put(c, x++, ly + 1, (uint32_t)render_heat_char(sc, at, max),
				    st_plain);
		}
		if (i + 1 < ns)
			x += canvas_printf(c, x, ly + 1, c->w - x, st_plain, " %u", hi);
	}
	if (v->heat.with_idle)
		canvas_printf(c, x, ly + 1, c->w - x, st_plain, " %u samples/cell, idle "
		    "shown; origin %.0f s", hm->maxvalue, (double)hm->origin / 1e9);
	else
		canvas_printf(c, x, ly + 1, c->w - x, st_plain, " %u samples/cell, %llu "
		    "idle left out; origin %.0f s", hm->maxvalue,
		    (unsigned long long)hm->idle, (double)hm->origin / 1e9);
	canvas_fill(c, 0, c->w, ly + 2, ' ', bar);
	if (v->message != NULL) /* program text: a key's answer */
		canvas_printf(c, 0, ly + 2, c->w, bar, " %s", v->message);
	else
		canvas_printf(c, 0, ly + 2, c->w, bar, " arrows: cursor  m: mark  Enter: "
		    "flame graph  A: vs range  z: s/col  c: scale");
}
