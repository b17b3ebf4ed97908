/* view.c - viewer state and actions (see view.h). */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static void
compute_max_self(ft_view *v)
{
	ft_val m = 0;
	for (uint32_t i = 0; i < v->prof->nnodes; i++) {
		ft_val s = profile_self(v->prof, i, v->col);
		if (s > m)
			m = s;
	}
	v->max_self = m;
}

void
view_init(ft_view *v, ft_profile *p, int w, int h)
{
	memset(v, 0, sizeof(*v));
	v->prof = p;
	v->inst.p = NULL; /* all-instances cache */
	v->col = p->deftype;
	v->zoom = FT_ROOT;
	v->sel = FT_ROOT;
	v->w = w;
	v->h = h;
	v->utf8 = 1;
	v->colors = 256;
	v->layout_dirty = 1;
	v->base = p;
	v->cursor_x = v->cursor_y = -1;
	compute_max_self(v);
}

void
view_free(ft_view *v)
{
	view_modes_free(v);
	layout_free(&v->layout);
	free(v->copy);
	free(v->back);
	free(v->fwd);
}


int
view_graph_top(const ft_view *v)
{
	return v->grows > 0 ? v->gtop : 1;
}

int
view_details_rows(const ft_view *v)
{
	const ft_profile *p = v->prof;
	/* border, two stack lines, kind line, one line per type, then
	 * period/time, label keys, note and up to two comments */
	int want = 4 + p->nvals + (p->period_type.name != NULL || p->time_ns != 0) +
	    (p->nlabel_keys + p->nnumlabel_keys > 0) + (p->note != NULL) +
	    (p->ncomments < 2 ? p->ncomments : 2);
	if (want < VIEW_DETAILS_MIN)
		want = VIEW_DETAILS_MIN;
	if (want > v->h / 2)
		want = v->h / 2;
	return want;
}

int
view_graph_rows(const ft_view *v)
{
	if (v->grows > 0)
		return v->grows;
	int r = v->h - 2 - (v->details ? view_details_rows(v) : 0);
	if (r < 1 && v->details)
		r = v->h - 2;
	return r < 0 ? 0 : r;
}

int
view_row_of_depth(const ft_view *v, uint32_t d)
{
	int rows = view_graph_rows(v);
	if (d < v->scroll || d >= v->scroll + (uint32_t)rows)
		return -1;
	int i = (int)(d - v->scroll);
	return view_graph_top(v) + (v->flip ? rows - 1 - i : i);
}

long
view_depth_of_row(const ft_view *v, int y)
{
	int rows = view_graph_rows(v);
	int i = y - view_graph_top(v);
	if (i < 0 || i >= rows)
		return -1;
	if (v->flip)
		i = rows - 1 - i;
	return (long)v->scroll + i;
}

/* Scroll so the selected row is visible. */
void
view_follow(ft_view *v)
{
	uint32_t d = v->prof->nodes[v->sel].depth;
	uint32_t rows = (uint32_t)view_graph_rows(v);
	if (rows == 0)
		return;
	if (d < v->scroll)
		v->scroll = d;
	else if (d >= v->scroll + rows)
		v->scroll = d - rows + 1;
	uint32_t last = v->layout.nrows > 0 ? v->layout.nrows - 1 : 0;
	/* Do not leave blank rows at the end when the graph could fill them. */
	if (last + 1 >= rows && v->scroll > last + 1 - rows)
		v->scroll = last + 1 - rows;
	if (last + 1 < rows)
		v->scroll = 0;
}

void
view_resize(ft_view *v, int w, int h)
{
	if (w != v->w)
		v->layout_dirty = 1;
	v->w = w;
	v->h = h;
	/* A new height changes how many rows show: keep the selection in
	 * view and no blank rows at the end (a new width does this when the
	 * layout is rebuilt). */
	if (!v->layout_dirty)
		view_follow(v);
}

/* Nearest drawn ancestor-or-self of node. */
static uint32_t
drawn_ancestor(const ft_view *v, uint32_t n)
{
	while (n != FT_ROOT && layout_find(&v->layout, v->prof, n) == NULL)
		n = v->prof->nodes[n].parent;
	return n;
}

void
view_update_layout(ft_view *v)
{
	if (!v->layout_dirty)
		return;
	layout_build(&v->layout, v->prof, layout_widths(v->prof, v->col),
	    v->zoom, v->w, 0);
	v->layout_dirty = 0;
	v->sel = drawn_ancestor(v, v->sel);
	view_follow(v);
}

static void
push_hist(uint32_t **st, uint32_t *n, uint32_t *cap, uint32_t node)
{
	if (*n == *cap) {
		*cap = (uint32_t)grow_cap(*cap, (size_t)*n + 1, 16);
		*st = xreallocarray(*st, *cap, sizeof(uint32_t));
	}
	(*st)[(*n)++] = node;
}

static void
set_zoom(ft_view *v, uint32_t node)
{
	v->zoom = node;
	v->layout_dirty = 1;
}

