/* framesrc.c - frame name -> source texts (see framesrc.h).
 *
 * Pairs (name id, text id) are appended as the loader meets them and
 * sorted and de-duplicated once, lazily, before the first match.
 */
#include "profile/framesrc.h"

#include <stdlib.h>
#include <string.h>

#include "profile/intern.h"
#include "base/xalloc.h"

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

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

size_t
framesrc_lines(ft_framesrc *s, uint32_t name, const char *file, uint32_t *lines,
    size_t max)
{
	if (s == NULL || s->n == 0 || file == NULL)
		return 0;
	settle(s);
	size_t lo = 0, hi = s->n, flen = strlen(file);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if ((s->pairs[mid] >> 32) < name)
			lo = mid + 1;
		else
			hi = mid;
	}
	uint32_t *all = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = lo; i < s->n && (s->pairs[i] >> 32) == name; i++) {
		uint32_t id = (uint32_t)s->pairs[i];
		const char *t = intern_str(s->texts, id);
		size_t tl = intern_len(s->texts, id);
		if (tl <= flen + 1 || memcmp(t, file, flen) != 0 || t[flen] != ':')
			continue;
		uint64_t ln = 0;
		size_t k = flen + 1;
		for (; k < tl && t[k] >= '0' && t[k] <= '9' && ln <= UINT32_MAX; k++)
			ln = ln * 10 + (uint64_t)(t[k] - '0');
		if (k != tl || ln > UINT32_MAX)
			continue;
		if (n == cap) {
			cap = grow_cap(cap, n + 1, 16);
			all = xreallocarray(all, cap, sizeof(uint32_t));
		}
		all[n++] = (uint32_t)ln;
	}
	if (n > 1)
		qsort(all, n, sizeof(uint32_t), cmp_u32);
	size_t out = 0;
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && all[i] == all[i - 1])
			continue;
		if (out < max)
			lines[out] = all[i];
		out++;
	}
	free(all);
	return out;
}

size_t
framesrc_count(ft_framesrc *s)
{
	if (s == NULL)
		return 0;
	settle(s);
	return s->n;
}
