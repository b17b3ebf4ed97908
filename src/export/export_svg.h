/* export_svg.h - a flame graph as one self-contained, interactive SVG.
 *
 * What is drawn is described by ft_svg_opts, not by a view: the viewer,
 * the comparison viewer and --export fill it from their state (zoom,
 * search highlight, colours, orientation), so this module knows nothing
 * of curses or key handling.  The file needs nothing but itself: inline
 * script, no fonts or images fetched, every name escaped for XML.
 */
#ifndef FT_EXPORT_SVG_H
#define FT_EXPORT_SVG_H

#include <stdint.h>
#include <stdio.h>

#include "ops/compare.h"
#include "base/diag.h"
#include "ops/layout.h"
#include "profile/profile.h"

/* Colour of a node as 0xRRGGBB. */
typedef uint32_t (*ft_svg_color_fn)(const void *ctx, uint32_t node);

typedef struct ft_svg_opts {
	const ft_profile *p;   /* the tree drawn (finished) */
	int col;               /* value column shown in the details */
	ft_widths w;           /* width source (layout_widths or compare_widths) */
	uint32_t zoom;         /* the frame that fills the width; its ancestors
	                        * are drawn above it at full width */
	int flip;              /* root at the bottom (classic flame graph) */
	ft_svg_color_fn color; /* NULL: grey */
	const void *color_ctx;
	const uint8_t *hl;     /* name id -> search match, or NULL */
	uint32_t hl_n;
	const char *search;    /* the pattern behind hl (shown), or NULL */
	const ft_compare *cmp; /* a comparison (p == cmp->u): details show A,
	                        * B and the change; NULL for one profile */
	const char *title;     /* first header line (file names...) */
	const char *subtitle;  /* second line (type, filters), or NULL */
	int width;             /* image width in px (0: 1200) */
	double min_px;         /* frames narrower than this are left out
	                        * (0: 0.1 px) */
	ft_val whole;          /* one profile: the total "of all" shares are
	                        * of (the whole before filters, as the viewer's
	                        * and go tool pprof's); 0: the tree's total */
} ft_svg_opts;

/* Write the SVG to out.  Returns 0, or -1 with err set (write error). */
int export_svg(const ft_svg_opts *o, FILE *out, ft_diag *err);

/* Append s[0..n) to out as XML text: invalid UTF-8 becomes U+FFFD,
 * control characters and bidirectional overrides are shown escaped
 * ("\x01", "\u202e"), and & < > " ' become entities.  For tests. */
void svg_put_text(FILE *out, const char *s, size_t n);

#endif
