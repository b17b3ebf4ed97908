/* render_compare.h - what only a comparison draws: delta colours and
 * signs, paths absent on one side, the panes' headers with both totals,
 * A/B/delta values (status line, details panel) and the regressions
 * columns of the function table.  render.c calls these for a view holding
 * two profiles; they never call back into render.c (styles come in as
 * arguments).
 */
#ifndef FT_RENDER_COMPARE_H
#define FT_RENDER_COMPARE_H

#include "draw/canvas.h"
#include "view/view.h"

/* Whether the colour mode is a delta (and the edge shows +/-). */
int rc_delta_colors(const ft_view *v);
/* Background of node n by its delta, and the sign shown on its edge. */
uint32_t rc_frame_bg(const ft_view *v, uint32_t n);
int rc_frame_sign(const ft_view *v, uint32_t n);
/* The glyph of a path only one side has, drawn in its first cell in every
 * pane (after a search match and a verdict's sign): only in A (vanished) '<' (U+25C2), only in B
 * (new) '>' (U+25B8); 0 for a path both have and for the root. */
uint32_t rc_only_glyph(const ft_view *v, const ft_canvas *c, uint32_t n);
/* A frame of the pane's tree that its side lacks (an ancestor of an
 * absent zoom node), cells [x0, x1) of row y. */
void rc_draw_absent_frame(const ft_view *v, ft_canvas *c, int x0, int x1, int y,
    uint32_t n);
/* The selected path where pane p does not draw it: a hatched gap. */
void rc_draw_missing_selection(const ft_view *v, ft_canvas *c, const ft_pane *p);

/* A pane's header row: A or B with its total, or the differential
 * graph's figures, then the filters, the zoom path and the file names. */
void rc_draw_pane_header(const ft_view *v, ft_canvas *c, const ft_pane *p,
    ft_style bar);
/* The status line after x: the selection's A, B and delta (search match
 * counts first when searching). */
void rc_draw_status(const ft_view *v, ft_canvas *c, int x, ft_style st, ft_style match);
/* The details panel's values of the selection from row y: A, B, delta
 * of total and self, and of all instances.  Returns the next row. */
int rc_draw_details(ft_view *v, ft_canvas *c, int y);
/* The verdict legend on row y: k, rho, tau, what grey, red and blue (or the
 * colour-blind palette's orange and blue) and + / - mean, and the
 * scale's numbers (the |delta| of the palest and deepest colour). */
void rc_draw_legend(const ft_view *v, ft_canvas *c, int y);
/* The function table with the regressions columns. */
void rc_draw_table(ft_view *v, ft_canvas *c, ft_style bar, ft_style status);

#endif
