/* view.c - the view engine's state: panes and their layouts, moves, zoom,
 * history (see view.h).
 *
 * How a key press reaches the screen, for one profile or two:
 *   tui.c reads a key -> view_key() (view_keys.c): an open prompt, the
 *   help screen, the function table or the butterfly view takes it first,
 *   else keymap_action() (keymap.c) -> view_apply(), which changes
 *   state here (moves, zoom) or in view_modes.c (search, filters, tables,
 *   butterfly) and returns V_REDRAW -> tui.c calls render_view() (render.c):
 *   view_update_layout() lays out each pane (layout.c), then the panes'
 *   headers and frames, the details panel and the status line go into the
 *   canvas (canvas.c), the comparison's own parts through render_compare.c
 *   -> tui.c copies the changed cells to the terminal.
 *
 * One zoom/selection/scroll state is shared by every pane: a node id is a
 * call path, so the panes of a comparison stay in step for free.  Keys
 * move in the active pane.  In a comparison the selection may be a path
 * the active pane's side does not have (picked in the other pane): it is
 * kept, and moves start from its nearest ancestor drawn in the active
 * pane.
 */
#include "view/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/function_table.h"
#include "profile/timeline.h"
#include "view/keymap.h"
#include "base/xalloc.h"

void
view_heat_ready(ft_view *v)
{
	if (v->color == COLOR_HEAT && v->max_self < 0)
		v->max_self = profile_max_self(v->prof, v->cmp != NULL ? CMP_B : v->col);
}

/* The tree or column changed: the heat scale is unknown (worked out now
 * only when heat colouring is on). */
static void
compute_max_self(ft_view *v)
{
	v->max_self = -1;
	view_heat_ready(v);
}

void
view_init(ft_view *v, ft_profile *p, int w, int h)
{
	memset(v, 0, sizeof(*v));
	v->prof = p;
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
	v->npanes = 1;
	v->activity = 1;
	compute_max_self(v);
}

ft_val
view_whole_total(const ft_view *v, int col)
{
	const ft_profile *p = v->cmp == NULL && v->base != NULL ? v->base : v->prof;
	return profile_total(p, FT_ROOT, col);
}

int
view_total_filtered(const ft_view *v, int col)
{
	return view_whole_total(v, col) != profile_total(v->prof, FT_ROOT, col);
}

void
view_init_compare(ft_view *v, ft_compare *c, int w, int h)
{
	view_init(v, c->u, w, h);
	v->cmp = c;
	v->col = CMP_B;
	v->base = NULL;
	v->active = 1;
	v->color = COLOR_DTOTAL;
	v->table.sort = CMP_BASIS_SELF;
	compute_max_self(v);
}

void
view_butterfly_free(ft_bfview *bf)
{
	view_free(&bf->up);
	view_free(&bf->down);
	for (int i = 0; i < 2; i++)
		if (bf->hc[i].u != NULL)
			compare_free(&bf->hc[i]);
	butterfly_free(&bf->b);
	free(bf);
}

/* Everything the view owns, the modes' state (view_modes.c) included. */
void
view_rangecmp_close(ft_view *v)
{
	ft_rangecmp *rc = v->rc;
	if (rc == NULL)
		return;
	v->rc = NULL;
	view_free(&rc->cv);
	compare_free(&rc->c);
	profile_free(rc->pa);
	profile_free(rc->pb);
	free(rc);
	v->layout_dirty = 1;
}

