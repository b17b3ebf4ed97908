/* cmd_export.h - --export (folded, pprof, speedscope; svg is cmd_view.h's). */
#ifndef FT_CMD_EXPORT_H
#define FT_CMD_EXPORT_H

#include <stdio.h>

#include "cli/cmd_input.h"

/* Returns the exit status. */
int cmd_export(ft_input *in, const ft_cmdline *o, FILE *out);

#endif
