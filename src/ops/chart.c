/* chart.c - a flame chart's spans (see chart.h). */
#include "ops/chart.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "profile/order.h"
#include "profile/spans.h"
#include "profile/timeline.h"

typedef struct {
	int64_t t;
	int64_t len;    /* its own length (own_length()), 0: the lane's usual */
	uint32_t i;     /* the sample's index in the timeline (the order) */
	uint32_t leaf;
	uint32_t lane;  /* its root child's place among the root's children */
} tsample;

/* By lane, then time, then file order. */
static int
by_lane_time(const void *x, const void *y)
{
	const tsample *a = x, *b = y;
	if (a->lane != b->lane)
		return a->lane < b->lane ? -1 : 1;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

static int
by_value(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return a < b ? -1 : a > b;
}

/* One row's spans while building. */
typedef struct {
	ft_span *v;
	size_t n, cap;
} rowbuf;

static void
row_push(rowbuf *r, ft_span s)
{
	if (r->n == r->cap) {
		r->cap = grow_cap(r->cap, r->n + 1, 16);
		r->v = xreallocarray(r->v, r->cap, sizeof(ft_span));
	}
	r->v[r->n++] = s;
}

/* The (lower) median gap between consecutive times of s[0..n), 0 when
 * there is none. */
static int64_t
usual_interval(const tsample *s, size_t n)
{
	if (n < 2)
		return 0;
	int64_t *gap = xmalloc(sizeof(int64_t) * (n - 1));
	size_t ng = 0;
	for (size_t i = 1; i < n; i++)
		if (s[i].t > s[i - 1].t)
			gap[ng++] = s[i].t - s[i - 1].t;
	int64_t g = 0;
	if (ng > 0) {
		qsort(gap, ng, sizeof(int64_t), by_value);
		g = gap[(ng - 1) / 2];
	}
	free(gap);
	return g;
}

/* ns per unit of a time unit, 0 for any other. */
static int64_t
unit_ns(const char *u)
{
	return u == NULL ? 0 : strcmp(u, "nanoseconds") == 0 ? 1 :
	    strcmp(u, "microseconds") == 0 ? 1000 : strcmp(u, "milliseconds") == 0 ?
	    1000000 : strcmp(u, "seconds") == 0 ? FT_NS : 0;
}

/* Sample i's own length in ns: its weight when its column is a time (a
 * .cpuprofile's time to the next sample, perf's cpu-clock period), else
 * 0. */
static int64_t
own_length(const ft_profile *p, const ft_timeline *tl, uint32_t i)
{
	if (tl->w == NULL)
		return 0;
	int c = tl->cols != NULL ? tl->cols[i] : tl->col;
	if (c < 0 || c >= p->nvals)
		return 0;
	int64_t f = unit_ns(p->types[c].unit), v;
	if (f == 0 || __builtin_mul_overflow((int64_t)tl->w[i], f, &v))
		return 0;
	for (int k = 0; k < p->scale && v > 0; k++)
		v /= 10;
	return v;
}

/* Each node's depth (the root's children 1) and its lane: its thread's
 * place among the profile's threads, the lane after them for stacks of no
 * thread, 0 for all when the profile has no threads.  Parents have lower
 * ids.  The deepest depth into *maxd. */
static void
depths_and_lanes(const ft_profile *p, uint32_t **depth_out, uint32_t **lane_out,
    uint32_t *maxd_out)
{
	size_t nn = p->nnodes ? p->nnodes : 1;
	uint32_t *depth = xmalloc(sizeof(uint32_t) * nn);
	uint32_t *lane = xmalloc(sizeof(uint32_t) * nn);
	uint32_t nlanes = p->threads != NULL ? p->nthreads : 0, maxd = 0;
	for (uint32_t c = p->nodes[FT_ROOT].child; c != FT_NONE; c = p->nodes[c].sibling)
		lane[c] = nlanes;
	for (uint32_t k = 0; p->threads != NULL && k < p->nthreads; k++)
		if (p->threads[k].node < p->nnodes)
			lane[p->threads[k].node] = k;
	for (uint32_t n = 0; n < p->nnodes; n++) {
		uint32_t par = p->nodes[n].parent;
		if (n == FT_ROOT || par == FT_NONE) {
			depth[n] = 0;
			lane[n] = UINT32_MAX;
			continue;
		}
		depth[n] = depth[par] + 1;
		if (depth[n] > 1)
			lane[n] = lane[par];
		if (depth[n] > maxd)
			maxd = depth[n];
	}
	*depth_out = depth;
	*lane_out = lane;
	*maxd_out = maxd;
}

/* A trace's spans, ordered for the rows. */
typedef struct {
	int64_t start, end;
	uint32_t node, lane, depth, samples;
} tspan;

static int
by_row_time(const void *x, const void *y)
{
	const tspan *a = x, *b = y;
	if (a->lane != b->lane)
		return a->lane < b->lane ? -1 : 1;
	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->end > b->end ? -1 : a->end < b->end;
}

/* The chart of a trace's spans (spans.h): each as it was, clipped to
 * [a, b); a lane's root frame, which no event is, spans the lane's
 * events. */
static int
chart_spans(const ft_profile *p, int64_t a, int64_t b, uint32_t thread, ft_chart *ch,
    ft_diag *err)
{
	const ft_spans *sp = p->spans;
	uint32_t *depth, *lane, maxd;
	depths_and_lanes(p, &depth, &lane, &maxd);
	/* The axis of a trace's --time-range (timerange.h). */
	ch->origin = spans_origin(sp);
	ch->interval = 1000;
	ch->events = 1;
	uint32_t want = thread == FT_NONE || thread >= p->nnodes ? UINT32_MAX : lane[thread];
	uint8_t *own = xcalloc(p->nnodes ? p->nnodes : 1, 1); /* nodes with spans */
	size_t nn = p->nnodes ? p->nnodes : 1;
	int64_t *tlo = xmalloc(sizeof(int64_t) * nn), *thi = xmalloc(sizeof(int64_t) * nn);
	uint32_t *tcount = xcalloc(nn, sizeof(uint32_t));
	tspan *v = xmalloc(sizeof(tspan) * ((size_t)sp->n + nn));
	size_t nv = 0;
	for (uint32_t i = 0; i < sp->n; i++) {
		uint32_t node = sp->node[i];
		if (node >= p->nnodes || node == FT_ROOT)
			continue;
		if (thread != FT_NONE && lane[node] != want)
			continue;
		int64_t s = sp->start[i] - ch->origin, e = sp->end[i] - ch->origin;
		if (e < a || s >= b || (e == s && s < a))
			continue;
		if (s < a)
			s = a;
		if (e > b)
			e = b;
		own[node] = 1;
		v[nv++] = (tspan){.start = s, .end = e, .node = node, .lane = lane[node],
		    .depth = depth[node], .samples = 1};
		/* Its root frame's extent. */
		uint32_t top = node;
		while (depth[top] > 1)
			top = p->nodes[top].parent;
		if (tcount[top]++ == 0 || s < tlo[top])
			tlo[top] = s;
		if (tcount[top] == 1 || e > thi[top])
			thi[top] = e;
	}
	for (uint32_t c = p->nodes[FT_ROOT].child; c != FT_NONE; c = p->nodes[c].sibling)
		if (tcount[c] > 0 && !own[c])
			v[nv++] = (tspan){.start = tlo[c], .end = thi[c], .node = c, .lane = lane[c],
			    .depth = 1, .samples = tcount[c]};
	qsort(v, nv, sizeof(tspan), by_row_time);
	/* Rows: each lane's depths 1..deepest, lane after lane. */
	size_t nrows = 0;
	for (size_t i = 0, j; i < nv; i = j) {
		uint32_t deepest = 0;
		for (j = i; j < nv && v[j].lane == v[i].lane; j++)
			if (v[j].depth > deepest)
				deepest = v[j].depth;
		nrows += deepest;
	}
	int rc = 0;
	if (nv > CHART_MAX_SPANS) {
		diag_set(err, "the flame chart of %zu events would hold over %u spans: choose a "
		    "shorter time range", nv, (unsigned)CHART_MAX_SPANS);
		rc = -1;
		nv = 0;
		nrows = 0;
	}
	ch->spans = xmalloc(sizeof(ft_span) * (nv ? nv : 1));
	ch->row = xmalloc(sizeof(uint32_t) * (nrows + 1));
	size_t at = 0, r = 0;
	for (size_t i = 0, j; i < nv; i = j) {
		uint32_t deepest = 0;
		for (j = i; j < nv && v[j].lane == v[i].lane; j++)
			if (v[j].depth > deepest)
				deepest = v[j].depth;
		size_t k = i;
		for (uint32_t d = 1; d <= deepest; d++, r++) {
			ch->row[r] = (uint32_t)at;
			for (; k < j && v[k].depth == d; k++) {
				ch->spans[at++] = (ft_span){.start = v[k].start, .end = v[k].end,
				    .node = v[k].node, .samples = v[k].samples};
				if (at == 1 || v[k].start < ch->t0)
					ch->t0 = v[k].start;
				if (v[k].end > ch->t1)
					ch->t1 = v[k].end;
				ch->samples += v[k].depth > 1 || own[v[k].node] ? 1 : 0;
			}
		}
	}
	ch->row[nrows] = (uint32_t)at;
	ch->rows = (uint32_t)nrows;
	free(v);
	free(tcount);
	free(thi);
	free(tlo);
	free(own);
	free(lane);
	free(depth);
	if (rc != 0)
		chart_free(ch);
	return rc;
}

/* The spans of samples s[0..ns), sorted by lane and time (see chart.h),
 * cut at b. */
static int
chart_samples(const ft_profile *p, const tsample *s, size_t ns, int64_t b,
    const uint32_t *depth, uint32_t maxd, ft_chart *ch, ft_diag *err)
{
	rowbuf *rows = NULL;          /* every lane's rows, one after the other */
	size_t nrows = 0, crows = 0;
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)maxd + 1));
	size_t nspans = 0;
	int64_t lowest = INT64_MAX;
	for (size_t l0 = 0, l1; l0 < ns; l0 = l1) {
		for (l1 = l0; l1 < ns && s[l1].lane == s[l0].lane; l1++)
			;
		/* A lane: its samples s[l0..l1), its rows from base. */
		int64_t iv = usual_interval(s + l0, l1 - l0);
		if (iv > 0 && iv < lowest)
			lowest = iv;
		if (iv == 0)
			iv = 1000000;
		size_t base = nrows;
		uint32_t used = 0;
		int64_t prev = 0;
		for (size_t i = l0; i < l1; i++) {
			int64_t len = s[i].len;
			if (len <= 0)
				len = iv;
			int64_t st = s[i].t, en = st + len;
			int64_t reach = len > INT64_MAX / CHART_GAP_FACTOR ? INT64_MAX :
			    CHART_GAP_FACTOR * len;
			if (i + 1 < l1 && s[i + 1].t - st <= reach)
				en = s[i + 1].t;
			if (en > b)
				en = b;
			if (en < st)
				en = st;
			uint32_t leaf = s[i].leaf;
			uint32_t d = depth[leaf];
			for (uint32_t n = leaf; n != FT_ROOT && n != FT_NONE; n = p->nodes[n].parent)
				path[depth[n] - 1] = n;
			while (nrows < base + d) {
				if (nrows == crows) {
					crows = grow_cap(crows, nrows + 1, 16);
					rows = xreallocarray(rows, crows, sizeof(rowbuf));
				}
				rows[nrows++] = (rowbuf){0};
			}
			for (uint32_t k = 0; k < d; k++) {
				rowbuf *r = &rows[base + k];
				ft_span *last = r->n > 0 ? &r->v[r->n - 1] : NULL;
				/* The same call path, running on from the sample
				 * before: one span. */
				if (last != NULL && k < used && last->node == path[k] &&
				    last->end == st && i > l0 && prev == st) {
					last->end = en;
					last->samples++;
				} else {
					row_push(r, (ft_span){.start = st, .end = en, .node = path[k],
					    .samples = 1});
					nspans++;
				}
			}
			used = d;
			prev = en;
			if (ns > 0 && (st < ch->t0 || ch->samples == 0))
				ch->t0 = st;
			if (en > ch->t1)
				ch->t1 = en;
			ch->samples++;
			if (nspans > CHART_MAX_SPANS) {
				diag_set(err, "the flame chart of %zu samples would hold over %u "
				    "spans%s", ns, (unsigned)CHART_MAX_SPANS, ch->ordinal ? "" :
				    ": choose a shorter time range (H, the heat map)");
				for (size_t k = 0; k < nrows; k++)
					free(rows[k].v);
				free(rows);
				free(path);
				*ch = (ft_chart){.thread = FT_NONE};
				return -1;
			}
		}
	}
	if (lowest != INT64_MAX)
		ch->interval = lowest;
	ch->rows = (uint32_t)nrows;
	ch->spans = xmalloc(sizeof(ft_span) * (nspans ? nspans : 1));
	ch->row = xmalloc(sizeof(uint32_t) * (nrows + 1));
	size_t at = 0;
	for (size_t k = 0; k < nrows; k++) {
		ch->row[k] = (uint32_t)at;
		if (rows[k].n > 0)
			memcpy(ch->spans + at, rows[k].v, sizeof(ft_span) * rows[k].n);
		at += rows[k].n;
		free(rows[k].v);
	}
	ch->row[nrows] = (uint32_t)at;
	free(rows);
	free(path);
	return 0;
}

