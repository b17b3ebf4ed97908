/* invert.h - the inverted (bottom-up) call tree.
 *
 * Every stack root..leaf becomes leaf..root: the roots of the result are
 * the functions where samples were taken, each with total = its self time
 * in the input, and the frames above a root are its callers, nearest
 * first (FlameGraph's --reverse --inverted, the callers half of
 * speedscope's sandwich for every function at once).  The grand total and
 * the root's own self value are unchanged.  Tree in, tree out, for any
 * number of value columns (a comparison's union tree inverts both sides).
 */
#ifndef FT_INVERT_H
#define FT_INVERT_H

#include <stdint.h>

#include "base/diag.h"
#include "profile/profile.h"

/* The inverted tree of p, finished with (sort, column).  When map is not
 * NULL it receives, per node of p (p->nnodes entries), the node of the
 * result its self value went to.  NULL with err set on value overflow. */
ft_profile *transform_invert(const ft_profile *p, enum ft_sort sort,
    int column, uint32_t *map, ft_diag *err);

#endif
