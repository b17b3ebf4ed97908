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
	uint64_t *slots; /* (hash high 32 bits) << 32 | (id + 1); 0 = empty */
	uint32_t mask;
	uint32_t *rank;  /* intern_ranks() cache, valid for rank_n names */
	uint32_t rank_n;
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

static uint64_t
load64(const char *p)
{
	uint64_t w;
	memcpy(&w, p, 8);
	return w;
}

static uint32_t
load32(const char *p)
{
	uint32_t w;
	memcpy(&w, p, 4);
	return w;
}

uint64_t
intern_hash(const char *s, size_t n)
{
	/* A multiply-xorshift hash over 8-byte words: fast on long C++ names.
	 * The tail is read with whole-word loads (overlapping the previous
	 * word) rather than byte copies, which stall store forwarding. */
	const uint64_t m = 0x9e3779b97f4a7c15ull;
	uint64_t h = 0x243f6a8885a308d3ull ^ (n * m);
	const char *end = s + n;
	while (end - s > 8) {
		h = (h ^ load64(s)) * m;
		h ^= h >> 29;
		s += 8;
	}
	uint64_t w;
	if (n >= 8)
		w = load64(end - 8);
	else if (n >= 4)
		w = load32(s) | (uint64_t)load32(end - 4) << 32;
	else if (n > 0)
		w = (uint64_t)(unsigned char)s[0] | (uint64_t)(unsigned char)s[n / 2] << 8 |
		    (uint64_t)(unsigned char)s[n - 1] << 16;
	else
		w = 0;
	h = (h ^ w) * m;
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
	t->slots = xcalloc(t->mask + 1, sizeof(uint64_t));
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
	free(t->rank);
	free(t);
}

static uint64_t
slot_of(uint64_t h, uint32_t id)
{
	return (h >> 32) << 32 | ((uint64_t)id + 1);
}

static void
rehash(ft_intern *t)
{
	uint32_t mask = t->mask * 2 + 1;
	uint64_t *slots = xcalloc((size_t)mask + 1, sizeof(uint64_t));
	for (uint32_t id = 0; id < t->n; id++) {
		uint32_t i = (uint32_t)t->ents[id].hash & mask;
		while (slots[i] != 0)
			i = (i + 1) & mask;
		slots[i] = slot_of(t->ents[id].hash, id);
	}
	free(t->slots);
	t->slots = slots;
	t->mask = mask;
}

/* Id of the name or UINT32_MAX; *slot is where it would go.  The slot keeps
 * the hash's high half so mismatches are rejected without touching the
 * entry. */
static uint32_t
probe(const ft_intern *t, const char *s, size_t n, int kind, uint64_t h,
    uint32_t *slot)
{
	uint32_t i = (uint32_t)h & t->mask;
	uint64_t tag = h >> 32;
	for (;;) {
		uint64_t v = t->slots[i];
		if (v == 0) {
			*slot = i;
			return UINT32_MAX;
		}
		if (v >> 32 == tag) {
			uint32_t id = (uint32_t)v - 1;
			const struct entry *e = &t->ents[id];
			if (e->len == n && e->kind == kind && memcmp(e->s, s, n) == 0)
				return id;
		}
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
	t->slots[slot] = slot_of(h, id);
	if ((uint64_t)t->n * 2 > (uint64_t)(t->mask + 1))
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

static const ft_intern *rank_table;

static int
cmp_name_ids(const void *a, const void *b)
{
	const struct entry *x = &rank_table->ents[*(const uint32_t *)a];
	const struct entry *y = &rank_table->ents[*(const uint32_t *)b];
	int c = memcmp(x->s, y->s, x->len < y->len ? x->len : y->len);
	if (c != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->kind - y->kind;
}

const uint32_t *
intern_ranks(ft_intern *t)
{
	if (t->rank != NULL && t->rank_n == t->n)
		return t->rank;
	uint32_t n = t->n;
	uint32_t *ids = xmalloc(sizeof(uint32_t) * (n ? n : 1));
	for (uint32_t i = 0; i < n; i++)
		ids[i] = i;
	rank_table = t;
	qsort(ids, n, sizeof(uint32_t), cmp_name_ids);
	free(t->rank);
	t->rank = xmalloc(sizeof(uint32_t) * (n ? n : 1));
	for (uint32_t i = 0; i < n; i++)
		t->rank[ids[i]] = i;
	t->rank_n = n;
	free(ids);
	return t->rank;
}
