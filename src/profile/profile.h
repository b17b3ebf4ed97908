/* profile.h - the call tree every view is drawn from.
 *
 * A profile is a tree of frames under a synthetic root "all" (node 0).  Each
 * node holds, per sample type ("value column"), one value: its self value
 * while the tree is built, its total (self + totals of its children) once
 * profile_finish() has summed them in place.  A finished node's self is
 * its total minus its children's totals (profile_self()).  Loaders and
 * transforms build trees through the same small builder interface:
 *
 *     p = profile_new(names, nvals);
 *     n = profile_child(p, FT_ROOT, name_id);  ... walk down a stack ...
 *     profile_add_self(p, n, values, diag);
 *     profile_finish(p, FT_SORT_NAME, 0, diag);
 *
 * Loaders that know the process and thread of a stack start it at
 * profile_thread_root() (relabel.h) instead of FT_ROOT.
 *
 * Values are 64-bit integers in units of 10^-scale (scale > 0 only for
 * folded files with fractional counts).  Every sum is checked: overflow is
 * an error, never a wrap.  Nothing here recurses on tree depth.
 *
 * The struct is public so hot loops (layout, transforms) can walk nodes
 * directly; treat it as read-only outside the builder once finished.
 *
 * Memory: 16 bytes per node plus 8 per value column (one array of values,
 * no second copy for totals, no per-node builder state, no depth: see
 * profile_depth() and ft_depths), in big arrays that are reserved, not
 * committed (xbig_realloc), so a loader's generous size hint is free.
 * A node's parent has a lower id, in every tree.
 */
#ifndef FT_PROFILE_H
#define FT_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "profile/intern.h"
#include "profile/value.h"

#define FT_NONE UINT32_MAX /* no node */
#define FT_ROOT 0u         /* the root node, always present */
#define FT_MAX_SCALE 9     /* most decimal places kept for fractional counts */

enum ft_sort {
	FT_SORT_NAME = 0, /* bytewise by name, like flamegraph.pl */
	FT_SORT_WEIGHT,   /* heaviest total first (in the chosen column) */
};

typedef struct ft_node {
	uint32_t name;    /* intern id (includes the frame kind) */
	uint32_t parent;  /* FT_NONE for the root */
	uint32_t child;   /* first child or FT_NONE */
	uint32_t sibling; /* next sibling or FT_NONE */
} ft_node;

typedef struct ft_vtype {
	const char *name; /* "samples", "cpu", "alloc_space", ... */
	const char *unit; /* "count", "nanoseconds", "bytes", ... */
} ft_vtype;

/* A frame name's origin: pprof gives the function's source file, or for
 * an unsymbolized address "mapping-basename+0xOFFSET". */
typedef struct ft_frame_where {
	uint32_t name;     /* intern id */
	const char *where; /* in the profile's arena */
} ft_frame_where;

/* A root frame that holds one thread's stacks (relabel.h). */
typedef struct ft_thread_root {
	uint32_t node;    /* the root's child */
	uint32_t process; /* its name at --group process; FT_NONE: no root frame */
	uint32_t merged;  /* its name at --group none; FT_NONE: no root frame */
} ft_thread_root;

/* A frame name renamed in place (relabel.h). */
typedef struct ft_rename {
	uint32_t node, was;
} ft_rename;

