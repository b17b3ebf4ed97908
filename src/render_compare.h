/* render_compare.h - draw a comparison view into a canvas (side-by-side
 * panes, the differential graph, the regressions table, help).  Shared by
 * the TUI and --dump. */
#ifndef FT_RENDER_COMPARE_H
#define FT_RENDER_COMPARE_H

#include "canvas.h"
#include "compare_view.h"

/* Draw v into c (c must be v->w x v->h). */
void render_cview(ft_cview *v, ft_canvas *c);

#endif
