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

#include "butterfly.h"
#include "functions.h"
#include "keymap.h"
#include "layout.h"
#include "match.h"
#include "profile.h"
#include "prompt.h"
#include "transform.h"

enum ft_view_flags {
	V_REDRAW = 1,
	V_QUIT = 2,
	V_SUSPEND = 4,
	V_COPY = 8, /* view_take_copy() has text for the clipboard */
};

enum ft_color_mode {
	COLOR_NAME = 0, /* warm palette by name hash */
	COLOR_PACKAGE,  /* by package / module / directory */
	COLOR_HEAT,     /* by self time */
	COLOR_MODES
};

#define VIEW_MIN_W 20
#define VIEW_MIN_H 5
#define VIEW_DETAILS_MIN 9 /* rows of the details panel, border included */

/* What an open prompt is for. */
enum ft_prompt_kind { PK_NONE = 0, PK_SEARCH, PK_FILTER, PK_TABLE };

/* The function table screen (view_modes.c). */
typedef struct ft_ftable {
	int active;
	const ft_profile *prof; /* what the rows were computed from */
	int col;
	ft_func *all;           /* every function, sorted */
	uint32_t nall;
	uint32_t *rows;         /* indexes into all that pass the row filter */
	uint32_t nrows;
	uint32_t sel, top;      /* selected row, first row shown */
	int sort;               /* enum ft_func_sort */
	ft_matcher *m;          /* row filter (owned) or NULL */
} ft_ftable;

struct ft_bfview;

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
	char *copy;          /* clipboard text waiting for the TUI */
	struct {             /* render.c's all-instances cache */
		const ft_profile *p;
		uint32_t nnodes, name, count;
		int col;
		ft_val total, self;
	} inst;

	/* Geometry override for the halves of the butterfly view: when grows
	 * is non-zero the graph occupies rows [gtop, gtop + grows). */
	int gtop, grows;
	int nosel;           /* draw no selection (inactive butterfly half) */

	/* Search: a compiled regex and its name-id map (view_modes.c). */
	ft_matcher *search;  /* owned, NULL when no search */
	uint8_t *hl;         /* name id -> matched; owned unless hl_shared */
	uint32_t hl_n;       /* ids covered by hl */
	int hl_shared;
	struct {
		const ft_profile *prof;
		int col, valid;
		uint32_t zoom;
		ft_val all, zoomed; /* matched samples, each counted once */
	} mstat;

	/* Filters: the unfiltered profile and the one derived from it. */
	ft_profile *base;    /* not owned */
	ft_profile *derived; /* owned; NULL when no filter is active */
	ft_filters filters;  /* owned */
	enum ft_sort sort;   /* child order used for derived trees */
	/* Processes and threads (relabel.h): base is raw regrouped to group.
	 * Both owned when set by view_set_raw(); NULL otherwise. */
	ft_profile *raw;
	ft_profile *base_own;
	int group;           /* enum ft_group */

	/* The prompt on the status line. */
	int prompt_kind;     /* enum ft_prompt_kind */
	ft_prompt prompt;
	ft_history hist_search, hist_filter, hist_table;
	int cursor_x, cursor_y; /* where the TUI shows the cursor; -1: hidden */
	char msgbuf[DIAG_MAX];  /* storage for messages built at run time */

	ft_ftable table;
	struct ft_bfview *bf; /* butterfly view when open */
} ft_view;

/* The butterfly view: two half views over the callers tree (drawn flipped,
 * above F) and the callees tree (below F).  F's row is shared. */
typedef struct ft_bfview {
	ft_butterfly b;
	ft_view up, down;
	int side;       /* 0: callers half active, 1: callees */
	int from_table; /* Esc returns to the function table */
} ft_bfview;

void view_init(ft_view *v, ft_profile *p, int w, int h);
void view_free(ft_view *v);

/* Change the screen size. */
void view_resize(ft_view *v, int w, int h);
/* Replace the profile (after a filter change): zoom and selection follow
 * by call path where the same path exists. */
void view_set_profile(ft_view *v, ft_profile *p);

