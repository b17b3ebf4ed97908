/* cmd_run.h - run the parsed command line. */
#ifndef FT_CMD_RUN_H
#define FT_CMD_RUN_H

#include "cli/cmd_input.h"

/* Everything after parsing: load, run o->cmd, free.  Frees o->filters. */
int cmd_run(ft_cmdline *o);

#endif
