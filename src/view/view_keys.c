/* view_keys.c - keys, actions and the mouse: the one dispatch of the view
 * engine, for one profile or two, in every mode (see the key-press path at
 * the top of view.c).
 *
 * view_key() gives a key to whatever has it first: an open prompt, the
 * help screen, the butterfly view, the function table; else the key table
 * (keymap.c) turns it into an action for view_apply().  The butterfly
 * halves are views themselves: their moves go through view_apply() of the
 * half.  Nothing here draws.
 */
#include "view/prompt_help.h"
#include "view/view.h"

#include <string.h>

#include "profile/demangle.h"
#include "profile/relabel.h"

static int common_apply(ft_view *v, enum ft_action a);

/* The help screen scrolls with up/down; other keys close it. */
static int
help_apply(ft_view *v, enum ft_action a)
{
	if (a == ACT_DOWN || a == ACT_PGDN)
		v->help_scroll++;
	else if (a == ACT_UP || a == ACT_PGUP)
		v->help_scroll = v->help_scroll > 0 ? v->help_scroll - 1 : 0;
	else if (a == ACT_QUIT)
		return V_QUIT;
	else if (a != ACT_REDRAW)
		v->help = 0;
	return V_REDRAW;
}

static int
prompt_feed(ft_view *v, int key)
{
	if (key == FTK_TAB) {
		/* The filter prompt completes; the others take no Tab. */
		if (v->prompt_kind == PK_FILTER)
			prompt_filter_complete(&v->prompt, v->prof);
		return V_REDRAW;
	}
	int r = prompt_key(&v->prompt, key);
	int kind = v->prompt_kind;
	if (kind == PK_SEARCH && v->search_before != NULL) {
		/* Search as you type (a regex not yet whole keeps the last
		 * one); Esc puts back the search there was. */
		ft_diag e;
		if (r == PROMPT_EDIT)
			view_search_set(v, v->prompt.text, &e);
		else if (r == PROMPT_CANCEL)
			view_search_set(v, v->search_before, &e);
	}
	if (r == PROMPT_CANCEL) {
		v->prompt_kind = PK_NONE;
	} else if (r == PROMPT_ACCEPT) {
		char text[PROMPT_MAX];
		memcpy(text, v->prompt.text, v->prompt.len + 1);
		v->prompt_kind = PK_NONE;
		return view_prompt_accept(v, kind, text);
	}
	return V_REDRAW;
}

/* --- the function table -------------------------------------------------- */

static int
table_apply(ft_view *v, enum ft_action a)
{
	ft_ftable *t = &v->table;
	switch (a) {
	case ACT_UP: view_table_move(v, -1); break;
	case ACT_DOWN: view_table_move(v, 1); break;
	case ACT_PGUP: view_table_move(v, -view_table_page(v)); break;
	case ACT_PGDN: view_table_move(v, view_table_page(v)); break;
	case ACT_TOP: view_table_move(v, -(long)t->nrows); break;
	case ACT_BOTTOM: view_table_move(v, (long)t->nrows); break;
	case ACT_TABLE: case ACT_CMP_TABLE: case ACT_RESET: case ACT_ZOOM_OUT:
		view_table_close(v);
		break;
	case ACT_TABLE_SORT: case ACT_CMP_PANE:
		view_table_sort(v);
		break;
	case ACT_SEARCH:
		return view_prompt_open(v, PK_TABLE);
	case ACT_ZOOM:
		view_table_enter(v, t->sel);
		break;
	case ACT_BUTTERFLY: {
		if (t->nrows == 0)
			break;
		ft_diag err;
		if (view_butterfly_open(v, view_table_name(v, t->sel), &err) != 0)
			view_message(v, err.msg);
		break;
	}
	case ACT_TYPE_NEXT: case ACT_TYPE_PREV: {
		int r = common_apply(v, a);
		view_table_refresh(v);
		return r;
	}
	case ACT_COPY: case ACT_COPY_STACK:
		return view_table_copy(v);
	case ACT_QUIT: case ACT_PAUSE: case ACT_HELP: case ACT_REDRAW: case ACT_SUSPEND:
		return common_apply(v, a);
	default:
		return 0;
	}
	return V_REDRAW;
}

