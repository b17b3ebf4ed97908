/* labelsets.h - the store of pprof sample labels beside a call tree.
 *
 * A label set (the sorted labels of one sample) is interned once in a
 * table shared by a profile and every tree derived from it (ft_labelsets,
 * reference counted); set 0 is the empty set.  Per profile, one entry per
 * distinct (stack node, label set) holds its values in every column
 * (ft_labelled).  Storage only: profile.c owns a profile's ft_labelled,
 * and labels.h is what the tree does with it.
 */
#ifndef FT_LABELSETS_H
#define FT_LABELSETS_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "profile/value.h"

#define FT_LABEL_NUM UINT32_MAX /* ft_label.str of a numeric label */

typedef struct ft_label {
	uint32_t key;  /* string id (labelsets_str) */
	uint32_t str;  /* string value id, or FT_LABEL_NUM */
	int64_t num;   /* numeric value (when str == FT_LABEL_NUM) */
	uint32_t unit; /* string id of the numeric unit ("" when none) */
} ft_label;

typedef struct ft_labelsets ft_labelsets;

ft_labelsets *labelsets_new(void);
ft_labelsets *labelsets_ref(ft_labelsets *s);
void labelsets_unref(ft_labelsets *s);

/* Id of string s[0..n) in the label string table (added when new). */
uint32_t labelsets_str(ft_labelsets *s, const char *text, size_t n);
/* The text of string id; *len gets its length. */
const char *labelsets_text(const ft_labelsets *s, uint32_t id, uint32_t *len);
/* Id of string s, or UINT32_MAX when absent. */
uint32_t labelsets_find_str(const ft_labelsets *s, const char *text, size_t n);

/* Id of the set of labels v[0..n) (sorted in place; added when new). */
uint32_t labelsets_intern(ft_labelsets *s, ft_label *v, uint32_t n);
/* The labels of set id (sorted by key, then value); *n gets the count. */
const ft_label *labelsets_get(const ft_labelsets *s, uint32_t set, uint32_t *n);
uint32_t labelsets_count(const ft_labelsets *s);

/* The unit of numeric label key (pprof's rule: the first unit seen in a
 * sample; else "bytes" for keys "alignment" and "request", else the key
 * itself), as a string id. */
uint32_t labelsets_key_unit(ft_labelsets *s, uint32_t key);

typedef struct ft_labelled {
	ft_labelsets *sets; /* a reference */
	int nvals;
	uint32_t n, cap;
	uint32_t *node, *set;
	ft_val *vals;        /* [entry * nvals + column] */
	uint32_t *slots;     /* hash (node, set) -> entry + 1, 0 = empty */
	uint32_t mask;
} ft_labelled;

/* An empty store for a profile with nvals columns, sharing sets. */
ft_labelled *labelled_new(ft_labelsets *sets, int nvals);
void labelled_free(ft_labelled *l);
/* Add vals to the entry (node, set).  -1 with err on overflow. */
int labelled_add(ft_labelled *l, uint32_t node, uint32_t set,
    const ft_val *vals, ft_diag *err);

#endif
