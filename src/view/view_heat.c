/* view_heat.c - the heat map mode (H): FlameScope's subsecond-offset heat
 * map of the loaded profile's timeline (ops/timerange.h), a cursor over
 * its cells, a mark, and Enter taking the range from the mark to the
 * cursor as a `time A-B s` filter (view_modes.c's filter list: a chip,
 * removable, undoable).  Drawn by render.c. */
#include "view/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "ops/timecompare.h"
#include "ops/timerange.h"

/* Steps z cycles through: automatic, then fixed seconds per column. */
static const int64_t heat_steps[] = {0, 1, 2, 5, 10, 60};

/* The map: lines 1 .. (legend - 1); the legend's two lines and the
 * status line below it; a 6-cell axis on the left. */
int
view_heat_top(const ft_view *v)
{
	(void)v;
	return 1;
}

int
view_heat_x0(const ft_view *v)
{
	(void)v;
	return 6;
}

int
view_heat_legend_y(const ft_view *v)
{
	return v->h - 3;
}

static uint32_t
rows_for(const ft_view *v)
{
	static const uint32_t choices[] = {50, 40, 20, 10};
	int lines = view_heat_legend_y(v) - view_heat_top(v) - 1; /* an axis line */
	for (size_t i = 0; i < sizeof(choices) / sizeof(choices[0]); i++)
		if ((int)choices[i] <= 2 * lines)
			return choices[i];
	return 10;
}

/* The cursor and the mark within the map, the cursor's column on
 * screen. */
static void
heat_clamp(ft_view *v)
{
	uint32_t rows = v->heat.hm.rows;
	int cols = v->w - view_heat_x0(v) - 1;
	if (v->heat.cx >= v->heat.hm.cols)
		v->heat.cx = v->heat.hm.cols - 1;
	if (v->heat.mx >= v->heat.hm.cols)
		v->heat.mx = v->heat.hm.cols - 1;
	if (v->heat.cy >= rows)
		v->heat.cy = rows - 1;
	if (v->heat.my >= rows)
		v->heat.my = rows - 1;
	if (v->heat.cx < v->heat.left || v->heat.left >= v->heat.hm.cols)
		v->heat.left = v->heat.cx;
	if (cols > 0 && v->heat.cx >= v->heat.left + (uint32_t)cols)
		v->heat.left = v->heat.cx - (uint32_t)cols + 1;
}

void
view_heatmap_ready(ft_view *v)
{
	if (!v->heat.active || v->base == NULL || v->base->timeline == NULL)
		return;
	if (v->heat.hm.counts != NULL && v->heat.w == v->w && v->heat.h == v->h &&
	    v->heat.tl == v->base->timeline && v->heat.hm.with_idle == v->heat.with_idle)
		return;
	heatmap_free(&v->heat.hm);
	int cols = v->w - view_heat_x0(v) - 1;
	int64_t step = heatmap_step(v->base->timeline, v->heat.step_s,
	    (uint32_t)(cols > 1 ? cols : 1));
	uint32_t rows = rows_for(v);
	uint32_t oldrows = v->heat.hm.rows;
	heatmap_bin_skip(v->base->timeline, rows, step,
	    v->heat.with_idle ? NULL : view_idle_samples(v), &v->heat.hm);
	v->heat.hm.with_idle = v->heat.with_idle;
	v->heat.w = v->w;
	v->heat.h = v->h;
	v->heat.tl = v->base->timeline;
	/* The cursor and the mark keep their place in time. */
	if (oldrows != 0 && oldrows != rows) {
		v->heat.cy = v->heat.cy * rows / oldrows;
		v->heat.my = v->heat.my * rows / oldrows;
	}
	heat_clamp(v);
}

int
view_heat_open(ft_view *v)
{
	if (v->cmp == NULL && v->base != NULL && v->base->timeline == NULL &&
	    v->base->spans != NULL) {
		/* A trace's events are spans, not samples to bin. */
		v->message = "no heat map of a trace's events: T charts them; "
		    "--time-range A,B (--time-range-b C,D: against another range)";
		return V_REDRAW;
	}
	if (v->cmp != NULL || v->base == NULL || v->base->timeline == NULL) {
		v->message = "no heat map: the profile keeps no time per sample "
		    "(perf script and .cpuprofile do)";
		return V_REDRAW;
	}
	if (v->base->timeline->n == 0) {
		v->message = "no heat map: no sample has a time";
		return V_REDRAW;
	}
	int first = v->heat.hm.counts == NULL;
	v->heat.active = 1;
	v->heat.w = v->heat.h = 0; /* bin for this screen */
	view_heatmap_ready(v);
	if (!first) /* opened again: the cursor and mark where they were */
		return V_REDRAW;
	/* The cursor starts on the first cell with samples. */
	const ft_heatmap *hm = &v->heat.hm;
	for (size_t i = 0; hm->counts != NULL && i < (size_t)hm->cols * hm->rows; i++)
		if (hm->counts[i] != 0) {
			v->heat.cx = (uint32_t)(i / hm->rows);
			v->heat.cy = (uint32_t)(i % hm->rows);
			break;
		}
	v->heat.left = 0;
	v->heat.marked = 0;
	if (hm->counts != NULL)
		heat_clamp(v);
	return V_REDRAW;
}

