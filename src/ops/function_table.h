/* function_table.h - the function table: self and total per function name.
 *
 * A function's total counts each stack once even when the function recurses
 * (the outermost occurrence's total), so totals never exceed the profile
 * total.  Computed in one iterative pass over the tree.
 */
#ifndef FT_FUNCTIONS_H
#define FT_FUNCTIONS_H

#include <stdint.h>

#include "profile/profile.h"

typedef struct ft_func {
	uint32_t name;
	ft_val self, total;
} ft_func;

enum ft_func_sort { FUNC_BY_SELF, FUNC_BY_TOTAL, FUNC_BY_NAME };

/* A function's identity does not depend on whether a call was inlined:
 * `f` and `f` marked inlined (pprof inline frames, folded `f_[i]`) are one
 * function.  func_id() is the id that stands for the function (the plain
 * one when the table has it); func_twin() the other id of the same
 * function (plain <-> inlined) or UINT32_MAX. */
uint32_t func_id(const ft_intern *t, uint32_t name);
uint32_t func_twin(const ft_intern *t, uint32_t name);

/* The suffix shown after a frame name: its folded annotation (`_[k]`),
 * except that a pprof inline frame shows " (inline)" as pprof does: the
 * `_[i]` notation belongs to folded files only. */
const char *frame_suffix(const ft_profile *p, uint32_t name);
/* The kind after a frame's name on the status line, in words as the
 * frame labels drop the suffix: " (kernel)", " (JIT)", " (inlined)",
 * " (waker)", pprof's " (inline)"; "" for a plain frame. */
const char *frame_kind_label(const ft_profile *p, uint32_t name);

/* All functions of column col with a non-zero self or total, sorted.
 * Returns the count; *out is malloc'd. */
uint32_t functions_table(const ft_profile *p, int col, enum ft_func_sort sort,
    ft_func **out);

/* Sort an existing table. */
void functions_sort(const ft_profile *p, ft_func *f, uint32_t n,
    enum ft_func_sort sort);

/* The same, but only the first `top` rows of the order are put in place,
 * in order; the others follow in no order (each after all of them), and
 * functions_sort() of f + top completes the order.  A table shows its
 * first page at once and orders the rest when it is scrolled to. */
uint32_t functions_table_top(const ft_profile *p, int col, enum ft_func_sort sort,
    uint32_t top, ft_func **out);
void functions_sort_top(const ft_profile *p, ft_func *f, uint32_t n, uint32_t top,
    enum ft_func_sort sort);

#endif
