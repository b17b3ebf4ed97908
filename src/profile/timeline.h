/* timeline.h - when each sample was taken, kept beside the call tree.
 *
 * Formats with time (perf script's event timestamps, a .cpuprofile's
 * startTime + timeDeltas, a JFR recording's execution samples) keep, per sample, its time in nanoseconds and
 * its stack (the leaf node); the tree merges samples, the timeline does
 * not.  Per sample 12 bytes, 16 when samples weigh other than 1 (perf's
 * periods, a .cpuprofile's microseconds), plus 1 when a perf script file
 * holds more than one event type, in big arrays (xbig_realloc: room
 * reserved but not written costs nothing).  Formats without time have
 * none (p->timeline == NULL) and pay nothing.  Relabelling (--group)
 * moves the timeline when the tree is rebuilt in its own memory (the
 * commands); the viewer, which keeps the tree as loaded for its group
 * key, holds a second copy for the regrouped tree.
 *
 * A sample's values: w (1 when no weights are kept) in its column (col,
 * or the timeline's one column) and 1 in the count column when there is
 * one (a .cpuprofile's "samples").  timeline_range() makes the tree of the
 * samples in a time range from these, so it is exact.
 *
 * Loaders add samples as they come; times may go backwards (binned as
 * they come, never sorted).  Transforms that keep node ids for the same
 * stacks carry the timeline over with timeline_remap(); filters drop it
 * (profile_new_like() does not copy it): the heat map is drawn from the
 * loaded profile, and a time range (ops/timerange.h) is applied to it
 * before any filter.  This file knows no tree: ops/timerange.h joins the
 * two (idle nodes, the heat map of a profile, the tree of a range).
 *
 * The heat map (FlameScope's binning): rows subsecond buckets, columns
 * steps of step seconds from floor(start); a sample at t is in row
 * rows - floor(rows * frac(t)) - 1 and column floor((t - floor(start)) /
 * step); there are ceil((ceil(end) - floor(start)) / step) columns.
 * start and end are the recording's own when the format states them,
 * else the first and last sample's (the smallest and largest time).
 * Idle samples (FlameScope's rules) are left out unless asked for.
 */
#ifndef FT_TIMELINE_H
#define FT_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

#define FT_NS 1000000000LL

typedef struct ft_timeline {
	int64_t *t;      /* ns */
	uint32_t *leaf;  /* node */
	uint32_t *w;     /* weight in its column; NULL: every weight is 1 */
	uint8_t *cols;   /* column per sample; NULL: every sample's is col */
	uint32_t n, cap;
	int col;         /* the column of samples when col[] is NULL */
	int count_col;   /* a column that counts 1 per sample, or -1 */
	int64_t start, end; /* ns: the recording's bounds when have_bounds */
	int have_bounds;
	int64_t tmin, tmax; /* the samples' smallest and largest time */
	int backwards;   /* some sample's time is below the one before */
	uint64_t untimed; /* samples of the file without a time */
	uint64_t other;  /* events of other kinds, not kept (a JFR recording's
	                  * allocation, monitor and park events: its timeline
	                  * is its execution samples) */
	int idle_rule;   /* FT_IDLE_* */
} ft_timeline;

enum {
	FT_IDLE_NONE = 0,
	FT_IDLE_PERF,    /* swapper with cpuidle, cpu_idle, ... below it */
	FT_IDLE_V8,      /* a frame named (idle) */
};

ft_timeline *timeline_new(int col, int count_col);
void timeline_free(ft_timeline *tl);

/* Append one sample: t ns, leaf node, weight w in column col.  -1 (and
 * nothing added) when w does not fit the 32 bits kept. */
int timeline_add(ft_timeline *tl, int64_t t, uint32_t leaf, int64_t w, int col);

/* A copy of tl with its nodes moved through map (old node -> new node; a
 * sample whose node maps to UINT32_MAX is dropped), or NULL when tl is. */
ft_timeline *timeline_remap(const ft_timeline *tl, const uint32_t *map);
/* The same in place: tl's nodes moved through map (a tree rebuilt in
 * the memory of the old one, relabel.c's consume). */
void timeline_remap_inplace(ft_timeline *tl, const uint32_t *map);

/* The origin of the time axis, floor(start) in ns, and the end. */
int64_t timeline_origin(const ft_timeline *tl);
int64_t timeline_end(const ft_timeline *tl);

