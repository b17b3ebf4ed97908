/* xalloc.c - allocation wrappers that exit on failure (see xalloc.h). */
#define _GNU_SOURCE /* mremap, MAP_ANONYMOUS */
#include "base/xalloc.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
/* glibc serves blocks from 128 KiB up as their own mappings until a freed
 * one raises that bound: a table's node- or name-sized scratch (the
 * function table, the butterfly) then faults fresh pages on every open
 * (12 us per 4 KiB here) or not, by what happened to be freed before.
 * Blocks below 32 MiB come from the heap, and up to 64 MiB freed at its
 * top is kept for the next; bigger arrays are xbig mappings (pooled). */
__attribute__((constructor)) static void
xalloc_tune(void)
{
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
}
#endif

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

/* Mappings freed lately, kept for the next big allocation: a filter
 * builds a tree as big as the one it replaces, and memory already faulted
 * in costs nothing to reuse (a fresh page costs a fault and zeroing). */
#define POOL_N 8
#define POOL_MAX_BYTES ((size_t)1 << 30)
static struct { void *p; size_t n; } pool[POOL_N];
static size_t pool_bytes;
/* Loads run in threads (--watch, parallel folded parts): the pool is shared. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

static void *map_new(size_t bytes);

/* A mapping of exactly map_size(bytes), from the pool when it has one:
 * the smallest that is big enough, else the biggest, resized. */
static void *
map_get(size_t bytes)
{
	size_t n = map_size(bytes);
	int best = -1;
	pthread_mutex_lock(&pool_lock);
	for (int i = 0; i < POOL_N; i++) {
		if (pool[i].p == NULL)
			continue;
		if (best < 0) {
			best = i;
			continue;
		}
		int fits = pool[i].n >= n, bfits = pool[best].n >= n;
		if ((fits && (!bfits || pool[i].n < pool[best].n)) ||
		    (!fits && !bfits && pool[i].n > pool[best].n))
			best = i;
	}
	if (best < 0) {
		pthread_mutex_unlock(&pool_lock);
		return map_new(bytes);
	}
	void *p = pool[best].p;
	size_t have = pool[best].n;
	pool[best].p = NULL;
	pool_bytes -= have;
	pthread_mutex_unlock(&pool_lock);
	if (have == n)
		return p;
#ifdef MREMAP_MAYMOVE
	void *q = mremap(p, have, n, MREMAP_MAYMOVE);
	if (q == MAP_FAILED)
		oom(bytes);
#ifdef MADV_HUGEPAGE
	if (n > have)
		madvise(q, n, MADV_HUGEPAGE);
#endif
	return q;
#else
	munmap(p, have);
	return map_new(bytes);
#endif
}

static void
map_put(void *p, size_t bytes)
{
	size_t n = map_size(bytes);
	int slot = -1;
	pthread_mutex_lock(&pool_lock);
	for (int i = 0; i < POOL_N && slot < 0; i++)
		if (pool[i].p == NULL)
			slot = i;
	if (slot < 0 || n > POOL_MAX_BYTES) {
		pthread_mutex_unlock(&pool_lock);
		munmap(p, n);
		return;
	}
	pool[slot].p = p;
	pool[slot].n = n;
	pool_bytes += n;
	/* Over budget: give back the biggest others first. */
	while (pool_bytes > POOL_MAX_BYTES) {
		int big = -1;
		for (int i = 0; i < POOL_N; i++)
			if (pool[i].p != NULL && i != slot && (big < 0 || pool[i].n > pool[big].n))
				big = i;
		if (big < 0)
			break;
		munmap(pool[big].p, pool[big].n);
		pool_bytes -= pool[big].n;
		pool[big].p = NULL;
	}
	pthread_mutex_unlock(&pool_lock);
}

static void *
map_new(size_t bytes)
{
	size_t n = map_size(bytes);
	int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_NORESERVE
	flags |= MAP_NORESERVE;
#endif
	/* Arrays of a few MiB (a butterfly's trees, a filter's scratch) on a
	 * 2 MiB boundary: transparent huge pages cover only aligned 2 MiB
	 * ranges, and one fault of a huge page costs about what one of a
	 * 4 KiB page does (the first butterfly open on default.folded
	 * 36-46 -> 27-30 ms).  Not the call tree's own arrays, reserved far
	 * beyond their use: aligned, their peak RSS grew by 1.3 MB. */
	const size_t huge = (size_t)2 << 20;
	size_t extra = n >= huge && n <= 16 * huge ? huge : 0;
	char *m = mmap(NULL, n + extra, PROT_READ | PROT_WRITE, flags, -1, 0);
	if (m == MAP_FAILED)
		oom(bytes);
	char *p = m;
	if (extra != 0) {
		p = (char *)(((uintptr_t)m + huge - 1) & ~(uintptr_t)(huge - 1));
		if (p > m)
			munmap(m, (size_t)(p - m));
		if (m + extra > p)
			munmap(p + n, (size_t)(m + extra - p));
	}
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
		void *q = map_get(new_bytes);
		if (p != NULL) {
			memcpy(q, p, old_bytes < new_bytes ? old_bytes : new_bytes);
			free(p);
		}
		return q;
	}
	if (new_bytes < XBIG_MIN) { /* shrinks back to the heap */
		void *q = xmalloc(new_bytes);
		memcpy(q, p, new_bytes);
		map_put(p, old_bytes);
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
		map_put(p, bytes);
}

void
xbig_discard(void *p, size_t bytes, size_t upto)
{
	if (p == NULL || bytes < XBIG_MIN)
		return;
	if (upto > bytes)
		upto = bytes;
	size_t page = (size_t)1 << 12;
	upto &= ~(page - 1);
	if (upto > 0)
		madvise(p, upto, MADV_DONTNEED);
}

void
xbig_discard_range(void *p, size_t bytes, size_t from, size_t to)
{
	if (p == NULL || bytes < XBIG_MIN)
		return;
	if (to > bytes)
		to = bytes;
	size_t page = (size_t)1 << 12;
	from = (from + page - 1) & ~(page - 1);
	to &= ~(page - 1);
	if (to > from)
		madvise((char *)p + from, to - from, MADV_DONTNEED);
}
