/* export_folded.h - write a profile out: folded stacks (the format every flame
 * graph tool reads).  The core never prints; these write to a FILE the
 * caller opened. */
#ifndef FT_EXPORT_H
#define FT_EXPORT_H

#include <stdio.h>

#include "profile/profile.h"

/* One line per stack with a non-zero value in column col, bytewise sorted,
 * annotations restored as suffixes, ';' inside names written ':'.  With
 * col2 >= 0, two columns "stack A B" (differential folded) from col and col2
 * of the same tree.  Returns 0, or -1 on a write error. */
int export_folded(const ft_profile *p, int col, int col2, FILE *out);

/* export_folded, and with root_line a line for the root's own value (the
 * samples whose every frame a filter removed) under the one frame
 * EXPORT_EMPTY_STACK, so --export sums to the total every other output
 * shows. */
int export_folded_root(const ft_profile *p, int col, int col2, int root_line, FILE *out);
#define EXPORT_EMPTY_STACK "[empty stack]"

#endif
