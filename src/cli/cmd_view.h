/* cmd_view.h - the viewer, --dump and --export svg. */
#ifndef FT_CMD_VIEW_H
#define FT_CMD_VIEW_H

#include <stdio.h>

#include "cli/cmd_input.h"

/* Each command returns the exit status. */
int cmd_show(ft_input *in, ft_cmdline *o, FILE *out); /* view, --dump, --export svg */

#endif
