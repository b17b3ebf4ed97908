/* compare_view.c - comparison viewer state and actions (see
 * compare_view.h).
 *
 * One zoom/selection/scroll state is shared by every pane.  Keys move in
 * the "active" layout (the pane that has focus side by side, the single
 * pane of the differential graph); the other pane follows because it
 * draws the same node ids.  A selection may be a path the active side
 * does not have (picked in the other pane): it is kept, and moves start
 * from its nearest ancestor drawn in the active pane.
 */
#include "compare_view.h"

#include <stdlib.h>
#include <string.h>

#include "render_compare.h"
#include "xalloc.h"

void
cview_init(ft_cview *v, ft_compare *c, int w, int h)
{
	memset(v, 0, sizeof(*v));
	v->cmp = c;
	v->zoom = v->sel = FT_ROOT;
	v->w = w;
	v->h = h;
	v->utf8 = 1;
	v->colors = 256;
	v->dirty = 1;
	v->active = 1;
	v->tsort = CMP_BASIS_SELF;
	v->pane[0].side = CMP_A;
	v->pane[1].side = CMP_B;
	v->cursor_x = v->cursor_y = -1;
}

void
cview_set_inputs(ft_cview *v, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_filters *f)
{
	v->in[0] = a;
	v->in[1] = b;
	v->incol[0] = ca;
	v->incol[1] = cb;
	if (o != NULL)
		v->copts = *o;
	if (f != NULL) {
		filters_free(&v->filters);
		v->filters = *f;
		memset(f, 0, sizeof(*f));
	}
}

void
cview_free(ft_cview *v)
{
	layout_free(&v->pane[0].layout);
	layout_free(&v->pane[1].layout);
	free(v->back);
	free(v->fwd);
	free(v->rows);
	free(v->all);
	match_free(v->tfilter);
	match_free(v->search);
	free(v->hl);
	history_free(&v->hist_search);
	history_free(&v->hist_filter);
	history_free(&v->hist_table);
	filters_free(&v->filters);
	if (v->owns)
		compare_free(&v->owned);
	free(v->copy);
}

void
cview_resize(ft_cview *v, int w, int h)
{
	v->w = w;
	v->h = h;
	v->dirty = 1;
}

int
cview_stacked(const ft_cview *v)
{
	if (v->split == CV_SPLIT_TB)
		return 1;
	if (v->split == CV_SPLIT_LR)
		return 0;
	/* Cells are about twice as tall as wide: stack when the terminal is
	 * narrow for its height. */
	return v->w < v->h * 3;
}

ft_widths
cview_pane_widths(const ft_cview *v, const ft_cpane *p)
{
	if (p->side == CMP_A)
		return compare_widths(v->cmp, CMP_W_A);
	if (p->side == CMP_B)
		return compare_widths(v->cmp, CMP_W_B);
	return compare_widths(v->cmp, v->wsrc);
}

int
cview_pane_rows(const ft_cpane *p)
{
	return p->h > 1 ? p->h - 1 : 0;
}

int
cview_row_of_depth(const ft_cview *v, const ft_cpane *p, uint32_t d)
{
	int rows = cview_pane_rows(p);
	if (d < v->scroll || d >= v->scroll + (uint32_t)rows)
		return -1;
	int i = (int)(d - v->scroll);
	return p->y + 1 + (v->flip ? rows - 1 - i : i);
}

static long
pane_depth_of_row(const ft_cview *v, const ft_cpane *p, int y)
{
	int rows = cview_pane_rows(p);
	int i = y - p->y - 1;
	if (i < 0 || i >= rows)
		return -1;
	if (v->flip)
		i = rows - 1 - i;
	return (long)v->scroll + i;
}

static ft_cpane *
active_pane(ft_cview *v)
{
	return v->mode == CV_DIFF ? &v->pane[0] : &v->pane[v->active];
}

