/* filter_kind.h - the kinds of filter and their names.
 *
 * The filters (filters.h) and the tag filters (tags.h) both name kinds:
 * this is the one table both read, below either of them.
 */
#ifndef FT_FILTER_KIND_H
#define FT_FILTER_KIND_H

#include <stddef.h>

enum ft_filter_kind {
	FILTER_FOCUS = 0,
	FILTER_IGNORE,
	FILTER_HIDE,
	FILTER_SHOW_FROM,
	FILTER_PRUNE_FROM,
	FILTER_SHOW,
	FILTER_COLLAPSE, /* collapse-recursion [direct|all] (collapse.h) */
	FILTER_INVERT,   /* invert (invert.h) */
	FILTER_TAGFOCUS, /* pprof's tag filters over sample labels (tags.h) */
	FILTER_TAGIGNORE,
	FILTER_TAGROOT,
	FILTER_TAGLEAF,
	FILTER_TAGSHOW,
	FILTER_TAGHIDE,
	FILTER_TIME,     /* time A-B s: the samples in a time range (timerange.h) */
	FILTER_ONLY_A,   /* a comparison's paths only in A (compare.h) */
	FILTER_ONLY_B,   /* a comparison's paths only in B */
	FILTER_KINDS
};
/* Kinds below this one take a regex and go through transform_filter(). */
#define FILTER_REGEX_KINDS FILTER_COLLAPSE

/* "focus", "ignore", "hide", "show-from", "prune-from", "show",
 * "collapse-recursion", "invert", ..., "time", "only-a", "only-b". */
const char *filter_kind_name(int kind);
/* Kind named s[0..n) (also "show_from", "prune_from"), or -1. */
int filter_kind_parse(const char *s, size_t n);

#endif