typedef struct ft_profile {
	ft_intern *names; /* shared, reference counted */
	struct ft_arena *arena;

	ft_node *nodes;
	uint32_t nnodes;
	size_t cap;     /* nodes the arrays hold */

	int nvals;      /* value columns (sample types) */
	/* [node * nvals + column]: self values while building, totals after
	 * finish.  Use profile_self() / profile_total(). */
	ft_val *total;
	ft_vtype *types;
	int deftype;    /* column shown first */
	int scale;      /* values are in units of 10^-scale */

	int differential; /* two-column folded input: column 0 before, 1 after */
	const char *source; /* file name for headers ("-" for stdin) */
	const char *format; /* "folded", "pprof", "perf" */

	/* pprof metadata (zero/NULL when absent). */
	ft_vtype period_type;
	ft_val period;
	int64_t duration_ns;
	int64_t time_ns;
	const char **comments;
	int ncomments;
	/* pprof Label keys present in samples, sorted, for the details panel
	 * (string labels and numeric labels separately).  Per-sample label
	 * values are not kept: the tree merges samples, so tag filters will
	 * need a per-stack store (not built yet). */
	const char **label_keys;
	int nlabel_keys;
	const char **numlabel_keys;
	int nnumlabel_keys;
	/* A remark for the header, or NULL: e.g. "default type inuse_space
	 * sums to zero; alloc_space does not". */
	const char *note;
	/* Where frames come from, for the details panel, sorted by name id
	 * (see profile_frame_where); empty when the format has no such data. */
	struct ft_frame_where *where;
	uint32_t nwhere;
	/* Source files and mappings per frame name, for pprof-style filter
	 * matching (framesrc.h); shared by derived trees, NULL when none. */
	struct ft_framesrc *fsrc;
	/* pprof sample labels per (stack, label set) (labels.h); owned, NULL
	 * when the profile has none.  Transforms carry them over. */
	struct ft_labelled *labels;
	/* Each sample's time and stack (timeline.h); owned, NULL when the
	 * format has no time.  Not copied by profile_new_like(): filters
	 * drop it, relabelling carries it (timeline_remap). */
	struct ft_timeline *timeline;
	/* Each trace span's start, end and node (spans.h); owned, NULL when
	 * the format has no spans.  Carried and dropped as the timeline. */
	struct ft_spans *spans;
	/* The samples in the order they came, for a profile without time
	 * (order.h); owned, NULL unless the loader was asked to keep it
	 * (profile_keep_order).  Carried and dropped as the timeline. */
	struct ft_order *sample_order;

	/* Threads whose stacks start at a root frame of their own, by node
	 * (relabel.h); NULL when the format has none.  Not copied by
	 * profile_new_like(): node ids belong to this tree. */
	ft_thread_root *threads;
	uint32_t nthreads, cthreads;
	/* The format cannot tell its unit (folded, stap, DTrace, bpftrace):
	 * --unit may declare it. */
	int unit_unknown;
	/* The values are traced events' durations (a trace's B/E and X
	 * events, speedscope's evented profiles), not samples: a comparison
	 * has no counts to test (ops/compare.h).  Derived trees keep it. */
	int traced;

	uint32_t max_depth;  /* after finish */
	int finished;
	/* The child order profile_sort() last made: 1 + enum ft_sort (0:
	 * none yet), and the column of a weight order. */
	int order, order_col;

	/* Nodes renamed in place by profile_relabel_inplace() (relabel.h):
	 * (node, name id as loaded) in node order, and the demangle mode
	 * applied; renamed == 0 for names as loaded. */
	struct ft_rename *renames;
	uint32_t nrenames;
	int renamed, rename_dm;
	/* The loader demangled the names while building (ft_load_opts
	 * dm_load): renamed and rename_dm say the mode, frames that demangle
	 * alike are merged and the names as loaded are gone, so no other
	 * mode can be had from this tree (the viewer loads the file again). */
	int names_merged;

	/* Builder state, freed by profile_finish(): children of a node are
	 * found by scanning its child list while it has few (at most WIDE + 1
	 * of them are ever scanned); children of wide nodes also go into a
	 * hash table keyed by (parent, name). */
	uint32_t *slots;
	uint32_t mask, nslots;
	/* The node pushed last and its depth (a node has no depth field: the
	 * next push is most often its child), and the largest depth so far. */
	uint32_t last, last_depth, build_depth;
} ft_profile;

/* New empty profile with nvals value columns named "samples"/"count".
 * names may be NULL (a new table) or shared (a reference is taken). */
ft_profile *profile_new(ft_intern *names, int nvals);
void profile_free(ft_profile *p);

/* Name and unit of column i (copied into the profile's arena). */
void profile_set_type(ft_profile *p, int i, const char *name, const char *unit);

/* Set p->source (copied). */
void profile_set_source(ft_profile *p, const char *name);

/* Copy a string into the profile's arena. */
const char *profile_strdup(ft_profile *p, const char *s, size_t n);

/* A new empty profile sharing src's names, with its columns, scale, source,
 * format and metadata: the start of every derived tree. */
ft_profile *profile_new_like(const ft_profile *src);

/* Widen to n columns before finish; existing values move to the LAST
 * column (a folded file that turns out to be differential). */
void profile_set_nvals(ft_profile *p, int n);

/* Append a column of zeros named name/unit before finish, keeping the
 * others in place (a perf script file shows its next event type);
 * returns its index. */
int profile_add_column(ft_profile *p, const char *name, const char *unit);