int
cview_pane_mask(const ft_cview *v, const ft_cpane *p)
{
	if (p->side == CMP_A || (p->side < 0 && v->wsrc == CMP_W_A))
		return CMP_IN_A;
	if (p->side == CMP_B || (p->side < 0 && v->wsrc == CMP_W_B))
		return CMP_IN_B;
	return CMP_IN_A | CMP_IN_B;
}

static uint32_t
drawn_ancestor(const ft_cview *v, const ft_cpane *p, uint32_t n)
{
	const ft_profile *u = v->cmp->u;
	while (n != FT_ROOT && layout_find(&p->layout, u, n) == NULL)
		n = u->nodes[n].parent;
	return n;
}

static int
min_rows(const ft_cview *v)
{
	int r = cview_pane_rows(&v->pane[0]);
	if (v->npanes > 1 && cview_pane_rows(&v->pane[1]) < r)
		r = cview_pane_rows(&v->pane[1]);
	return r;
}

/* Scroll so the selection's depth is on screen in every pane. */
static void
follow(ft_cview *v)
{
	uint32_t d = v->cmp->u->nodes[v->sel].depth;
	int r = min_rows(v);
	if (r <= 0)
		return;
	uint32_t rows = (uint32_t)r;
	if (d < v->scroll)
		v->scroll = d;
	else if (d >= v->scroll + rows)
		v->scroll = d - rows + 1;
	uint32_t n = 0;
	for (int i = 0; i < v->npanes; i++)
		if (v->pane[i].layout.nrows > n)
			n = v->pane[i].layout.nrows;
	if (d + 1 > n)
		n = d + 1;
	if (n >= rows && v->scroll > n - rows)
		v->scroll = n - rows;
	if (n < rows)
		v->scroll = 0;
}

static void
geometry(ft_cview *v)
{
	int body = v->h - 1; /* rows above the status line */
	if (v->mode == CV_DIFF) {
		v->npanes = 1;
		v->pane[0] = (ft_cpane){0, 0, v->w, body, v->pane[0].layout, -1};
		return;
	}
	v->npanes = 2;
	if (cview_stacked(v)) {
		int top = body / 2;
		v->pane[0] = (ft_cpane){0, 0, v->w, top, v->pane[0].layout, CMP_A};
		v->pane[1] = (ft_cpane){0, top, v->w, body - top, v->pane[1].layout, CMP_B};
	} else {
		int lw = (v->w - 1) / 2;
		v->pane[0] = (ft_cpane){0, 0, lw, body, v->pane[0].layout, CMP_A};
		v->pane[1] = (ft_cpane){lw + 1, 0, v->w - lw - 1, body, v->pane[1].layout, CMP_B};
	}
}

void
cview_update(ft_cview *v)
{
	if (!v->dirty)
		return;
	v->dirty = 0;
	geometry(v);
	const ft_profile *u = v->cmp->u;
	for (int i = 0; i < v->npanes; i++) {
		ft_cpane *p = &v->pane[i];
		layout_build(&p->layout, u, cview_pane_widths(v, p), v->zoom,
		    p->w > 0 ? p->w : 1, 0);
	}
	/* A selection the active side has but cannot draw (narrower than a
	 * cell) snaps to its drawn ancestor, as in the single view. */
	ft_cpane *a = active_pane(v);
	if ((v->cmp->presence[v->sel] & cview_pane_mask(v, a)) &&
	    layout_find(&a->layout, u, v->sel) == NULL)
		v->sel = drawn_ancestor(v, a, v->sel);
	follow(v);
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

void
cview_zoom_to(ft_cview *v, uint32_t node)
{
	if (node == v->zoom)
		return;
	push_hist(&v->back, &v->nback, &v->hcap_b, v->zoom);
	v->nfwd = 0;
	v->zoom = node;
	v->sel = node;
	v->dirty = 1;
	cview_update(v);
}

static int
under(const ft_profile *u, uint32_t n, uint32_t anc)
{
	uint32_t d = u->nodes[anc].depth;
	while (u->nodes[n].depth > d)
		n = u->nodes[n].parent;
	return n == anc;
}

void
cview_select(ft_cview *v, uint32_t node)
{
	const ft_profile *u = v->cmp->u;
	if (node >= u->nnodes)
		return;
	cview_update(v);
	if (!under(u, node, v->zoom) && !under(u, v->zoom, node))
		cview_zoom_to(v, FT_ROOT);
	v->sel = node;
	follow(v);
}

static void
history_step(ft_cview *v, int forward)
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
	v->dirty = 1;
}

