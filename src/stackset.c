/* stackset.c - a set of node ids, a bit per node (see stackset.h). */
#include "stackset.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

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
