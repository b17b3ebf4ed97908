/* labels.h - pprof sample labels, kept beside the call tree.
 *
 * A pprof sample may carry labels: string labels (Go's pprof.Do
 * `endpoint=/api/search`) and numeric ones with a unit (heap profiles'
 * `bytes=4096`).  The tree merges samples by stack, so labels live in a
 * side structure, never in the node struct:
 *   - a label set (the sorted labels of one sample) is interned once in a
 *     table shared by a profile and every tree derived from it
 *     (ft_labelsets, reference counted); set 0 is the empty set;
 *   - per profile, one entry per distinct (stack node, label set) with its
 *     values in every column (ft_labelled): no allocation per sample.
 * Profiles without labels have none (p->labels == NULL) and pay nothing.
 * Transforms that move self values (filters, collapse, invert) carry the
 * entries over with labels_remap(), so the details panel can break the
 * selected frame's value down by label value whatever the view.
 */
#ifndef FT_LABELS_H
#define FT_LABELS_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "profile/labelsets.h"
#include "profile/match.h"
#include "profile/profile.h"

/* Give `to` the entries of `from` moved through map (from's node -> to's
 * node, FT_NONE = dropped).  No-op when from has no labels. */
void labels_remap(const ft_profile *from, ft_profile *to, const uint32_t *map);

/* One value of one label key in the breakdown of a frame. */
typedef struct ft_label_share {
	uint32_t key;    /* string id */
	uint32_t value;  /* string id of the value text ("" = key absent) */
	ft_val v;        /* in the column asked for */
} ft_label_share;

/* The value of node's subtree in column col broken down by the values of
 * every label key (a sample without the key counts under value ""): rows
 * grouped by key (sorted by name), values by decreasing share.  Keys
 * matching hide, or not matching show (pprof's -taghide / -tagshow; either
 * may be NULL), are left out.  Returns the row count; *out is malloc'd
 * (NULL and 0 when p has no labels). */
uint32_t labels_breakdown(const ft_profile *p, uint32_t node, int col,
    const ft_matcher *show, const ft_matcher *hide,
    ft_label_share **out);

/* pprof's text of a numeric label value: measurement.ScaledLabel with
 * "minimum" for a known unit ("4kB", "1.50ms"), the bare number without
 * one.  Returns the length. */
int labels_format_num(char *buf, size_t cap, int64_t v, const char *unit);

/* pprof's measurement.Scale: v in unit `from` expressed in unit `to`
 * ("minimum" picks the largest unit keeping the value >= 1); *unit gets
 * the canonical unit name ("kB", "ms"), or `to` (or "") when `from` is
 * not a known memory or time unit.  Returns 1 when it was. */
int labels_scale(int64_t v, const char *from, const char *to, double *out,
    const char **unit);

/* The text of a label set's values of key, joined by "," (string values
 * first), as a string id; "" when the set lacks the key.  Numbers are
 * formatted with their own unit (pprof's tagroot frames), or with the
 * key's unit when key_unit is set (pprof's -tags: "4kB"). */
uint32_t labels_value_text(ft_labelsets *s, uint32_t set, uint32_t key,
    int key_unit);

#endif
