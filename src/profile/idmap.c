/* idmap.c - id -> position hash (see idmap.h). */
#include "profile/idmap.h"

#include <stdlib.h>

#include "base/xalloc.h"

#define EMPTY UINT32_MAX

static size_t
slot(uint64_t id, size_t mask)
{
	id ^= id >> 33;
	id *= 0xff51afd7ed558ccdull;
	id ^= id >> 33;
	return (size_t)id & mask;
}

static void
grow(ft_idmap *m)
{
	size_t mask = m->mask ? m->mask * 2 + 1 : 255;
	uint64_t *keys = xreallocarray(NULL, mask + 1, sizeof(uint64_t));
	uint32_t *vals = xreallocarray(NULL, mask + 1, sizeof(uint32_t));
	for (size_t i = 0; i <= mask; i++)
		vals[i] = EMPTY;
	for (size_t i = 0; m->mask && i <= m->mask; i++) {
		if (m->vals[i] == EMPTY)
			continue;
		size_t h = slot(m->keys[i], mask);
		while (vals[h] != EMPTY)
			h = (h + 1) & mask;
		keys[h] = m->keys[i];
		vals[h] = m->vals[i];
	}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->mask = mask;
}

void
idmap_put(ft_idmap *m, uint64_t id, uint32_t v)
{
	if (m->mask == 0 || (m->n + 1) * 2 > m->mask)
		grow(m);
	size_t h = slot(id, m->mask);
	while (m->vals[h] != EMPTY && m->keys[h] != id)
		h = (h + 1) & m->mask;
	if (m->vals[h] == EMPTY)
		m->n++;
	m->keys[h] = id;
	m->vals[h] = v;
}

uint32_t
idmap_get(const ft_idmap *m, uint64_t id)
{
	if (m->mask == 0)
		return EMPTY;
	size_t h = slot(id, m->mask);
	while (m->vals[h] != EMPTY) {
		if (m->keys[h] == id)
			return m->vals[h];
		h = (h + 1) & m->mask;
	}
	return EMPTY;
}

void
idmap_free(ft_idmap *m)
{
	free(m->keys);
	free(m->vals);
	m->keys = NULL;
	m->vals = NULL;
	m->n = m->mask = 0;
}
