/* intern.h - frame names to small integer ids.
 *
 * Every frame name is stored once; the rest of the program compares names by
 * id.  A name's identity includes its kind (the `_[k]` style annotation
 * folded files carry), so `read` and `read_[k]` are two ids with the same
 * text.  Id 0 is always the synthetic root name "all".
 *
 * One table may be shared by several profiles (the two sides of a comparison,
 * a profile and the trees derived from it) so ids stay comparable; it is
 * reference counted.
 */
#ifndef FT_INTERN_H
#define FT_INTERN_H

#include <stddef.h>
#include <stdint.h>

/* Frame kinds, from folded annotations or pprof inline information. */
enum ft_kind {
	FT_KIND_NONE = 0,
	FT_KIND_KERNEL,  /* _[k] */
	FT_KIND_JIT,     /* _[j] */
	FT_KIND_INLINED, /* _[i] */
	FT_KIND_WAKER,   /* _[w] */
	FT_KIND_COUNT
};

typedef struct ft_intern ft_intern;

ft_intern *intern_new(void);
/* Take / drop a reference; the last drop frees the table and its names. */
ft_intern *intern_ref(ft_intern *t);
void intern_unref(ft_intern *t);

/* Hash of a byte string, the one intern_get_hashed() expects. */
uint64_t intern_hash(const char *s, size_t n);

/* Id of (s[0..n), kind), adding it if new. */
uint32_t intern_get(ft_intern *t, const char *s, size_t n, int kind);
/* The id of "A B" (A, one space, B), or of A alone when B is empty: a
 * name with its origin or detail appended, interned without the caller
 * building the joined string. */
uint32_t intern_get_joined(ft_intern *t, const char *a, size_t an,
    const char *b, size_t bn, int kind);
uint32_t intern_get_hashed(ft_intern *t, const char *s, size_t n, int kind,
    uint64_t hash);
/* Hints for a batch of lookups (a stack's frames): start loading the
 * slot a name of this hash is looked for in, and once that is in, the
 * name it holds.  Issue the first for every name of the batch, then the
 * second, then look them up: the cache misses overlap instead of coming
 * one after another.  Neither changes anything. */
void intern_prefetch_slot(const ft_intern *t, uint64_t hash);
void intern_prefetch_name(const ft_intern *t, uint64_t hash);
/* Id of (s, kind) or UINT32_MAX when absent (never adds). */
uint32_t intern_find(const ft_intern *t, const char *s, size_t n, int kind);

const char *intern_str(const ft_intern *t, uint32_t id); /* NUL-terminated */
uint32_t intern_len(const ft_intern *t, uint32_t id);
int intern_kind(const ft_intern *t, uint32_t id);
uint32_t intern_count(const ft_intern *t);

/* Rank of every id in bytewise name order (ties by kind): rank[id].
 * Computed once and cached until new names are added; owned by the table. */
const uint32_t *intern_ranks(ft_intern *t);

/* The annotation suffix of a kind ("_[k]"), "" for FT_KIND_NONE. */
const char *kind_suffix(int kind);
/* A word for the kind ("kernel"), "" for FT_KIND_NONE. */
const char *kind_name(int kind);

#endif
