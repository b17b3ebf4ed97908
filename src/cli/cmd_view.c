/* cmd_view.c - the viewer and --dump: set up the view state from the
 * command line, then run the TUI or render one canvas as text. */
#include <langinfo.h>
#include <stdio.h>
#include <string.h>

#include "draw/canvas.h"
#include "cli/cmd_view.h"
#include "cli/cmd_msg.h"
#include "cli/cmd_watch.h"
#include "cli/cmd_input.h"
#include "draw/view_svg.h"
#include "draw/render.h"
#include "view/view.h"

/* Whether --ascii/--utf8/the locale's codeset say to draw with UTF-8. */
static int
draw_utf8(const ft_cmdline *o)
{
	if (o->ascii || o->utf8)
		return o->utf8;
	const char *cs = nl_langinfo(CODESET);
	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static int
stdin_used(const ft_cmdline *o)
{
	for (int i = 0; i < o->nfiles; i++)
		if (strcmp(o->files[i], "-") == 0)
			return 1;
	return 0;
}

/* The view of one profile or of a comparison: its tree, values and
 * filters come from the input; the rest from the command line. */
static int
view_setup(ft_view *v, ft_input *in, ft_cmdline *o)
{
	ft_diag err = {{0}};
	if (in->compare) {
		const ft_profile *a = in->ra != NULL ? in->ra : in->base;
		const ft_profile *b = in->b != NULL ? in->b : in->base;
		view_init_compare(v, &in->cmp, o->dump_w, o->dump_h);
		view_set_inputs(v, a, in->ca, b, in->cb, &in->copts, &o->filters);
		v->mode = o->elided ? CV_ELIDED : o->diff || a == b ? CV_DIFF : CV_SIDE;
	} else {
		view_init(v, in->p, o->dump_w, o->dump_h);
		v->col = in->col;
		v->sort = o->sort;
		v->table.sort = (int)o->table_sort;
		/* The view owns the derived profile and the filter list now. */
		view_set_base(v, in->base, in->p != in->base ? in->p : NULL, &o->filters);
		in->p = in->base;
		if (in->raw != NULL) {
			/* The group and demangle keys relabel raw; raw and base
			 * (which may be raw) go with the view. */
			view_set_raw(v, in->raw, o->group, o->demangle, in->base);
			in->raw = NULL;
			in->base = in->p = NULL;
		} else if (in->again != NULL) {
			/* Demangled while loading: the demangle key loads the
			 * kept input again; base and the input go with the view. */
			view_set_reloader(v, in->base, o->demangle, cmd_again_load, in->again,
			    cmd_again_free);
			in->again = NULL;
			in->base = in->p = NULL;
		}
		view_set_col(v, in->col);
		if (in->ordered != NULL) {
			view_set_order_loader(v, cmd_order_load, in->ordered, cmd_order_free);
			in->ordered = NULL;
		}
	}
	v->flip = o->flip;
	v->palette = o->palette;
	v->min_change = o->min_change;
	v->min_share = o->min_share;
	v->details = o->details;
	v->utf8 = draw_utf8(o);
	if (in->zoom != FT_ROOT) {
		v->zoom = v->sel = in->zoom;
		v->layout_dirty = 1;
	}
	if (o->search != NULL && view_search_set(v, o->search, &err) != 0) {
		cmd_msg(stderr, "flametui: --search: %s\n", err.msg);
		return 1;
	}
	if (in->bfly != UINT32_MAX && view_butterfly_open(v, in->bfly, &err) != 0) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	if (o->heatmap) {
		/* --dump prints characters only: the picture in the ramp. */
		if (o->cmd == CMD_DUMP)
			v->colors = 0;
		view_heat_open(v);
		if (!v->heat.active) {
			cmd_msg(stderr, "flametui: --view heatmap: %s\n", v->message);
			return 1;
		}
	}
	if (o->chart) {
		view_chart_open(v);
		if (!v->chart.active) {
			cmd_msg(stderr, "flametui: --view chart: %s\n", v->message);
			return 1;
		}
	}
	return 0;
}

int
cmd_show(ft_input *in, ft_cmdline *o, FILE *out)
{
	ft_view v;
	ft_diag err = {{0}};
	int rc = view_setup(&v, in, o);
	if (rc == 0 && o->cmd == CMD_VIEW && o->watch)
		return cmd_watch_run(&v, in, o); /* frees v */
	if (rc != 0) {
		/* nothing more */
	} else if (o->cmd == CMD_DUMP && (v.w < VIEW_MIN_W || v.h < (v.cmp != NULL &&
	    v.grows == 0 ? VIEW_MIN_H + 2 : VIEW_MIN_H))) {
		/* The viewer would say "terminal too small"; --dump is asked
		 * for a picture, so no picture is an error. */
		cmd_msg(stderr, "flametui: --size %dx%d is too small to draw; at least %dx%d\n",
		    v.w, v.h, VIEW_MIN_W, v.cmp != NULL && v.grows == 0 ? VIEW_MIN_H + 2 : VIEW_MIN_H);
		rc = 1;
	} else if (o->cmd == CMD_EXPORT) {
		if (view_export_svg(&v, out, o->svg_width, o->min_width, &err) != 0) {
			cmd_msg(stderr, "flametui: %s: %s\n", o->out ? o->out : "stdout", err.msg);
			rc = 1;
		}
	} else if (o->cmd == CMD_DUMP) {
		ft_canvas c;
		/* --color always: the picture in 24-bit colour (the plain
		 * text otherwise, for goldens and pipes). */
		if (o->color == FT_COLOR_ALWAYS)
			v.colors = 1 << 24;
		canvas_init(&c, v.w, v.h, v.utf8);
		render_view(&v, &c);
		if (o->color == FT_COLOR_ALWAYS)
			canvas_dump_color(&c, out);
		else
			canvas_dump(&c, out);
		canvas_free(&c);
	} else {
		/* What was said on stderr while loading is behind the viewer's
		 * screen until it quits: the first warning shows on opening. */
		if (in->nwarn > 0) {
			char m[DIAG_MAX + 64];
			snprintf(m, sizeof(m), "%.*s%s", DIAG_MAX - 1, in->warn, in->nwarn > 1 ?
			    " (and more: all are shown after quitting)" : "");
			view_message(&v, m);
		}
		v.hints = 1;
		ft_tui_opts to = {.color = o->color, .keys_from_tty = stdin_used(o), .mouse = o->mouse};
		if (tui_run(&v, &to, &err) != 0) {
			cmd_msg(stderr, "flametui: %s\n", err.msg);
			rc = 1;
		}
	}
	view_free(&v);
	return rc;
}