void
view_free(ft_view *v)
{
	view_rangecmp_close(v);
	if (v->bf != NULL)
		view_butterfly_free(v->bf);
	heatmap_free(&v->heat.hm);
	chart_free(&v->chart.ch);
	free(v->act.all);
	free(v->act.in);
	free(v->act.idle);
	free(v->act.idle_samples);
	match_free(v->search);
	free(v->search_before);
	if (!v->hl_shared)
		free(v->hl);
	if (v->derived != NULL)
		profile_free(v->derived);
	if (v->base_own != NULL)
		profile_free(v->base_own);
	if (v->raw != NULL)
		profile_free(v->raw);
	if (v->reload_free != NULL)
		v->reload_free(v->reload_ctx);
	if (v->order_free != NULL)
		v->order_free(v->order_ctx);
	if (v->chart.own != NULL)
		profile_free(v->chart.own);
	filters_free(&v->filters);
	for (int i = 0; i < v->nfundo; i++)
		filters_free(&v->fundo[i]);
	for (int i = 0; i < v->nfredo; i++)
		filters_free(&v->fredo[i]);
	free(v->lab.r);
	history_free(&v->hist_search);
	history_free(&v->hist_filter);
	history_free(&v->hist_table);
	free(v->table.all);
	free(v->table.rall);
	free(v->table.rows);
	match_free(v->table.m);
	for (int i = 0; i < 2; i++)
		layout_free(&v->pane[i].layout);
	if (v->owns)
		compare_free(&v->owned);
	free(v->copy);
	free(v->back);
	free(v->fwd);
	memset(v, 0, sizeof(*v));
}

/* --- panes ---------------------------------------------------------------- */

int
view_label_rows(const ft_profile *p)
{
	int keys = p->nlabel_keys + p->nnumlabel_keys;
	if (p->labels == NULL)
		return keys > 0;
	/* One line per label key: the frame's value by the key's values. */
	return keys < VIEW_LABEL_ROWS ? keys : VIEW_LABEL_ROWS;
}

int
view_details_rows(const ft_view *v)
{
	const ft_profile *p = v->prof;
	int want;
	if (v->cmp != NULL) {
		/* border, two stack lines, kind line, A, B, delta, instances,
		 * then per label key its breakdown in A and in B */
		int keys = v->cmp->label_keys < VIEW_LABEL_ROWS ? v->cmp->label_keys : VIEW_LABEL_ROWS;
		want = 8 + 2 * keys;
	} else {
		/* border, two stack lines, kind line, one line per type, then
		 * period/time, label keys, note and up to two comments */
		want = 4 + p->nvals + (p->period_type.name != NULL || p->time_ns != 0) +
		    view_label_rows(p) + (p->note != NULL) +
		    (p->ncomments < 2 ? p->ncomments : 2);
	}
	if (want < VIEW_DETAILS_MIN)
		want = VIEW_DETAILS_MIN;
	if (want > v->h / 2)
		want = v->h / 2;
	return want;
}

int
view_hint_rows(const ft_view *v)
{
	return v->hints && v->grows == 0 && !v->details && !v->flist.active &&
	    v->bf == NULL && !v->table.active && !v->heat.active && !v->chart.active &&
	    v->h >= 10;
}

size_t
view_hint_text(const ft_view *v, int width, char *buf, size_t cap)
{
	int flags = v->cmp != NULL ? HINT_CMP : HINT_SINGLE;
	if (v->cmp == NULL && v->base != NULL && v->base->timeline != NULL &&
	    v->base->timeline->n > 0)
		flags |= HINT_TIME;
	return keymap_hint_line(flags, width, buf, cap);
}

/* Rows above the status line the panes share. */
static int
body_rows(const ft_view *v)
{
	int body = v->h - 1 - view_hint_rows(v);
	if (v->details && body - view_details_rows(v) >= 2)
		body -= view_details_rows(v);
	return body < 1 ? 1 : body;
}

int
view_activity_rows(const ft_view *v)
{
	if (!v->activity || v->cmp != NULL || v->grows > 0 || v->base == NULL ||
	    v->base->timeline == NULL || v->base->timeline->n == 0)
		return 0;
	int body = body_rows(v);
	return body >= 14 ? 2 : body >= 8 ? 1 : 0;
}

int
view_legend_row(const ft_view *v)
{
	return view_legend_rows(v) > 0 ? body_rows(v) - 1 : -1;
}

int
view_legend_rows(const ft_view *v)
{
	if (v->cmp == NULL || v->grows > 0)
		return 0;
	return body_rows(v) >= 8 ? 1 : 0;
}

static void
set_pane(ft_pane *p, int x, int y, int w, int h, int vset)
{
	p->x = x;
	p->y = y;
	p->w = w;
	p->h = h;
	p->vset = vset;
}

