/* chart_spans.c - a trace's spans as a flame chart (see chart_spans.h). */
#include "ops/chart_spans.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "profile/spans.h"

struct cs { uint32_t row, seq; ft_span s; };

static int
cmp_cs(const void *x, const void *y)
{
	const struct cs *a = x, *b = y;
	if (a->row != b->row)
		return a->row < b->row ? -1 : 1;
	if (a->s.start != b->s.start)
		return a->s.start < b->s.start ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

int
chart_from_spans(const ft_profile *p, int64_t a, int64_t b, uint32_t thread,
    ft_chart *ch, ft_diag *err)
{
	const ft_spans *sp = p->spans;
	*ch = (ft_chart){.thread = thread};
	if (sp == NULL) {
		diag_set(err, "%s: the %s format keeps no spans", p->source ? p->source :
		    "-", p->format ? p->format : "input");
		return -1;
	}
	uint32_t nn = p->nnodes;
	/* Per node: its depth (root 0) and the root child above it. */
	uint32_t *depth = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	uint32_t *top = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	uint8_t *has = xcalloc(nn ? nn : 1, 1);
	depth[0] = 0;
	top[0] = FT_ROOT;
	for (uint32_t n = 1; n < nn; n++) {
		uint32_t par = p->nodes[n].parent;
		depth[n] = depth[par] + 1;
		top[n] = par == FT_ROOT ? n : top[par];
	}
	for (uint32_t i = 0; i < sp->n; i++)
		if (sp->node[i] < nn)
			has[sp->node[i]] = 1;
	int64_t o = spans_origin(sp);
	struct cs *v = NULL;
	size_t nv = 0, cv = 0;
	/* Threads' rows: the union of each thread's spans (at depth 2), by
	 * thread in stored order; cur* is the stretch being grown. */
	uint32_t cur_t = FT_NONE;
	int64_t cur_s = 0, cur_e = 0;
	uint32_t rows = 0;
	for (uint32_t i = 0; i <= sp->n; i++) {
		uint32_t node = i < sp->n ? sp->node[i] : FT_ROOT;
		if (i < sp->n && (node >= nn || node == FT_ROOT))
			continue;
		uint32_t t = i < sp->n ? top[node] : FT_NONE;
		if (i < sp->n && thread != FT_NONE && t != thread)
			continue;
		int64_t s = 0, e = 0;
		int in = 0;
		if (i < sp->n) {
			/* Offsets from the origin, saturating (an origin of a
			 * format's stated start is at most the first start). */
			if (__builtin_sub_overflow(sp->start[i], o, &s))
				s = sp->start[i] < o ? INT64_MIN : INT64_MAX;
			if (__builtin_sub_overflow(sp->end[i], o, &e))
				e = sp->end[i] < o ? INT64_MIN : INT64_MAX;
			in = s == e ? (s >= a && s < b) : (s < b && e > a);
			if (s < a)
				s = a;
			if (e > b)
				e = b;
		}
		/* A thread's stretch ends at a gap, another thread, the end. */
		if (cur_t != FT_NONE && (i == sp->n || (in && !has[t] && depth[node] == 2 &&
		    (t != cur_t || s > cur_e)))) {
			XPUSH(v, nv, cv, 256, ((struct cs){.row = 0, .seq = (uint32_t)nv,
			    .s = {.start = cur_s, .end = cur_e, .node = cur_t, .samples = 0}}));
			cur_t = FT_NONE;
		}
		if (i == sp->n)
			break;
		if (!in)
			continue;
		if (!has[t] && depth[node] == 2) {
			if (cur_t == FT_NONE) {
				cur_t = t;
				cur_s = s;
				cur_e = e;
			} else if (e > cur_e) {
				cur_e = e;
			}
		}
		uint32_t row = depth[node] - 1;
		if (row + 1 > rows)
			rows = row + 1;
		XPUSH(v, nv, cv, 256, ((struct cs){.row = row, .seq = (uint32_t)nv,
		    .s = {.start = s, .end = e, .node = node, .samples = 1}}));
		ch->samples++;
	}
	if (nv > 0 && rows == 0)
		rows = 1;
	qsort(v, nv, sizeof(*v), cmp_cs);
	ch->spans = xmalloc(sizeof(ft_span) * (nv ? nv : 1));
	ch->row = xcalloc((size_t)rows + 1, sizeof(uint32_t));
	ch->rows = rows;
	ch->origin = o;
	ch->interval = 0;
	uint32_t r = 0;
	for (size_t k = 0; k < nv; k++) {
		while (r < v[k].row)
			ch->row[++r] = (uint32_t)k;
		ch->spans[k] = v[k].s;
		if (k == 0 || v[k].s.start < ch->t0)
			ch->t0 = v[k].s.start;
		if (k == 0 || v[k].s.end > ch->t1)
			ch->t1 = v[k].s.end;
	}
	while (r < rows)
		ch->row[++r] = (uint32_t)nv;
	free(v);
	free(has);
	free(top);
	free(depth);
	return 0;
}
