/* framesrc.c - frame name -> source texts (see framesrc.h).
 *
 * Pairs (name id, text id) are appended as the loader meets them and
 * sorted and de-duplicated once, lazily, before the first match.
 */
#include "framesrc.h"

#include <stdlib.h>

#include "intern.h"
#include "xalloc.h"

struct ft_framesrc {
	int refs;
	ft_intern *texts;
	uint64_t *pairs; /* name << 32 | text id */
	size_t n, cap;
	int sorted;
};

ft_framesrc *
framesrc_new(void)
{
	ft_framesrc *s = xcalloc(1, sizeof(*s));
	s->refs = 1;
	s->texts = intern_new();
	s->sorted = 1;
	return s;
}

ft_framesrc *
framesrc_ref(ft_framesrc *s)
{
	if (s != NULL)
		s->refs++;
	return s;
}

void
framesrc_unref(ft_framesrc *s)
{
	if (s == NULL || --s->refs > 0)
		return;
	intern_unref(s->texts);
	free(s->pairs);
	free(s);
}

void
framesrc_add(ft_framesrc *s, uint32_t name, const char *text, size_t n)
{
	if (n == 0)
		return;
	uint64_t pair = (uint64_t)name << 32 | intern_get(s->texts, text, n, 0);
	if (s->n > 0 && s->pairs[s->n - 1] == pair)
		return;
	if (s->n == s->cap) {
		s->cap = grow_cap(s->cap, s->n + 1, 256);
		s->pairs = xreallocarray(s->pairs, s->cap, sizeof(uint64_t));
	}
	s->pairs[s->n++] = pair;
	s->sorted = 0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void
settle(ft_framesrc *s)
{
	if (s->sorted)
		return;
	qsort(s->pairs, s->n, sizeof(uint64_t), cmp_u64);
	size_t out = 0;
	for (size_t i = 0; i < s->n; i++)
		if (out == 0 || s->pairs[out - 1] != s->pairs[i])
			s->pairs[out++] = s->pairs[i];
	s->n = out;
	s->sorted = 1;
}

void
framesrc_match(ft_framesrc *s, const ft_matcher *m, uint8_t *map,
    uint32_t nnames)
{
	if (s == NULL || s->n == 0)
		return;
	settle(s);
	uint8_t *tm = match_names(m, s->texts);
	for (size_t i = 0; i < s->n; i++) {
		uint32_t name = (uint32_t)(s->pairs[i] >> 32);
		if (name < nnames && tm[(uint32_t)s->pairs[i]])
			map[name] = 1;
	}
	free(tm);
}

size_t
framesrc_count(ft_framesrc *s)
{
	if (s == NULL)
		return 0;
	settle(s);
	return s->n;
}
