/* cmd_view.c - the viewer and --dump: set up the view state from the
 * command line, then run the TUI or render one canvas as text. */
#include <stdio.h>
#include <string.h>

#include "canvas.h"
#include "cmd.h"
#include "compare_view.h"
#include "render.h"
#include "render_compare.h"
#include "view.h"

static int
stdin_used(const ft_cmdline *o)
{
	for (int i = 0; i < o->nfiles; i++)
		if (strcmp(o->files[i], "-") == 0)
			return 1;
	return 0;
}

/* The comparison view (side by side or differential). */
static int
show_compare(ft_input *in, ft_cmdline *o, FILE *out)
{
	ft_cview v;
	ft_diag err = {{0}};
	int rc = 0;
	const ft_profile *a = in->base, *b = in->b != NULL ? in->b : in->base;
	cview_init(&v, &in->cmp, o->dump_w, o->dump_h);
	ft_compare_opts co = {o->normalize, o->sort};
	cview_set_inputs(&v, a, in->ca, b, in->cb, &co, &o->filters);
	v.mode = o->diff || a == b ? CV_DIFF : CV_SIDE;
	v.flip = o->flip;
	v.utf8 = cmd_draw_utf8(o);
	if (in->zoom != FT_ROOT) {
		v.zoom = v.sel = in->zoom;
		v.dirty = 1;
	}
	if (o->search != NULL && cview_search_set(&v, o->search, &err) != 0) {
		fprintf(stderr, "flametui: --search: %s\n", err.msg);
		cview_free(&v);
		return 1;
	}
	if (o->cmd == CMD_DUMP) {
		ft_canvas c;
		canvas_init(&c, v.w, v.h, v.utf8);
		render_cview(&v, &c);
		canvas_dump(&c, out);
		canvas_free(&c);
	} else {
		ft_tui_opts to = {o->color, stdin_used(o), o->mouse};
		ft_screen s = cview_screen(&v);
		if (tui_run_screen(&s, &to, &err) != 0) {
			fprintf(stderr, "flametui: %s\n", err.msg);
			rc = 1;
		}
	}
	cview_free(&v);
	return rc;
}

/* One profile. */
static int
show_single(ft_input *in, ft_cmdline *o, FILE *out)
{
	ft_view v;
	ft_diag err = {{0}};
	int rc = 0;
	view_init(&v, in->p, o->dump_w, o->dump_h);
	v.col = in->col;
	v.flip = o->flip;
	v.sort = o->sort;
	v.table.sort = (int)o->table_sort;
	v.utf8 = cmd_draw_utf8(o);
	/* The view owns the derived profile and the filter list now. */
	view_set_base(&v, in->base, in->p != in->base ? in->p : NULL, &o->filters);
	in->p = in->base;
	if (in->raw != NULL) {
		/* The group key regroups raw; both go with the view. */
		view_set_raw(&v, in->raw, o->group, in->base);
		in->raw = NULL;
		in->base = in->p = NULL;
	}
	if (in->zoom != FT_ROOT) {
		v.zoom = v.sel = in->zoom;
		v.layout_dirty = 1;
	}
	if (o->search != NULL && view_search_set(&v, o->search, &err) != 0) {
		fprintf(stderr, "flametui: --search: %s\n", err.msg);
		rc = 1;
	} else if (in->bfly != UINT32_MAX && view_butterfly_open(&v, in->bfly, &err) != 0) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		rc = 1;
	} else if (o->cmd == CMD_DUMP) {
		ft_canvas c;
		canvas_init(&c, v.w, v.h, v.utf8);
		render_view(&v, &c);
		canvas_dump(&c, out);
		canvas_free(&c);
	} else {
		ft_tui_opts to = {o->color, stdin_used(o), o->mouse};
		if (tui_run(&v, &to, &err) != 0) {
			fprintf(stderr, "flametui: %s\n", err.msg);
			rc = 1;
		}
	}
	view_free(&v);
	return rc;
}

int
cmd_show(ft_input *in, ft_cmdline *o, FILE *out)
{
	return in->compare ? show_compare(in, o, out) : show_single(in, o, out);
}
