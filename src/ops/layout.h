/* layout.h - frame rectangles for a flame graph at a given width.
 *
 * Pure geometry, no curses: the TUI, --dump and the tests share it.  Row r
 * holds frames at depth r of the tree.  Rows above the zoom node hold its
 * ancestors at full width; the zoom node fills row depth(zoom); below it,
 * a child starting at value offset `off` inside the zoom node (total T) spans
 * cells [floor(off*W/T), floor((off+v)*W/T)): children never leave their
 * parent and rounding never accumulates.  Frames narrower than one cell are
 * not stored; a cell that only such slivers reach is stored as a filler
 * (node FT_NONE) so missing time stays visible.  Only descendants of stored
 * frames are visited, so cost follows what is visible, not the tree size.
 */
#ifndef FT_LAYOUT_H
#define FT_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"

typedef struct ft_lframe {
	uint32_t node;  /* FT_NONE for a filler run */
	int x0, x1;     /* cells [x0, x1) */
	ft_val off;     /* value offset from the zoom node's start */
} ft_lframe;

typedef struct ft_layout {
	ft_lframe *frames;   /* all rows, row after row, each by x */
	size_t n, cap;
	uint32_t *row_start; /* row r is frames[row_start[r] .. row_start[r+1]) */
	uint32_t nrows;
	size_t rcap;
	int width;
	uint32_t zoom;
	unsigned char *cover; /* scratch: width cells */
	int cover_cap;
} ft_layout;

/* Width source: the value of node n is w[n * stride].  Negative values
 * count as zero width. */
typedef struct ft_widths {
	const ft_val *w;
	size_t stride;
} ft_widths;

/* Widths from a profile's totals in column col. */
ft_widths layout_widths(const ft_profile *p, int col);

/* Lay out the tree below zoom at width cells.  max_rows limits the depth
 * laid out (0 = no limit). */
void layout_build(ft_layout *L, const ft_profile *p, ft_widths w,
    uint32_t zoom, int width, uint32_t max_rows);

void layout_free(ft_layout *L);

/* Frames of row r (count in *n), NULL when r is past the last row. */
const ft_lframe *layout_row(const ft_layout *L, uint32_t r, size_t *n);

/* The frame drawn for node, or NULL when it is not drawn (too narrow). */
const ft_lframe *layout_find(const ft_layout *L, const ft_profile *p,
    uint32_t node);

/* The drawn frame of row r nearest to cell x (fillers skipped), or NULL
 * when the row has none. */
const ft_lframe *layout_closest(const ft_layout *L, uint32_t r, int x);

/* Search stepping: the next (dir > 0) or previous drawn frame, in screen
 * order (rows as drawn, the deepest first when flipped, then x), from the
 * frame of node from, whose name id is set in hit[0..nhit); wraps around
 * (*wrapped set to 1 then, when wrapped is not NULL).
 * The synthetic root "all" never counts.  FT_NONE when none is drawn. */
uint32_t layout_step_match_wrap(const ft_layout *L, const ft_profile *p, uint32_t from,
    int flip, int dir, const uint8_t *hit, uint32_t nhit, int *wrapped);
uint32_t layout_step_match(const ft_layout *L, const ft_profile *p, uint32_t from,
    int flip, int dir, const uint8_t *hit, uint32_t nhit);

/* The frame covering cell x of row r, or NULL (fillers are skipped). */
const ft_lframe *layout_at(const ft_layout *L, uint32_t r, int x);

#endif