static void
geometry(ft_view *v)
{
	if (v->grows > 0) {
		/* A butterfly half: its rows only; the header row above them is
		 * the butterfly's. */
		v->npanes = 1;
		set_pane(&v->pane[0], 0, v->gtop - 1, v->w, v->grows + 1,
		    v->cmp != NULL ? VS_DIFF : VS_COL);
		return;
	}
	int body = body_rows(v);
	if (v->cmp == NULL) {
		/* The activity line's rows sit between the header (row 0) and
		 * the frames: the pane's header row is its last. */
		int act = view_activity_rows(v);
		v->npanes = 1;
		set_pane(&v->pane[0], 0, act, v->w, body - act, VS_COL);
		return;
	}
	ft_rect r[2];
	int vs[2];
	/* The verdict legend's row below the panes (render_compare.c). */
	int leg = view_legend_rows(v);
	v->npanes = cview_panes(v->mode, v->split, v->w, v->h, body - leg, r, vs);
	for (int i = 0; i < v->npanes; i++)
		set_pane(&v->pane[i], r[i].x, r[i].y, r[i].w, r[i].h, vs[i]);
}

/* The active pane: v->active is the side-by-side choice (kept while the
 * differential graph shows its one pane). */
ft_pane *
view_active(ft_view *v)
{
	return &v->pane[v->active < v->npanes ? v->active : 0];
}

int
view_pane_col(const ft_view *v, const ft_pane *p)
{
	return p->vset == VS_COL ? v->col : cview_col(p->vset);
}

ft_widths
view_pane_widths(const ft_view *v, const ft_pane *p)
{
	if (p->vset == VS_COL || v->cmp == NULL)
		return layout_widths(v->prof, v->col);
	return cview_widths(v->cmp, p->vset, v->wsrc);
}

int
view_pane_mask(const ft_view *v, const ft_pane *p)
{
	return p->vset == VS_COL ? CMP_IN_A | CMP_IN_B : cview_mask(p->vset, v->wsrc);
}

int
view_pane_has(const ft_view *v, const ft_pane *p, uint32_t n)
{
	return v->cmp == NULL || n == FT_ROOT ||
	    (v->cmp->presence[n] & view_pane_mask(v, p)) != 0;
}

int
view_pane_rows(const ft_pane *p)
{
	return p->h > 1 ? p->h - 1 : 0;
}

int
view_pane_row_of_depth(const ft_view *v, const ft_pane *p, uint32_t d)
{
	int rows = view_pane_rows(p);
	if (d < v->scroll || d >= v->scroll + (uint32_t)rows)
		return -1;
	int i = (int)(d - v->scroll);
	return p->y + 1 + (v->flip ? rows - 1 - i : i);
}

long
view_pane_depth_of_row(const ft_view *v, const ft_pane *p, int y)
{
	int rows = view_pane_rows(p);
	int i = y - p->y - 1;
	if (i < 0 || i >= rows)
		return -1;
	if (v->flip)
		i = rows - 1 - i;
	return (long)v->scroll + i;
}

int
view_graph_rows(const ft_view *v)
{
	return view_pane_rows(&v->pane[v->active < v->npanes ? v->active : 0]);
}

int
view_row_of_depth(const ft_view *v, uint32_t d)
{
	return view_pane_row_of_depth(v, &v->pane[v->active < v->npanes ? v->active : 0], d);
}

long
view_depth_of_row(const ft_view *v, int y)
{
	return view_pane_depth_of_row(v, &v->pane[v->active < v->npanes ? v->active : 0], y);
}

/* Rows every pane shows, and the deepest laid-out row count. */
static uint32_t
min_rows(const ft_view *v)
{
	int r = view_pane_rows(&v->pane[0]);
	for (int i = 1; i < v->npanes; i++)
		if (view_pane_rows(&v->pane[i]) < r)
			r = view_pane_rows(&v->pane[i]);
	return r < 0 ? 0 : (uint32_t)r;
}

static uint32_t
max_layout_rows(const ft_view *v)
{
	uint32_t n = 0;
	for (int i = 0; i < v->npanes; i++)
		if (v->pane[i].layout.nrows > n)
			n = v->pane[i].layout.nrows;
	return n;
}