static void
move_to_row(ft_cview *v, ft_cpane *p, long r)
{
	const ft_layout *L = &p->layout;
	if (L->nrows == 0)
		return;
	if (r < 0)
		r = 0;
	if (r >= (long)L->nrows)
		r = (long)L->nrows - 1;
	const ft_lframe *cur = layout_find(L, v->cmp->u, drawn_ancestor(v, p, v->sel));
	int x = cur ? (cur->x0 + cur->x1 - 1) / 2 : 0;
	const ft_lframe *f = layout_closest(L, (uint32_t)r, x);
	if (f != NULL)
		v->sel = f->node;
}

static void
move_sideways(ft_cview *v, ft_cpane *p, int dir)
{
	const ft_profile *u = v->cmp->u;
	uint32_t s = drawn_ancestor(v, p, v->sel);
	const ft_lframe *f = layout_find(&p->layout, u, s);
	if (f == NULL)
		return;
	if (s != v->sel) {
		/* From an absent selection, the first step lands on the
		 * nearest frame this pane does draw. */
		v->sel = s;
		return;
	}
	size_t n;
	const ft_lframe *row = layout_row(&p->layout, u->nodes[s].depth, &n);
	for (long i = (f - row) + dir; i >= 0 && i < (long)n; i += dir) {
		if (row[i].node != FT_NONE) {
			v->sel = row[i].node;
			return;
		}
	}
}

static void
move_down(ft_cview *v, ft_cpane *p)
{
	const ft_profile *u = v->cmp->u;
	uint32_t best = FT_NONE;
	int bw = 0;
	for (uint32_t c = u->nodes[v->sel].child; c != FT_NONE; c = u->nodes[c].sibling) {
		const ft_lframe *f = layout_find(&p->layout, u, c);
		if (f != NULL && f->x1 - f->x0 > bw) {
			bw = f->x1 - f->x0;
			best = c;
		}
	}
	if (best != FT_NONE)
		v->sel = best;
}

static void
move_up(ft_cview *v)
{
	if (v->sel != FT_ROOT)
		v->sel = v->cmp->u->nodes[v->sel].parent;
}

/* rows = the rows of all the row filter keeps, in order. */
static void
table_refilter(ft_cview *v)
{
	const ft_intern *t = v->cmp->u->names;
	free(v->rows);
	v->rows = xmalloc(sizeof(ft_regress) * (v->nall ? v->nall : 1));
	v->nrows = 0;
	for (uint32_t i = 0; i < v->nall; i++)
		if (v->tfilter == NULL || match_text(v->tfilter,
		    intern_str(t, v->all[i].name), intern_len(t, v->all[i].name)))
			v->rows[v->nrows++] = v->all[i];
	v->trow = v->tscroll = 0;
}

int
cview_table_filter(ft_cview *v, const char *pattern, ft_diag *err)
{
	ft_matcher *m = NULL;
	if (pattern[0] != '\0' && (m = match_compile(pattern, err)) == NULL)
		return -1;
	match_free(v->tfilter);
	v->tfilter = m;
	table_refilter(v);
	return 0;
}

void
cview_table(ft_cview *v, int open)
{
	if (open && v->all == NULL) {
		v->nall = compare_regressions(v->cmp, v->tsort, &v->all);
		table_refilter(v);
	}
	v->table = open;
	v->dirty = 1;
}