/* Multiply every stored value by 10^(scale - p->scale).  Returns 0, or -1
 * with diag set when a value would overflow. */
int profile_rescale(ft_profile *p, int scale, ft_diag *err);

/* Child of parent named name, created when absent (builder only). */
uint32_t profile_child(ft_profile *p, uint32_t parent, uint32_t name);

/* Make room for n nodes before building (a transform knows its input's
 * size, a loader can guess from the file's): no re-allocation while the
 * tree grows.  Untouched room costs address space, not memory.  Builder
 * only. */
void profile_reserve(ft_profile *p, size_t n);

/* Append a new child of parent named name without looking for an existing
 * one: the caller guarantees (parent, name) is new, as when copying a
 * subset of a finished tree.  Much cheaper than profile_child() on big
 * trees; mixing the two stays correct. */
uint32_t profile_append(ft_profile *p, uint32_t parent, uint32_t name);

/* Make new profile q (root only) build into p's arrays: a transform that
 * consumes p, writing node ids never above the ones it reads (relabel.c).
 * Read p's root first.  q owns the arrays: set p->nodes and p->total to
 * NULL and p->cap to 0 before freeing p. */
void profile_adopt_arrays(ft_profile *q, ft_profile *p);

/* Return the memory of nodes [0, n) to the system: p is being consumed in
 * id order (a tree merged into another) and those nodes are not read
 * again; nothing of p but profile_free() may be used after the last call. */
void profile_discard_below(ft_profile *p, uint32_t n);

/* Append a new child of parent named name, as profile_append(), when no
 * child of parent will be looked up before finish (profile_child,
 * profile_find_child): no child count, no hash table, just the node.  The
 * fastest way to copy a tree; the caller guarantees (parent, name) is new
 * and keeps such parents apart from those it looks children up in. */
uint32_t profile_push(ft_profile *p, uint32_t parent, uint32_t name);

/* A finished tree written whole by a transform that works out its nodes
 * and totals itself (filters.c): profile_fill() makes new profile p
 * (root only) hold cap nodes, which the caller then writes (fields and
 * totals, root included, a parent's id below its children's, child lists
 * linked; the total array may serve as scratch up to cap first);
 * profile_filled() finishes it as n nodes (room well beyond given back)
 * with the tree's largest depth, ordering the children unless the caller
 * says they already are in the (sort, column) order (sorted != 0). */
void profile_fill(ft_profile *p, uint32_t cap);
void profile_filled(ft_profile *p, uint32_t n, uint32_t max_depth,
    enum ft_sort sort, int column, int sorted);

/* Child of parent named name, or FT_NONE (works before and after finish). */
uint32_t profile_find_child(const ft_profile *p, uint32_t parent, uint32_t name);

/* Add vals[0..nvals) to the node's self.  -1 with diag on overflow. */
/* From now on keep each sample profile_add_self() adds, in order
 * (order.h). */
void profile_keep_order(ft_profile *p);
int profile_add_self(ft_profile *p, uint32_t node, const ft_val *vals,
    ft_diag *err);

/* Compute totals, order children, free builder state.  The sort column
 * matters only for FT_SORT_WEIGHT.  -1 with diag on overflow. */
int profile_finish(ft_profile *p, enum ft_sort sort, int column, ft_diag *err);

/* Re-order children of a finished profile. */
void profile_sort(ft_profile *p, enum ft_sort sort, int column);
/* The same for the children of nodes[0..count) only (a transform that
 * knows which lists it left out of order). */
void profile_sort_some(ft_profile *p, enum ft_sort sort, int column,
    const uint32_t *nodes, uint32_t count);

/* Self value of node n in column col, finished or not: a finished node's
 * total minus its children's totals (exact: the difference is taken
 * modulo 2^64, and the true value fits). */
ft_val profile_self_finished(const ft_profile *p, uint32_t n, int col);

static inline ft_val
profile_self(const ft_profile *p, uint32_t n, int col)
{
	if (!p->finished)
		return p->total[(size_t)n * (size_t)p->nvals + (size_t)col];
	return profile_self_finished(p, n, col);
}

/* The largest self value of any node in column col (0 when none is
 * positive), in one pass down the ids: no child list walks. */
ft_val profile_max_self(const ft_profile *p, int col);

/* All self values of node n into out[0..nvals); 1 when any is non-zero. */
int profile_self_row(const ft_profile *p, uint32_t n, ft_val *out);