/* --- the filter list ------------------------------------------------------ */

/* Keys in the filter list (F): Up/Down select, x removes the selected
 * entry, X all, U / Ctrl-R undo and redo; F, Esc, q and Enter close it
 * (handled in view_key); any other key closes it and acts on the graph. */
static int
flist_apply(ft_view *v, enum ft_action a)
{
	int n = view_flist_len(v);
	switch (a) {
	case ACT_UP: case ACT_LEFT: case ACT_PGUP: case ACT_TOP:
		if (v->flist.sel > 0)
			v->flist.sel = a == ACT_UP || a == ACT_LEFT ? v->flist.sel - 1 : 0;
		break;
	case ACT_DOWN: case ACT_RIGHT: case ACT_PGDN: case ACT_BOTTOM:
		if (v->flist.sel + 1 < n)
			v->flist.sel = a == ACT_DOWN || a == ACT_RIGHT ? v->flist.sel + 1 : n - 1;
		break;
	case ACT_FILTER_POP:
		view_filter_remove_at(v, v->flist.sel);
		break;
	case ACT_FILTER_CLEAR:
		view_filter_remove(v, 1);
		break;
	case ACT_FILTER_UNDO: case ACT_FILTER_REDO:
		view_filter_undo(v, a == ACT_FILTER_REDO);
		break;
	case ACT_FILTER_LIST: case ACT_ZOOM: case ACT_RESET:
		v->flist.active = 0;
		break;
	case ACT_QUIT: case ACT_PAUSE: case ACT_HELP: case ACT_REDRAW: case ACT_SUSPEND: case ACT_FILTER:
		return common_apply(v, a);
	default:
		v->flist.active = 0;
		return common_apply(v, a);
	}
	n = view_flist_len(v);
	if (v->flist.sel >= n)
		v->flist.sel = n > 0 ? n - 1 : 0;
	return V_REDRAW;
}

/* --- the butterfly view -------------------------------------------------- */

static int
bf_apply(ft_view *v, enum ft_action a)
{
	ft_bfview *bf = v->bf;
	ft_view *cur = view_butterfly_half(v);
	int r = V_REDRAW;
	switch (a) {
	case ACT_UP:
		if (bf->side == 1 && cur->sel == FT_ROOT && bf->up.pane[0].layout.nrows > 1) {
			bf->side = 0;
			bf->up.sel = FT_ROOT;
			view_apply(&bf->up, ACT_UP);
		} else {
			r = view_apply(cur, a);
		}
		break;
	case ACT_DOWN:
		if (bf->side == 0 && cur->sel == FT_ROOT) {
			bf->side = 1;
			bf->down.sel = FT_ROOT;
			view_apply(&bf->down, ACT_DOWN);
		} else {
			r = view_apply(cur, a);
		}
		break;
	case ACT_NEXT: case ACT_PREV:
		r = view_search_step(cur, a == ACT_NEXT ? 1 : -1);
		if (cur->message != NULL)
			v->message = cur->message;
		break;
	case ACT_BUTTERFLY: {
		uint32_t nm = cur->prof->nodes[cur->sel].name;
		ft_diag err;
		if (nm != bf->b.name && view_butterfly_open(v, nm, &err) != 0)
			view_message(v, err.msg);
		break;
	}
	case ACT_TABLE: case ACT_CMP_TABLE:
		view_butterfly_close(v);
		view_table_open(v);
		break;
	case ACT_COPY: case ACT_COPY_STACK:
		r = view_butterfly_copy(v, a == ACT_COPY_STACK);
		break;
	case ACT_DETAILS:
		/* The panel shows the active half's selection with its real
		 * stack through F (render.c); the halves give it rows. */
		v->details = !v->details;
		break;
	case ACT_FILTER: case ACT_FILTER_POP: case ACT_FILTER_CLEAR: case ACT_FLIP:
	case ACT_CMP_DIFF: case ACT_CMP_SPLIT: case ACT_CMP_PANE: case ACT_CMP_NORM:
	case ACT_CMP_ELIDED: case ACT_GROUP: case ACT_DEMANGLE: case ACT_INVERT: case ACT_COLLAPSE:
	case ACT_FILTER_LIST: case ACT_FILTER_UNDO: case ACT_FILTER_REDO:
		v->message = "not in the butterfly view (Esc leaves it)";
		break;
	case ACT_SEARCH_SEL:
		view_search_selected(v);
		break;
	case ACT_SEARCH: case ACT_QUIT: case ACT_PAUSE: case ACT_HELP: case ACT_REDRAW: case ACT_SUSPEND:
		return common_apply(v, a);
	case ACT_COLOR: case ACT_TYPE_NEXT: case ACT_TYPE_PREV: case ACT_CMP_WIDTH:
		/* The whole view changes and the halves follow: colour and
		 * widths through view_butterfly_geometry(), one profile's type
		 * here, a comparison's type by building the butterfly again
		 * over the rebuilt tree (view_modes.c). */
		r = common_apply(v, a);
		if (v->cmp == NULL && a != ACT_COLOR && v->bf != NULL) {
			view_apply(&v->bf->up, a);
			view_apply(&v->bf->down, a);
		}
		break;
	default:
		r = view_apply(cur, a);
		break;
	}
	if (v->bf != NULL)
		view_butterfly_geometry(v);
	return r | V_REDRAW;
}

