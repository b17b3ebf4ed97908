/* tags.h - pprof's tag filters over sample labels (labels.h).
 *
 *   tagfocus SPEC   keep samples with a label matching SPEC
 *   tagignore SPEC  drop samples with a label matching SPEC
 *   tagroot KEYS    add each sample's values of KEYS (comma separated)
 *                   as frames above its root, the first key outermost
 *   tagleaf KEYS    the same below its leaf, the last key innermost
 *   tagshow RE / taghide RE   which label keys are listed (details panel)
 *
 * SPEC is pprof's: `[KEY=]VALUE`.  VALUE is a numeric range when it reads
 * as one: `N`, `N:`, `:N` or `N:M`, each N an integer with an optional
 * unit (`1kb:`, `:64b`, `10ms:1s`); a label matches when its value,
 * scaled to the range's unit, is in range (pprof's rule, so a bare number
 * matches only labels without a unit).  Otherwise VALUE is a list of
 * regexes separated by commas: with KEY, any of them matching any value of
 * KEY; without, every one of them matching some `key:value` of the sample.
 * A sample without labels has none to match.  tagroot/tagleaf give a
 * sample without the key a frame `<unknown>` (pprof's empty-named frame,
 * as its reports show it).
 */
#ifndef FT_TAGS_H
#define FT_TAGS_H

#include "base/diag.h"
#include "profile/labels.h"
#include "profile/match.h"
#include "profile/profile.h"

typedef struct ft_tagspec ft_tagspec;

/* Parse spec for filter kind (FILTER_TAGFOCUS ... FILTER_TAGHIDE, see
 * filters.h).  NULL with err set on a bad regex or an empty key list. */
ft_tagspec *tag_compile(int kind, const char *spec, ft_diag *err);
void tag_free(ft_tagspec *t);

/* The key regex of tagshow / taghide. */
const ft_matcher *tag_key_matcher(const ft_tagspec *t);

/* Does label set `set` match a tagfocus/tagignore spec? */
int tag_match(const ft_tagspec *t, ft_labelsets *s, uint32_t set);

/* The tree of p with tagfocus/tagignore applied and tagroot/tagleaf frames
 * added, for the n specs in t[0..n) (any kinds; others are skipped).
 * Labels are carried over.  NULL with err set on overflow. */
ft_profile *transform_tags(const ft_profile *p, ft_tagspec *const *t, int n,
    enum ft_sort sort, int column, ft_diag *err);

#endif
