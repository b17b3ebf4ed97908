/* render_chart.c - the flame chart mode drawn (see render_chart.h). */
#include "draw/render_chart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "draw/palette.h"
#include "profile/intern.h"
#include "profile/units.h"

static const ft_style st_plain = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};
static const ft_style st_bar_color = {0xffffff, 0x303040, FT_A_BOLD};
static const ft_style st_bar_mono = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT,
    FT_A_BOLD | FT_A_REVERSE};
static const ft_style st_filler = {0x808080, FT_COLOR_DEFAULT, FT_A_DIM};

void
render_chart_secs(char *buf, size_t cap, int64_t ns, int64_t window)
{
	int dec = window >= 100 * FT_NS ? 1 : window >= 10 * FT_NS ? 2 :
	    window >= FT_NS / 10 ? 3 : window >= FT_NS / 100 ? 4 :
	    window >= FT_NS / 1000 ? 5 : 6;
	int64_t scale = 1;
	for (int i = dec; i < 9; i++)
		scale *= 10;
	int neg = ns < 0;
	uint64_t a = neg ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;
	uint64_t q = (a + (uint64_t)scale / 2) / (uint64_t)scale; /* in units of 10^-dec s */
	uint64_t p10 = 1;
	for (int i = 0; i < dec; i++)
		p10 *= 10;
	snprintf(buf, cap, "%s%llu.%0*llu", neg ? "-" : "", (unsigned long long)(q / p10), dec,
	    (unsigned long long)(q % p10));
}

void
render_chart_duration(char *buf, size_t cap, int64_t ns, int utf8)
{
	if (ns >= FT_NS)
		snprintf(buf, cap, "%.3f s", (double)ns / 1e9);
	else if (ns >= 1000000)
		snprintf(buf, cap, "%.3f ms", (double)ns / 1e6);
	else
		snprintf(buf, cap, "%.1f %s", (double)ns / 1e3, utf8 ? "\xc2\xb5s" : "us");
}

/* A place on the chart's axis: seconds (without the unit), or in a sample
 * order the sum of values before it, in the column's unit. */
static void
pos_text(const ft_view *v, char *buf, size_t cap, int64_t x, int64_t window)
{
	const ft_chart *ch = &v->chart.ch;
	if (ch->ordinal)
		units_human(buf, cap, view_chart_profile(v), ch->col, x);
	else
		render_chart_secs(buf, cap, x, window);
}

static void
draw_row(ft_view *v, ft_canvas *c, uint32_t d, int y)
{
	const ft_chart *ch = &v->chart.ch;
	const ft_profile *p = view_chart_profile(v);
	int w = c->w;
	int64_t v0 = v->chart.v0, v1 = v->chart.v1;
	uint32_t n;
	const ft_span *r = chart_row(ch, d, &n);
	int last = -1; /* the rightmost cell drawn */
	for (uint32_t i = chart_first_after(ch, d, v0); i < n && r[i].start < v1; i++) {
		int64_t a = chart_col(r[i].start, v0, v1, w), b = chart_col(r[i].end, v0, v1, w);
		if (a < 0)
			a = 0;
		if (b > w)
			b = w;
		int sel = d == v->chart.d && i == v->chart.i;
		if (b <= a) {
			/* Narrower than a cell: a filler, unless a frame is there
			 * (the selection shows even then). */
			if (a > last && a < w) {
				ft_style st = st_filler;
				if (sel)
					st.attr |= FT_A_REVERSE | FT_A_BOLD;
				canvas_glyph(c, (int)a, y, FT_G_FILLER, st);
				last = (int)a;
			}
			continue;
		}
		if (a <= last)
			a = last + 1;
		if (b <= a)
			continue;
		ft_style st = render_name_style(v, p, r[i].node);
		if (sel)
			st.attr |= FT_A_REVERSE | FT_A_BOLD;
		int x0 = (int)a, x1 = (int)b;
		canvas_fill(c, x0, x1, y, ' ', st);
		canvas_glyph(c, x0, y, FT_G_EDGE, st);
		uint32_t name = p->nodes[r[i].node].name;
		int room = x1 - x0 - 1;
		const char *s = intern_str(p->names, name);
		size_t len = intern_len(p->names, name);
		if (room >= (c->utf8 ? 3 : 4) || (room > 0 && canvas_text_width(c, s, len) <= room))
			canvas_text(c, x0 + 1, y, room, s, len, st, 1);
		last = x1 - 1;
	}
}

