/* compare_view.h - what the view engine (view.h) does only for a
 * comparison: the value set of each pane, where the two panes go, which
 * frames a pane has.  Pure functions of the comparison and the layout
 * choices; no view state, no drawing (render_compare.c draws the
 * comparison's own parts: delta colours, absent paths, A/B/delta values,
 * the regressions columns).
 *
 * Side by side, left/right: each pane has its header on row 0 and is split
 * from the other by a one-column bar.  Top/bottom: header A, frames A,
 * header B, frames B.  The differential graph is one pane, and so is the
 * elided graph (what vanished from A).
 */
#ifndef FT_COMPARE_VIEW_H
#define FT_COMPARE_VIEW_H

#include "ops/compare.h"
#include "ops/layout.h"

/* The value set a pane lays the tree out under. */
enum ft_vset {
	VS_COL = 0, /* one profile: its column */
	VS_A,       /* comparison: A (before) */
	VS_B,       /* comparison: B (after) */
	VS_DIFF,    /* comparison: one differential graph */
	VS_ELIDED,  /* comparison: what vanished from A (compare_elided_widths) */
};

enum cview_mode { CV_SIDE = 0, CV_DIFF, CV_ELIDED };
enum cview_split { CV_SPLIT_AUTO = 0, CV_SPLIT_LR, CV_SPLIT_TB };

/* A pane's rectangle: header row at (x, y), frames below, h rows in all. */
typedef struct ft_rect {
	int x, y, w, h;
} ft_rect;

/* Whether two panes are stacked top/bottom on a w x h screen. */
int cview_stacked(enum cview_split split, int w, int h);

/* The rectangles of the panes of a comparison in `body` rows of a w wide
 * screen, and their value sets.  Returns the number of panes (1 or 2). */
int cview_panes(enum cview_mode mode, enum cview_split split, int w, int h,
    int body, ft_rect r[2], int vset[2]);

/* Widths of value set vset (VS_A, VS_B, VS_DIFF with wsrc). */
ft_widths cview_widths(const ft_compare *c, int vset, enum cmp_width wsrc);

/* Union column holding vset's values (the differential graph shows B's). */
int cview_col(int vset);

/* Presence bits (CMP_IN_A | CMP_IN_B) of the frames vset draws. */
int cview_mask(int vset, enum cmp_width wsrc);

#endif
