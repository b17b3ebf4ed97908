/* cmd_watch.h - the viewer following its file(s). */
#ifndef FT_CMD_WATCH_H
#define FT_CMD_WATCH_H

#include "cli/cmd_input.h"
#include "view/view.h"

/* --watch in the viewer: follow the file(s), reload in the background,
 * redraw (cmd_watch.c).  Runs the TUI on v; returns the exit status. */
int cmd_watch_run(ft_view *v, ft_input *in, const ft_cmdline *o);

#endif
