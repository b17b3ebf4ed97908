/* timecompare.h - range against range: two time ranges of one profile's
 * timeline (ops/timerange.h), or of a trace's spans, compared as two
 * profiles (ops/compare.h), A normalised by the ranges' lengths (the
 * heat map's A key, --time-range with --time-range-b).
 */
#ifndef FT_TIMECOMPARE_H
#define FT_TIMECOMPARE_H

#include <stdint.h>

#include "base/diag.h"
#include "ops/compare.h"
#include "ops/filters.h"
#include "profile/profile.h"

/* The length of range [a, b) (ns offsets from the timeline's origin; b
 * INT64_MAX: to the end) within the recording, [0, end - origin]: 0 when
 * they do not meet. */
int64_t timecompare_length(const ft_profile *p, int64_t a, int64_t b);

/* The trees of p's samples in range A [a0, b0) and range B [a1, b1)
 * (*pa, *pb: the caller frees them; their sources "FILE [time A-B s]",
 * their duration_ns the ranges' lengths), or of a trace's spans cut to
 * them (timerange_apply), and their comparison in c from column col,
 * with o's options and the filters f (time filters left out) applied to
 * both alike.  A is scaled per second, by B's length / A's (o's norm
 * CMP_NORM_RATE when it was CMP_NORM_FLAG; "range length" its rate_by),
 * unless o's norm asks for another mode.  -1 with err when p has no
 * timeline and no spans, or a range has no time within the recording. */
int timecompare_build(ft_compare *c, const ft_profile *p, int col,
    int64_t a0, int64_t b0, int64_t a1, int64_t b1, ft_compare_opts *o,
    const ft_filters *f, ft_profile **pa, ft_profile **pb, ft_diag *err);

#endif
