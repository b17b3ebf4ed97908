/* spans.c - the duration events of a trace (see spans.h). */
#include "profile/spans.h"

#include <stdlib.h>

#include "base/xalloc.h"

ft_spans *
spans_new(void)
{
	return xcalloc(1, sizeof(ft_spans));
}

void
spans_free(ft_spans *s)
{
	if (s == NULL)
		return;
	xbig_free(s->start, (size_t)s->cap * sizeof(int64_t));
	xbig_free(s->end, (size_t)s->cap * sizeof(int64_t));
	xbig_free(s->node, (size_t)s->cap * sizeof(uint32_t));
	free(s);
}

static void
grow(ft_spans *s, uint32_t want)
{
	if (want <= s->cap)
		return;
	uint32_t cap = s->cap ? s->cap : 1024;
	while (cap < want)
		cap = cap > UINT32_MAX / 2 ? UINT32_MAX : cap * 2;
	s->start = xbig_realloc(s->start, (size_t)s->cap * sizeof(int64_t),
	    (size_t)cap * sizeof(int64_t));
	s->end = xbig_realloc(s->end, (size_t)s->cap * sizeof(int64_t),
	    (size_t)cap * sizeof(int64_t));
	s->node = xbig_realloc(s->node, (size_t)s->cap * sizeof(uint32_t),
	    (size_t)cap * sizeof(uint32_t));
	s->cap = cap;
}

void
spans_add(ft_spans *s, int64_t start, int64_t end, uint32_t node)
{
	if (s->n == UINT32_MAX)
		return; /* more than a trace's memory could hold: not kept */
	grow(s, s->n + 1);
	s->start[s->n] = start;
	s->end[s->n] = end;
	s->node[s->n] = node;
	s->n++;
}

ft_spans *
spans_remap(const ft_spans *s, const uint32_t *map)
{
	if (s == NULL)
		return NULL;
	ft_spans *c = spans_new();
	grow(c, s->n);
	for (uint32_t i = 0; i < s->n; i++)
		if (map[s->node[i]] != UINT32_MAX)
			spans_add(c, s->start[i], s->end[i], map[s->node[i]]);
	return c;
}

void
spans_remap_inplace(ft_spans *s, const uint32_t *map)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < s->n; i++) {
		uint32_t n = map[s->node[i]];
		if (n == UINT32_MAX)
			continue;
		s->start[k] = s->start[i];
		s->end[k] = s->end[i];
		s->node[k++] = n;
	}
	s->n = k;
}