void
view_follow(ft_view *v)
{
	uint32_t d = profile_depth(v->prof, v->sel);
	uint32_t rows = min_rows(v);
	if (rows == 0)
		return;
	if (d < v->scroll)
		v->scroll = d;
	else if (d >= v->scroll + rows)
		v->scroll = d - rows + 1;
	uint32_t n = max_layout_rows(v);
	if (d + 1 > n)
		n = d + 1;
	/* Do not leave blank rows at the end when the graph could fill them. */
	if (n >= rows && v->scroll > n - rows)
		v->scroll = n - rows;
	if (n < rows)
		v->scroll = 0;
}

/* Nearest ancestor-or-self of node drawn in pane p. */
static uint32_t
drawn_ancestor(const ft_view *v, const ft_pane *p, uint32_t n)
{
	while (n != FT_ROOT && layout_find(&p->layout, v->prof, n) == NULL)
		n = v->prof->nodes[n].parent;
	return n;
}

void
view_update_layout(ft_view *v)
{
	if (!v->layout_dirty)
		return;
	v->layout_dirty = 0;
	geometry(v);
	for (int i = 0; i < v->npanes; i++) {
		ft_pane *p = &v->pane[i];
		layout_build(&p->layout, v->prof, view_pane_widths(v, p), v->zoom,
		    p->w > 0 ? p->w : 1, 0);
	}
	/* A selection the active side has but cannot draw (narrower than a
	 * cell) snaps to its drawn ancestor; in the elided graph, any
	 * selection it does not draw (a path B still has, or a new one). */
	ft_pane *a = view_active(v);
	if ((a->vset == VS_ELIDED || view_pane_has(v, a, v->sel)) &&
	    layout_find(&a->layout, v->prof, v->sel) == NULL)
		v->sel = drawn_ancestor(v, a, v->sel);
	view_follow(v);
}

void
view_resize(ft_view *v, int w, int h)
{
	if (v->rc != NULL)
		view_resize(&v->rc->cv, w, h);
	v->w = w;
	v->h = h;
	v->layout_dirty = 1;
	view_update_layout(v);
}

/* --- zoom and history ------------------------------------------------------ */

static void
push_hist(uint32_t **st, uint32_t *n, uint32_t *cap, uint32_t node)
{
	if (*n == *cap) {
		*cap = (uint32_t)grow_cap(*cap, (size_t)*n + 1, 16);
		*st = xreallocarray(*st, *cap, sizeof(uint32_t));
	}
	(*st)[(*n)++] = node;
}

void
view_zoom_to(ft_view *v, uint32_t node)
{
	if (node == v->zoom)
		return;
	push_hist(&v->back, &v->nback, &v->hcap_b, v->zoom);
	v->nfwd = 0;
	v->zoom = node;
	v->sel = node;
	v->layout_dirty = 1;
	view_update_layout(v);
}

void
view_zoom_out(ft_view *v)
{
	if (v->zoom == FT_ROOT)
		return;
	uint32_t keep = v->zoom;
	view_zoom_to(v, v->prof->nodes[v->zoom].parent);
	v->sel = keep;
}

void
view_history(ft_view *v, int forward)
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
	v->zoom = node;
	v->sel = node;
	v->layout_dirty = 1;
}

/* Is n in anc's subtree?  An ancestor's id is below its descendants'. */
static int
under(const ft_profile *p, uint32_t n, uint32_t anc)
{
	while (n > anc)
		n = p->nodes[n].parent;
	return n == anc;
}

void
view_select(ft_view *v, uint32_t node)
{
	if (node >= v->prof->nnodes)
		return;
	view_update_layout(v);
	/* Outside the zoomed subtree (and not one of its ancestors): unzoom. */
	if (!under(v->prof, node, v->zoom) && !under(v->prof, v->zoom, node))
		view_zoom_to(v, FT_ROOT);
	ft_pane *a = view_active(v);
	v->sel = view_pane_has(v, a, node) ? drawn_ancestor(v, a, node) : node;
	view_follow(v);
}

/* Same-path node of the old tree in the new one, or its deepest
 * existing ancestor. */
