/* match.h - regular expressions over frame names (the only PCRE2 user).
 *
 * A matcher is compiled once (JIT when the library has it) and run at most
 * once per unique frame name: match_names() returns a map over all name ids,
 * and every filter, search and table looks names up in that map instead of
 * running the regex per tree node.
 *
 * Names are matched against their display text, without the `_[k]` style
 * kind annotation (so `^read$` matches both `read` and `read_[k]`).
 *
 * Smart case: a pattern with no uppercase ASCII letter (outside escapes such
 * as `\S` or `\W`) matches case-insensitively; one uppercase letter makes
 * it case-sensitive.  Frame names may be invalid UTF-8: patterns are
 * compiled in UTF mode with PCRE2_MATCH_INVALID_UTF when the pattern itself
 * is valid UTF-8 and the library supports it, else as plain bytes.
 */
#ifndef FT_MATCH_H
#define FT_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "profile/intern.h"

typedef struct ft_matcher ft_matcher;

/* Compile pattern (NUL-terminated).  NULL with err set to
 * "bad regex `PAT`: MESSAGE at offset N" on a syntax error. */
ft_matcher *match_compile(const char *pattern, ft_diag *err);
void match_free(ft_matcher *m);

/* The pattern text as given. */
const char *match_pattern(const ft_matcher *m);

/* Does s[0..n) contain a match? */
int match_text(const ft_matcher *m, const char *s, size_t n);

/* A map with one byte per name id (0 or 1), intern_count(names) long,
 * each unique name matched once.  malloc'd; free() it. */
uint8_t *match_names(const ft_matcher *m, const ft_intern *names);

/* Escape regex metacharacters so s[0..n) matches literally; the result
 * is anchored (^...$) when anchor is set.  malloc'd. */
char *match_quote(const char *s, size_t n, int anchor);

#endif
