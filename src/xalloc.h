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

#endif
