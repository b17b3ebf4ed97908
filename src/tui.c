/* tui.c - placeholder front end until the ncurses viewer lands. */
#include "tui.h"

int
tui_run(ft_view *v, const ft_tui_opts *o, ft_diag *err)
{
	(void)v;
	(void)o;
	diag_set(err, "the interactive viewer is not built in this version; use --dump");
	return -1;
}