/* --- search and filters -------------------------------------------------- */

int
cview_matched(const ft_cview *v, uint32_t node)
{
	if (v->hl == NULL || node == FT_ROOT)
		return 0;
	uint32_t nm = v->cmp->u->nodes[node].name;
	return nm < v->hl_n && v->hl[nm];
}

/* Matched samples of each side, a stack counted once however many of its
 * frames match (parents precede children in node order). */
static void
search_stats(ft_cview *v)
{
	const ft_profile *u = v->cmp->u;
	v->matched[0] = v->matched[1] = 0;
	if (v->hl == NULL)
		return;
	uint8_t *on = xmalloc(u->nnodes ? u->nnodes : 1);
	on[0] = 0;
	for (uint32_t i = 1; i < u->nnodes; i++) {
		uint32_t q = u->nodes[i].parent;
		int m = cview_matched(v, i);
		on[i] = (uint8_t)(on[q] | m);
		if (m && !on[q]) {
			v->matched[0] += profile_total(u, i, CMP_A);
			v->matched[1] += profile_total(u, i, CMP_B);
		}
	}
	free(on);
}

static void
hl_refresh(ft_cview *v)
{
	free(v->hl);
	v->hl = NULL;
	v->hl_n = 0;
	if (v->search != NULL) {
		v->hl = match_names(v->search, v->cmp->u->names);
		v->hl_n = intern_count(v->cmp->u->names);
	}
	search_stats(v);
}

int
cview_search_set(ft_cview *v, const char *pattern, ft_diag *err)
{
	ft_matcher *m = NULL;
	if (pattern[0] != '\0' && (m = match_compile(pattern, err)) == NULL)
		return -1;
	match_free(v->search);
	v->search = m;
	hl_refresh(v);
	return 0;
}

/* Select the next (dir 1) or previous (-1) match in the active pane, in
 * screen order: rows as drawn (top to bottom), then x. */
static void
search_step(ft_cview *v, ft_cpane *p, int dir)
{
	if (v->hl == NULL) {
		v->message = "no search: press / to search";
		return;
	}
	uint32_t bnode = layout_step_match(&p->layout, v->cmp->u, v->sel, v->flip, dir,
	    v->hl, v->hl_n);
	if (bnode == FT_NONE) {
		v->message = "no match is wide enough to draw in this pane";
		return;
	}
	v->sel = bnode;
}

/* The node at n's call path in profile to, or its deepest ancestor there. */
static uint32_t
map_path(const ft_profile *from, const ft_profile *to, uint32_t n)
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

/* Rebuild the comparison through the current filters; zoom, selection
 * and history follow by call path. */
static int
rebuild(ft_cview *v, ft_diag *err)
{
	if (v->in[0] == NULL) {
		diag_set(err, "filters need the compared profiles (not available here)");
		return -1;
	}
	ft_compare nc;
	if (compare_build_filtered(&nc, v->in[0], v->incol[0], v->in[1], v->incol[1],
	    &v->copts, &v->filters, err) != 0)
		return -1;
	const ft_profile *old = v->cmp->u;
	v->zoom = map_path(old, nc.u, v->zoom);
	v->sel = map_path(old, nc.u, v->sel);
	for (uint32_t i = 0; i < v->nback; i++)
		v->back[i] = map_path(old, nc.u, v->back[i]);
	for (uint32_t i = 0; i < v->nfwd; i++)
		v->fwd[i] = map_path(old, nc.u, v->fwd[i]);
	if (v->owns)
		compare_free(&v->owned);
	v->owned = nc;
	v->owns = 1;
	v->cmp = &v->owned;
	free(v->all);
	v->all = NULL;
	v->nall = 0;
	if (v->table)
		cview_table(v, 1);
	hl_refresh(v);
	v->dirty = 1;
	return 0;
}

