/* screen.c - the single-profile view as a screen (see screen.h). */
#include "screen.h"

#include "keymap.h"
#include "render.h"

static int
v_key(void *ctx, int key)
{
	ft_view *v = ctx;
	int f = 0;
	/* A one-shot status message lasts until the next key. */
	if (v->message != NULL) {
		v->message = NULL;
		f = V_REDRAW;
	}
	return f | view_key(v, key);
}

static int
v_cursor(void *ctx, int *x, int *y)
{
	const ft_view *v = ctx;
	*x = v->cursor_x;
	*y = v->cursor_y;
	return v->cursor_x >= 0 && v->cursor_y >= 0;
}

static int
v_click(void *ctx, int x, int y, int dbl)
{
	return view_click(ctx, x, y, dbl);
}

static int
v_wheel(void *ctx, int dy)
{
	return view_wheel(ctx, dy);
}

static void
v_resize(void *ctx, int w, int h)
{
	view_resize(ctx, w, h);
}

static void
v_set_colors(void *ctx, int colors)
{
	((ft_view *)ctx)->colors = colors;
}

static void
v_render(void *ctx, ft_canvas *c)
{
	render_view(ctx, c);
}

static char *
v_take_copy(void *ctx)
{
	return view_take_copy(ctx);
}

ft_screen
screen_of_view(ft_view *v)
{
	ft_screen s = {v, v->utf8, v_key, v_click, v_wheel, v_resize,
	    v_set_colors, v_render, v_cursor, v_take_copy};
	return s;
}
