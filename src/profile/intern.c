/* intern.c - string interning with open addressing (see intern.h).
 *
 * Each name is one record in the table's arena: its length, id and kind
 * right before its bytes.  A slot holds the full 64-bit hash and the
 * record's address, so a probe rejects mismatches without leaving the slot
 * array and confirms a match in one more cache line or two (the record),
 * instead of chasing slot -> entry -> string.  Loading a big profile does
 * one lookup per new node, so this is the loaders' hottest path.
 */
#include "profile/intern.h"

#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/xalloc.h"

struct rec {
	uint32_t len;
	uint32_t id;
	uint8_t kind;
	char s[]; /* len bytes and a NUL */
};

struct slot {
	uint64_t hash;
	const struct rec *r; /* NULL = empty */
};

struct ft_intern {
	int refs;
	ft_arena *arena;
	const struct rec **ents; /* by id */
	uint32_t n, cap;
	struct slot *slots;
	uint32_t mask;
	uint32_t *rank;  /* intern_ranks() cache, valid for rank_n names */
	uint32_t rank_n;
};

/* Slot arrays of big tables go in big pages (xbig_realloc): a lookup's
 * slot is a random one, and with small pages nearly every lookup of a
 * big table missed the TLB too. */
static struct slot *
slots_new(uint32_t mask)
{
	size_t bytes = ((size_t)mask + 1) * sizeof(struct slot);
	struct slot *s = xbig_realloc(NULL, 0, bytes);
	memset(s, 0, bytes);
	return s;
}

static void
slots_free(struct slot *s, uint32_t mask)
{
	xbig_free(s, ((size_t)mask + 1) * sizeof(struct slot));
}

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
	t->slots = slots_new(t->mask);
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
	slots_free(t->slots, t->mask);
	free(t->rank);
	free(t);
}

static void
rehash(ft_intern *t)
{
	uint32_t mask = t->mask * 2 + 1;
	struct slot *slots = slots_new(mask);
	for (uint32_t k = 0; k <= t->mask; k++) {
		if (t->slots[k].r == NULL)
			continue;
		uint32_t i = (uint32_t)t->slots[k].hash & mask;
		while (slots[i].r != NULL)
			i = (i + 1) & mask;
		slots[i] = t->slots[k];
	}
	slots_free(t->slots, t->mask);
	t->slots = slots;
	t->mask = mask;
}

/* Id of the name or UINT32_MAX; *slot is where it would go. */
static uint32_t
probe(const ft_intern *t, const char *s, size_t n, int kind, uint64_t h,
    uint32_t *slot)
{
	uint32_t i = (uint32_t)h & t->mask;
	for (;;) {
		const struct slot *v = &t->slots[i];
		if (v->r == NULL) {
			*slot = i;
			return UINT32_MAX;
		}
		if (v->hash == h) {
			const struct rec *r = v->r;
			if (r->len == n && r->kind == kind && memcmp(r->s, s, n) == 0)
				return r->id;
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
		t->ents = xreallocarray(t->ents, t->cap, sizeof(*t->ents));
	}
	id = t->n++;
	struct rec *r = arena_alloc(t->arena, sizeof(struct rec) + n + 1);
	r->len = (uint32_t)n;
	r->id = id;
	r->kind = (uint8_t)kind;
	memcpy(r->s, s, n);
	r->s[n] = '\0';
	t->ents[id] = r;
	t->slots[slot] = (struct slot){h, r};
	if ((uint64_t)t->n * 2 > (uint64_t)(t->mask + 1))
		rehash(t);
	return id;
}

void
intern_prefetch_slot(const ft_intern *t, uint64_t h)
{
	__builtin_prefetch(&t->slots[(uint32_t)h & t->mask]);
}

void
intern_prefetch_name(const ft_intern *t, uint64_t h)
{
	const struct slot *v = &t->slots[(uint32_t)h & t->mask];
	if (v->hash == h) {
		/* The record and the name's first bytes, memcmp's first lines. */
		const char *r = (const char *)v->r;
		__builtin_prefetch(r);
		__builtin_prefetch(r + 64);
		__builtin_prefetch(r + 128);
	}
}

uint32_t
intern_get(ft_intern *t, const char *s, size_t n, int kind)
{
	return intern_get_hashed(t, s, n, kind, intern_hash(s, n));
}

uint32_t
intern_get_joined(ft_intern *t, const char *a, size_t an, const char *b,
    size_t bn, int kind)
{
	if (bn == 0)
		return intern_get(t, a, an, kind);
	char *s = xmalloc(an + bn + 1);
	memcpy(s, a, an);
	s[an] = ' ';
	memcpy(s + an + 1, b, bn);
	uint32_t id = intern_get(t, s, an + 1 + bn, kind);
	free(s);
	return id;
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
	return t->ents[id]->s;
}

uint32_t
intern_len(const ft_intern *t, uint32_t id)
{
	return t->ents[id]->len;
}

int
intern_kind(const ft_intern *t, uint32_t id)
{
	return t->ents[id]->kind;
}

uint32_t
intern_count(const ft_intern *t)
{
	return t->n;
}

static _Thread_local const ft_intern *rank_table; /* qsort context; --watch loads in a thread */

static int
cmp_name_ids(const void *a, const void *b)
{
	const struct rec *x = rank_table->ents[*(const uint32_t *)a];
	const struct rec *y = rank_table->ents[*(const uint32_t *)b];
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
