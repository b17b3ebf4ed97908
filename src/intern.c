/* intern.c - string interning with open addressing (see intern.h).
 *
 * The table stores ids; the probe compares the cached hash first, then the
 * length, kind and bytes.  Names live in the table's own arena.
 */
#include "intern.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "xalloc.h"

struct entry {
	const char *s;
	uint64_t hash;
	uint32_t len;
	uint8_t kind;
};

struct ft_intern {
	int refs;
	ft_arena *arena;
	struct entry *ents;
	uint32_t n, cap;
	uint32_t *slots; /* id+1, 0 = empty */
	uint32_t mask;
};

static const char *const suffixes[FT_KIND_COUNT] = {"", "_[k]", "_[j]", "_[i]", "_[w]"};
static const char *const kind_names[FT_KIND_COUNT] = {"", "kernel", "JIT", "inlined", "waker"};

const char *
kind_suffix(int kind)
{
	return kind > 0 && kind < FT_KIND_COUNT ? suffixes[kind] : "";
}

const char *
kind_name(int kind)
{
	return kind > 0 && kind < FT_KIND_COUNT ? kind_names[kind] : "";
}

uint64_t
intern_hash(const char *s, size_t n)
{
	/* A multiply-xorshift hash over 8-byte words: fast on long C++ names. */
	const uint64_t m = 0x9e3779b97f4a7c15ull;
	uint64_t h = 0x243f6a8885a308d3ull ^ (n * m);
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * m;
		h ^= h >> 29;
		s += 8;
		n -= 8;
	}
	uint64_t w = 0;
	memcpy(&w, s, n);
	h = (h ^ w ^ (uint64_t)n << 56) * m;
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ull;
	h ^= h >> 32;
	return h;
}

ft_intern *
intern_new(void)
{
	ft_intern *t = xcalloc(1, sizeof(*t));
	t->refs = 1;
	t->arena = arena_new();
	t->mask = 1023;
	t->slots = xcalloc(t->mask + 1, sizeof(uint32_t));
	intern_get(t, "all", 3, FT_KIND_NONE);
	return t;
}

ft_intern *
intern_ref(ft_intern *t)
{
	t->refs++;
	return t;
}

void
intern_unref(ft_intern *t)
{
	if (t == NULL || --t->refs > 0)
		return;
	arena_free(t->arena);
	free(t->ents);
	free(t->slots);
	free(t);
}

static void
rehash(ft_intern *t)
{
	uint32_t mask = t->mask * 2 + 1;
	uint32_t *slots = xcalloc((size_t)mask + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < t->n; id++) {
		uint32_t i = (uint32_t)t->ents[id].hash & mask;
		while (slots[i] != 0)
			i = (i + 1) & mask;
		slots[i] = id + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->mask = mask;
}

static uint32_t
probe(const ft_intern *t, const char *s, size_t n, int kind, uint64_t h,
    uint32_t *slot)
{
	uint32_t i = (uint32_t)h & t->mask;
	for (;;) {
		uint32_t v = t->slots[i];
		if (v == 0) {
			*slot = i;
			return UINT32_MAX;
		}
		const struct entry *e = &t->ents[v - 1];
		if (e->hash == h && e->len == n && e->kind == kind &&
		    memcmp(e->s, s, n) == 0)
			return v - 1;
		i = (i + 1) & t->mask;
	}
}

uint32_t
intern_get_hashed(ft_intern *t, const char *s, size_t n, int kind, uint64_t h)
{
	uint32_t slot;
	uint32_t id = probe(t, s, n, kind, h, &slot);
	if (id != UINT32_MAX)
		return id;
	if (n > UINT32_MAX - 1) /* names are bounded by line length anyway */
		n = UINT32_MAX - 1;
	if (t->n == t->cap) {
		t->cap = (uint32_t)grow_cap(t->cap, (size_t)t->n + 1, 1024);
		t->ents = xreallocarray(t->ents, t->cap, sizeof(struct entry));
	}
	id = t->n++;
	t->ents[id] = (struct entry){arena_strndup(t->arena, s, n), h,
	    (uint32_t)n, (uint8_t)kind};
	t->slots[slot] = id + 1;
	if ((uint64_t)t->n * 4 > (uint64_t)(t->mask + 1) * 3)
		rehash(t);
	return id;
}

uint32_t
intern_get(ft_intern *t, const char *s, size_t n, int kind)
{
	return intern_get_hashed(t, s, n, kind, intern_hash(s, n));
}

uint32_t
intern_find(const ft_intern *t, const char *s, size_t n, int kind)
{
	uint32_t slot;
	return probe(t, s, n, kind, intern_hash(s, n), &slot);
}

const char *
intern_str(const ft_intern *t, uint32_t id)
{
	return t->ents[id].s;
}

uint32_t
intern_len(const ft_intern *t, uint32_t id)
{
	return t->ents[id].len;
}

int
intern_kind(const ft_intern *t, uint32_t id)
{
	return t->ents[id].kind;
}

uint32_t
intern_count(const ft_intern *t)
{
	return t->n;
}
