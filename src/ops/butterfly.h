/* butterfly.h - the butterfly (caller/callee) view of one function F.
 *
 * Built as two derived profiles, both rooted at F (the root node is named
 * F instead of "all"):
 *   callers  F's callers merged into an inverted tree: the root's children
 *            are F's direct callers, their children the callers' callers,
 *            up to the outermost frames;
 *   callees  F's callees merged into an ordinary call tree.
 * Each sample counts once: in a recursive stack the outermost occurrence
 * of F is the pivot (inner occurrences show up as callees).  Both roots'
 * totals equal the samples of all stacks containing F, in every column.
 * The view draws the callers tree flipped above F and the callees below,
 * so layout, render and navigation are the ordinary ones on each side.
 */
#ifndef FT_BUTTERFLY_H
#define FT_BUTTERFLY_H

#include <stdint.h>

#include "profile/profile.h"

typedef struct ft_butterfly {
	uint32_t name;       /* F's name id */
	ft_profile *callers; /* owned */
	ft_profile *callees; /* owned */
} ft_butterfly;

/* Build F's butterfly from p.  Returns 0, or -1 with err set (overflow).
 * When F does not occur, both trees are empty (total 0). */
int butterfly_build(const ft_profile *p, uint32_t name, enum ft_sort sort,
    int column, ft_butterfly *out, ft_diag *err);
void butterfly_free(ft_butterfly *b);

#endif
