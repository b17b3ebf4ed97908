/* view_chart.c - the flame chart mode (T): the loaded profile's samples in
 * time order (ops/chart.h), within the range of the `time` filter; a
 * window of time shown, zoomed and panned, and a selected span moved over
 * rows and along them.  Drawn by draw/render_chart.c. */
#include "view/view.h"

#include <stdio.h>

#include "input/load.h"
#include "ops/chart.h"
#include "ops/filters.h"
#include "profile/order.h"
#include "profile/spans.h"
#include "profile/timeline.h"

#define CHART_MIN_WINDOW 1000 /* ns: the narrowest window zoomed to (a
                               * sample order's: 1) */

/* Line 0 the title, line 1 the time axis, the rows, then the selected
 * span's stack, its figures and the key line. */
int
view_chart_top(const ft_view *v)
{
	(void)v;
	return 2;
}

int
view_chart_lines(const ft_view *v)
{
	int n = v->h - view_chart_top(v) - 3;
	return n > 1 ? n : 1;
}

static int
chart_width(const ft_view *v)
{
	return v->w > 1 ? v->w : 1;
}

const ft_span *
view_chart_sel(const ft_view *v)
{
	uint32_t n;
	const ft_span *r = chart_row(&v->chart.ch, v->chart.d, &n);
	return v->chart.i < n ? &r[v->chart.i] : NULL;
}

/* Has p time, spans or its samples' order to chart? */
static int
chartable(const ft_profile *p)
{
	return p != NULL && (p->timeline != NULL || p->spans != NULL ||
	    (p->sample_order != NULL && !p->sample_order->lost));
}

const ft_profile *
view_chart_profile(const ft_view *v)
{
	if (v->chart.own != NULL)
		return v->chart.own;
	/* Time: the tree as loaded, its threads the lanes.  An order: base,
	 * its names as the flame graph shows them. */
	if (v->raw != NULL && (v->raw->timeline != NULL || v->raw->spans != NULL))
		return v->raw;
	return v->base;
}

/* A profile without time, or with an order read in another group or
 * demangle mode than shown: read it again in sample order.  0 when there
 * is nothing to do or it was read, -1 with err. */
static int
order_reread(ft_view *v, ft_diag *err)
{
	const ft_profile *as = v->raw != NULL ? v->raw : v->base;
	if (v->order_load == NULL || as == NULL || as->timeline != NULL || as->spans != NULL ||
	    chartable(v->base) || !load_keeps_order(as->format))
		return 0;
	if (v->chart.own != NULL && v->chart.own_group == v->group &&
	    v->chart.own_dm == v->demangle)
		return 0;
	ft_profile *p = v->order_load(v->order_ctx, v->group, v->demangle, v->sort, v->col, err);
	if (p == NULL)
		return -1;
	if (v->chart.own != NULL)
		profile_free(v->chart.own);
	v->chart.own = p;
	v->chart.own_group = v->group;
	v->chart.own_dm = v->demangle;
	v->chart.tl = NULL; /* built anew */
	return 0;
}

uint32_t
view_chart_threads(const ft_view *v)
{
	const ft_profile *p = view_chart_profile(v);
	return p != NULL && p->threads != NULL ? p->nthreads : 0;
}

/* The whole chart shown, the first span of the top row selected. */
static void
chart_home(ft_view *v)
{
	v->chart.v0 = v->chart.ch.t0;
	v->chart.v1 = v->chart.ch.t1 > v->chart.ch.t0 ? v->chart.ch.t1 : v->chart.ch.t0 + 1;
	v->chart.d = v->chart.i = v->chart.scroll = 0;
}

void
view_chart_ready(ft_view *v)
{
	if (!v->chart.active)
		return;
	if (v->chart.own == NULL && order_reread(v, &v->chart.err) != 0) {
		/* Read again after a reload (--watch), and failed. */
		chart_free(&v->chart.ch);
		v->chart.active = 0;
		v->chart.tl = NULL;
		view_message(v, v->chart.err.msg);
		return;
	}
	const ft_profile *p = view_chart_profile(v);
	if (!chartable(p)) {
		/* A reload or a regroup took the time away: its spans name
		 * nodes of a tree that is gone. */
		chart_free(&v->chart.ch);
		v->chart.active = 0;
		v->chart.tl = NULL;
		v->message = "flame chart closed: the profile keeps no time now";
		return;
	}
	int64_t a = INT64_MIN, b = INT64_MAX;
	if (!filters_time_range(&v->filters, &a, &b))
		a = INT64_MIN, b = INT64_MAX;
	const void *data = p->timeline != NULL ? (const void *)p->timeline :
	    p->spans != NULL ? (const void *)p->spans : (const void *)p->sample_order;
	/* What it was built from: a reload may put a new timeline at the
	 * old one's address, so its size and the tree's count too. */
	uint64_t n = p->timeline != NULL ? p->timeline->n : p->spans != NULL ? p->spans->n :
	    p->sample_order->n;
	if (v->chart.tl != data || v->chart.key_n != n || v->chart.key_nodes != p->nnodes)
		v->chart.thread = FT_ROOT; /* other node ids */
	else if (v->chart.ch.row != NULL && v->chart.a == a && v->chart.b == b &&
	    v->chart.ch.thread == (v->chart.thread == FT_ROOT ? FT_NONE : v->chart.thread) &&
	    (!v->chart.ch.ordinal || v->chart.ch.col == v->col))
		return;
	chart_free(&v->chart.ch);
	if (chart_build(p, a, b, v->chart.thread == FT_ROOT ? FT_NONE : v->chart.thread,
	    v->col, &v->chart.ch, &v->chart.err) != 0)
		return;
	v->chart.tl = data;
	v->chart.key_n = n;
	v->chart.key_nodes = p->nnodes;
	v->chart.a = a;
	v->chart.b = b;
	chart_home(v);
}

