/* xalloc.c - allocation wrappers that exit on failure (see xalloc.h). */
#define _GNU_SOURCE /* mremap, MAP_ANONYMOUS */
#include "xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void
oom(size_t n)
{
	fprintf(stderr, "flametui: out of memory (asked for %zu bytes)\n", n);
	exit(1);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		oom(n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (p == NULL)
		oom(n * size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (q == NULL)
		oom(n);
	return q;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		oom(SIZE_MAX);
	return xrealloc(p, n * size);
}

char *
xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

size_t
grow_cap(size_t cap, size_t need, size_t min)
{
	if (cap < min)
		cap = min;
	while (cap < need) {
		if (cap > SIZE_MAX / 2)
			oom(SIZE_MAX);
		cap *= 2;
	}
	return cap;
}

/* Mapping size for a big array: whole pages. */
static size_t
map_size(size_t bytes)
{
	const size_t page = 4096;
	if (bytes > SIZE_MAX - page)
		oom(bytes);
	return (bytes + page - 1) & ~(page - 1);
}

static void *
map_new(size_t bytes)
{
	size_t n = map_size(bytes);
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_NORESERVE
	flags |= MAP_NORESERVE;
#endif
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (p == MAP_FAILED)
		oom(bytes);
#ifdef MADV_HUGEPAGE
	madvise(p, n, MADV_HUGEPAGE); /* a hint: fine if refused */
#endif
	return p;
}

void *
xbig_realloc(void *p, size_t old_bytes, size_t new_bytes)
{
	if (p == NULL)
		old_bytes = 0;
	if (new_bytes < XBIG_MIN && (p == NULL || old_bytes < XBIG_MIN))
		return xrealloc(p, new_bytes);
	if (p == NULL || old_bytes < XBIG_MIN) {
		void *q = map_new(new_bytes);
		if (p != NULL) {
			memcpy(q, p, old_bytes < new_bytes ? old_bytes : new_bytes);
			free(p);
		}
		return q;
	}
	if (new_bytes < XBIG_MIN) { /* shrinks back to the heap */
		void *q = xmalloc(new_bytes);
		memcpy(q, p, new_bytes);
		munmap(p, map_size(old_bytes));
		return q;
	}
	size_t on = map_size(old_bytes), nn = map_size(new_bytes);
	if (on == nn)
		return p;
#ifdef MREMAP_MAYMOVE
	void *q = mremap(p, on, nn, MREMAP_MAYMOVE);
	if (q == MAP_FAILED)
		oom(new_bytes);
#ifdef MADV_HUGEPAGE
	if (nn > on)
		madvise(q, nn, MADV_HUGEPAGE);
#endif
	return q;
#else
	void *q = map_new(new_bytes);
	memcpy(q, p, on < nn ? on : nn);
	munmap(p, on);
	return q;
#endif
}

void
xbig_free(void *p, size_t bytes)
{
	if (p == NULL)
		return;
	if (bytes < XBIG_MIN)
		free(p);
	else
		munmap(p, map_size(bytes));
}
