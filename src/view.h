/* view.h - what the viewer shows and how keys change it.
 *
 * The view owns the UI state (zoom, selection, scroll, orientation, colour
 * mode, panels) over a profile it does not own.  Actions change the state
 * and return what must happen next (redraw, quit); they never draw.
 * render.c turns a view into a canvas; the TUI and --dump both use it.
 *
 * Screen geometry: row 0 is the header, the last row the status line, and
 * the rows between show frames (and the details panel when open).
 */
#ifndef FT_VIEW_H
#define FT_VIEW_H

#include <stdint.h>

#include "keymap.h"
#include "layout.h"
#include "profile.h"

enum ft_view_flags {
	V_REDRAW = 1,
	V_QUIT = 2,
	V_SUSPEND = 4,
};

enum ft_color_mode {
	COLOR_NAME = 0, /* warm palette by name hash */
	COLOR_PACKAGE,  /* by package / module / directory */
	COLOR_HEAT,     /* by self time */
	COLOR_MODES
};

#define VIEW_MIN_W 20
#define VIEW_MIN_H 5
#define VIEW_DETAILS_H 9

typedef struct ft_view {
	ft_profile *prof;  /* what is drawn (not owned) */
	int col;           /* value column (sample type) */
	uint32_t zoom;     /* zoom node */
	uint32_t sel;      /* selected node */
	uint32_t *back, *fwd; /* zoom history stacks */
	uint32_t nback, nfwd, hcap_b, hcap_f;
	uint32_t scroll;   /* first depth shown */
	int flip;          /* root at the bottom (classic flame) */
	int color;         /* enum ft_color_mode */
	int details;       /* details panel open */
	int help;          /* help screen open */
	int help_scroll;
	int w, h;          /* screen size */
	int utf8;          /* UTF-8 drawing */
	int colors;        /* terminal colours: 0 mono, 8, 256, 1<<24 */
	ft_layout layout;
	int layout_dirty;
	ft_val max_self;   /* for heat colouring, per column */
	const char *message; /* one-shot status message (program text) */
} ft_view;

void view_init(ft_view *v, ft_profile *p, int w, int h);
void view_free(ft_view *v);

/* Change the screen size. */
void view_resize(ft_view *v, int w, int h);
/* Replace the profile (after a filter change): zoom and selection follow
 * by call path where the same path exists. */
void view_set_profile(ft_view *v, ft_profile *p);

/* Apply an action; returns V_* flags. */
int view_apply(ft_view *v, enum ft_action a);
/* Mouse: click (or double click) at screen cell (x, y); wheel: dy = -1/+1. */
int view_click(ft_view *v, int x, int y, int dbl);
int view_wheel(ft_view *v, int dy);

/* Zoom to node (pushes history); select node. */
void view_zoom_to(ft_view *v, uint32_t node);
void view_select(ft_view *v, uint32_t node);

/* Make sure the layout matches the state (called before drawing). */
void view_update_layout(ft_view *v);

/* Rows of the frame area and its first screen row. */
int view_graph_rows(const ft_view *v);
int view_graph_top(const ft_view *v);
/* Screen row of depth d, or -1 when not visible. */
int view_row_of_depth(const ft_view *v, uint32_t d);
/* Depth shown on screen row y, or -1. */
long view_depth_of_row(const ft_view *v, int y);

#endif
