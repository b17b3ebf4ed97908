/* tui.h - the interactive ncurses front end (the only curses user). */
#ifndef FT_TUI_H
#define FT_TUI_H

#include "base/diag.h"
#include "view/view.h"

enum ft_color_opt { FT_COLOR_AUTO, FT_COLOR_ALWAYS, FT_COLOR_NEVER };

typedef struct ft_tui_opts {
	enum ft_color_opt color;
	int keys_from_tty; /* stdin holds the profile: read keys from /dev/tty */
	int mouse;         /* enable xterm mouse reporting */
	/* Something to wake up for besides keys (--watch, cmd_watch.c):
	 * wake() puts up to max descriptors in fds and the longest sleep in
	 * *timeout_ms (-1: no limit) and returns how many; woke() runs when
	 * one is readable or the time is up and returns V_* flags.  NULL:
	 * nothing is watched (the loop blocks in the key read). */
	int (*wake)(void *wctx, int *fds, int max, int *timeout_ms);
	int (*woke)(void *wctx);
	/* With wake: quit() runs when the view asks to quit and returns 1
	 * to quit, 0 to stay (a recording was stopped instead); pause()
	 * runs for the pause key.  NULL: quit at once; the key says there
	 * is nothing to pause. */
	int (*quit)(void *wctx);
	void (*pause)(void *wctx);
	void *wctx;
} ft_tui_opts;

/* Run the viewer until the user quits.  Returns 0, or -1 with err set
 * (no terminal, terminal setup failed).  The terminal is restored on
 * every exit path, including fatal signals. */
int tui_run(ft_view *v, const ft_tui_opts *o, ft_diag *err);

#endif
