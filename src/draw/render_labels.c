/* render_labels.c - a label breakdown's values on a canvas row (see
 * render_labels.h). */
#include "draw/render_labels.h"

#include <string.h>

#include "profile/units.h"

static const ft_style st_plain = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0};

/* One value of a label breakdown at x on row y: ", " (or " " for the
 * key's first), the value (or "(none)"), its share of all; the new x. */
int
render_label_value(ft_canvas *c, int x, int y, int first, const ft_labelsets *s,
    uint32_t value, double v, double all)
{
	uint32_t vl;
	const char *val = labelsets_text(s, value, &vl);
	char pc[32];
	units_pct(pc, sizeof(pc), v, all);
	x += canvas_text(c, x, y, c->w - x, first ? " " : ", ", first ? 1 : 2, st_plain, 0);
	if (vl == 0)
		x += canvas_text(c, x, y, c->w - x, "(none)", 6, st_plain, 0);
	else
		x += canvas_text(c, x, y, c->w - x, val, vl, st_plain, 1);
	x += canvas_text(c, x, y, c->w - x, " ", 1, st_plain, 0);
	x += canvas_text(c, x, y, c->w - x, pc, strlen(pc), st_plain, 0);
	return x;
}