int
cview_filter_add(ft_cview *v, const char *line, ft_diag *err)
{
	if (v->in[0] == NULL) {
		diag_set(err, "filters need the compared profiles (not available here)");
		return -1;
	}
	if (filters_add_line(&v->filters, line, err) != 0)
		return -1;
	if (rebuild(v, err) != 0) {
		filters_pop(&v->filters);
		return -1;
	}
	return 0;
}

/* s / S: the next sample type of B, and the type of the same name in A. */
static void
next_type(ft_cview *v, int dir)
{
	const ft_profile *a = v->in[0], *b = v->in[1];
	if (a == NULL || a == b || b->nvals < 2) {
		v->message = a == NULL ? "the sample type is chosen with --sample-type" :
		    a == b ? "a two-column file compares its two columns" :
		    "the profiles have one sample type";
		return;
	}
	int cb = (v->incol[1] + (dir > 0 ? 1 : b->nvals - 1)) % b->nvals;
	int pa, pb, oa = v->incol[0], ob = v->incol[1];
	if (compare_pick_columns(a, b, b->types[cb].name, &pa, &pb, &v->note) != 0) {
		v->message = v->note.msg;
		return;
	}
	v->incol[0] = pa;
	v->incol[1] = pb;
	if (rebuild(v, &v->note) != 0) {
		v->incol[0] = oa;
		v->incol[1] = ob;
		v->message = v->note.msg;
	}
}

static int
filter_remove(ft_cview *v, int all)
{
	if (v->filters.n == 0) {
		v->message = "no filter to remove";
		return V_REDRAW;
	}
	if (all)
		filters_clear(&v->filters);
	else
		filters_pop(&v->filters);
	if (rebuild(v, &v->note) != 0)
		v->message = v->note.msg;
	return V_REDRAW;
}

static int
prompt_open(ft_cview *v, int kind)
{
	if (kind == PK_FILTER && v->in[0] == NULL) {
		v->message = "filters need the compared profiles (not available here)";
		return V_REDRAW;
	}
	const ft_matcher *cur = kind == PK_SEARCH ? v->search :
	    kind == PK_TABLE ? v->tfilter : NULL;
	prompt_start(&v->prompt, cur != NULL ? match_pattern(cur) : NULL,
	    kind == PK_SEARCH ? &v->hist_search :
	    kind == PK_TABLE ? &v->hist_table : &v->hist_filter);
	v->prompt_kind = kind;
	return V_REDRAW;
}

static int
prompt_done(ft_cview *v, int key)
{
	int r = prompt_key(&v->prompt, key);
	if (r == PROMPT_CANCEL) {
		v->prompt_kind = PK_NONE;
	} else if (r == PROMPT_ACCEPT) {
		int kind = v->prompt_kind;
		v->prompt_kind = PK_NONE;
		const char *text = v->prompt.text;
		int rc;
		if (kind == PK_SEARCH) {
			history_add(&v->hist_search, text);
			rc = cview_search_set(v, text, &v->note);
			if (rc == 0 && v->search != NULL) {
				cview_update(v);
				if (!cview_matched(v, v->sel))
					search_step(v, active_pane(v), 1);
				follow(v);
			}
		} else if (kind == PK_TABLE) {
			history_add(&v->hist_table, text);
			rc = cview_table_filter(v, text, &v->note);
		} else {
			history_add(&v->hist_filter, text);
			rc = text[0] == '\0' ? 0 : cview_filter_add(v, text, &v->note);
		}
		if (rc != 0)
			v->message = v->note.msg;
	}
	return V_REDRAW;
}

int
cview_key(ft_cview *v, int key)
{
	if (v->prompt_kind != PK_NONE) {
		v->message = NULL;
		return prompt_done(v, key);
	}
	return cview_apply(v, keymap_action(key));
}

/* The selected frame's name (with its kind suffix) or its whole stack
 * "a;b;c" for the clipboard. */
