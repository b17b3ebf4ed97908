/* diag.h - error values: "FILE:LINE: reason: `offending text`".
 *
 * Core modules never print; they fill an ft_diag and return an error code.
 * main.c and tui.c print diag.msg prefixed with "flametui: ".
 */
#ifndef FT_DIAG_H
#define FT_DIAG_H

#include <stdarg.h>
#include <stddef.h>

#define DIAG_MAX 1024
#define DIAG_TEXT_CLIP 80 /* bytes of offending text shown */

typedef struct ft_diag {
	char msg[DIAG_MAX];
} ft_diag;

/* Replace the message (printf format). */
void diag_set(ft_diag *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Replace the message with "NAME: byte OFF: REASON" (REASON a printf
 * format and its arguments): the binary loaders' error form. */
void diag_vset_at(ft_diag *d, const char *name, unsigned long long off,
    const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 0)))
#endif
    ;

/* Append ": `TEXT`" with TEXT escaped (control bytes as \xNN) and clipped. */
void diag_append_text(ft_diag *d, const char *s, size_t n);

/* Escape s[0..n) into out (capacity cap, always NUL-terminated): printable
 * ASCII and valid UTF-8 pass, control bytes become \e \t \xNN, invalid UTF-8
 * bytes \xNN, bidirectional formatting characters \uNNNN.  Stops at clip input bytes and adds "..." when clipped.
 * Returns the length written. */
size_t escape_text(char *out, size_t cap, const char *s, size_t n, size_t clip);

/* escape_text for a whole message: the same escapes (control bytes,
 * invalid UTF-8, bidi characters as \u202e) except that '\n' stays a line
 * end.  Text already escaped passes unchanged. */
size_t escape_msg(char *out, size_t cap, const char *s, size_t n);

#endif