/* --- the graph ------------------------------------------------------------ */

static const char *
color_message(const ft_view *v)
{
	if (v->cmp != NULL)
		return v->color == COLOR_DTOTAL ? "colour: by total delta" :
		    v->color == COLOR_DSELF ? "colour: by self delta" : "colour: by name";
	return v->color == COLOR_PACKAGE ?
	    "colour: by package (module, namespace or directory); kernel, JIT, inlined tinted | ? legend" :
	    v->color == COLOR_HEAT ? "colour: self-time heat, pale (none) to deep red (most) | ? legend" :
	    "colour: by name (hot palette); kernel blue, JIT green, inlined aqua | ? legend";
}

/* Actions that only a comparison has. */
static int
compare_apply(ft_view *v, enum ft_action a)
{
	if (v->cmp == NULL) {
		/* One profile: say why the key does nothing. */
		switch (a) {
		case ACT_CMP_DIFF: case ACT_CMP_WIDTH: case ACT_CMP_SPLIT: case ACT_CMP_PANE:
		case ACT_CMP_NORM: case ACT_CMP_ELIDED:
			v->message = "this key is for comparing two profiles: flametui BEFORE AFTER, "
			    "or a two-column differential file";
			return V_REDRAW;
		case ACT_CMP_TABLE:
			v->message = "R lists regressions when comparing two profiles "
			    "(flametui BEFORE AFTER); t is the function table of this one";
			return V_REDRAW;
		default:
			return 0;
		}
	}
	switch (a) {
	case ACT_CMP_DIFF:
		v->mode = v->mode == CV_DIFF ? CV_SIDE : CV_DIFF;
		break;
	case ACT_CMP_WIDTH:
		v->wsrc = (v->wsrc + 1) % CMP_W_COUNT;
		v->message = v->wsrc == CMP_W_A ? "differential widths: A (before)" :
		    v->wsrc == CMP_W_MAX ? "differential widths: max(A,B), nothing vanishes" :
		    v->wsrc == CMP_W_SUM ? "differential widths: A+B, both recordings at once" :
		    "differential widths: B (after)";
		v->mode = CV_DIFF;
		break;
	case ACT_CMP_ELIDED:
		v->mode = v->mode == CV_ELIDED ? CV_SIDE : CV_ELIDED;
		if (v->mode == CV_ELIDED && v->cmp->welided[FT_ROOT] <= 0)
			v->message = "elided: nothing vanished (every path of A is still in B)";
		break;
	case ACT_CMP_SPLIT:
		v->split = cview_stacked(v->split, v->w, v->h) ? CV_SPLIT_LR : CV_SPLIT_TB;
		break;
	case ACT_CMP_PANE:
		if (v->mode == CV_SIDE)
			v->active = !v->active;
		break;
	case ACT_CMP_TABLE:
		view_table_open(v);
		return V_REDRAW;
	case ACT_CMP_NORM:
		view_compare_cycle_norm(v);
		return V_REDRAW;
	default:
		return 0;
	}
	v->layout_dirty = 1;
	return V_REDRAW;
}