static int
copy_selection(ft_cview *v, int stack)
{
	const ft_profile *u = v->cmp->u;
	if (v->sel == FT_ROOT) {
		v->message = "nothing to copy: select a frame";
		return V_REDRAW;
	}
	size_t n;
	free(v->copy);
	v->copy = profile_stack_text(u, v->sel, stack, &n);
	diag_set(&v->note, "copied %s (%zu bytes) to the clipboard",
	    stack ? "the stack" : "the name", n);
	v->message = v->note.msg;
	return V_REDRAW | V_COPY;
}

char *
cview_take_copy(ft_cview *v)
{
	char *s = v->copy;
	v->copy = NULL;
	return s;
}

static int
table_apply(ft_cview *v, enum ft_action a)
{
	int page = v->h - 3 > 1 ? v->h - 3 : 1;
	uint32_t last = v->nrows ? v->nrows - 1 : 0;
	switch (a) {
	case ACT_QUIT:
		return V_QUIT;
	case ACT_UP:
		if (v->trow > 0)
			v->trow--;
		break;
	case ACT_DOWN:
		if (v->trow < last)
			v->trow++;
		break;
	case ACT_PGUP:
		v->trow = v->trow > (uint32_t)page ? v->trow - (uint32_t)page : 0;
		break;
	case ACT_PGDN:
		v->trow = v->trow + (uint32_t)page < last ? v->trow + (uint32_t)page : last;
		break;
	case ACT_TOP:
		v->trow = 0;
		break;
	case ACT_BOTTOM:
		v->trow = last;
		break;
	case ACT_ZOOM:
		if (v->nrows > 0)
			cview_table_jump(v, v->trow);
		break;
	case ACT_CMP_PANE:
	case ACT_TABLE_SORT:
		v->tsort = v->tsort == CMP_BASIS_SELF ? CMP_BASIS_TOTAL : CMP_BASIS_SELF;
		compare_regressions_sort(v->cmp, v->all, v->nall, v->tsort);
		table_refilter(v);
		break;
	case ACT_SEARCH:
		return prompt_open(v, PK_TABLE);
	case ACT_CMP_TABLE:
	case ACT_TABLE:
	case ACT_RESET:
	case ACT_ZOOM_OUT:
		cview_table(v, 0);
		break;
	case ACT_HELP:
		v->help = 1;
		v->help_scroll = 0;
		break;
	case ACT_REDRAW:
		break;
	case ACT_SUSPEND:
		return V_SUSPEND | V_REDRAW;
	default:
		return 0;
	}
	return V_REDRAW;
}

void
cview_table_jump(ft_cview *v, uint32_t i)
{
	if (i >= v->nrows)
		return;
	cview_table(v, 0);
	cview_update(v);
	ft_cpane *p = active_pane(v);
	ft_widths w = cview_pane_widths(v, p);
	uint32_t n = compare_widest_named(v->cmp, v->rows[i].name, w);
	if (n != FT_NONE && w.w[(size_t)n * w.stride] <= 0)
		n = compare_widest_named(v->cmp, v->rows[i].name,
		    compare_widths(v->cmp, CMP_W_MAX));
	if (n == FT_NONE)
		return;
	cview_select(v, n);
	cview_update(v);
	/* Too narrow to draw at this zoom: zoom into its parent. */
	const ft_profile *u = v->cmp->u;
	if ((v->cmp->presence[n] & cview_pane_mask(v, p)) &&
	    layout_find(&p->layout, u, n) == NULL) {
		cview_zoom_to(v, u->nodes[n].parent);
		v->sel = n;
		follow(v);
	}
}

