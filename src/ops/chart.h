/* chart.h - a flame chart (speedscope's Time Order, Chrome's Performance
 * panel): a profile's samples in time order (profile/timeline.h), one row
 * per depth, the frames of consecutive samples that share the call path
 * to that depth merged into one span.
 *
 * Each thread (a root child the loader made a thread's, ft_thread_root)
 * is a lane, as Chrome draws a track per thread: its rows, the thread's
 * root frame on the first, one after the other in the profile's order of
 * threads (stacks of no thread after them); two threads' samples
 * interleaved in time never break each other's spans.  A profile without
 * threads (a .cpuprofile, or threads merged into a new tree) is one lane.
 * The root "all" is not drawn.  A sample's own length is its weight when its column is
 * a time (a .cpuprofile's time to the next sample, perf's cpu-clock
 * period), else the lane's usual interval: the (lower) median of the gaps
 * between its consecutive samples (1 ms with fewer than two).  In a lane,
 * a sample at t lasts until the lane's next sample (in time order: times
 * that go backwards are sorted), unless that one is more than
 * CHART_GAP_FACTOR own lengths away (a gap: the program was not running,
 * or not sampled), when it lasts its own length.  Two
 * samples' frames at one depth merge when they are the same call path
 * (the same node) and the first one's span ends where the second starts:
 * a gap breaks a span.
 *
 * A profile without time that kept its samples' order (order.h: a folded
 * file's lines, a pprof file's samples) is charted in that order, as
 * speedscope's Time Order does: the axis is not time but the running sum
 * of a value column, each sample as long as its value, one after the other
 * in its lane (ch->ordinal).
 *
 * A trace (its duration events kept as spans, spans.h) is charted as it
 * was recorded: each event from its start to its end at its depth, the
 * lanes its threads, a lane's root frame (no event) spanning its events.
 *
 * Pure: no screen, no printing.
 */
#ifndef FT_CHART_H
#define FT_CHART_H

#include <stdint.h>

#include "base/diag.h"
#include "profile/profile.h"

#define CHART_GAP_FACTOR 4
/* The most spans a chart holds (24 bytes each: 384 MiB); a longer
 * recording is charted a time range at a time. */
#define CHART_MAX_SPANS (16u << 20)

typedef struct ft_span {
	int64_t start, end; /* ns from the timeline's origin; end excluded */
	uint32_t node;      /* the profile's node: its name and call path */
	uint32_t samples;   /* samples merged into the span */
} ft_span;

typedef struct ft_chart {
	ft_span *spans;      /* row by row, each row in time order */
	uint32_t *row;       /* row d is spans[row[d] .. row[d + 1]) */
	uint32_t rows;
	int64_t origin;      /* ns: timeline_origin() */
	int64_t t0, t1;      /* ns from origin: the first span's start, the
	                      * last one's end (0, 0 when empty) */
	int64_t interval;    /* ns: a sample's usual length (the shortest of
	                      * the lanes') */
	uint64_t samples;    /* samples charted (a trace's: events) */
	int events;          /* drawn from a trace's events (spans.h), not
	                      * samples: a span is one event, a lane's root
	                      * frame spans its events */
	uint32_t thread;     /* the root child charted, FT_NONE: all */
	int ordinal;         /* in sample order, not time (order.h): start,
	                      * end, t0, t1 and interval are sums of column
	                      * col's values, origin 0 */
	int col;
} ft_chart;

/* The chart of p's samples with a <= t - origin < b (ns from
 * timeline_origin(); INT64_MIN, INT64_MAX for all) whose stack starts at
 * thread (a thread's root frame, p->threads[k].node; FT_NONE: every
 * sample).  Without time, in sample order by column col (p->deftype when
 * col is not a column), a and b unused.  -1 with err when p keeps neither
 * time nor order, or the chart would hold more than CHART_MAX_SPANS
 * spans. */
int chart_build(const ft_profile *p, int64_t a, int64_t b, uint32_t thread, int col,
    ft_chart *ch, ft_diag *err);
void chart_free(ft_chart *ch);

/* The spans of row d (*n of them); NULL with *n 0 past the last row. */
const ft_span *chart_row(const ft_chart *ch, uint32_t d, uint32_t *n);

/* The cell of time t on a row of w cells showing [v0, v1): floor((t -
 * v0) * w / (v1 - v0)), which may be below 0 or w and above. */
int64_t chart_col(int64_t t, int64_t v0, int64_t v1, int w);

/* In row d: the first span that ends after t (the row's length when
 * none does). */
uint32_t chart_first_after(const ft_chart *ch, uint32_t d, int64_t t);

/* In row d: the span at time t, else the nearest one; UINT32_MAX when
 * the row is empty.  The index is within the row. */
uint32_t chart_find(const ft_chart *ch, uint32_t d, int64_t t);

#endif
