/* filters.h - filters: pure functions from one call tree to a new one.
 *
 * Each filter walks the input tree once (iteratively) and builds a new
 * profile through the builder (profile_new_like / profile_child /
 * profile_add_self / profile_finish); the input is never changed.  A
 * "stack" is a node with a self value: the path from the root to it.
 * Self values move for every column (sample type) at once.
 *
 *   focus RE       keep only stacks with at least one matching frame
 *   ignore RE      drop stacks with any matching frame
 *   hide RE        remove matching frames from every stack; their callees
 *                  attach to the nearest kept caller; totals unchanged
 *   show-from RE   cut each stack above its outermost (root-most) match,
 *                  which becomes a child of the root; stacks without a
 *                  match are dropped
 *   prune-from RE  cut each stack below its innermost (leaf-most) match,
 *                  as pprof's -prune_from does: the match becomes the
 *                  stack's leaf (its callees' time becomes its self), the
 *                  frames above it, matching or not, stay
 *   show RE        keep only matching frames; a stack with none gives its
 *                  value to the root's self
 *
 * Two view transforms share the list, so they show as chips and are
 * removed like filters, and work wherever filters do:
 *   collapse-recursion [direct|all]   collapse.h
 *   invert                            invert.h
 * pprof's tag filters (tags.h) are in the list too: tagfocus SPEC,
 * tagignore SPEC, tagroot KEYS, tagleaf KEYS (applied first, on the
 * labelled profile, as pprof adds label frames before filtering) and
 * tagshow RE / taghide RE (which label keys the details list).
 * Two filters belong to a comparison, not to either side: only-a keeps
 * the call paths that only A has (what vanished), only-b those only B has
 * (compare_build_filtered applies them to the union tree; on one profile
 * they change nothing, and the viewer and command line refuse them).
 * View transforms apply after every filter, whatever their place:
 * filters choose and reshape stacks, then recursion is collapsed, then the
 * tree is turned upside down.
 *
 * A list of filters applies in order, each on the previous result.  When
 * nothing matches the result is a profile with total 0 (the "no samples
 * match" state): never NULL, never a division by zero downstream.
 */
#ifndef FT_TRANSFORM_H
#define FT_TRANSFORM_H

#include <stdint.h>

#include "base/diag.h"
#include "profile/match.h"
#include "ops/filter_kind.h"
#include "profile/profile.h"


typedef struct ft_filter {
	int kind;          /* enum ft_filter_kind */
	char *pattern;     /* owned; "" for invert, "direct"/"all" for collapse */
	ft_matcher *m;     /* owned, compiled once; NULL for view transforms */
	struct ft_tagspec *tag; /* owned: the parsed tag filter, else NULL */
} ft_filter;

/* An ordered list of filters, shared by main.c (command line) and the
 * view (the `:` prompt and the header chips). */
typedef struct ft_filters {
	ft_filter *v;
	int n, cap;
} ft_filters;

/* Compile pattern and append (kind, pattern).  -1 with err set on a bad
 * regex; the list is unchanged then. */
int filters_add(ft_filters *f, int kind, const char *pattern, ft_diag *err);
/* Parse "KIND RE" or "KIND=RE" (pprof style) and append.  -1 with err. */
int filters_add_line(ft_filters *f, const char *line, ft_diag *err);
/* Does f hold an entry of this kind?  Its index, or -1. */
int filters_find(const ft_filters *f, int kind);
/* Remove entry i (later ones move down). */
void filters_remove(ft_filters *f, int i);
/* The key regexes of the last tagshow and taghide, or NULL. */
void filters_tag_keys(const ft_filters *f, const ft_matcher **show,
    const ft_matcher **hide);
/* Remove the last filter (no-op when empty). */
void filters_pop(ft_filters *f);
void filters_clear(ft_filters *f);
void filters_free(ft_filters *f);

/* The name-id match map of filter kind with regex m on p: the frame's
 * name, and for pprof input (except prune-from, as in pprof) also its
 * file, file:line or mapping file (framesrc.h).  malloc'd. */
uint8_t *filter_match(const ft_profile *p, int kind, const ft_matcher *m);

/* The range of f's time filters intersected (ns offsets from the
 * timeline's origin, as timerange_parse()): 0 when f has none (then
 * INT64_MIN, INT64_MAX). */
int filters_time_range(const ft_filters *f, int64_t *a, int64_t *b);

/* Apply one filter kind given a name-id match map (filter_match()).
 * The result is finished with (sort, column).  NULL with err set only on
 * a value overflow (which filters cannot cause on valid input). */
ft_profile *transform_filter(const ft_profile *p, int kind,
    const uint8_t *match, enum ft_sort sort, int column, ft_diag *err);

/* Ignore, prune-from, hide and show split trees of at least this many
 * nodes in two parts run on two CPUs (when there are two; the same result
 * either way).  For tests: nodes > 0 sets the size and splits even on one
 * CPU, 0 goes back to the default (2^20 nodes). */
void filters_split_at(uint32_t nodes);

/* Apply every filter of f in order, then the view transforms.  Always a
 * new profile (a copy when f is empty), or NULL with err set. */
ft_profile *transform_apply(const ft_profile *p, const ft_filters *f,
    enum ft_sort sort, int column, ft_diag *err);

/* The same without the view transforms (collapse, invert): the profile
 * whose function table (self and total per function) the view shows. */
ft_profile *transform_apply_filters(const ft_profile *p, const ft_filters *f,
    enum ft_sort sort, int column, ft_diag *err);

#endif