int
cview_apply(ft_cview *v, enum ft_action a)
{
	cview_update(v);
	v->message = NULL;
	if (v->help) {
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
	if (v->table)
		return table_apply(v, a);
	ft_cpane *p = active_pane(v);
	int rows = cview_pane_rows(p);
	uint32_t depth = v->cmp->u->nodes[v->sel].depth;
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
			move_down(v, p);
		else
			move_up(v);
		break;
	case ACT_DOWN:
		if (v->flip)
			move_up(v);
		else
			move_down(v, p);
		break;
	case ACT_LEFT:
		move_sideways(v, p, -1);
		break;
	case ACT_RIGHT:
		move_sideways(v, p, 1);
		break;
	case ACT_TOP:
		move_to_row(v, p, v->flip ? (long)p->layout.nrows - 1 : 0);
		break;
	case ACT_BOTTOM:
		move_to_row(v, p, v->flip ? 0 : (long)p->layout.nrows - 1);
		break;
	case ACT_PGUP:
		move_to_row(v, p, v->flip ? (long)depth + rows : (long)depth - rows);
		break;
	case ACT_PGDN:
		move_to_row(v, p, v->flip ? (long)depth - rows : (long)depth + rows);
		break;
	case ACT_ZOOM:
		cview_zoom_to(v, v->sel);
		break;
	case ACT_ZOOM_OUT:
		if (v->zoom != FT_ROOT) {
			uint32_t keep = v->zoom;
			cview_zoom_to(v, v->cmp->u->nodes[v->zoom].parent);
			v->sel = keep;
		}
		break;
	case ACT_RESET:
		cview_zoom_to(v, FT_ROOT);
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
		v->color = (v->color + 1) % CV_COLOR_MODES;
		v->message = v->color == CV_COLOR_DTOTAL ? "colour: by total delta" :
		    v->color == CV_COLOR_DSELF ? "colour: by self delta" : "colour: by name";
		break;
	case ACT_DETAILS:
		v->message = "comparison: the status line shows A, B and delta of the selected path";
		break;
	case ACT_HELP:
		v->help = 1;
		v->help_scroll = 0;
		break;
	case ACT_TYPE_NEXT:
	case ACT_TYPE_PREV:
		next_type(v, a == ACT_TYPE_NEXT ? 1 : -1);
		break;
	case ACT_CMP_DIFF:
		v->mode = v->mode == CV_DIFF ? CV_SIDE : CV_DIFF;
		v->dirty = 1;
		break;
	case ACT_CMP_WIDTH:
		v->wsrc = (v->wsrc + 1) % CMP_W_COUNT;
		v->message = v->wsrc == CMP_W_A ? "differential widths: A (before)" :
		    v->wsrc == CMP_W_MAX ? "differential widths: max(A,B), nothing vanishes" :
		    "differential widths: B (after)";
		if (v->mode != CV_DIFF)
			v->mode = CV_DIFF;
		v->dirty = 1;
		break;
	case ACT_CMP_SPLIT:
		v->split = cview_stacked(v) ? CV_SPLIT_LR : CV_SPLIT_TB;
		v->dirty = 1;
		break;
	case ACT_CMP_PANE:
		if (v->mode == CV_SIDE)
			v->active = !v->active;
		break;
	case ACT_CMP_TABLE:
	case ACT_TABLE:
		cview_table(v, 1);
		return V_REDRAW;
	case ACT_SEARCH:
		return prompt_open(v, PK_SEARCH);
	case ACT_FILTER:
		return prompt_open(v, PK_FILTER);
	case ACT_SEARCH_SEL:
		if (v->sel != FT_ROOT) {
			const ft_intern *t = v->cmp->u->names;
			uint32_t nm = v->cmp->u->nodes[v->sel].name;
			char *q = match_quote(intern_str(t, nm), intern_len(t, nm), 1);
			if (cview_search_set(v, q, &v->note) != 0)
				v->message = v->note.msg;
			free(q);
		}
		break;
	case ACT_NEXT:
	case ACT_PREV:
		search_step(v, p, a == ACT_NEXT ? 1 : -1);
		break;
	case ACT_FILTER_POP:
	case ACT_FILTER_CLEAR:
		filter_remove(v, a == ACT_FILTER_CLEAR);
		break;
	case ACT_BUTTERFLY:
		v->message = "the butterfly view is for one profile; R shows regressions by function";
		break;
	case ACT_COPY:
	case ACT_COPY_STACK:
		return copy_selection(v, a == ACT_COPY_STACK);
	default:
		return 0;
	}
	cview_update(v);
	follow(v);
	return V_REDRAW;
}