/* Moves, zoom and the rest that change the graph's state. */
static int
graph_apply(ft_view *v, enum ft_action a)
{
	int rows = view_graph_rows(v);
	uint32_t depth = profile_depth(v->prof, v->sel);
	switch (a) {
	case ACT_UP:
		if (v->flip)
			view_move_down(v);
		else
			view_move_up(v);
		break;
	case ACT_DOWN:
		if (v->flip)
			view_move_up(v);
		else
			view_move_down(v);
		break;
	case ACT_LEFT: view_move_sideways(v, -1); break;
	case ACT_RIGHT: view_move_sideways(v, 1); break;
	case ACT_TOP:
	case ACT_BOTTOM: {
		long last = (long)view_active(v)->layout.nrows - 1;
		long want = (a == ACT_BOTTOM) != (v->flip != 0) ? last : 0;
		long got = view_move_to_row(v, want);
		if (want == last && got >= 0 && got < last) {
			/* The deepest rows hold only frames too narrow to draw
			 * (fillers): the deepest drawn frame, and say why. */
			snprintf(v->msgbuf, sizeof(v->msgbuf), "last %ld row%s: only frames "
			    "too narrow to draw; Enter zooms in", last - got,
			    last - got == 1 ? "" : "s");
			v->message = v->msgbuf;
		}
		break;
	}
	case ACT_PGUP:
		view_move_to_row(v, v->flip ? (long)depth + rows : (long)depth - rows);
		break;
	case ACT_PGDN:
		view_move_to_row(v, v->flip ? (long)depth - rows : (long)depth + rows);
		break;
	case ACT_ZOOM: view_zoom_to(v, v->sel); break;
	case ACT_ZOOM_OUT: view_zoom_out(v); break;
	case ACT_RESET: view_zoom_to(v, FT_ROOT); break;
	case ACT_BACK: view_history(v, 0); break;
	case ACT_FORWARD: view_history(v, 1); break;
	case ACT_FLIP: v->flip = !v->flip; break;
	case ACT_DETAILS:
		v->details = !v->details;
		v->layout_dirty = 1;
		break;
	case ACT_COLOR:
		if (v->cmp != NULL) {
			v->color = v->color == COLOR_DTOTAL ? COLOR_DSELF :
			    v->color == COLOR_DSELF ? COLOR_NAME : COLOR_DTOTAL;
			v->message = color_message(v);
		} else {
			v->color = (v->color + 1) % (COLOR_HEAT + 1);
			v->message = color_message(v);
		}
		break;
	case ACT_TYPE_NEXT:
	case ACT_TYPE_PREV:
		if (v->cmp != NULL)
			view_compare_type(v, a == ACT_TYPE_NEXT ? 1 : -1);
		else if (v->prof->nvals > 1)
			view_set_col(v, (v->col + (a == ACT_TYPE_NEXT ? 1 : v->prof->nvals - 1)) %
			    v->prof->nvals);
		else
			v->message = "this profile has one sample type";
		break;
	default:
		return compare_apply(v, a);
	}
	view_update_layout(v);
	view_follow(v);
	return V_REDRAW;
}

/* Everything but the modes' own keys: for the graph, and for the modes
 * when they pass a key on. */