void
view_heat_close(ft_view *v)
{
	v->heat.active = 0;
}

int64_t
view_heat_cell_start(const ft_view *v, uint32_t col, uint32_t row)
{
	const ft_heatmap *hm = &v->heat.hm;
	return (int64_t)col * hm->step + (int64_t)(hm->rows - 1 - row) * FT_NS / hm->rows;
}

/* The cell's last second ends at its row's end (a column of several
 * seconds holds that row of each). */
int64_t
view_heat_cell_end(const ft_view *v, uint32_t col, uint32_t row)
{
	const ft_heatmap *hm = &v->heat.hm;
	return (int64_t)col * hm->step + hm->step - FT_NS +
	    (int64_t)(hm->rows - row) * FT_NS / hm->rows;
}

void
view_heat_range(const ft_view *v, int64_t *a, int64_t *b)
{
	uint32_t x0 = v->heat.cx, y0 = v->heat.cy, x1 = x0, y1 = y0;
	if (v->heat.marked) {
		x0 = v->heat.mx;
		y0 = v->heat.my;
	}
	int64_t s0 = view_heat_cell_start(v, x0, y0), s1 = view_heat_cell_start(v, x1, y1);
	int64_t e0 = view_heat_cell_end(v, x0, y0), e1 = view_heat_cell_end(v, x1, y1);
	*a = s0 < s1 ? s0 : s1;
	*b = e0 > e1 ? e0 : e1;
}

/* ns as seconds with three decimals (rows divide 1000: cells start on
 * whole milliseconds). */
static void
secs(char *buf, size_t cap, int64_t ns)
{
	snprintf(buf, cap, "%lld.%03lld", (long long)(ns / FT_NS),
	    (long long)(ns % FT_NS / 1000000));
}

static int
heat_enter(ft_view *v)
{
	int64_t a, b;
	view_heat_range(v, &a, &b);
	char x[32], y[32], line[80];
	secs(x, sizeof(x), a);
	secs(y, sizeof(y), b);
	snprintf(line, sizeof(line), "time %s,%s", x, y);
	ft_diag err;
	/* One range at a time: a new one replaces the last. */
	int i = filters_find(&v->filters, FILTER_TIME);
	if (i >= 0)
		view_filter_remove_at(v, i);
	if (view_filter_add(v, line, &err) != 0) {
		view_message(v, err.msg);
		return V_REDRAW;
	}
	view_heat_close(v);
	return V_REDRAW;
}

/* A: range B (the mark to the cursor, or the cursor's cell) against range
 * A (the time filter), as a comparison view over this one. */
static int
heat_compare(ft_view *v)
{
	int64_t a0, b0, a1, b1;
	if (!filters_time_range(&v->filters, &a0, &b0)) {
		v->message = "A compares two ranges: take range A first (m, Enter), then "
		    "mark range B in the heat map and press A";
		return V_REDRAW;
	}
	view_heat_range(v, &a1, &b1);
	ft_rangecmp *rc = xcalloc(1, sizeof(*rc));
	ft_compare_opts co = {.sort = v->sort};
	ft_diag err;
	if (timecompare_build(&rc->c, v->base, v->col, a0, b0, a1, b1, &co, &v->filters,
	    &rc->pa, &rc->pb, &err) != 0) {
		free(rc);
		view_message(v, err.msg);
		return V_REDRAW;
	}
	view_init_compare(&rc->cv, &rc->c, v->w, v->h);
	/* The other filters go on applying to both ranges. */
	ft_filters rest = {0};
	for (int i = 0; i < v->filters.n; i++)
		if (v->filters.v[i].kind != FILTER_TIME)
			(void)filters_add(&rest, v->filters.v[i].kind, v->filters.v[i].pattern, &err);
	view_set_inputs(&rc->cv, rc->pa, v->col, rc->pb, v->col, &co, &rest);
	rc->cv.mode = CV_SIDE;
	rc->cv.utf8 = v->utf8;
	rc->cv.colors = v->colors;
	snprintf(rc->cv.msgbuf, sizeof(rc->cv.msgbuf), "A %s against B %s, "
	    "A normalised by %s; Esc: back",
	    strrchr(rc->pa->source, '[') ? strrchr(rc->pa->source, '[') : "",
	    strrchr(rc->pb->source, '[') ? strrchr(rc->pb->source, '[') : "",
	    rc->c.norm_by != NULL ? rc->c.norm_by : compare_norm_name(rc->c.norm));
	rc->cv.message = rc->cv.msgbuf;
	view_heat_close(v);
	v->rc = rc;
	return V_REDRAW;
}

