/* collapse.h - collapse recursion.
 *
 * FT_COLLAPSE_DIRECT merges a frame into its caller when both are the same
 * function (direct recursion): a;a;a;b -> a;b.  FT_COLLAPSE_ALL drops
 * every frame whose function is already on the stack, as speedscope's
 * "flatten recursion" does: a;b;a;b;c -> a;b;c, and a;b;a -> a;b with the
 * value landing on b.  Stack values are unchanged (each stack keeps its
 * value, only its path gets shorter), so the grand total is too.  The
 * function table is computed on the input, not on this result, so self
 * time is never misattributed (main.c and the viewer do so).  A frame
 * and an inlined call of it are the same function (function_table.h).
 * Tree in, tree out, any number of value columns, no recursion.
 */
#ifndef FT_COLLAPSE_H
#define FT_COLLAPSE_H

#include <stdint.h>

#include "base/diag.h"
#include "profile/profile.h"

enum ft_collapse { FT_COLLAPSE_DIRECT = 1, FT_COLLAPSE_ALL = 2 };

/* The collapsed tree of p, finished with (sort, column).  map, when not
 * NULL, receives per node of p the node of the result its self value went
 * to.  NULL with err set on value overflow. */
ft_profile *transform_collapse(const ft_profile *p, enum ft_collapse how,
    enum ft_sort sort, int column, uint32_t *map, ft_diag *err);

#endif