void
view_zoom_to(ft_view *v, uint32_t node)
{
	if (node == v->zoom)
		return;
	push_hist(&v->back, &v->nback, &v->hcap_b, v->zoom);
	v->nfwd = 0;
	set_zoom(v, node);
	v->sel = node;
	view_update_layout(v);
}

void
view_select(ft_view *v, uint32_t node)
{
	view_update_layout(v);
	v->sel = drawn_ancestor(v, node);
	view_follow(v);
}

/* Same-path node of the old profile in the new one, or its deepest
 * existing ancestor. */
static uint32_t
map_node(const ft_profile *from, const ft_profile *to, uint32_t n)
{
	uint32_t d = from->nodes[n].depth;
	uint32_t *path = xmalloc(sizeof(uint32_t) * (d + 1));
	profile_path(from, n, path);
	uint32_t cur = FT_ROOT;
	for (uint32_t i = 0; i < d; i++) {
		uint32_t c = profile_find_child(to, cur, path[i]);
		if (c == FT_NONE)
			break;
		cur = c;
	}
	free(path);
	return cur;
}

void
view_set_profile(ft_view *v, ft_profile *p)
{
	ft_profile *old = v->prof;
	uint32_t zoom = map_node(old, p, v->zoom);
	uint32_t sel = map_node(old, p, v->sel);
	for (uint32_t i = 0; i < v->nback; i++)
		v->back[i] = map_node(old, p, v->back[i]);
	for (uint32_t i = 0; i < v->nfwd; i++)
		v->fwd[i] = map_node(old, p, v->fwd[i]);
	v->prof = p;
	v->inst.p = NULL; /* all-instances cache */
	if (v->col >= p->nvals)
		v->col = p->deftype;
	v->zoom = zoom;
	v->sel = sel;
	v->layout_dirty = 1;
	v->mstat.valid = 0;
	compute_max_self(v);
	view_update_layout(v);
}

static int
sel_center(const ft_view *v)
{
	const ft_lframe *f = layout_find(&v->layout, v->prof, v->sel);
	return f ? (f->x0 + f->x1 - 1) / 2 : 0;
}

static void
move_to_row(ft_view *v, long r)
{
	if (v->layout.nrows == 0)
		return;
	if (r < 0)
		r = 0;
	if (r >= (long)v->layout.nrows)
		r = (long)v->layout.nrows - 1;
	int x = sel_center(v);
	const ft_lframe *f = layout_closest(&v->layout, (uint32_t)r, x);
	if (f != NULL)
		v->sel = f->node;
}

static void
move_sideways(ft_view *v, int dir)
{
	const ft_lframe *f = layout_find(&v->layout, v->prof, v->sel);
	if (f == NULL)
		return;
	size_t n;
	const ft_lframe *row = layout_row(&v->layout, v->prof->nodes[v->sel].depth, &n);
	long i = f - row;
	for (i += dir; i >= 0 && i < (long)n; i += dir) {
		if (row[i].node != FT_NONE) {
			v->sel = row[i].node;
			return;
		}
	}
}

static void
move_down(ft_view *v)
{
	const ft_profile *p = v->prof;
	uint32_t best = FT_NONE;
	int bw = 0;
	for (uint32_t c = p->nodes[v->sel].child; c != FT_NONE; c = p->nodes[c].sibling) {
		const ft_lframe *f = layout_find(&v->layout, p, c);
		if (f != NULL && f->x1 - f->x0 > bw) {
			bw = f->x1 - f->x0;
			best = c;
		}
	}
	if (best != FT_NONE)
		v->sel = best;
}

static void
history_step(ft_view *v, int forward)
{
	uint32_t **from = forward ? &v->fwd : &v->back;
	uint32_t *nfrom = forward ? &v->nfwd : &v->nback;
	if (*nfrom == 0)
		return;
	uint32_t node = (*from)[--*nfrom];
	if (forward)
		push_hist(&v->back, &v->nback, &v->hcap_b, v->zoom);
	else
		push_hist(&v->fwd, &v->nfwd, &v->hcap_f, v->zoom);
	set_zoom(v, node);
	v->sel = node;
}

/* Frame name (with its kind suffix) or the whole stack "a;b;c" of the
 * selection into v->copy, for the TUI to send as OSC 52. */
static int
copy_selection(ft_view *v, int stack)
{
	if (v->sel == FT_ROOT) {
		v->message = "nothing to copy: select a frame";
		return V_REDRAW;
	}
	size_t n;
	free(v->copy);
	v->copy = profile_stack_text(v->prof, v->sel, stack, &n);
	snprintf(v->msgbuf, sizeof(v->msgbuf), "copied %s (%zu bytes) to the clipboard",
	    stack ? "the stack" : "the name", n);
	v->message = v->msgbuf;
	return V_REDRAW | V_COPY;
}

char *
view_take_copy(ft_view *v)
{
	char *s = v->copy;
	v->copy = NULL;
	return s;
}