/* The selected span's stack, root first; leading frames give way to the
 * selected one's end on a narrow line ("..;" first). */
static void
draw_stack(ft_view *v, ft_canvas *c, const ft_span *s, int y)
{
	const ft_profile *p = view_chart_profile(v);
	uint32_t depth = 0;
	for (uint32_t n = s->node; n != FT_ROOT && n != FT_NONE; n = p->nodes[n].parent)
		depth++;
	uint32_t *path = xmalloc(sizeof(uint32_t) * (depth ? depth : 1));
	uint32_t k = depth;
	for (uint32_t n = s->node; n != FT_ROOT && n != FT_NONE; n = p->nodes[n].parent)
		path[--k] = n;
	int x = canvas_printf(c, 0, y, c->w, st_plain, " stack: ");
	/* From the selected frame back, what fits. */
	int room = c->w - x, used = 0;
	uint32_t first = depth;
	while (first > 0) {
		uint32_t nm = p->nodes[path[first - 1]].name;
		int wd = canvas_text_width(c, intern_str(p->names, nm), intern_len(p->names, nm)) +
		    (first < depth ? 1 : 0);
		if (used + wd > room - (first > 1 ? 3 : 0))
			break;
		used += wd;
		first--;
	}
	if (first == depth && depth > 0)
		first = depth - 1; /* the frame itself, cut */
	if (first > 0)
		x += canvas_printf(c, x, y, c->w - x, st_plain, "..;");
	for (uint32_t i = first; i < depth && x < c->w; i++) {
		uint32_t nm = p->nodes[path[i]].name;
		x += canvas_text(c, x, y, c->w - x, intern_str(p->names, nm),
		    intern_len(p->names, nm), st_plain, 1);
		if (i + 1 < depth)
			x += canvas_printf(c, x, y, c->w - x, st_plain, ";");
	}
	free(path);
}