/* The chart of a timeline's samples. */
static int
chart_timed(const ft_profile *p, int64_t a, int64_t b, uint32_t thread, ft_chart *ch,
    ft_diag *err)
{
	const ft_timeline *tl = p->timeline;
	ch->origin = timeline_origin(tl);
	uint32_t *depth, *lane, maxd;
	depths_and_lanes(p, &depth, &lane, &maxd);
	uint32_t want = thread == FT_NONE || thread >= p->nnodes ? UINT32_MAX : lane[thread];
	/* The samples in range, by lane and time. */
	tsample *s = xmalloc(sizeof(tsample) * (tl->n ? tl->n : 1));
	size_t ns = 0;
	for (uint32_t i = 0; i < tl->n; i++) {
		int64_t t = tl->t[i] - ch->origin;
		uint32_t leaf = tl->leaf[i];
		if (t < a || t >= b || leaf >= p->nnodes || leaf == FT_ROOT)
			continue;
		if (thread != FT_NONE && lane[leaf] != want)
			continue;
		s[ns++] = (tsample){.t = t, .len = own_length(p, tl, i), .i = i, .leaf = leaf,
		    .lane = lane[leaf]};
	}
	qsort(s, ns, sizeof(tsample), by_lane_time);
	int rc = chart_samples(p, s, ns, b, depth, maxd, ch, err);
	free(s);
	free(lane);
	free(depth);
	return rc;
}