/* Total of node n in column col (after finish). */
static inline ft_val
profile_total(const ft_profile *p, uint32_t n, int col)
{
	return p->total[(size_t)n * (size_t)p->nvals + (size_t)col];
}

/* Depth of node (the root's is 0), by walking up to the root: nodes do
 * not store it.  O(depth); for one node at a time, not for every node. */
uint32_t profile_depth(const ft_profile *p, uint32_t node);

/* Every node's depth, the nodes taken in id order, without an array by
 * node: the path from the root to the last node taken is kept.  Its ids
 * rise with depth (a parent's id is below its children's in every tree),
 * so a node's parent is found going down the path from its end, or the
 * path is rebuilt from the parent up to where it joins (depths_rejoin).
 * Cheap when the ids are close to a pre-order, as every builder makes
 * them.  path must hold the tree's max_depth + 1 entries; nodes[] is read
 * for parents, so a tree being written may be walked as it is written. */
typedef struct ft_depths {
	const ft_node *nodes;
	uint32_t *path;
	uint32_t top;    /* depth of the last node taken */
	uint32_t joined; /* after depths_rejoin: the depth where it joined */
} ft_depths;

static inline void
depths_start(ft_depths *w, const ft_node *nodes, uint32_t *path)
{
	w->nodes = nodes;
	w->path = path;
	w->path[0] = FT_ROOT;
	w->top = 0;
	w->joined = 0;
}

/* Put parent (not on the path; path[k] is the last entry with an id
 * below it) on the path: up from parent to the first ancestor on it
 * (w->joined gets that ancestor's depth), then the ancestors below it
 * written in, outermost first.  Returns parent's depth; the walk took
 * that minus w->joined steps.  w->top is left as it was. */
uint32_t depths_rejoin(ft_depths *w, uint32_t parent, uint32_t k);

/* The depth of node id (above 0, taken after its parent), whose parent
 * is given. */
static inline uint32_t
depths_next(ft_depths *w, uint32_t id, uint32_t parent)
{
	uint32_t k = w->top;
	while (w->path[k] > parent)
		k--;
	if (w->path[k] != parent)
		k = depths_rejoin(w, parent, k);
	w->path[++k] = id;
	w->top = k;
	return k;
}

/* Name id path of node from the root's first child down to node; returns
 * the depth (number of ids).  out must hold node's depth entries. */
uint32_t profile_path(const ft_profile *p, uint32_t node, uint32_t *out);

/* The frame name of node (whole = 0) or its whole stack "a;b;c", root
 * first (whole = 1), with kind suffixes, as a malloc'd string; *len gets
 * its length.  For the clipboard. */
char *profile_stack_text(const ft_profile *p, uint32_t node, int whole,
    size_t *len);

/* Node reached from the root by following names[0..n), or FT_NONE. */
uint32_t profile_lookup(const ft_profile *p, const uint32_t *names, uint32_t n);

/* Number of nodes with a non-zero self value in any column. */
uint32_t profile_count_stacks(const ft_profile *p);

/* Set the frame origin table from v[0..n) (copied, sorted; for a repeated
 * name the first entry wins). */
void profile_set_where(ft_profile *p, const ft_frame_where *v, uint32_t n);

/* Origin of frame name id ("main.go", "libc.so.6+0x1a2b"), or NULL. */
const char *profile_frame_where(const ft_profile *p, uint32_t name);

/* Work that grows with the stacks, not the tree (issue 24 item 18): the
 * bottom-up tree (invert.h) and the folded, pprof and speedscope exports
 * write every stack with a value frame by frame, so a tree of n nodes in
 * one deep chain makes n^2/2 frames (a speedscope profile 20000 frames
 * deep: 1.2 GB of folded text, 4.7 GB to invert).  They refuse a profile
 * whose stacks add up to more than FT_STACK_FRAMES_MAX frames or
 * FT_STACK_FRAMES_PER_NODE per node of the tree, whichever is larger. */
#define FT_STACK_FRAMES_MAX ((uint64_t)1 << 25)
#define FT_STACK_FRAMES_PER_NODE 64

/* The depths of p's stacks with a value (a nonzero self) added up;
 * p finished. */
uint64_t profile_stack_frames(const ft_profile *p);

/* 0, or -1 with err "WHAT: the stacks with a value add up to N ..." when
 * profile_stack_frames(p) passes the bound above. */
int profile_check_stack_frames(const ft_profile *p, const char *what, ft_diag *err);

#endif