int
view_chart_open(ft_view *v)
{
	if (v->cmp != NULL) {
		v->message = "no flame chart in a comparison: open one profile";
		return V_REDRAW;
	}
	ft_diag err;
	if (order_reread(v, &err) != 0) {
		view_message(v, err.msg);
		return V_REDRAW;
	}
	const ft_profile *p = view_chart_profile(v);
	if (!chartable(p)) {
		const ft_profile *as = v->raw != NULL ? v->raw : v->base;
		const char *fmt = as != NULL && as->format != NULL && as->format[0] != '\0' ?
		    as->format : "merged";
		if (load_keeps_order(fmt)) {
			v->message = "no flame chart: the samples' order of standard input or "
			    "--merge is kept only with --view chart";
		} else {
			snprintf(v->msgbuf, sizeof(v->msgbuf), "no flame chart: a %s profile has "
			    "neither time per sample nor samples in an order", fmt);
			v->message = v->msgbuf;
		}
		return V_REDRAW;
	}
	if (p->timeline != NULL && p->timeline->n == 0) {
		v->message = "no flame chart: no sample has a time";
		return V_REDRAW;
	}
	v->chart.active = 1;
	chart_free(&v->chart.ch); /* built anew */
	view_chart_ready(v);
	if (v->chart.ch.row == NULL) {
		v->chart.active = 0;
		view_message(v, v->chart.err.msg);
	}
	else if (v->chart.ch.samples == 0)
		v->message = "flame chart: no sample in the time range";
	return V_REDRAW;
}

void
view_chart_close(ft_view *v)
{
	v->chart.active = 0;
}

/* The window [v0, v0 + w) moved into the chart's extent. */
static void
window_at(ft_view *v, int64_t v0, int64_t w)
{
	const ft_chart *ch = &v->chart.ch;
	int64_t all = ch->t1 - ch->t0;
	if (w > all)
		w = all;
	int64_t least = ch->ordinal ? 1 : CHART_MIN_WINDOW;
	if (w < least)
		w = all < least ? (all > 0 ? all : 1) : least;
	if (v0 + w > ch->t1)
		v0 = ch->t1 - w;
	if (v0 < ch->t0)
		v0 = ch->t0;
	v->chart.v0 = v0;
	v->chart.v1 = v0 + w;
}

/* The selected span's middle, within the window. */
static int64_t
sel_mid(const ft_view *v)
{
	const ft_span *s = view_chart_sel(v);
	if (s == NULL)
		return v->chart.v0 + (v->chart.v1 - v->chart.v0) / 2;
	int64_t x0 = s->start > v->chart.v0 ? s->start : v->chart.v0;
	int64_t x1 = s->end < v->chart.v1 ? s->end : v->chart.v1;
	if (x1 <= x0) /* off screen: its own middle */
		return s->start + (s->end - s->start) / 2;
	return x0 + (x1 - x0) / 2;
}

/* Zoom by num/den around the selection. */
static void
zoom_by(ft_view *v, int64_t num, int64_t den)
{
	int64_t w = v->chart.v1 - v->chart.v0;
	int64_t c = sel_mid(v);
	/* Keep the selection at the same place on screen. */
	long double f = w > 0 ? (long double)(c - v->chart.v0) / (long double)w : 0.5L;
	int64_t nw = (int64_t)((long double)w * num / den);
	if (nw < 1)
		nw = 1;
	window_at(v, c - (int64_t)(f * nw), nw);
}

/* The selected span brought into the window and its row on screen. */
static void
show_sel(ft_view *v)
{
	const ft_span *s = view_chart_sel(v);
	if (s == NULL)
		return;
	int64_t w = v->chart.v1 - v->chart.v0;
	if (s->end <= v->chart.v0 || s->start >= v->chart.v1) {
		if (s->end - s->start >= w)
			window_at(v, s->start, w);
		else
			window_at(v, s->start + (s->end - s->start) / 2 - w / 2, w);
	}
	int lines = view_chart_lines(v);
	if (v->chart.d < v->chart.scroll)
		v->chart.scroll = v->chart.d;
	if (v->chart.d >= v->chart.scroll + (uint32_t)lines)
		v->chart.scroll = v->chart.d - (uint32_t)lines + 1;
}

