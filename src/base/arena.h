/* arena.h - chunked bump allocator.
 *
 * One arena per profile holds frame names and other data that live as long
 * as the profile.  Pointers returned stay valid until arena_free(); there is
 * no per-object free.  Allocation failure aborts through xalloc's handler:
 * the program cannot continue without memory and has no partial state worth
 * keeping.
 */
#ifndef FT_ARENA_H
#define FT_ARENA_H

#include <stddef.h>

typedef struct ft_arena ft_arena;

/* Create an empty arena. */
ft_arena *arena_new(void);

/* Free the arena and everything allocated from it (NULL is fine). */
void arena_free(ft_arena *a);

/* Allocate n bytes aligned for any object. */
void *arena_alloc(ft_arena *a, size_t n);

/* Copy s[0..n) into the arena and NUL-terminate it. */
char *arena_strndup(ft_arena *a, const char *s, size_t n);

/* Bytes handed out so far (for memory reports). */
size_t arena_used(const ft_arena *a);

#endif
