/* arena.c - chunked bump allocator (see arena.h).
 *
 * Chunks are kept in a singly linked list; a request larger than a quarter of
 * the chunk size gets a chunk of its own so big names do not waste the tail
 * of the current chunk.
 */
#include "base/arena.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

#define CHUNK_SIZE (256u * 1024u)
#define CHUNK_FIRST (8u * 1024u) /* chunks double from here to CHUNK_SIZE:
                                    a small profile costs little (fuzzing) */

struct chunk {
	struct chunk *next;
	size_t size;
	size_t used;
	alignas(max_align_t) unsigned char data[];
};

struct ft_arena {
	struct chunk *head;
	size_t used;
};

ft_arena *
arena_new(void)
{
	return xcalloc(1, sizeof(ft_arena));
}

void
arena_free(ft_arena *a)
{
	if (a == NULL)
		return;
	struct chunk *c = a->head;
	while (c != NULL) {
		struct chunk *next = c->next;
		free(c);
		c = next;
	}
	free(a);
}

static struct chunk *
chunk_new(size_t size)
{
	struct chunk *c = xmalloc(sizeof(*c) + size);
	c->size = size;
	c->used = 0;
	c->next = NULL;
	return c;
}

static void *
alloc_aligned(ft_arena *a, size_t n, size_t align)
{
	if (n == 0)
		n = 1;
	a->used += n;
	if (n > CHUNK_SIZE / 4) {
		/* A big object: own chunk, linked behind the current one. */
		struct chunk *c = chunk_new(n);
		c->used = n;
		if (a->head != NULL) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			a->head = c;
		}
		return c->data;
	}
	struct chunk *c = a->head;
	size_t at = c != NULL ? (c->used + align - 1) & ~(align - 1) : 0;
	if (c == NULL || at > c->size || c->size - at < n) {
		size_t size = c == NULL ? CHUNK_FIRST : c->size >= CHUNK_SIZE / 2 ? CHUNK_SIZE :
		    c->size * 2;
		while (size < n)
			size *= 2;
		c = chunk_new(size);
		c->next = a->head;
		a->head = c;
		at = 0;
	}
	void *p = c->data + at;
	c->used = at + n;
	return p;
}

void *
arena_alloc(ft_arena *a, size_t n)
{
	return alloc_aligned(a, n, alignof(max_align_t));
}

char *
arena_strndup(ft_arena *a, const char *s, size_t n)
{
	char *d = alloc_aligned(a, n + 1, 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

size_t
arena_used(const ft_arena *a)
{
	return a->used;
}
