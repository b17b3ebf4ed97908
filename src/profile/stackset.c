/* stackset.c - a set of node ids, a bit per node, and a set of word keys
 * (see stackset.h). */
#include "profile/stackset.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

int
stackset_add(ft_stackset *s, uint32_t node)
{
	/* One bit per node: an eighth of the memory a byte map touches. */
	size_t byte = node >> 3;
	unsigned char bit = (unsigned char)(1u << (node & 7));
	if (byte >= s->cap) {
		size_t cap = grow_cap(s->cap, byte + 1, 4096);
		s->seen = xrealloc(s->seen, cap);
		memset(s->seen + s->cap, 0, cap - s->cap);
		s->cap = cap;
	}
	if (s->seen[byte] & bit)
		return 0;
	s->seen[byte] |= bit;
	return 1;
}

void
stackset_free(ft_stackset *s)
{
	free(s->seen);
	s->seen = NULL;
	s->cap = 0;
}

static uint64_t
key_hash(const uint32_t *k, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
	for (size_t i = 0; i < n; i++)
		h = (h ^ k[i]) * 0xff51afd7ed558ccdull;
	return h ^ (h >> 29);
}

int
keyset_add(ft_keyset *s, const uint32_t *k, size_t n)
{
	if ((s->n + 1) * 2 > s->mask) {
		size_t mask = s->mask ? s->mask * 2 + 1 : 1023;
		size_t *slots = xcalloc(mask + 1, sizeof(size_t));
		for (size_t i = 0; i <= s->mask && s->slots != NULL; i++) {
			if (s->slots[i] == 0)
				continue;
			size_t at = s->slots[i] - 1, j = key_hash(&s->pool[at + 1],
			    s->pool[at]) & mask;
			while (slots[j] != 0)
				j = (j + 1) & mask;
			slots[j] = s->slots[i];
		}
		free(s->slots);
		s->slots = slots;
		s->mask = mask;
	}
	size_t j = key_hash(k, n) & s->mask;
	for (; s->slots[j] != 0; j = (j + 1) & s->mask) {
		size_t at = s->slots[j] - 1;
		if (s->pool[at] == n && memcmp(&s->pool[at + 1], k, n * sizeof(uint32_t)) == 0)
			return 0;
	}
	if (s->npool + n + 1 > s->cpool) {
		s->cpool = grow_cap(s->cpool, s->npool + n + 1, 1024);
		s->pool = xreallocarray(s->pool, s->cpool, sizeof(uint32_t));
	}
	s->slots[j] = s->npool + 1;
	s->pool[s->npool] = (uint32_t)n;
	memcpy(&s->pool[s->npool + 1], k, n * sizeof(uint32_t));
	s->npool += n + 1;
	s->n++;
	return 1;
}

const uint32_t *
keyset_next(const ft_keyset *s, size_t *at, size_t *n)
{
	if (*at >= s->npool)
		return NULL;
	const uint32_t *k = &s->pool[*at + 1];
	*n = s->pool[*at];
	*at += *n + 1;
	return k;
}

void
keyset_free(ft_keyset *s)
{
	free(s->pool);
	free(s->slots);
	memset(s, 0, sizeof(*s));
}
