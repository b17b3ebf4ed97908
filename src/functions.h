/* functions.h - the function table: self and total per function name.
 *
 * A function's total counts each stack once even when the function recurses
 * (the outermost occurrence's total), so totals never exceed the profile
 * total.  Computed in one iterative pass over the tree.
 */
#ifndef FT_FUNCTIONS_H
#define FT_FUNCTIONS_H

#include <stdint.h>

#include "profile.h"

typedef struct ft_func {
	uint32_t name;
	ft_val self, total;
} ft_func;

enum ft_func_sort { FUNC_BY_SELF, FUNC_BY_TOTAL, FUNC_BY_NAME };

/* All functions of column col with a non-zero self or total, sorted.
 * Returns the count; *out is malloc'd. */
uint32_t functions_table(const ft_profile *p, int col, enum ft_func_sort sort,
    ft_func **out);

/* Sort an existing table. */
void functions_sort(const ft_profile *p, ft_func *f, uint32_t n,
    enum ft_func_sort sort);

#endif
