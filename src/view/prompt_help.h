/* prompt_help.h - what the `:` prompt tells while typing, and Tab.
 *
 * The filter prompt shows, on the row above it, the verbs that fit what
 * is typed (each with its argument), or the one verb's meaning and an
 * example once it is typed; Tab completes a verb, then a frame name from
 * the profile (the verbs that take a regex) or a label key (the tag
 * verbs).  A wrong verb is answered with the verbs that fit the width.
 * Pure text: render.c draws the hint, view_keys.c feeds Tab.
 */
#ifndef FT_PROMPT_HELP_H
#define FT_PROMPT_HELP_H

#include <stddef.h>

#include "profile/profile.h"
#include "view/prompt.h"

/* The hint for the filter prompt's text, cut to width cells (ASCII).
 * Returns buf. */
const char *prompt_filter_hint(const char *text, size_t len, int width, char *buf,
    size_t cap);

/* Tab in the filter prompt: complete the word at the cursor (a verb, a
 * frame name of p, a label key of p).  Returns 1 when the text changed,
 * 0 when nothing (or nothing more) completes. */
int prompt_filter_complete(ft_prompt *pr, const ft_profile *p);

/* The message for a line whose verb is unknown: the verb and the verbs
 * there are, as many as fit width cells.  Returns buf. */
const char *prompt_filter_unknown(const char *text, int width, char *buf, size_t cap);

#endif