void
render_chart(ft_view *v, ft_canvas *c)
{
	view_chart_ready(v);
	const ft_chart *ch = &v->chart.ch;
	const ft_profile *p = view_chart_profile(v);
	ft_style bar = v->colors > 0 ? st_bar_color : st_bar_mono;
	canvas_fill(c, 0, c->w, 0, ' ', bar);
	canvas_fill(c, 0, c->w, c->h - 1, ' ', bar);
	if (ch->row == NULL) {
		canvas_printf(c, 0, 0, c->w, bar, " flame chart");
		canvas_text(c, 1, 2, c->w - 1, v->chart.err.msg, strlen(v->chart.err.msg),
		    st_plain, 0);
		return;
	}
	int64_t v0 = v->chart.v0, v1 = v->chart.v1, win = v1 - v0;
	char b0[32], b1[32], b2[32], b3[32], ty[96];
	pos_text(v, b0, sizeof(b0), v0, win);
	pos_text(v, b1, sizeof(b1), v1, win);
	pos_text(v, b2, sizeof(b2), ch->t0, ch->t1 - ch->t0);
	pos_text(v, b3, sizeof(b3), ch->t1, ch->t1 - ch->t0);
	int x = canvas_printf(c, 0, 0, c->w, bar, " flame chart: ");
	if (v->chart.thread == FT_ROOT) {
		x += canvas_printf(c, x, 0, c->w - x, bar, "all");
	} else {
		uint32_t nm = p->nodes[v->chart.thread].name;
		x += canvas_text(c, x, 0, c->w - x > 30 ? 30 : c->w - x, intern_str(p->names, nm),
		    intern_len(p->names, nm), bar, 1);
	}
	if (ch->ordinal)
		canvas_printf(c, x, 0, c->w - x, bar, " | %llu samples in file order | "
		    "%s-%s of %s-%s %s", (unsigned long long)ch->samples, b0, b1, b2, b3,
		    units_type_label(ty, sizeof(ty), p, ch->col));
	else
		canvas_printf(c, x, 0, c->w - x, bar, " | %llu %s | %s-%s s of %s-%s s",
		    (unsigned long long)ch->samples, ch->events ? "events" : "samples", b0, b1,
		    b2, b3);
	/* The axis: a mark and its place every 12 cells or so. */
	int step = 12;
	for (int k = 0; k + 4 < c->w; k += step) {
		int64_t t = v0 + (int64_t)((long double)k * (long double)win / (long double)c->w);
		pos_text(v, b0, sizeof(b0), t, win);
		canvas_printf(c, k, 1, step, st_plain, "|%s", b0);
	}
	int top = view_chart_top(v), lines = view_chart_lines(v);
	if (ch->samples == 0)
		canvas_printf(c, 1, top, c->w - 1, st_plain,
		    "no sample in the time range (x removes the `time` filter)");
	for (int l = 0; l < lines; l++) {
		uint32_t d = v->chart.scroll + (uint32_t)l;
		if (d >= ch->rows)
			break;
		draw_row(v, c, d, top + l);
	}
	if (v->chart.scroll + (uint32_t)lines < ch->rows)
		canvas_glyph(c, c->w - 1, top + lines - 1, FT_G_DOWN, st_plain);
	if (v->chart.scroll > 0)
		canvas_glyph(c, c->w - 1, top, FT_G_UP, st_plain);
	/* The selected span: its stack, then its figures. */
	const ft_span *s = view_chart_sel(v);
	int sy = top + lines;
	if (s != NULL) {
		draw_stack(v, c, s, sy);
		uint32_t nm = p->nodes[s->node].name;
		x = canvas_printf(c, 0, sy + 1, c->w, st_plain, " ");
		x += canvas_text(c, x, sy + 1, c->w - x > 40 ? 40 : c->w - x,
		    intern_str(p->names, nm), intern_len(p->names, nm), st_plain, 1);
		if (ch->ordinal) {
			/* Where it starts, and its value: the sum of its samples'. */
			units_human(b0, sizeof(b0), p, ch->col, s->start);
			units_human(b1, sizeof(b1), p, ch->col, s->end - s->start);
			canvas_printf(c, x, sy + 1, c->w - x, st_plain, "  after %s  value %s  "
			    "%u sample%s  depth %u", b0, b1, s->samples, s->samples == 1 ? "" : "s",
			    profile_depth(p, s->node));
		} else {
			render_chart_secs(b0, sizeof(b0), s->start, s->end - s->start);
			render_chart_duration(b1, sizeof(b1), s->end - s->start, c->utf8);
			const char *what = ch->events ? "event" : "sample";
			if (ch->events && profile_depth(p, s->node) > 1)
				canvas_printf(c, x, sy + 1, c->w - x, st_plain, "  start %s s  "
				    "duration %s  depth %u", b0, b1, profile_depth(p, s->node));
			else
				canvas_printf(c, x, sy + 1, c->w - x, st_plain, "  start %s s  "
				    "duration %s  %u %s%s  depth %u", b0, b1, s->samples, what,
				    s->samples == 1 ? "" : "s", profile_depth(p, s->node));
		}
	}
	if (v->message != NULL) /* program text: a key's answer */
		canvas_printf(c, 0, c->h - 1, c->w, bar, " %s", v->message);
	else
		canvas_printf(c, 0, c->h - 1, c->w, bar, " arrows: select  Enter: fit  +/-: "
		    "zoom  </>: pan  #: thread  0: all  Esc: back  ?: help");
}
