/* cmd_top.h - --top: the function table as text. */
#ifndef FT_CMD_TOP_H
#define FT_CMD_TOP_H

#include <stdio.h>

#include "cli/cmd_input.h"

/* Returns the exit status. */
int cmd_top(ft_input *in, const ft_cmdline *o, FILE *out);

#endif
