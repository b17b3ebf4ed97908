/* export_pprof.h - write a profile as a gzip'd pprof profile.proto. */
#ifndef FT_EXPORT_PPROF_H
#define FT_EXPORT_PPROF_H

#include <stdio.h>

#include "base/diag.h"
#include "profile/profile.h"

/* Write p (every column) to out: one Sample per stack with a non-zero
 * value, one Function and one Location per distinct frame name.  Returns 0,
 * or -1 with err set (fractional values, write error). */
int export_pprof(const ft_profile *p, FILE *out, ft_diag *err);

#endif
