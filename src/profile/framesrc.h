/* framesrc.h - the source files and mappings behind frame names, so that
 * filters can match them as pprof does.
 *
 * pprof's focus, ignore, hide, show and show-from match a frame when the
 * regex matches its function name, its source file name or the file of
 * its mapping (the binary or library).  Frames here are merged by name, so
 * the table keeps, per frame name id, every distinct such text seen for it
 * (the file "main.go", "main.go:42" for each line, the mapping
 * "/usr/lib/libc.so.6").  Texts are interned once in a private table, so
 * a regex runs once per distinct text.
 *
 * Built by a loader (pprof), then shared read-only by the profile and
 * every tree derived from it (reference counted).  Profiles without such
 * data have none (NULL), and cost nothing.
 */
#ifndef FT_FRAMESRC_H
#define FT_FRAMESRC_H

#include <stddef.h>
#include <stdint.h>

#include "profile/match.h"

typedef struct ft_framesrc ft_framesrc;

ft_framesrc *framesrc_new(void);
/* Take / drop a reference (NULL is fine for both). */
ft_framesrc *framesrc_ref(ft_framesrc *s);
void framesrc_unref(ft_framesrc *s);

/* Note that frame name id `name` comes from text s[0..n). */
void framesrc_add(ft_framesrc *s, uint32_t name, const char *text, size_t n);

/* Set map[name] = 1 for every name with a text matching m; map has one
 * byte per frame name id (nnames of them), as match_names() returns. */
void framesrc_match(ft_framesrc *s, const ft_matcher *m, uint8_t *map,
    uint32_t nnames);

/* The line numbers seen for frame name `name` in file `file` (texts
 * "FILE:N"), ascending and distinct: the first max of them go to lines;
 * returns how many there are.  0 when s is NULL. */
size_t framesrc_lines(ft_framesrc *s, uint32_t name, const char *file,
    uint32_t *lines, size_t max);

/* Number of distinct (name, text) pairs (for tests). */
size_t framesrc_count(ft_framesrc *s);

#endif
