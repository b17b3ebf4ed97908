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

/* A cell's colour (0xRRGGBB) for count n of the map's max on scale
 * (enum ft_heat_scale); FT_COLOR_DEFAULT for an empty cell.
 *   linear (FlameScope's default): piecewise linear in RGB through
 *     #FFFFFF at 0, #FF5032 at max/2, #E50914 at max;
 *   enhanced (FlameScope's "enhanced", for sparse cells): through
 *     #FFFFFF at 0, #6AAAFF at 1, #FAA0B5 at 3, #FF5032 at max/2,
 *     #E50914 at max (stops not above the one before are skipped, as
 *     when max/2 <= 3);
 *   colour-blind safe: viridis, #440154 (fewest) through #3B528B,
 *     #21918C, #5EC962 to #FDE725 (most) evenly in n / max. */
uint32_t render_heat_rgb(int scale, uint32_t n, uint32_t max);

/* The ramp's character for count n (8 colours, none, ASCII, --dump):
 * ' ' for 0; linear and colour-blind: '.' up to '@' by n / max;
 * enhanced: '.' for 1, ':' for 2-3, then '-' up to '@' by n / max. */
char render_heat_char(int scale, uint32_t n, uint32_t max);

/* The scale's name for the legend: "linear", "enhanced", "colour-blind". */
const char *render_heat_scale_name(int scale);

#endif