/* A heat map: counts[col * rows + row]. */
typedef struct ft_heatmap {
	uint32_t rows, cols;
	int64_t step;      /* ns per column */
	int64_t origin;    /* ns: floor(start) */
	uint32_t *counts;
	uint32_t maxvalue;
	uint64_t idle;     /* samples left out as idle */
	int with_idle;     /* for the caller: binned with idle samples */
} ft_heatmap;

/* Is node n in set, a set of nodes one bit each (timerange_idle_nodes():
 * a big tree's set stays in cache while its samples are binned)? */
static inline int
ft_bit(const uint8_t *set, uint32_t n)
{
	return set[n >> 3] >> (n & 7) & 1;
}

/* The step of a heat map's columns: step_s seconds, or when 0 the
 * smallest of 1, 2, 5, 10, 60, 300, 600, 1800, 3600... s giving at most
 * max_cols columns (max_cols 0: 1 s). */
int64_t heatmap_step(const ft_timeline *tl, int64_t step_s, uint32_t max_cols);

/* Bin tl: rows per second, step ns per column (heatmap_step()); samples
 * at a node in idle (a set of one bit per node, ft_bit()) are left out
 * (idle may be NULL). */
void heatmap_bin(const ft_timeline *tl, uint32_t rows, int64_t step,
    const uint8_t *idle, ft_heatmap *hm);
/* The same with the samples left out given one bit per sample (bit i %
 * 64 of skip[i / 64]: sample i; timeline_sample_set()): read in order,
 * where a node set is looked up at random. */
void heatmap_bin_skip(const ft_timeline *tl, uint32_t rows, int64_t step,
    const uint64_t *skip, ft_heatmap *hm);
/* One bit per sample of tl, set when its node is in nodes (ft_bit()):
 * malloc'd; NULL when nodes is NULL or no sample's node is in it. */
uint64_t *timeline_sample_set(const ft_timeline *tl, const uint8_t *nodes);
void heatmap_free(ft_heatmap *hm);

/* The activity line: the recording from timeline_origin() to its end cut
 * into ncols equal slices (the span is the larger of timeline_end() -
 * origin and the last sample's offset): a sample at t is in slice
 * floor((t - origin) * ncols / span), the last for t at the end.  all[i]
 * counts the samples in slice i, in[i] those of them with from <= t -
 * origin < to (a time range shown) whose leaf has mark[leaf] set (mark
 * NULL: every leaf; in may be NULL).  Samples at
 * a node in skip (a set of one bit per node, ft_bit(): idle ones) are left
 * out; skip may be NULL.
 * Returns the largest all[i].  Samples in time order (not backwards)
 * are sliced by binary search, with no division per sample. */
uint32_t timeline_activity(const ft_timeline *tl, uint32_t ncols,
    const uint8_t *skip, const uint8_t *mark, int64_t from, int64_t to,
    uint32_t *all, uint32_t *in);
/* The same in two halves, for a viewer that keeps the all row (it
 * changes only with the width and skip) and works out the marked row
 * alone when the selection moves: timeline_activity_all() fills all and
 * returns its largest, timeline_activity_in() fills in. */
uint32_t timeline_activity_all(const ft_timeline *tl, uint32_t ncols,
    const uint8_t *skip, uint32_t *all);
void timeline_activity_in(const ft_timeline *tl, uint32_t ncols,
    const uint8_t *skip, const uint8_t *mark, int64_t from, int64_t to,
    uint32_t *in);

/* In tl's samples lo..hi, in time order (not backwards): the first at d
 * ns from o or later (hi when none). */
uint32_t timeline_first_at(const ft_timeline *tl, int64_t o, uint32_t lo, uint32_t hi,
    int64_t d);

/* Parse "A,B" or "A-B" (seconds from the origin, decimals allowed, an
 * optional " s" after; B may be empty or "end" for "to the end") into ns
 * offsets: a sample is in when *a <= t - origin < *b.  -1 with err on bad
 * text or an end not after the start. */
int timerange_parse(const char *s, int64_t *a, int64_t *b, ft_diag *err);

/* timerange_parse() and the range as a filter's text, "12.34-14.02 s"
 * ("12.34-end s" when open), into buf.  -1 with err on bad text. */
int timerange_text(const char *s, int64_t *a, int64_t *b, char *buf,
    size_t cap, ft_diag *err);

#endif