static void
heat_move(ft_view *v, int dx, int dy)
{
	const ft_heatmap *hm = &v->heat.hm;
	long x = (long)v->heat.cx + dx, y = (long)v->heat.cy + dy;
	if (x < 0)
		x = 0;
	if (x >= (long)hm->cols)
		x = (long)hm->cols - 1;
	if (y < 0)
		y = 0;
	if (y >= (long)hm->rows)
		y = (long)hm->rows - 1;
	v->heat.cx = (uint32_t)x;
	v->heat.cy = (uint32_t)y;
	int cols = v->w - view_heat_x0(v) - 1;
	if (v->heat.cx < v->heat.left)
		v->heat.left = v->heat.cx;
	if (cols > 0 && v->heat.cx >= v->heat.left + (uint32_t)cols)
		v->heat.left = v->heat.cx - (uint32_t)cols + 1;
}

int
view_heat_apply(ft_view *v, enum ft_action a)
{
	view_heatmap_ready(v);
	if (v->heat.hm.counts == NULL) {
		view_heat_close(v);
		return V_REDRAW;
	}
	int page = v->w - view_heat_x0(v) - 1;
	switch (a) {
	case ACT_LEFT: heat_move(v, -1, 0); break;
	case ACT_RIGHT: heat_move(v, 1, 0); break;
	case ACT_UP: heat_move(v, 0, -1); break;
	case ACT_DOWN: heat_move(v, 0, 1); break;
	case ACT_PGUP: heat_move(v, -(page > 1 ? page : 1), 0); break;
	case ACT_PGDN: heat_move(v, page > 1 ? page : 1, 0); break;
	case ACT_TOP: heat_move(v, -(int)v->heat.cx, 0); break;
	case ACT_BOTTOM: heat_move(v, (int)(v->heat.hm.cols - 1 - v->heat.cx), 0); break;
	case ACT_HEAT_MARK:
		if (v->heat.marked && v->heat.mx == v->heat.cx && v->heat.my == v->heat.cy) {
			v->heat.marked = 0;
		} else {
			v->heat.marked = 1;
			v->heat.mx = v->heat.cx;
			v->heat.my = v->heat.cy;
		}
		break;
	case ACT_HEAT_STEP: {
		size_t n = sizeof(heat_steps) / sizeof(heat_steps[0]), i = 0;
		while (i < n && heat_steps[i] != v->heat.step_s)
			i++;
		int64_t t = view_heat_cell_start(v, v->heat.cx, v->heat.cy);
		int64_t m = view_heat_cell_start(v, v->heat.mx, v->heat.my);
		v->heat.step_s = heat_steps[(i + 1) % n];
		v->heat.w = 0;
		view_heatmap_ready(v);
		if (v->heat.hm.counts != NULL) {
			v->heat.cx = (uint32_t)(t / v->heat.hm.step);
			v->heat.mx = (uint32_t)(m / v->heat.hm.step);
			heat_move(v, 0, 0);
		}
		break;
	}
	case ACT_HEAT_COMPARE:
		return heat_compare(v);
	case ACT_COLOR:
		v->heat.scale = (v->heat.scale + 1) % HEAT_SCALES;
		break;
	case ACT_HEAT_IDLE:
		v->heat.with_idle = !v->heat.with_idle;
		view_heatmap_ready(v);
		break;
	case ACT_ZOOM:
		return heat_enter(v);
	case ACT_HEATMAP: case ACT_RESET:
		view_heat_close(v);
		break;
	default:
		return 0;
	}
	return V_REDRAW;
}

/* The cell at screen (x, y): 0 when none. */
static int
cell_at(ft_view *v, int x, int y, uint32_t *col, uint32_t *row)
{
	const ft_heatmap *hm = &v->heat.hm;
	int x0 = view_heat_x0(v), top = view_heat_top(v);
	if (hm->counts == NULL || x < x0 || y < top || y >= view_heat_legend_y(v))
		return 0;
	*col = v->heat.left + (uint32_t)(x - x0);
	*row = (uint32_t)(y - top) * 2;
	return *col < hm->cols && *row < hm->rows;
}

int
view_heat_click(ft_view *v, int x, int y, int dbl)
{
	view_heatmap_ready(v);
	uint32_t col, row;
	v->heat.drag = 0;
	if (!cell_at(v, x, y, &col, &row))
		return 0;
	v->heat.cx = col;
	v->heat.cy = row;
	if (dbl)
		return heat_enter(v);
	v->heat.drag = 1;
	v->heat.dx = col;
	v->heat.dy = row;
	return V_REDRAW;
}

int
view_heat_release(ft_view *v, int x, int y)
{
	view_heatmap_ready(v);
	uint32_t col, row;
	int drag = v->heat.drag;
	v->heat.drag = 0;
	/* A half block line holds two rows: released on the pressed line,
	 * it is a click, not a range. */
	if (!drag || !cell_at(v, x, y, &col, &row) ||
	    (col == v->heat.dx && row == v->heat.dy))
		return 0;
	v->heat.marked = 1;
	v->heat.mx = v->heat.dx;
	v->heat.my = v->heat.dy;
	v->heat.cx = col;
	v->heat.cy = row;
	return heat_enter(v);
}
