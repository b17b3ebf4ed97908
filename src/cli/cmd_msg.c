/* cmd_msg.c - messages a person reads, escaped (see cmd_msg.h). */
#include "cli/cmd_msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/utf8.h"
#include "base/xalloc.h"

void
cmd_msg(FILE *f, const char *fmt, ...)
{
	char small[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	char *text = small;
	if ((size_t)n >= sizeof(small)) {
		text = xmalloc((size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	size_t cap = (size_t)n * 6 + 8; /* \u202e: 6 bytes for 3 */
	char *esc = xmalloc(cap);
	escape_msg(esc, cap, text, (size_t)n);
	fputs(esc, f);
	free(esc);
	if (text != small)
		free(text);
}

int
cmd_usage(const char *what, const char *fmt, const char *arg)
{
	/* The option value is the user's, but may hold escape sequences
	 * (pasted, or from a script): cmd_msg escapes it. */
	char m[DIAG_MAX + 256];
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
	snprintf(m, sizeof(m), fmt, arg);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
	cmd_msg(stderr, "flametui: %s%s\nTry 'flametui --help'.\n", what, m);
	return 2;
}
