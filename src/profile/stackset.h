/* stackset.h - nodes where some input stack ended, so a loader can count
 * the distinct stacks of its input (ft_load_report.stacks) whatever their
 * values.  Its own module so that the loaders (load_*.c) do not call back
 * into load.c, which calls them. */
#ifndef FT_STACKSET_H
#define FT_STACKSET_H

#include <stddef.h>
#include <stdint.h>

typedef struct ft_stackset {
	unsigned char *seen; /* a bit per node */
	size_t cap;          /* bytes */
} ft_stackset;

/* Mark node; 1 when it was not marked before. */
int stackset_add(ft_stackset *s, uint32_t node);
/* Free the set (it may be used again, empty). */
void stackset_free(ft_stackset *s);

/* Stacks that a node alone does not tell apart (frames renamed while
 * loading, so two stacks as loaded may end at one node): a set of keys,
 * each a run of 32-bit words the loader makes (its node, then what else
 * tells the stack apart).  Zero-initialised is empty. */
typedef struct ft_keyset {
	uint32_t *pool;      /* the keys in order added: [n, word 0 .. n-1] */
	size_t npool, cpool;
	size_t *slots;       /* pool offset + 1; 0: empty */
	size_t mask, n;
} ft_keyset;

/* Add key k[0..n) (n >= 1); 1 when it was not there. */
int keyset_add(ft_keyset *s, const uint32_t *k, size_t n);
/* The key at pool offset *at, its length in *n, and *at moved to the
 * next; NULL after the last.  Start with *at = 0. */
const uint32_t *keyset_next(const ft_keyset *s, size_t *at, size_t *n);
/* Free the set (it may be used again, empty). */
void keyset_free(ft_keyset *s);

#endif
