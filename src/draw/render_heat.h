/* render_heat.h - the heat map mode drawn (view_heat.c holds its state). */
#ifndef FT_RENDER_HEAT_H
#define FT_RENDER_HEAT_H

#include "draw/canvas.h"
#include "view/view.h"

/* The heat map, its legend and status line, over the whole canvas.
 * Full colour in UTF-8: two rows per line in half blocks (the upper
 * cell's colour is the glyph's, the lower's the background); with 8
 * colours, none, or ASCII: one character per line from the ramp
 * " .:-=+*#%@" by the busier of its two cells. */
void render_heat(ft_view *v, ft_canvas *c);

#endif
