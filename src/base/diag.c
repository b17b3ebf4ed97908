/* diag.c - error message values (see diag.h). */
#include "base/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"

void
diag_set(ft_diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
}

void
diag_vset_at(ft_diag *d, const char *name, unsigned long long off,
    const char *fmt, va_list ap)
{
	char reason[512];
	vsnprintf(reason, sizeof(reason), fmt, ap);
	diag_set(d, "%s: byte %llu: %s", name, off, reason);
}

static size_t
escape(char *out, size_t cap, const char *s, size_t n, size_t clip, int keep_nl)
{
	size_t o = 0, i = 0;
	if (cap == 0)
		return 0;
	while (i < n && i < clip) {
		unsigned char c = (unsigned char)s[i];
		char tmp[8];
		size_t tl;
		size_t step = 1;
		if (c == '\n' && keep_nl) {
			tmp[0] = '\n';
			tl = 1;
		} else if (c == 0x1b) {
			memcpy(tmp, "\\e", tl = 2);
		} else if (c == '\t') {
			memcpy(tmp, "\\t", tl = 2);
		} else if (c < 0x20 || c == 0x7f) {
			tl = (size_t)snprintf(tmp, sizeof(tmp), "\\x%02x", c);
		} else if (c < 0x80) {
			tmp[0] = (char)c;
			tl = 1;
		} else {
			uint32_t cp;
			size_t len = utf8_decode(s + i, n - i, &cp);
			if (len == 0 || cp_is_control(cp)) {
				if (len == 0)
					len = 1;
				tl = (size_t)snprintf(tmp, sizeof(tmp), "\\x%02x", c);
				step = 1;
			} else if (cp_is_bidi(cp)) {
				tl = (size_t)snprintf(tmp, sizeof(tmp), "\\u%04x", (unsigned)cp);
				step = len;
			} else {
				memcpy(tmp, s + i, len);
				tl = len;
				step = len;
			}
		}
		if (o + tl + 4 > cap)
			break;
		memcpy(out + o, tmp, tl);
		o += tl;
		i += step;
	}
	if (i < n && o + 3 < cap) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return o;
}

size_t
escape_text(char *out, size_t cap, const char *s, size_t n, size_t clip)
{
	return escape(out, cap, s, n, clip, 0);
}

size_t
escape_msg(char *out, size_t cap, const char *s, size_t n)
{
	return escape(out, cap, s, n, n, 1);
}

void
diag_append_text(ft_diag *d, const char *s, size_t n)
{
	size_t len = strlen(d->msg);
	if (len + 8 >= sizeof(d->msg))
		return;
	memcpy(d->msg + len, ": `", 3);
	len += 3;
	len += escape_text(d->msg + len, sizeof(d->msg) - len - 2, s, n,
	    DIAG_TEXT_CLIP);
	d->msg[len++] = '`';
	d->msg[len] = '\0';
}
