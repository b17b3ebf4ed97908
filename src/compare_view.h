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
 * Search (/, *, n, N) and filters (:, x, X) apply to both sides alike: a
 * search highlights the same names in every pane; a filter is applied to
 * A and to B and the comparison rebuilt, zoom and selection following by
 * call path (this needs the inputs: cview_set_inputs()).
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
#include "match.h"
#include "prompt.h"
#include "screen.h"
#include "transform.h"

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
	ft_regress *all;    /* every table row (computed on first open) */
	uint32_t nall;
	ft_regress *rows;   /* the rows shown: all, or those the row filter keeps */
	uint32_t nrows, trow, tscroll;
	ft_matcher *tfilter; /* table row filter (/ in the table), owned */
	enum cmp_basis tsort;
	int w, h, utf8, colors;
	ft_cpane pane[2];   /* side by side: A and B; differential: pane[0] */
	int npanes;
	int dirty;          /* geometry or layouts must be rebuilt */
	const char *message; /* one-shot status message */

	/* Search, shared by every pane. */
	ft_matcher *search;   /* owned, NULL when no search */
	uint8_t *hl;          /* name id -> matched (owned) */
	uint32_t hl_n;
	ft_val matched[2];    /* matched samples of A and B, each once */
	/* The prompt on the status line (enum ft_prompt_kind of view.h). */
	int prompt_kind;
	ft_prompt prompt;
	ft_history hist_search, hist_filter, hist_table;
	int cursor_x, cursor_y; /* where the TUI shows the cursor; -1 hidden */
	/* Filters: the comparison is rebuilt from the inputs through them. */
	ft_filters filters;
	const ft_profile *in[2]; /* not owned; NULL: filters unavailable */
	int incol[2];
	ft_compare_opts copts;
	ft_compare owned;     /* the rebuilt comparison, when owns */
	int owns;
	ft_diag note;         /* storage for an error shown as the message */
	char *copy;           /* clipboard text waiting for the TUI (y, Y) */
} ft_cview;

void cview_init(ft_cview *v, ft_compare *c, int w, int h);
void cview_free(ft_cview *v);
void cview_resize(ft_cview *v, int w, int h);

/* The inputs c was built from, so ':' filters can rebuild it; takes over
 * the filter list f already applied to c (leaves *f empty; f may be
 * NULL).  a, b must outlive the view. */
void cview_set_inputs(ft_cview *v, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_filters *f);

/* Search both panes for pattern ("" clears).  -1 with err on a bad regex. */
int cview_search_set(ft_cview *v, const char *pattern, ft_diag *err);
/* Is node highlighted by the search? */
int cview_matched(const ft_cview *v, uint32_t node);

/* Presence bits (CMP_IN_A / CMP_IN_B) a pane shows. */
int cview_pane_mask(const ft_cview *v, const ft_cpane *p);
/* Add a filter line ("focus RE") and rebuild.  -1 with err set. */
int cview_filter_add(ft_cview *v, const char *line, ft_diag *err);

/* A key: the prompt and the table first, then the key table. */
int cview_key(ft_cview *v, int key);

/* Apply an action; returns V_* flags. */
int cview_apply(ft_cview *v, enum ft_action a);
int cview_click(ft_cview *v, int x, int y, int dbl);
int cview_wheel(ft_cview *v, int dy);

/* Select node (shared by all panes); zoom to node (pushes history). */
void cview_select(ft_cview *v, uint32_t node);
void cview_zoom_to(ft_cview *v, uint32_t node);

/* Open or close the regressions table. */
void cview_table(ft_cview *v, int open);
/* Keep only table rows whose function matches pattern ("" shows all).
 * -1 with err on a bad regex. */
int cview_table_filter(ft_cview *v, const char *pattern, ft_diag *err);
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

/* Text y / Y left for the clipboard (malloc'd, caller frees), or NULL. */
char *cview_take_copy(ft_cview *v);

/* The comparison view as a TUI screen. */
ft_screen cview_screen(ft_cview *v);

#endif
