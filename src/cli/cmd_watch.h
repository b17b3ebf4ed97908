/* cmd_watch.h - the viewer following its file(s). */
#ifndef FT_CMD_WATCH_H
#define FT_CMD_WATCH_H

#include "cli/cmd_input.h"
#include "view/view.h"

/* A recording the viewer follows (flametui record): q stops it first and
 * the header shows how it goes. */
typedef struct ft_live {
	void *ctx;
	int (*recording)(void *ctx);  /* 1 while it records */
	void (*stop)(void *ctx);      /* stop recording (the file stays) */
	/* "recording 12 s, 11 963 samples, 997/s" or "recorded ..." */
	void (*status)(void *ctx, char *buf, size_t cap);
} ft_live;

/* --watch in the viewer: follow the file(s), reload in the background,
 * redraw (cmd_watch.c).  Runs the TUI on v; returns the exit status. */
int cmd_watch_run(ft_view *v, ft_input *in, const ft_cmdline *o);

#endif
