/* render_activity.c - the activity line drawn (see render_activity.h). */
#include "draw/render_activity.h"

static const char ascii_ramp[] = ".:-=+*#@";

int
render_activity_level(uint32_t n, uint32_t max)
{
	if (n == 0 || max == 0)
		return 0;
	uint64_t l = ((uint64_t)n * 8 + max - 1) / max;
	return l > 8 ? 8 : (int)l;
}

#define LABEL_W 4

void
render_activity(ft_view *v, ft_canvas *c)
{
	int rows = view_activity_rows(v);
	int ncols = c->w - LABEL_W;
	if (rows == 0 || ncols < 1)
		return;
	view_activity_ready(v, (uint32_t)ncols);
	if (!v->act.valid)
		return;
	ft_style lab = {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_DIM};
	ft_style st[2] = {{FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, 0},
	    {FT_COLOR_DEFAULT, FT_COLOR_DEFAULT, FT_A_BOLD}};
	if (v->colors > 16) {
		st[0].fg = 0x7890b0; /* grey-blue: everything */
		st[1].fg = 0xff8c1a; /* orange: the selected frame */
	} else if (v->colors > 0) {
		st[0].fg = 0x00cdcd;
		st[1].fg = 0xcdcd00;
	}
	static const char *const names[2] = {"all", "sel"};
	for (int r = 0; r < rows; r++) {
		int y = 1 + r;
		canvas_fill(c, 0, c->w, y, ' ', (ft_style){FT_COLOR_DEFAULT,
		    FT_COLOR_DEFAULT, 0});
		canvas_printf(c, 0, y, LABEL_W, lab, "%s", names[r]);
		const uint32_t *n = r == 0 ? v->act.all : v->act.in;
		for (int i = 0; i < ncols; i++) {
			int l = render_activity_level(n[i], v->act.max);
			if (l == 0)
				continue;
			uint32_t ch = c->utf8 ? 0x2580u + (uint32_t)l :
			    (uint32_t)ascii_ramp[l - 1];
			canvas_put(c, LABEL_W + i, y, ch, st[r]);
		}
	}
}
