/* stackset.h - nodes where some input stack ended, so a loader can count
 * the distinct stacks of its input (ft_load_report.stacks) whatever their
 * values.  Its own module so that the loaders (load_*.c) do not call back
 * into load.c, which calls them. */
#ifndef FT_STACKSET_H
#define FT_STACKSET_H

#include <stddef.h>
#include <stdint.h>

typedef struct ft_stackset {
	unsigned char *seen; /* a bit per node */
	size_t cap;          /* bytes */
} ft_stackset;

/* Mark node; 1 when it was not marked before. */
int stackset_add(ft_stackset *s, uint32_t node);
/* Free the set (it may be used again, empty). */
void stackset_free(ft_stackset *s);

#endif
