/* loader.c - what the loaders share (see loader.h). */
#include "input/loader.h"

#include <stdarg.h>
#include <stdio.h>

void
load_report_warn(ft_load_report *rep, const char *fmt, ...)
{
	if (rep->nwarn >= (int)(sizeof(rep->warn) / sizeof(rep->warn[0])))
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rep->warn[rep->nwarn++].msg, DIAG_MAX, fmt, ap);
	va_end(ap);
}