static int
common_apply(ft_view *v, enum ft_action a)
{
	switch (a) {
	case ACT_NONE:
		return 0;
	case ACT_QUIT:
		return V_QUIT;
	case ACT_PAUSE:
		return V_PAUSE | V_REDRAW;
	case ACT_SUSPEND:
		return V_SUSPEND | V_REDRAW;
	case ACT_REDRAW:
		return V_REDRAW;
	case ACT_HELP:
		v->help = 1;
		v->help_scroll = 0;
		return V_REDRAW;
	case ACT_COPY:
	case ACT_COPY_STACK:
		return view_copy_selection(v, a == ACT_COPY_STACK);
	case ACT_EXPORT_SVG:
		return V_EXPORT | V_REDRAW; /* the screen writes it (screen.c) */
	case ACT_SEARCH:
		return view_prompt_open(v, PK_SEARCH);
	case ACT_FILTER:
		return view_prompt_open(v, PK_FILTER);
	case ACT_SEARCH_SEL:
		view_search_selected(v);
		return V_REDRAW;
	case ACT_NEXT:
	case ACT_PREV:
		return view_search_step(v, a == ACT_NEXT ? 1 : -1);
	case ACT_FILTER_POP:
	case ACT_FILTER_CLEAR:
		return view_filter_remove(v, a == ACT_FILTER_CLEAR);
	case ACT_FILTER_LIST:
		v->flist.active = 1;
		v->flist.sel = v->flist.top = 0;
		return V_REDRAW;
	case ACT_FILTER_UNDO:
	case ACT_FILTER_REDO:
		return view_filter_undo(v, a == ACT_FILTER_REDO);
	case ACT_BUTTERFLY: {
		if (v->sel == FT_ROOT) {
			v->message = "select a function first";
			return V_REDRAW;
		}
		ft_diag err;
		if (view_butterfly_open(v, v->prof->nodes[v->sel].name, &err) != 0)
			view_message(v, err.msg);
		return V_REDRAW;
	}
	case ACT_TABLE:
		view_table_open(v);
		return V_REDRAW;
	case ACT_TABLE_SORT:
		return 0;
	case ACT_GROUP:
		return view_set_group(v, (v->group + 1) % FT_GROUPS);
	case ACT_DEMANGLE: /* short -> full -> none -> short */
		return view_set_demangle(v, v->demangle == FT_DEMANGLE_SHORT ? FT_DEMANGLE_FULL :
		    v->demangle == FT_DEMANGLE_FULL ? FT_DEMANGLE_NONE : FT_DEMANGLE_SHORT);
	case ACT_INVERT:
		return view_toggle_invert(v);
	case ACT_COLLAPSE:
		return view_cycle_collapse(v);
	case ACT_ACTIVITY:
		return view_activity_toggle(v);
	case ACT_HINTS:
		v->hints = !v->hints;
		v->layout_dirty = 1;
		v->message = v->hints ? "key hints shown (v hides them)" :
		    "key hints hidden (v shows them; ? lists every key)";
		return V_REDRAW;
	default:
		return graph_apply(v, a);
	}
}

int
view_apply(ft_view *v, enum ft_action a)
{
	view_update_layout(v);
	if (v->help)
		return help_apply(v, a);
	if (v->heat.active) {
		int r = view_heat_apply(v, a);
		if (r != 0 || a == ACT_ZOOM)
			return r;
		/* Help, quit, the filter keys: as everywhere. */
		if (a != ACT_HELP && a != ACT_QUIT && a != ACT_FILTER_POP &&
		    a != ACT_FILTER_CLEAR && a != ACT_FILTER_UNDO && a != ACT_FILTER_REDO &&
		    a != ACT_REDRAW && a != ACT_SUSPEND)
			return 0;
	}
	if (v->chart.active) {
		int r = view_chart_apply(v, a);
		if (r != 0)
			return r;
		/* Help, quit, the filter keys: as everywhere. */
		if (a != ACT_HELP && a != ACT_QUIT && a != ACT_FILTER_POP &&
		    a != ACT_FILTER_CLEAR && a != ACT_FILTER_UNDO && a != ACT_FILTER_REDO &&
		    a != ACT_REDRAW && a != ACT_SUSPEND)
			return 0;
	}
	if (a == ACT_HEATMAP)
		return view_heat_open(v);
	if (a == ACT_CHART)
		return view_chart_open(v);
	if (v->bf != NULL)
		return bf_apply(v, a);
	if (v->table.active)
		return table_apply(v, a);
	if (v->flist.active)
		return flist_apply(v, a);
	return common_apply(v, a);
}

