/* export.h - write a profile out: folded stacks (the format every flame
 * graph tool reads).  The core never prints; these write to a FILE the
 * caller opened. */
#ifndef FT_EXPORT_H
#define FT_EXPORT_H

#include <stdio.h>

#include "profile.h"

/* One line per stack with a non-zero value in column col, bytewise sorted,
 * annotations restored as suffixes, ';' inside names written ':'.  With
 * col2 >= 0, two columns "stack A B" (differential folded) from col and col2
 * of the same tree.  Returns 0, or -1 on a write error. */
int export_folded(const ft_profile *p, int col, int col2, FILE *out);

#endif