static uint32_t
map_node(const ft_profile *from, const ft_profile *to, uint32_t n)
{
	uint32_t d = profile_depth(from, n);
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
view_set_tree(ft_view *v, ft_profile *p, ft_compare *c)
{
	ft_profile *old = v->prof;
	v->zoom = map_node(old, p, v->zoom);
	v->sel = map_node(old, p, v->sel);
	for (uint32_t i = 0; i < v->nback; i++)
		v->back[i] = map_node(old, p, v->back[i]);
	for (uint32_t i = 0; i < v->nfwd; i++)
		v->fwd[i] = map_node(old, p, v->fwd[i]);
	v->prof = p;
	v->cmp = c;
	v->inst.p = NULL; /* all-instances cache */
	v->act.valid = 0; /* the activity line's (its idle nodes are base's:
	                   * dropped where base changes) */
	v->act.all_valid = 0;
	v->table.prof = NULL; /* the function table's rows are of the old tree */
	if (c == NULL && v->col >= p->nvals)
		v->col = p->deftype;
	v->layout_dirty = 1;
	v->mstat.valid = 0;
	compute_max_self(v);
	view_update_layout(v);
}

void
view_set_col(ft_view *v, int col)
{
	v->col = col;
	v->layout_dirty = 1;
	v->mstat.valid = 0;
	compute_max_self(v);
}

/* --- moves in the active pane ------------------------------------------- */

long
view_move_to_row(ft_view *v, long r)
{
	ft_pane *p = view_active(v);
	const ft_layout *L = &p->layout;
	if (L->nrows == 0)
		return -1;
	if (r < 0)
		r = 0;
	if (r >= (long)L->nrows)
		r = (long)L->nrows - 1;
	uint32_t s = drawn_ancestor(v, p, v->sel);
	const ft_lframe *cur = layout_find(L, v->prof, s);
	int x = cur ? (cur->x0 + cur->x1 - 1) / 2 : 0;
	/* A row may hold only fillers (frames too narrow to draw, merged):
	 * then the nearest row toward the selection that has a frame. */
	long from = cur != NULL ? (long)profile_depth(v->prof, s) : 0;
	long step = from < r ? -1 : 1;
	for (long k = r;; k += step) {
		const ft_lframe *f = layout_closest(L, (uint32_t)k, x);
		if (f != NULL) {
			v->sel = f->node;
			return k;
		}
		if (k == from)
			return -1;
	}
}

void
view_move_sideways(ft_view *v, int dir)
{
	ft_pane *p = view_active(v);
	uint32_t s = drawn_ancestor(v, p, v->sel);
	const ft_lframe *f = layout_find(&p->layout, v->prof, s);
	if (f == NULL)
		return;
	if (s != v->sel) {
		/* From a selection this pane does not draw, the first step
		 * lands on the nearest frame it does draw. */
		v->sel = s;
		return;
	}
	size_t n;
	const ft_lframe *row = layout_row(&p->layout, profile_depth(v->prof, s), &n);
	for (long i = (f - row) + dir; i >= 0 && i < (long)n; i += dir) {
		if (row[i].node != FT_NONE) {
			v->sel = row[i].node;
			return;
		}
	}
}

/* Down: the widest child drawn in the active pane. */
void
view_move_down(ft_view *v)
{
	const ft_profile *p = v->prof;
	const ft_pane *pn = view_active(v);
	uint32_t best = FT_NONE;
	int bw = 0;
	for (uint32_t c = p->nodes[v->sel].child; c != FT_NONE; c = p->nodes[c].sibling) {
		const ft_lframe *f = layout_find(&pn->layout, p, c);
		if (f != NULL && f->x1 - f->x0 > bw) {
			bw = f->x1 - f->x0;
			best = c;
		}
	}
	if (best != FT_NONE)
		v->sel = best;
}

void
view_move_up(ft_view *v)
{
	if (v->sel != FT_ROOT)
		v->sel = v->prof->nodes[v->sel].parent;
}

int
view_scroll(ft_view *v, int dy)
{
	view_update_layout(v);
	uint32_t rows = min_rows(v);
	uint32_t n = max_layout_rows(v);
	if (v->flip)
		dy = -dy;
	if (dy > 0 && v->scroll + rows < n)
		v->scroll++;
	else if (dy < 0 && v->scroll > 0)
		v->scroll--;
	else
		return 0;
	/* Keep the selection on screen. */
	uint32_t d = profile_depth(v->prof, v->sel);
	if (d < v->scroll)
		view_move_to_row(v, v->scroll);
	else if (d >= v->scroll + rows)
		view_move_to_row(v, (long)(v->scroll + rows - 1));
	return V_REDRAW;
}

int
view_pick(ft_view *v, int x, int y, int dbl)
{
	view_update_layout(v);
	for (int i = 0; i < v->npanes; i++) {
		ft_pane *p = &v->pane[i];
		if (x < p->x || x >= p->x + p->w || y < p->y || y >= p->y + p->h)
			continue;
		int flags = 0;
		if (v->npanes > 1 && v->active != i) {
			v->active = i;
			flags = V_REDRAW;
		}
		long d = view_pane_depth_of_row(v, p, y);
		if (d < 0)
			return flags;
		const ft_lframe *f = layout_at(&p->layout, (uint32_t)d, x - p->x);
		if (f == NULL)
			return flags;
		v->sel = f->node;
		if (dbl)
			view_zoom_to(v, f->node);
		view_follow(v);
		return V_REDRAW;
	}
	return 0;
}

/* Sum of totals over all nodes named like n, counting nested ones once:
 * one pass in index order (a parent precedes its children), carrying
 * "inside an instance" down from parents.  Cached in the view per
 * (profile, column, name), since it is redrawn on every key. */
void
view_instances(ft_view *v, uint32_t name, int col, ft_val *total, ft_val *self,
    uint32_t *count)
{
	const ft_profile *p = v->prof;
	if (v->inst.p == p && v->inst.nnodes == p->nnodes && v->inst.col == col &&
	    v->inst.name == name) {
		*total = v->inst.total;
		*self = v->inst.self;
		*count = v->inst.count;
		return;
	}
	*total = *self = 0;
	*count = 0;
	uint8_t *inside = xcalloc(p->nnodes ? p->nnodes : 1, 1);
	uint32_t twin = func_twin(p->names, name); /* inlined calls count too */
	for (uint32_t i = 1; i < p->nnodes; i++) {
		uint32_t q = p->nodes[i].parent;
		uint32_t qn = p->nodes[q].name, in = p->nodes[i].name;
		inside[i] = (uint8_t)(inside[q] | (q != FT_ROOT && (qn == name || qn == twin)));
		if (in != name && in != twin)
			continue;
		(*count)++;
		*self += profile_self(p, i, col);
		if (!inside[i])
			*total += profile_total(p, i, col);
	}
	free(inside);
	v->inst.p = p;
	v->inst.nnodes = p->nnodes;
	v->inst.col = col;
	v->inst.name = name;
	v->inst.total = *total;
	v->inst.self = *self;
	v->inst.count = *count;
}

/* --- clipboard and messages ---------------------------------------------- */

void
view_message(ft_view *v, const char *msg)
{
	snprintf(v->msgbuf, sizeof(v->msgbuf), "%s", msg);
	v->message = v->msgbuf;
}

int
view_copy_text(ft_view *v, char *text, size_t len, int stack)
{
	free(v->copy);
	v->copy = text;
	snprintf(v->msgbuf, sizeof(v->msgbuf), "copied %s (%zu bytes) to the clipboard",
	    stack ? "the stack" : "the name", len);
	v->message = v->msgbuf;
	return V_REDRAW | V_COPY;
}

int
view_copy_selection(ft_view *v, int stack)
{
	if (v->sel == FT_ROOT) {
		v->message = "nothing to copy: select a frame";
		return V_REDRAW;
	}
	size_t n;
	char *s = profile_stack_text(v->prof, v->sel, stack, &n);
	return view_copy_text(v, s, n, stack);
}

char *
view_take_copy(ft_view *v)
{
	if (v->rc != NULL && v->rc->cv.copy != NULL)
		return view_take_copy(&v->rc->cv);
	char *s = v->copy;
	v->copy = NULL;
	return s;
}
