/* spans.h - the duration events of a trace, kept beside the call tree.
 *
 * A Chrome trace's B/E pairs and X events (and clang -ftime-trace's) make
 * the tree from their self times, which sums them; the flame chart draws
 * each as it was: from its start to its end, at its frame (the node of
 * its call path).  Per span 20 bytes in big arrays (xbig_realloc).  Spans
 * are kept as the loader nested them: in a thread, spans at one depth
 * never overlap (a child is cut at its parent's end).  Formats without
 * spans have none (p->spans == NULL).  Relabelling (--group) carries them
 * as it carries the timeline (spans_remap); filters drop them.
 */
#ifndef FT_SPANS_H
#define FT_SPANS_H

#include <stdint.h>

typedef struct ft_spans {
	int64_t *start, *end; /* ns, on the trace's clock; end >= start */
	uint32_t *node;       /* the span's frame in the tree */
	uint32_t n, cap;
} ft_spans;

ft_spans *spans_new(void);
void spans_free(ft_spans *s);
/* Append one span. */
void spans_add(ft_spans *s, int64_t start, int64_t end, uint32_t node);
/* A copy of s with its nodes moved through map (old node -> new node; a
 * span whose node maps to UINT32_MAX is dropped), or NULL when s is. */
ft_spans *spans_remap(const ft_spans *s, const uint32_t *map);
/* The same in place. */
void spans_remap_inplace(ft_spans *s, const uint32_t *map);

#endif
