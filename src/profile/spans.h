/* spans.h - trace spans kept beside the call tree.
 *
 * Formats whose events have a start and an end (a Chrome trace's
 * duration events: B/E pairs and X events; a speedscope evented profile's
 * O/C pairs in a time unit) keep, per span, its start and end in
 * nanoseconds and the tree node of its call path (the node the span's
 * frame is in the tree): 20 bytes a span, in three big arrays
 * (xbig_realloc: room reserved but not written costs nothing).  Formats
 * without spans have none (p->spans == NULL) and pay nothing.
 *
 * Order: the spans as the tree was built from them, thread by thread
 * (the root child each stack starts at), each thread's in nesting order
 * (by start, an enclosing span before the spans inside it), so a parent
 * span comes before its children and a span's children lie within it
 * (a span overlapping its parent's end is kept cut there, as the tree
 * counts it).  Only spans the tree counts are kept: events refused (an E
 * without a B, a length beyond 64 bits) are not; a B never ended is kept
 * to the thread's last timestamp, as the tree counts it.
 *
 * Like the timeline (timeline.h): transforms that keep node ids for the
 * same stacks carry the spans over with spans_remap() (relabelling:
 * dropped instead when it merges two call paths that hold spans, e.g. two
 * threads into one process, since their spans no longer nest); filters
 * drop them (profile_new_like() does not copy them).  This file knows no
 * tree but the node ids.
 */
#ifndef FT_SPANS_H
#define FT_SPANS_H

#include <stddef.h>
#include <stdint.h>

typedef struct ft_spans {
	int64_t *start, *end; /* ns; end >= start */
	uint32_t *node;       /* the span's tree node */
	uint32_t n, cap;
	int64_t tmin, tmax;   /* the smallest start, the largest end */
	int64_t origin;       /* ns: the recording's start when have_origin */
	int have_origin;      /* the format states a start (speedscope's
	                       * startValue) */
} ft_spans;

ft_spans *spans_new(void);
void spans_free(ft_spans *sp);

/* Append one span [start, end] ns at node.  -1 (nothing added) when end
 * is before start or the store is full. */
int spans_add(ft_spans *sp, int64_t start, int64_t end, uint32_t node);

/* Set span i's end (a span added at its open, closed later, keeps the
 * nesting order): end not before its start. */
void spans_set_end(ft_spans *sp, uint32_t i, int64_t end);

/* The bytes the store holds for its spans (20 a span). */
size_t spans_bytes(const ft_spans *sp);

/* The origin of the spans' time axis: the stated start when the format
 * gives one (and it is not after the first span), else the earliest
 * span's start (0 when empty). */
int64_t spans_origin(const ft_spans *sp);

/* A copy of sp with its nodes moved through map (old node -> new node,
 * nnew nodes after), or NULL when sp is NULL, when a span's node maps to
 * UINT32_MAX, or when two nodes holding spans map to one (their spans
 * would no longer nest).  In place when inplace (sp returned, or freed
 * and NULL returned). */
ft_spans *spans_remap(ft_spans *sp, const uint32_t *map, uint32_t nnew,
    int inplace);

#endif