int
cview_click(ft_cview *v, int x, int y, int dbl)
{
	cview_update(v);
	if (v->help || v->table) {
		if (v->table && y >= 2 && y < v->h - 1) {
			uint32_t r = v->tscroll + (uint32_t)(y - 2);
			if (r < v->nrows) {
				v->trow = r;
				if (dbl)
					cview_table_jump(v, r);
				return V_REDRAW;
			}
		}
		return 0;
	}
	for (int i = 0; i < v->npanes; i++) {
		ft_cpane *p = &v->pane[i];
		if (x < p->x || x >= p->x + p->w || y < p->y || y >= p->y + p->h)
			continue;
		int flags = 0;
		if (v->mode == CV_SIDE && v->active != i) {
			v->active = i;
			flags = V_REDRAW;
		}
		long d = pane_depth_of_row(v, p, y);
		if (d < 0)
			return flags;
		const ft_lframe *f = layout_at(&p->layout, (uint32_t)d, x - p->x);
		if (f == NULL)
			return flags;
		v->sel = f->node;
		if (dbl)
			cview_zoom_to(v, f->node);
		follow(v);
		return V_REDRAW;
	}
	return 0;
}

int
cview_wheel(ft_cview *v, int dy)
{
	cview_update(v);
	if (v->table || v->help)
		return cview_apply(v, dy > 0 ? ACT_DOWN : ACT_UP);
	uint32_t rows = (uint32_t)min_rows(v);
	uint32_t n = 0;
	for (int i = 0; i < v->npanes; i++)
		if (v->pane[i].layout.nrows > n)
			n = v->pane[i].layout.nrows;
	if (v->flip)
		dy = -dy;
	if (dy > 0 && v->scroll + rows < n)
		v->scroll++;
	else if (dy < 0 && v->scroll > 0)
		v->scroll--;
	else
		return 0;
	uint32_t d = v->cmp->u->nodes[v->sel].depth;
	ft_cpane *p = active_pane(v);
	if (d < v->scroll)
		move_to_row(v, p, v->scroll);
	else if (d >= v->scroll + rows)
		move_to_row(v, p, (long)(v->scroll + rows - 1));
	return V_REDRAW;
}

/* --- the TUI screen ------------------------------------------------------ */

static int
s_key(void *ctx, int key)
{
	return cview_key(ctx, key);
}

static char *
s_take_copy(void *ctx)
{
	return cview_take_copy(ctx);
}

static int
s_cursor(void *ctx, int *x, int *y)
{
	const ft_cview *v = ctx;
	*x = v->cursor_x;
	*y = v->cursor_y;
	return v->cursor_x >= 0 && v->cursor_y >= 0;
}

static int
s_click(void *ctx, int x, int y, int dbl)
{
	return cview_click(ctx, x, y, dbl);
}

static int
s_wheel(void *ctx, int dy)
{
	return cview_wheel(ctx, dy);
}

static void
s_resize(void *ctx, int w, int h)
{
	cview_resize(ctx, w, h);
}

static void
s_set_colors(void *ctx, int colors)
{
	((ft_cview *)ctx)->colors = colors;
}

static void
s_render(void *ctx, ft_canvas *c)
{
	render_cview(ctx, c);
}

ft_screen
cview_screen(ft_cview *v)
{
	ft_screen s = {v, v->utf8, s_key, s_click, s_wheel, s_resize,
	    s_set_colors, s_render, s_cursor, s_take_copy};
	return s;
}