/* Text an ACT_COPY / ACT_COPY_STACK left for the clipboard (malloc'd,
 * the caller frees it), or NULL. */
char *view_take_copy(ft_view *v);

/* Apply an action; returns V_* flags. */
int view_apply(ft_view *v, enum ft_action a);

/* The one entry point for keys: an open prompt, table, butterfly view or
 * help screen gets the key first, else keymap_action() -> view_apply().
 * Returns V_* flags. */
int view_key(ft_view *v, int key);

/* Scroll so the selection is visible. */
void view_follow(ft_view *v);

/* --- view_modes.c: search, filters, prompt, table, butterfly ---------- */

/* Set the unfiltered profile and the filters that produced v->prof (the
 * list is moved into the view; derived is owned by the view from now on,
 * NULL when it is base itself). */
void view_set_base(ft_view *v, ft_profile *base, ft_profile *derived,
    ft_filters *f);
/* The profile as loaded, with its threads apart, and the level base shows:
 * the group key regroups raw.  The view owns raw and base from now on. */
void view_set_raw(ft_view *v, ft_profile *raw, int group, ft_profile *base);
/* Show processes and threads at level g (enum ft_group): re-derive base
 * and the filtered profile.  V_* flags. */
int view_set_group(ft_view *v, int g);
/* Search for pattern ("" clears).  -1 with err set on a bad regex; the
 * previous search stays. */
int view_search_set(ft_view *v, const char *pattern, ft_diag *err);
/* Matched samples of the whole profile and of the zoom root (each sample
 * once even when several frames of its stack match). */
void view_search_stats(ft_view *v, ft_val *all, ft_val *zoomed);
/* Is node highlighted by the search? */
int view_matched(const ft_view *v, uint32_t node);
/* Select the next (dir 1) or previous (-1) match in screen order. */
int view_search_step(ft_view *v, int dir);
/* Add "KIND RE" (or KIND=RE), remove the last, clear all: re-derive. */
int view_filter_add(ft_view *v, const char *line, ft_diag *err);
void view_filter_pop(ft_view *v);
void view_filter_clear(ft_view *v);
/* Open the butterfly view of function name.  -1 with err set. */
int view_butterfly_open(ft_view *v, uint32_t name, ft_diag *err);
void view_butterfly_close(ft_view *v);
/* Lay out the butterfly halves for the current screen size. */
void view_butterfly_geometry(ft_view *v);
/* Open / close the function table; rebuild its rows. */
void view_table_open(ft_view *v);
void view_table_close(ft_view *v);
void view_table_refresh(ft_view *v);
/* Handle a key in the prompt / table / butterfly modes. */
int view_modes_key(ft_view *v, int key, int *handled);
/* Mouse in the table (click selects a row, double click opens its
 * butterfly) and the butterfly view (either half, as in the flame graph). */
int view_modes_click(ft_view *v, int x, int y, int dbl);
int view_modes_wheel(ft_view *v, int dy);
/* Apply a mode-related action in the flame graph. */
int view_modes_action(ft_view *v, enum ft_action a, int *handled);
void view_modes_free(ft_view *v);
/* Mouse: click (or double click) at screen cell (x, y); wheel: dy = -1/+1. */
int view_click(ft_view *v, int x, int y, int dbl);
int view_wheel(ft_view *v, int dy);

/* Zoom to node (pushes history); select node. */
void view_zoom_to(ft_view *v, uint32_t node);
void view_select(ft_view *v, uint32_t node);

/* Make sure the layout matches the state (called before drawing). */
void view_update_layout(ft_view *v);

/* Rows the details panel takes when open: enough for the stack, every
 * sample type and the profile's metadata, at most half the screen. */
int view_details_rows(const ft_view *v);

/* Rows of the frame area and its first screen row. */
int view_graph_rows(const ft_view *v);
int view_graph_top(const ft_view *v);
/* Screen row of depth d, or -1 when not visible. */
int view_row_of_depth(const ft_view *v, uint32_t d);
/* Depth shown on screen row y, or -1. */
long view_depth_of_row(const ft_view *v, int y);

#endif
