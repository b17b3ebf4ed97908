/* xalloc.h - allocation that never returns NULL.
 *
 * flametui cannot do anything useful after running out of memory, so these
 * print one line and exit(1) instead of making every caller check.  Sizes are
 * checked for multiplication overflow: a hostile file must not be able to
 * turn a count into a small allocation.
 */
#ifndef FT_XALLOC_H
#define FT_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* realloc for an array of n elements of size bytes, checking n*size. */
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grow *cap (starting at min) until it holds need elements. */
size_t grow_cap(size_t cap, size_t need, size_t min);

/* Append init to the array arr of n elements and capacity cap, growing it
 * (from min elements) when full. */
#define XPUSH(arr, n, cap, min, init) do {                              \
		if ((n) == (cap)) {                                     \
			(cap) = grow_cap((cap), (n) + 1, (min));        \
			(arr) = xreallocarray((arr), (cap), sizeof(*(arr))); \
		}                                                       \
		(arr)[(n)++] = init;                                    \
	} while (0)

/* Big arrays (the call tree's per-node arrays).  From XBIG_MIN bytes up
 * they are their own anonymous mappings: reserved without being committed
 * (pages never touched cost nothing, so a generous size hint is free),
 * backed by transparent huge pages where the kernel offers them (one fault
 * per 2 MiB instead of per 4 KiB), and grown with mremap (no copy, no
 * re-fault).  Smaller ones use malloc.  Freed mappings are kept in a
 * small pool (at most 8, 1 GiB) and handed out again, already faulted in.
 * The caller passes the current size in bytes to every call: old_bytes
 * must be exactly what was asked for last.  xbig_realloc(NULL, 0, n)
 * allocates; contents beyond old_bytes are undefined (not zeroed). */
#define XBIG_MIN ((size_t)1 << 20)
void *xbig_realloc(void *p, size_t old_bytes, size_t new_bytes);
void xbig_free(void *p, size_t bytes);
/* Give the pages of bytes [0, upto) of big array p (of bytes bytes) back
 * to the system; they read as zeros afterwards.  For an array consumed
 * front to back.  Nothing happens to a small (malloc'd) array. */
void xbig_discard(void *p, size_t bytes, size_t upto);
/* The same for the whole pages inside bytes [from, to) of p: a part that
 * is not read again (it reads as zeros if it is). */
void xbig_discard_range(void *p, size_t bytes, size_t from, size_t to);

#endif
