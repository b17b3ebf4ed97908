/* spans.c - trace spans beside the tree (see spans.h). */
#include "profile/spans.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

ft_spans *
spans_new(void)
{
	ft_spans *sp = xcalloc(1, sizeof(*sp));
	sp->tmin = INT64_MAX;
	sp->tmax = INT64_MIN;
	return sp;
}

void
spans_free(ft_spans *sp)
{
	if (sp == NULL)
		return;
	size_t c = sp->cap;
	xbig_free(sp->start, c * sizeof(*sp->start));
	xbig_free(sp->end, c * sizeof(*sp->end));
	xbig_free(sp->node, c * sizeof(*sp->node));
	free(sp);
}

static void
grow(ft_spans *sp, size_t cap)
{
	size_t o = sp->cap;
	sp->start = xbig_realloc(sp->start, o * sizeof(*sp->start), cap * sizeof(*sp->start));
	sp->end = xbig_realloc(sp->end, o * sizeof(*sp->end), cap * sizeof(*sp->end));
	sp->node = xbig_realloc(sp->node, o * sizeof(*sp->node), cap * sizeof(*sp->node));
	sp->cap = (uint32_t)cap;
}

int
spans_add(ft_spans *sp, int64_t start, int64_t end, uint32_t node)
{
	if (end < start || sp->n == UINT32_MAX)
		return -1;
	if (sp->n == sp->cap) {
		size_t cap = grow_cap(sp->cap, (size_t)sp->n + 1, 4096);
		grow(sp, cap > UINT32_MAX ? UINT32_MAX : cap);
	}
	uint32_t i = sp->n++;
	sp->start[i] = start;
	sp->end[i] = end;
	sp->node[i] = node;
	if (start < sp->tmin)
		sp->tmin = start;
	if (end > sp->tmax)
		sp->tmax = end;
	return 0;
}

void
spans_set_end(ft_spans *sp, uint32_t i, int64_t end)
{
	if (i >= sp->n)
		return;
	if (end < sp->start[i])
		end = sp->start[i];
	sp->end[i] = end;
	if (end > sp->tmax)
		sp->tmax = end;
}

size_t
spans_bytes(const ft_spans *sp)
{
	return sp == NULL ? 0 : (size_t)sp->n * (sizeof(*sp->start) +
	    sizeof(*sp->end) + sizeof(*sp->node));
}

int64_t
spans_origin(const ft_spans *sp)
{
	if (sp->n == 0)
		return sp->have_origin ? sp->origin : 0;
	if (sp->have_origin && sp->origin <= sp->tmin)
		return sp->origin;
	return sp->tmin;
}

ft_spans *
spans_remap(ft_spans *sp, const uint32_t *map, uint32_t nnew, int inplace)
{
	if (sp == NULL)
		return NULL;
	/* Which old node holds spans at each new node: two is a merge. */
	uint32_t *owner = xmalloc(sizeof(uint32_t) * (nnew ? nnew : 1));
	memset(owner, 0xff, sizeof(uint32_t) * (nnew ? nnew : 1));
	int ok = 1;
	for (uint32_t i = 0; i < sp->n && ok; i++) {
		uint32_t m = map[sp->node[i]];
		if (m == UINT32_MAX || m >= nnew)
			ok = 0;
		else if (owner[m] == UINT32_MAX)
			owner[m] = sp->node[i];
		else if (owner[m] != sp->node[i])
			ok = 0;
	}
	free(owner);
	if (!ok) {
		if (inplace)
			spans_free(sp);
		return NULL;
	}
	ft_spans *c = sp;
	if (!inplace) {
		c = spans_new();
		c->origin = sp->origin;
		c->have_origin = sp->have_origin;
		if (sp->n > 0)
			grow(c, sp->n);
		memcpy(c->start, sp->start, sp->n * sizeof(*sp->start));
		memcpy(c->end, sp->end, sp->n * sizeof(*sp->end));
		c->n = sp->n;
		c->tmin = sp->tmin;
		c->tmax = sp->tmax;
	}
	for (uint32_t i = 0; i < c->n; i++)
		c->node[i] = map[sp->node[i]];
	return c;
}