int
view_key(ft_view *v, int key)
{
	if (v->rc != NULL) {
		/* Range against range: its view takes every key; Esc with
		 * nothing open in it (a mode, a zoom) returns to this one. */
		ft_view *cv = &v->rc->cv;
		if (key == FTK_ESC && cv->prompt_kind == PK_NONE && !cv->help &&
		    cv->bf == NULL && !cv->table.active && !cv->flist.active &&
		    cv->zoom == FT_ROOT) {
			view_rangecmp_close(v);
			v->message = "back from the range comparison (range A's chip kept)";
			return V_REDRAW;
		}
		return view_key(cv, key);
	}
	/* A one-shot status message lasts until the next key. */
	int f = v->message != NULL ? V_REDRAW : 0;
	v->message = NULL;
	if (v->prompt_kind != PK_NONE)
		return f | prompt_feed(v, key);
	if (v->help && key == 'q') { /* q closes the help (Ctrl-C still quits) */
		v->help = 0;
		return V_REDRAW;
	}
	if (!v->help && v->flist.active && v->bf == NULL && !v->table.active) {
		if (key == FTK_ESC || key == 'q') {
			v->flist.active = 0;
			return V_REDRAW;
		}
		if (key == FTK_DELETE)
			return f | flist_apply(v, ACT_FILTER_POP);
	}
	if (!v->help && v->heat.active && (key == FTK_ESC || key == 'q')) {
		view_heat_close(v);
		return V_REDRAW;
	}
	if (!v->help && v->chart.active && (key == FTK_ESC || key == 'q')) {
		view_chart_close(v);
		return V_REDRAW;
	}
	if (!v->help && key == FTK_ESC) {
		if (v->bf != NULL) {
			view_butterfly_close(v);
			return V_REDRAW;
		}
		if (v->table.active) {
			view_table_close(v);
			return V_REDRAW;
		}
	}
	enum ft_action a = keymap_action(key);
	if (a == ACT_NONE && !v->help) {
		/* A key the table does not bind (z, F1): say where the keys are. */
		view_message(v, "no such key: press ? for the keys");
		return V_REDRAW;
	}
	return f | view_apply(v, a);
}

/* --- mouse -------------------------------------------------------------- */

int
view_click(ft_view *v, int x, int y, int dbl)
{
	if (v->rc != NULL)
		return view_click(&v->rc->cv, x, y, dbl);
	if (v->prompt_kind != PK_NONE || v->help)
		return 0;
	if (v->heat.active)
		return view_heat_click(v, x, y, dbl);
	if (v->chart.active)
		return view_chart_click(v, x, y, dbl);
	if (v->bf != NULL) {
		ft_bfview *bf = v->bf;
		view_butterfly_geometry(v);
		/* F's row belongs to both halves: it selects F on the callees
		 * side, as after opening. */
		int side = y >= bf->down.gtop ? 1 : 0;
		int r = view_click(side ? &bf->down : &bf->up, x, y, dbl);
		if (r != 0)
			bf->side = side;
		view_butterfly_geometry(v);
		return r;
	}
	if (v->table.active) {
		ft_ftable *t = &v->table;
		if (y < 2 || y >= v->h - 1)
			return 0;
		uint32_t row = t->top + (uint32_t)(y - 2);
		if (row >= t->nrows)
			return 0;
		t->sel = row;
		if (dbl)
			view_table_enter(v, row);
		return V_REDRAW;
	}
	return view_pick(v, x, y, dbl);
}

int
view_release(ft_view *v, int x, int y)
{
	if (v->prompt_kind != PK_NONE || v->help || !v->heat.active)
		return 0;
	return view_heat_release(v, x, y);
}

int
view_wheel(ft_view *v, int dy)
{
	if (v->rc != NULL)
		return view_wheel(&v->rc->cv, dy);
	if (v->prompt_kind != PK_NONE)
		return 0;
	if (v->help)
		return help_apply(v, dy > 0 ? ACT_DOWN : ACT_UP);
	if (v->bf != NULL) {
		int r = view_wheel(view_butterfly_half(v), dy);
		view_butterfly_geometry(v);
		return r;
	}
	if (v->table.active) {
		view_table_move(v, dy);
		return V_REDRAW;
	}
	if (v->chart.active) /* the wheel zooms time, as in Chrome's panel */
		return view_chart_apply(v, dy > 0 ? ACT_CHART_OUT : ACT_CHART_IN);
	return view_scroll(v, dy);
}
