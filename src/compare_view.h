/* compare_view.h - state and actions of the comparison viewer.
 *
 * Three screens over one ft_compare: side by side (pane A and pane B, each
 * the flame graph of its own profile), the differential graph (one merged
 * graph, widths from B, A or max(A,B), colour by delta), and the table of
 * regressions by function.  All draw from the union profile, so zoom,
 * selection and scroll are one state shared by every pane: a node id is a
 * call path on both sides.  A path missing on one side is shown there as
 * a marked "(absent)" gap (render_compare.c), never left out silently.
 *
 * Like view.c, actions change state and return V_* flags; they never draw.
 * render_compare.c draws an ft_cview into a canvas for the TUI and --dump.
 *
 * Screen geometry, side by side left/right: row 0 holds both pane headers,
 * rows 1..h-2 the frames, row h-1 the status line; the panes are split by
 * a one-column bar.  Top/bottom: header A, frames A, header B, frames B,
 * status.  Differential and table: header, body, status.
 */
#ifndef FT_COMPARE_VIEW_H
#define FT_COMPARE_VIEW_H

#include <stdint.h>

#include "compare.h"
#include "keymap.h"
#include "layout.h"
#include "screen.h"

enum cview_mode { CV_SIDE = 0, CV_DIFF };
enum cview_split { CV_SPLIT_AUTO = 0, CV_SPLIT_LR, CV_SPLIT_TB };
enum cview_color { CV_COLOR_DTOTAL = 0, CV_COLOR_DSELF, CV_COLOR_NAME, CV_COLOR_MODES };

typedef struct ft_cpane {
	int x, y, w, h;     /* header at (x, y); frame rows y+1 .. y+h-1 */
	ft_layout layout;
	int side;           /* CMP_A, CMP_B, or -1 for the differential graph */
} ft_cpane;

typedef struct ft_cview {
	ft_compare *cmp;    /* not owned */
	enum cview_mode mode;
	enum cview_split split;
	enum cmp_width wsrc;  /* differential width source */
	int color;          /* enum cview_color */
	int active;         /* side-by-side pane receiving keys: 0 (A), 1 (B) */
	uint32_t zoom, sel, scroll;
	uint32_t *back, *fwd; /* zoom history */
	uint32_t nback, nfwd, hcap_b, hcap_f;
	int flip;
	int help, help_scroll;
	int table;          /* regressions table shown */
	ft_regress *rows;   /* table rows (computed on first open) */
	uint32_t nrows, trow, tscroll;
	enum cmp_basis tsort;
	int w, h, utf8, colors;
	ft_cpane pane[2];   /* side by side: A and B; differential: pane[0] */
	int npanes;
	int dirty;          /* geometry or layouts must be rebuilt */
	const char *message; /* one-shot status message */
} ft_cview;

void cview_init(ft_cview *v, ft_compare *c, int w, int h);
void cview_free(ft_cview *v);
void cview_resize(ft_cview *v, int w, int h);

/* Apply an action; returns V_* flags. */
int cview_apply(ft_cview *v, enum ft_action a);
int cview_click(ft_cview *v, int x, int y, int dbl);
int cview_wheel(ft_cview *v, int dy);

/* Select node (shared by all panes); zoom to node (pushes history). */
void cview_select(ft_cview *v, uint32_t node);
void cview_zoom_to(ft_cview *v, uint32_t node);

/* Open or close the regressions table. */
void cview_table(ft_cview *v, int open);
/* Table Enter: select the widest frame of row i's function in the graph. */
void cview_table_jump(ft_cview *v, uint32_t i);

/* Rebuild pane geometry and layouts when stale (called before drawing). */
void cview_update(ft_cview *v);

/* Whether panes are stacked top/bottom at the current size. */
int cview_stacked(const ft_cview *v);

/* Width source of a pane. */
ft_widths cview_pane_widths(const ft_cview *v, const ft_cpane *p);

/* Rows of frames a pane shows; screen row of depth d in a pane, or -1. */
int cview_pane_rows(const ft_cpane *p);
int cview_row_of_depth(const ft_cview *v, const ft_cpane *p, uint32_t d);

/* The comparison view as a TUI screen. */
ft_screen cview_screen(ft_cview *v);

#endif
