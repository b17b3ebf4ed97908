/* render_activity.h - the activity line above the flame graph (key a):
 * samples over time, and the selected frame's, as bars. */
#ifndef FT_RENDER_ACTIVITY_H
#define FT_RENDER_ACTIVITY_H

#include "draw/canvas.h"
#include "view/view.h"

/* The activity line's view_activity_rows() rows, from row 1: "all" the
 * samples per column over the whole recording, "sel" those with the
 * selected frame on their stack, both on the scale of the busiest column,
 * as the eighths U+2581..U+2588 (ASCII: the ramp ".:-=+*#@"); a column
 * with a sample shows at least the lowest. */
void render_activity(ft_view *v, ft_canvas *c);

/* The bar of n of max: 0 for none, else 1..8 (ceil(8 n / max)). */
int render_activity_level(uint32_t n, uint32_t max);

#endif
