/* idmap.h - 64-bit ids from a file (cpuprofile node ids, JFR constant pool
 * keys) to dense positions, by open addressing.  Memory grows with the
 * entries actually added, never with an id's value. */
#ifndef FT_IDMAP_H
#define FT_IDMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct ft_idmap {
	uint64_t *keys;
	uint32_t *vals;
	size_t n, mask; /* mask + 1 slots, 0 before the first put */
} ft_idmap;

/* Set id -> v (replacing an earlier value). */
void idmap_put(ft_idmap *m, uint64_t id, uint32_t v);
/* Value of id, or UINT32_MAX. */
uint32_t idmap_get(const ft_idmap *m, uint64_t id);
void idmap_free(ft_idmap *m);

#endif
