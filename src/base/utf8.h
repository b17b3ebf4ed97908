/* utf8.h - UTF-8 decoding and display width, independent of the C locale.
 *
 * Frame names are bytes from untrusted files.  These helpers decide how many
 * terminal cells a code point takes (East Asian wide and emoji = 2, combining
 * marks = 0) without relying on the libc locale, so the TUI and --dump agree.
 */
#ifndef FT_UTF8_H
#define FT_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decode one code point from s[0..n).  Returns its byte length, or 0 when
 * the bytes are not valid UTF-8 (overlong, surrogate, truncated, > U+10FFFF). */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);

/* Encode cp into out (4 bytes room); returns the length. */
size_t utf8_encode(uint32_t cp, char *out);

/* Cells a code point occupies: 0, 1 or 2 (control characters: 0). */
int cp_width(uint32_t cp);

/* C0, C1 controls and DEL. */
int cp_is_control(uint32_t cp);

/* Bidirectional formatting characters (U+061C, U+200E-F, U+202A-E,
 * U+2066-9): printed raw they reorder the text around them. */
int cp_is_bidi(uint32_t cp);

#endif