int
view_apply(ft_view *v, enum ft_action a)
{
	view_update_layout(v);
	if (v->help) {
		/* The help screen scrolls with up/down; other keys close it. */
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
	int handled = 0;
	int r = view_modes_action(v, a, &handled);
	if (handled)
		return r;
	int rows = view_graph_rows(v);
	uint32_t depth = v->prof->nodes[v->sel].depth;
	switch (a) {
	case ACT_NONE:
		return 0;
	case ACT_QUIT:
		return V_QUIT;
	case ACT_SUSPEND:
		return V_SUSPEND | V_REDRAW;
	case ACT_REDRAW:
		return V_REDRAW;
	case ACT_UP:
		if (v->flip)
			move_down(v);
		else if (v->sel != FT_ROOT)
			v->sel = v->prof->nodes[v->sel].parent;
		break;
	case ACT_DOWN:
		if (!v->flip)
			move_down(v);
		else if (v->sel != FT_ROOT)
			v->sel = v->prof->nodes[v->sel].parent;
		break;
	case ACT_LEFT:
		move_sideways(v, -1);
		break;
	case ACT_RIGHT:
		move_sideways(v, 1);
		break;
	case ACT_TOP:
		move_to_row(v, v->flip ? (long)v->layout.nrows - 1 : 0);
		break;
	case ACT_BOTTOM:
		move_to_row(v, v->flip ? 0 : (long)v->layout.nrows - 1);
		break;
	case ACT_PGUP:
		move_to_row(v, v->flip ? (long)depth + rows : (long)depth - rows);
		break;
	case ACT_PGDN:
		move_to_row(v, v->flip ? (long)depth - rows : (long)depth + rows);
		break;
	case ACT_ZOOM:
		view_zoom_to(v, v->sel);
		break;
	case ACT_ZOOM_OUT:
		if (v->zoom != FT_ROOT) {
			uint32_t keep = v->zoom;
			view_zoom_to(v, v->prof->nodes[v->zoom].parent);
			v->sel = keep;
		}
		break;
	case ACT_RESET:
		view_zoom_to(v, FT_ROOT);
		break;
	case ACT_BACK:
		history_step(v, 0);
		break;
	case ACT_FORWARD:
		history_step(v, 1);
		break;
	case ACT_FLIP:
		v->flip = !v->flip;
		break;
	case ACT_COLOR:
		v->color = (v->color + 1) % COLOR_MODES;
		break;
	case ACT_COPY:
	case ACT_COPY_STACK:
		return copy_selection(v, a == ACT_COPY_STACK);
	case ACT_DETAILS:
		v->details = !v->details;
		break;
	case ACT_HELP:
		v->help = 1;
		v->help_scroll = 0;
		break;
	case ACT_TYPE_NEXT:
	case ACT_TYPE_PREV:
		if (v->prof->nvals > 1) {
			int d = a == ACT_TYPE_NEXT ? 1 : v->prof->nvals - 1;
			v->col = (v->col + d) % v->prof->nvals;
			v->layout_dirty = 1;
			compute_max_self(v);
		} else {
			v->message = "this profile has one sample type";
		}
		break;
	default:
		return 0;
	}
	view_update_layout(v);
	v->sel = drawn_ancestor(v, v->sel);
	view_follow(v);
	return V_REDRAW;
}

int
view_click(ft_view *v, int x, int y, int dbl)
{
	if (v->prompt_kind != PK_NONE)
		return 0;
	if (v->bf != NULL || v->table.active)
		return view_modes_click(v, x, y, dbl);
	view_update_layout(v);
	long d = view_depth_of_row(v, y);
	if (d < 0)
		return 0;
	const ft_lframe *f = layout_at(&v->layout, (uint32_t)d, x);
	if (f == NULL)
		return 0;
	v->sel = f->node;
	if (dbl)
		view_zoom_to(v, f->node);
	view_follow(v);
	return V_REDRAW;
}

int
view_wheel(ft_view *v, int dy)
{
	if (v->prompt_kind != PK_NONE)
		return 0;
	if (v->bf != NULL || v->table.active)
		return view_modes_wheel(v, dy);
	view_update_layout(v);
	uint32_t rows = (uint32_t)view_graph_rows(v);
	uint32_t n = v->layout.nrows;
	if (v->flip)
		dy = -dy;
	if (dy > 0 && v->scroll + rows < n)
		v->scroll++;
	else if (dy < 0 && v->scroll > 0)
		v->scroll--;
	else
		return 0;
	/* Keep the selection on screen. */
	uint32_t d = v->prof->nodes[v->sel].depth;
	if (d < v->scroll)
		move_to_row(v, v->scroll);
	else if (d >= v->scroll + rows)
		move_to_row(v, (long)(v->scroll + rows - 1));
	return V_REDRAW;
}

int
view_key(ft_view *v, int key)
{
	v->message = NULL;
	int handled = 0;
	int r = view_modes_key(v, key, &handled);
	if (handled)
		return r;
	return view_apply(v, keymap_action(key));
}
