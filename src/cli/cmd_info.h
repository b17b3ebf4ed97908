/* cmd_info.h - --info: what was loaded. */
#ifndef FT_CMD_INFO_H
#define FT_CMD_INFO_H

#include <stdio.h>

#include "cli/cmd_input.h"

/* Returns the exit status. */
int cmd_info(ft_input *in, const ft_cmdline *o, FILE *out);

#endif