static void
move_row(ft_view *v, int dd)
{
	const ft_chart *ch = &v->chart.ch;
	long d = (long)v->chart.d + dd;
	if (d < 0 || d >= (long)ch->rows)
		return;
	int64_t t = sel_mid(v);
	v->chart.d = (uint32_t)d;
	uint32_t i = chart_find(ch, v->chart.d, t);
	v->chart.i = i == UINT32_MAX ? 0 : i;
	show_sel(v);
}

static void
move_along(ft_view *v, long di)
{
	uint32_t n;
	chart_row(&v->chart.ch, v->chart.d, &n);
	long i = (long)v->chart.i + di;
	if (i < 0)
		i = 0;
	if (i >= (long)n)
		i = (long)n - 1;
	if (i < 0)
		return;
	v->chart.i = (uint32_t)i;
	show_sel(v);
}

/* # : all threads, then each thread in turn, then all again. */
static void
next_thread(ft_view *v)
{
	uint32_t n = view_chart_threads(v);
	if (n < 2) {
		v->message = "flame chart: the profile has one thread";
		return;
	}
	const ft_profile *p = view_chart_profile(v);
	uint32_t k = 0;
	if (v->chart.thread != FT_ROOT)
		while (k < n && p->threads[k].node != v->chart.thread)
			k++;
	else
		k = UINT32_MAX; /* all: the first next */
	k = k == UINT32_MAX ? 0 : k + 1;
	v->chart.thread = k < n ? p->threads[k].node : FT_ROOT;
	view_chart_ready(v);
}

int
view_chart_apply(ft_view *v, enum ft_action a)
{
	view_chart_ready(v);
	if (v->chart.ch.row == NULL) {
		view_chart_close(v);
		return V_REDRAW;
	}
	int64_t w = v->chart.v1 - v->chart.v0;
	const ft_span *s;
	switch (a) {
	case ACT_LEFT: move_along(v, -1); break;
	case ACT_RIGHT: move_along(v, 1); break;
	case ACT_UP: move_row(v, -1); break;
	case ACT_DOWN: move_row(v, 1); break;
	case ACT_TOP: move_along(v, -(long)UINT32_MAX); break;
	case ACT_BOTTOM: move_along(v, (long)UINT32_MAX); break;
	case ACT_PGUP: move_row(v, -view_chart_lines(v) < -(int)v->chart.d ?
	    -(int)v->chart.d : -view_chart_lines(v)); break;
	case ACT_PGDN: {
		int k = view_chart_lines(v);
		if (v->chart.d + (uint32_t)k >= v->chart.ch.rows)
			k = (int)v->chart.ch.rows - 1 - (int)v->chart.d;
		if (k > 0)
			move_row(v, k);
		break;
	}
	case ACT_CHART_IN: zoom_by(v, 1, 2); break;
	case ACT_CHART_OUT: case ACT_ZOOM_OUT: zoom_by(v, 2, 1); break;
	case ACT_CHART_PAN_L: window_at(v, v->chart.v0 - (w / 4 > 0 ? w / 4 : 1), w); break;
	case ACT_CHART_PAN_R: window_at(v, v->chart.v0 + (w / 4 > 0 ? w / 4 : 1), w); break;
	case ACT_ZOOM:
		if ((s = view_chart_sel(v)) != NULL)
			window_at(v, s->start, s->end - s->start);
		break;
	case ACT_RESET:
		window_at(v, v->chart.ch.t0, v->chart.ch.t1 - v->chart.ch.t0);
		break;
	case ACT_CHART_THREAD: next_thread(v); break;
	case ACT_CHART: view_chart_close(v); break;
	default:
		return 0;
	}
	return V_REDRAW;
}

int
view_chart_click(ft_view *v, int x, int y, int dbl)
{
	view_chart_ready(v);
	int top = view_chart_top(v);
	if (v->chart.ch.row == NULL || y < top || y >= top + view_chart_lines(v))
		return 0;
	uint32_t d = v->chart.scroll + (uint32_t)(y - top);
	if (d >= v->chart.ch.rows)
		return 0;
	int64_t w = v->chart.v1 - v->chart.v0;
	int cells = chart_width(v);
	/* The time at the cell's middle. */
	int64_t t = v->chart.v0 + (int64_t)(((long double)x + 0.5L) * w / cells);
	uint32_t n, i = chart_find(&v->chart.ch, d, t);
	const ft_span *r = chart_row(&v->chart.ch, d, &n);
	if (i == UINT32_MAX || r[i].start > t || r[i].end <= t)
		return 0;
	v->chart.d = d;
	v->chart.i = i;
	if (dbl)
		return view_chart_apply(v, ACT_ZOOM);
	return V_REDRAW;
}