/* The chart of a profile without time in the order its samples came
 * (order.h): in each lane, sample after sample, each as long as its value
 * in column col; samples of no positive value there are left out. */
static int
chart_order(const ft_profile *p, uint32_t thread, int col, ft_chart *ch, ft_diag *err)
{
	const ft_order *o = p->sample_order;
	ch->ordinal = 1;
	ch->col = col;
	ch->origin = 0;
	ch->interval = 1;
	uint32_t *depth, *lane, maxd;
	depths_and_lanes(p, &depth, &lane, &maxd);
	uint32_t want = thread == FT_NONE || thread >= p->nnodes ? UINT32_MAX : lane[thread];
	uint32_t nl = (p->threads != NULL ? p->nthreads : 0) + 1;
	int64_t *at = xcalloc(nl, sizeof(int64_t)); /* each lane's next position */
	tsample *s = xmalloc(sizeof(tsample) * (o->n ? o->n : 1));
	size_t ns = 0;
	for (uint32_t i = 0; i < o->n; i++) {
		uint32_t leaf = o->leaf[i];
		ft_val w = o->v[(size_t)i * (size_t)o->nv + (size_t)col];
		if (w <= 0 || leaf >= p->nnodes || leaf == FT_ROOT)
			continue;
		if (thread != FT_NONE && lane[leaf] != want)
			continue;
		uint32_t l = lane[leaf] < nl ? lane[leaf] : nl - 1;
		if (at[l] > INT64_MAX - w)
			continue; /* cannot happen: the tree's sums are checked */
		s[ns++] = (tsample){.t = at[l], .len = w, .i = i, .leaf = leaf, .lane = lane[leaf]};
		at[l] += w;
	}
	free(at);
	qsort(s, ns, sizeof(tsample), by_lane_time);
	int rc = chart_samples(p, s, ns, INT64_MAX, depth, maxd, ch, err);
	free(s);
	free(lane);
	free(depth);
	return rc;
}

