/* order.h - the order samples came in, for a profile without time.
 *
 * A folded file's lines, a pprof file's samples, a stap, DTrace or
 * bpftrace block each add one sample; the tree merges them, this keeps
 * them in file order: per sample its stack (the leaf node) and its
 * values, one per value column.  The flame chart draws a profile without
 * time in this order, each sample as long as its value (speedscope's
 * Time Order of such files).
 *
 * Kept only when asked for (ft_load_opts.keep_order: the flame chart
 * wanted), so a profile without time costs nothing extra otherwise.
 * profile_add_self() appends a sample when p->sample_order is set; a loader
 * that wants it calls profile_keep_order() before its first sample.
 * Relabelling carries it as the timeline (order_remap); filters drop it.
 * 4 + 8 * columns bytes per sample, in big arrays.
 */
#ifndef FT_ORDER_H
#define FT_ORDER_H

#include <stdint.h>

#include "profile/value.h"

typedef struct ft_order {
	uint32_t *leaf;  /* node */
	ft_val *v;       /* v[i * nv + c]: sample i's value in column c */
	uint32_t n, cap;
	int nv;          /* columns */
	int lost;        /* samples could not all be kept (more than 2^32, or
	                  * the columns changed under them): no order */
} ft_order;

ft_order *order_new(int nv);
void order_free(ft_order *o);

/* Append one sample.  Past UINT32_MAX samples the order is lost. */
void order_add(ft_order *o, uint32_t leaf, const ft_val *vals);

/* One more column (0 for the samples kept), as profile_add_column(). */
void order_add_column(ft_order *o);
/* Every value times m (profile_rescale(): checked there). */
void order_scale(ft_order *o, ft_val m);

/* A copy of o with its nodes moved through map (a sample whose node maps
 * to UINT32_MAX is dropped), or NULL when o is; and the same in place. */
ft_order *order_remap(const ft_order *o, const uint32_t *map);
void order_remap_inplace(ft_order *o, const uint32_t *map);

#endif
