/* merge.h - sum several profiles into one (--merge a b c). */
#ifndef FT_MERGE_H
#define FT_MERGE_H

#include "base/diag.h"
#include "profile/profile.h"

/* One profile holding the sum of ps[0..n): stacks matched by call path,
 * sample types matched by name and unit (a type missing from a profile
 * counts as zero there), values brought to the finest decimal scale.  The
 * profiles must share one name table.  NULL with err set on overflow. */
ft_profile *profile_merge(ft_profile *const *ps, int n, enum ft_sort sort,
    ft_diag *err);

#endif