int
chart_build(const ft_profile *p, int64_t a, int64_t b, uint32_t thread, int col,
    ft_chart *ch, ft_diag *err)
{
	*ch = (ft_chart){.thread = thread, .interval = 1000000};
	const ft_timeline *tl = p->timeline;
	if (tl == NULL && p->spans != NULL)
		return chart_spans(p, a, b, thread, ch, err);
	if (tl == NULL && p->sample_order != NULL && !p->sample_order->lost) {
		if (col < 0 || col >= p->nvals || col >= p->sample_order->nv)
			col = p->deftype >= 0 && p->deftype < p->sample_order->nv ? p->deftype : 0;
		return chart_order(p, thread, col, ch, err);
	}
	if (tl == NULL) {
		diag_set(err, "the profile keeps no time per sample");
		return -1;
	}
	return chart_timed(p, a, b, thread, ch, err);
}
void
chart_free(ft_chart *ch)
{
	free(ch->spans);
	free(ch->row);
	*ch = (ft_chart){.thread = FT_NONE};
}

const ft_span *
chart_row(const ft_chart *ch, uint32_t d, uint32_t *n)
{
	if (ch->row == NULL || d >= ch->rows) {
		*n = 0;
		return NULL;
	}
	*n = ch->row[d + 1] - ch->row[d];
	return ch->spans + ch->row[d];
}

int64_t
chart_col(int64_t t, int64_t v0, int64_t v1, int w)
{
	if (v1 <= v0)
		return 0;
	/* (t - v0) * w may not fit: in long double, floored. */
	long double x = (long double)(t - v0) * (long double)w / (long double)(v1 - v0);
	int64_t c = (int64_t)x;
	if ((long double)c > x)
		c--;
	return c;
}

uint32_t
chart_first_after(const ft_chart *ch, uint32_t d, int64_t t)
{
	uint32_t n;
	const ft_span *r = chart_row(ch, d, &n);
	uint32_t lo = 0, hi = n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (r[mid].end <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

uint32_t
chart_find(const ft_chart *ch, uint32_t d, int64_t t)
{
	uint32_t n;
	const ft_span *r = chart_row(ch, d, &n);
	if (n == 0)
		return UINT32_MAX;
	uint32_t lo = chart_first_after(ch, d, t);
	if (lo == n)
		return n - 1;
	if (r[lo].start <= t || lo == 0)
		return lo;
	/* t in a gap: the nearer of the two around it. */
	return t - r[lo - 1].end < r[lo].start - t ? lo - 1 : lo;
}
