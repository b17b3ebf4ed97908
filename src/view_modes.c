/* view_modes.c - the viewer's finding tools: search, filters, the prompt
 * they are typed at, the function table and the butterfly view.
 *
 * Like view.c this only changes state and returns V_* flags; render.c draws
 * it.  The regex work goes through match.c (once per unique name) and the
 * tree work through transform.c and butterfly.c.
 */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "relabel.h"
#include "xalloc.h"

/* --- search ------------------------------------------------------------ */

/* Point the butterfly halves at the view's highlight map. */
static void
share_hl(ft_view *v)
{
	if (v->bf == NULL)
		return;
	ft_view *h[2] = {&v->bf->up, &v->bf->down};
	for (int i = 0; i < 2; i++) {
		h[i]->hl = v->hl;
		h[i]->hl_n = v->hl_n;
		h[i]->hl_shared = 1;
		h[i]->mstat.valid = 0;
	}
}

static void
hl_refresh(ft_view *v)
{
	if (!v->hl_shared)
		free(v->hl);
	v->hl = NULL;
	v->hl_n = 0;
	v->hl_shared = 0;
	if (v->search != NULL) {
		v->hl = match_names(v->search, v->prof->names);
		v->hl_n = intern_count(v->prof->names);
	}
	v->mstat.valid = 0;
	share_hl(v);
}

int
view_search_set(ft_view *v, const char *pattern, ft_diag *err)
{
	if (pattern[0] == '\0') {
		match_free(v->search);
		v->search = NULL;
		hl_refresh(v);
		return 0;
	}
	ft_matcher *m = match_compile(pattern, err);
	if (m == NULL)
		return -1;
	match_free(v->search);
	v->search = m;
	hl_refresh(v);
	return 0;
}

int
view_matched(const ft_view *v, uint32_t node)
{
	if (v->hl == NULL)
		return 0;
	uint32_t nm = v->prof->nodes[node].name;
	if (node == FT_ROOT && nm == 0)
		return 0; /* the synthetic root "all" is not a frame */
	return nm < v->hl_n && v->hl[nm];
}

void
view_search_stats(ft_view *v, ft_val *all, ft_val *zoomed)
{
	const ft_profile *p = v->prof;
	if (v->hl == NULL) {
		*all = *zoomed = 0;
		return;
	}
	if (v->mstat.valid && v->mstat.prof == p && v->mstat.col == v->col &&
	    v->mstat.zoom == v->zoom) {
		*all = v->mstat.all;
		*zoomed = v->mstat.zoomed;
		return;
	}
	/* One forward pass (parents precede children): bit 0 = a frame on the
	 * path matches, bit 1 = inside the zoom subtree.  A matching node
	 * with no matching ancestor adds its total: each sample once. */
	uint8_t *st = xmalloc(p->nnodes);
	st[0] = v->zoom == FT_ROOT ? 2 : 0;
	ft_val a = 0, z = 0;
	for (uint32_t i = 1; i < p->nnodes; i++) {
		uint32_t q = p->nodes[i].parent;
		uint32_t nm = p->nodes[i].name;
		int m = nm < v->hl_n && v->hl[nm];
		int inz = (st[q] & 2) || i == v->zoom;
		st[i] = (uint8_t)((st[q] & 1) | m | (inz << 1));
		if (m && !(st[q] & 1)) {
			ft_val t = profile_total(p, i, v->col);
			a += t;
			if (inz)
				z += t;
		}
	}
	if (v->zoom == FT_ROOT)
		z = a;
	else if (st[p->nodes[v->zoom].parent] & 1)
		z = profile_total(p, v->zoom, v->col); /* matched above the zoom */
	free(st);
	v->mstat.prof = p;
	v->mstat.col = v->col;
	v->mstat.zoom = v->zoom;
	v->mstat.all = a;
	v->mstat.zoomed = z;
	v->mstat.valid = 1;
	*all = a;
	*zoomed = z;
}

int
view_search_step(ft_view *v, int dir)
{
	if (v->hl == NULL) {
		v->message = "no search: press / to search";
		return V_REDRAW;
	}
	view_update_layout(v);
	uint32_t bnode = layout_step_match(&v->layout, v->prof, v->sel, v->flip, dir,
	    v->hl, v->hl_n);
	if (bnode == FT_NONE) {
		v->message = "no match is wide enough to draw here";
		return V_REDRAW;
	}
	v->sel = bnode;
	view_follow(v);
	return V_REDRAW;
}

/* --- filters ----------------------------------------------------------- */

void
view_set_base(ft_view *v, ft_profile *base, ft_profile *derived, ft_filters *f)
{
	v->base = base;
	v->derived = derived;
	if (f != NULL) {
		filters_free(&v->filters);
		v->filters = *f;
		memset(f, 0, sizeof(*f));
	}
}

static int
rederive(ft_view *v, ft_diag *err)
{
	ft_profile *np = v->base;
	if (v->filters.n > 0) {
		np = transform_apply(v->base, &v->filters, v->sort, v->col, err);
		if (np == NULL)
			return -1;
	}
	ft_profile *old = v->derived;
	view_set_profile(v, np);
	v->derived = np == v->base ? NULL : np;
	if (old != NULL)
		profile_free(old);
	if (v->table.active)
		view_table_refresh(v);
	return 0;
}

static void set_message(ft_view *v, const char *msg);

void
view_set_raw(ft_view *v, ft_profile *raw, int group, ft_profile *base)
{
	v->raw = raw;
	v->group = group;
	v->base_own = base;
}

int
view_set_group(ft_view *v, int g)
{
	if (v->raw == NULL || v->raw->nthreads == 0) {
		v->message = "this profile has no processes or threads to group by";
		return V_REDRAW;
	}
	ft_diag err;
	ft_profile *nb = v->raw;
	if (g != FT_GROUP_THREAD &&
	    (nb = profile_regroup(v->raw, g, v->sort, v->col, &err)) == NULL) {
		set_message(v, err.msg);
		return V_REDRAW;
	}
	ft_profile *old = v->base_own;
	v->base = nb;
	v->base_own = nb != v->raw ? nb : NULL;
	v->group = g;
	if (rederive(v, &err) != 0)
		set_message(v, err.msg);
	if (old != NULL)
		profile_free(old);
	snprintf(v->msgbuf, sizeof(v->msgbuf), "%s", g == FT_GROUP_NONE ?
	    "processes and threads merged" : g == FT_GROUP_PROCESS ?
	    "one root frame per process" : "one root frame per thread");
	v->message = v->msgbuf;
	return V_REDRAW;
}

int
view_filter_add(ft_view *v, const char *line, ft_diag *err)
{
	if (filters_add_line(&v->filters, line, err) != 0)
		return -1;
	if (rederive(v, err) != 0) {
		filters_pop(&v->filters);
		return -1;
	}
	return 0;
}

void
view_filter_pop(ft_view *v)
{
	ft_diag err;
	filters_pop(&v->filters);
	if (rederive(v, &err) != 0)
		v->message = "filter failed";
}

void
view_filter_clear(ft_view *v)
{
	ft_diag err;
	filters_clear(&v->filters);
	if (rederive(v, &err) != 0)
		v->message = "filter failed";
}

/* Append name id's text and kind suffix to s (o bytes used; s big enough). */
static size_t
put_name(char *s, size_t o, const ft_intern *t, uint32_t id)
{
	uint32_t n = intern_len(t, id);
	memcpy(s + o, intern_str(t, id), n);
	o += n;
	const char *suf = kind_suffix(intern_kind(t, id));
	memcpy(s + o, suf, strlen(suf));
	return o + strlen(suf);
}

/* --- function table ---------------------------------------------------- */

static void
table_rows(ft_view *v)
{
	ft_ftable *t = &v->table;
	free(t->rows);
	t->rows = xmalloc(sizeof(uint32_t) * (t->nall ? t->nall : 1));
	t->nrows = 0;
	uint8_t *map = t->m != NULL ? match_names(t->m, v->prof->names) : NULL;
	for (uint32_t i = 0; i < t->nall; i++)
		if (map == NULL || map[t->all[i].name])
			t->rows[t->nrows++] = i;
	free(map);
	if (t->sel >= t->nrows)
		t->sel = t->nrows ? t->nrows - 1 : 0;
	if (t->top > t->sel)
		t->top = t->sel;
}

/* The profile functions are counted on: v->prof, or when collapse or
 * invert is on, the filtered profile before them (*owned, to free), so
 * self and total per function never depend on how stacks are drawn. */
static const ft_profile *
upright(ft_view *v, ft_profile **owned)
{
	*owned = NULL;
	if (v->base == NULL || (filters_find(&v->filters, FILTER_INVERT) < 0 &&
	    filters_find(&v->filters, FILTER_COLLAPSE) < 0))
		return v->prof;
	ft_diag err;
	*owned = transform_apply_filters(v->base, &v->filters, v->sort, v->col, &err);
	return *owned != NULL ? *owned : v->prof;
}

void
view_table_refresh(ft_view *v)
{
	ft_ftable *t = &v->table;
	free(t->all);
	ft_profile *owned;
	t->nall = functions_table(upright(v, &owned), v->col,
	    (enum ft_func_sort)t->sort, &t->all);
	profile_free(owned);
	t->prof = v->prof;
	t->col = v->col;
	table_rows(v);
}

void
view_table_open(ft_view *v)
{
	v->table.active = 1;
	v->table.sel = v->table.top = 0;
	view_table_refresh(v);
}

void
view_table_close(ft_view *v)
{
	v->table.active = 0;
}

static int
table_page(const ft_view *v)
{
	int n = v->h - 3;
	return n < 1 ? 1 : n;
}

static void
table_move(ft_view *v, long d)
{
	ft_ftable *t = &v->table;
	if (t->nrows == 0)
		return;
	long s = (long)t->sel + d;
	if (s < 0)
		s = 0;
	if (s >= (long)t->nrows)
		s = (long)t->nrows - 1;
	t->sel = (uint32_t)s;
	uint32_t page = (uint32_t)table_page(v);
	if (t->sel < t->top)
		t->top = t->sel;
	if (t->sel >= t->top + page)
		t->top = t->sel - page + 1;
}

static void
set_message(ft_view *v, const char *msg)
{
	snprintf(v->msgbuf, sizeof(v->msgbuf), "%s", msg);
	v->message = v->msgbuf;
}

static void
start_prompt(ft_view *v, int kind, const char *initial)
{
	ft_history *h = kind == PK_SEARCH ? &v->hist_search :
	    kind == PK_FILTER ? &v->hist_filter : &v->hist_table;
	v->prompt_kind = kind;
	prompt_start(&v->prompt, initial, h);
}

static int
table_key(ft_view *v, int key)
{
	ft_ftable *t = &v->table;
	if (key == FTK_ESC) {
		view_table_close(v);
		return V_REDRAW;
	}
	enum ft_action a = keymap_action(key);
	switch (a) {
	case ACT_UP: table_move(v, -1); break;
	case ACT_DOWN: table_move(v, 1); break;
	case ACT_PGUP: table_move(v, -table_page(v)); break;
	case ACT_PGDN: table_move(v, table_page(v)); break;
	case ACT_TOP: table_move(v, -(long)t->nrows); break;
	case ACT_BOTTOM: table_move(v, (long)t->nrows); break;
	case ACT_TABLE: case ACT_RESET:
		view_table_close(v);
		break;
	case ACT_TABLE_SORT:
		t->sort = (t->sort + 1) % 3;
		view_table_refresh(v);
		break;
	case ACT_SEARCH:
		start_prompt(v, PK_TABLE, t->m != NULL ? match_pattern(t->m) : NULL);
		break;
	case ACT_ZOOM: case ACT_BUTTERFLY: {
		if (t->nrows == 0)
			break;
		ft_diag err;
		if (view_butterfly_open(v, t->all[t->rows[t->sel]].name, &err) != 0)
			set_message(v, err.msg);
		break;
	}
	case ACT_TYPE_NEXT: case ACT_TYPE_PREV: {
		int r = view_apply(v, a);
		view_table_refresh(v);
		return r;
	}
	case ACT_COPY: case ACT_COPY_STACK: {
		if (t->nrows == 0)
			break;
		uint32_t nm = t->all[t->rows[t->sel]].name;
		char *c = xmalloc(intern_len(v->prof->names, nm) + 8);
		size_t o = put_name(c, 0, v->prof->names, nm);
		c[o] = '\0';
		free(v->copy);
		v->copy = c;
		snprintf(v->msgbuf, sizeof(v->msgbuf),
		    "copied the name (%zu bytes) to the clipboard", o);
		v->message = v->msgbuf;
		return V_REDRAW | V_COPY;
	}
	case ACT_QUIT: case ACT_HELP: case ACT_REDRAW: case ACT_SUSPEND:
		return view_apply(v, a);
	default:
		return 0;
	}
	return V_REDRAW;
}

/* Search for the exact name of node of p. */
static void
search_node(ft_view *v, const ft_profile *p, uint32_t node)
{
	uint32_t nm = p->nodes[node].name;
	if (node == FT_ROOT && nm == 0) {
		v->message = "select a frame first";
		return;
	}
	char *q = match_quote(intern_str(p->names, nm), intern_len(p->names, nm), 1);
	ft_diag err;
	history_add(&v->hist_search, q);
	if (view_search_set(v, q, &err) != 0)
		set_message(v, err.msg);
	free(q);
}

/* --- butterfly --------------------------------------------------------- */

static void
bf_free(ft_bfview *bf)
{
	view_free(&bf->up);
	view_free(&bf->down);
	butterfly_free(&bf->b);
	free(bf);
}

void
view_butterfly_geometry(ft_view *v)
{
	ft_bfview *bf = v->bf;
	if (bf == NULL)
		return;
	ft_view *h[2] = {&bf->up, &bf->down};
	int R = v->h - 2; /* rows between header and status */
	if (R < 2)
		R = 2;
	for (int i = 0; i < 2; i++) {
		h[i]->w = v->w;
		h[i]->h = v->h;
		h[i]->utf8 = v->utf8;
		h[i]->colors = v->colors;
		h[i]->color = v->color;
		if (h[i]->layout.width != v->w)
			h[i]->layout_dirty = 1;
		h[i]->gtop = 1;
		h[i]->grows = R;
		view_update_layout(h[i]);
		h[i]->nosel = bf->side != i;
	}
	/* Rows of each half, F's row counted in both. */
	int upn = (int)bf->up.layout.nrows, downn = (int)bf->down.layout.nrows;
	int up = (R + 1) / 2;
	if (up > upn)
		up = upn;
	if (up < 1)
		up = 1;
	int down = R + 1 - up;
	if (down > downn && downn >= 1) {
		down = downn;
		up = R + 1 - down;
		if (up > upn)
			up = upn > 0 ? upn : 1;
	}
	bf->up.gtop = 1;
	bf->up.grows = up;
	bf->down.gtop = up;
	bf->down.grows = R + 1 - up;
	for (int i = 0; i < 2; i++)
		view_follow(h[i]);
}

int
view_butterfly_open(ft_view *v, uint32_t name, ft_diag *err)
{
	ft_bfview *bf = xcalloc(1, sizeof(*bf));
	ft_profile *owned;
	int rc = butterfly_build(upright(v, &owned), name, v->sort, v->col, &bf->b, err);
	profile_free(owned);
	if (rc != 0) {
		free(bf);
		return -1;
	}
	view_init(&bf->up, bf->b.callers, v->w, v->h);
	view_init(&bf->down, bf->b.callees, v->w, v->h);
	bf->up.col = bf->down.col = v->col;
	bf->up.flip = 1;
	bf->side = 1;
	bf->from_table = v->table.active;
	if (v->bf != NULL) {
		bf->from_table = v->bf->from_table;
		bf_free(v->bf);
	}
	v->table.active = 0;
	v->bf = bf;
	share_hl(v);
	view_butterfly_geometry(v);
	return 0;
}

void
view_butterfly_close(ft_view *v)
{
	if (v->bf == NULL)
		return;
	if (v->bf->from_table)
		v->table.active = 1;
	bf_free(v->bf);
	v->bf = NULL;
}

/* y / Y in the butterfly view: the selected name, or the real call stack
 * through F (root first), whichever half the selection is in. */
static int
bf_copy(ft_view *v, int stack)
{
	ft_bfview *bf = v->bf;
	ft_view *cur = bf->side ? &bf->down : &bf->up;
	const ft_profile *p = cur->prof;
	uint32_t d = p->nodes[cur->sel].depth;
	uint32_t *path = xmalloc(sizeof(uint32_t) * (d + 2));
	profile_path(p, cur->sel, path);
	size_t len = 1;
	for (uint32_t i = 0; i < d; i++)
		len += intern_len(p->names, path[i]) + 6;
	len += intern_len(p->names, bf->b.name) + 6;
	char *s = xmalloc(len);
	size_t o = 0;
	if (!stack) {
		o = put_name(s, 0, p->names, p->nodes[cur->sel].name);
	} else if (bf->side == 0) {
		/* Callers half: the path runs from F outwards. */
		for (uint32_t i = d; i-- > 0;) {
			o = put_name(s, o, p->names, path[i]);
			s[o++] = ';';
		}
		o = put_name(s, o, p->names, bf->b.name);
	} else {
		o = put_name(s, o, p->names, bf->b.name);
		for (uint32_t i = 0; i < d; i++) {
			s[o++] = ';';
			o = put_name(s, o, p->names, path[i]);
		}
	}
	s[o] = '\0';
	free(path);
	free(v->copy);
	v->copy = s;
	snprintf(v->msgbuf, sizeof(v->msgbuf), "copied %s (%zu bytes) to the clipboard",
	    stack ? "the stack" : "the name", o);
	v->message = v->msgbuf;
	return V_REDRAW | V_COPY;
}

static int
bf_key(ft_view *v, int key)
{
	ft_bfview *bf = v->bf;
	ft_view *cur = bf->side ? &bf->down : &bf->up;
	if (key == FTK_ESC) {
		view_butterfly_close(v);
		return V_REDRAW;
	}
	enum ft_action a = keymap_action(key);
	int r = V_REDRAW;
	switch (a) {
	case ACT_UP:
		if (bf->side == 1 && cur->sel == FT_ROOT && bf->up.layout.nrows > 1) {
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
			set_message(v, err.msg);
		break;
	}
	case ACT_TABLE:
		view_butterfly_close(v);
		view_table_open(v);
		break;
	case ACT_COPY: case ACT_COPY_STACK:
		r = bf_copy(v, a == ACT_COPY_STACK);
		break;
	case ACT_FILTER: case ACT_FILTER_POP: case ACT_FILTER_CLEAR: case ACT_FLIP:
	case ACT_DETAILS: case ACT_GROUP:
		v->message = "not in the butterfly view (Esc leaves it)";
		break;
	case ACT_SEARCH: case ACT_SEARCH_SEL: case ACT_QUIT: case ACT_HELP:
	case ACT_REDRAW: case ACT_SUSPEND:
		if (a == ACT_SEARCH_SEL) {
			/* The selected frame of the active half. */
			search_node(v, cur->prof, cur->sel);
			break;
		}
		return view_apply(v, a);
	case ACT_COLOR: case ACT_TYPE_NEXT: case ACT_TYPE_PREV:
		view_apply(v, a);
		view_apply(&bf->up, a);
		view_apply(&bf->down, a);
		break;
	default:
		r = view_apply(cur, a);
		break;
	}
	if (v->bf != NULL)
		view_butterfly_geometry(v);
	return r | V_REDRAW;
}

/* --- mouse -------------------------------------------------------------- */

int
view_modes_click(ft_view *v, int x, int y, int dbl)
{
	if (v->bf != NULL) {
		ft_bfview *bf = v->bf;
		view_butterfly_geometry(v);
		/* F's row belongs to both halves: it selects F on the callees
		 * side, as after opening. */
		int side = y >= bf->down.gtop ? 1 : 0;
		ft_view *h = side ? &bf->down : &bf->up;
		int r = view_click(h, x, y, dbl);
		if (r != 0)
			bf->side = side;
		view_butterfly_geometry(v);
		return r;
	}
	ft_ftable *t = &v->table;
	if (y < 2 || y >= v->h - 1)
		return 0;
	uint32_t row = t->top + (uint32_t)(y - 2);
	if (row >= t->nrows)
		return 0;
	t->sel = row;
	if (dbl) {
		ft_diag err;
		if (view_butterfly_open(v, t->all[t->rows[row]].name, &err) != 0)
			set_message(v, err.msg);
	}
	return V_REDRAW;
}

int
view_modes_wheel(ft_view *v, int dy)
{
	if (v->bf != NULL) {
		int r = view_wheel(v->bf->side ? &v->bf->down : &v->bf->up, dy);
		view_butterfly_geometry(v);
		return r;
	}
	table_move(v, dy);
	return V_REDRAW;
}

/* --- keys and actions -------------------------------------------------- */

static int
prompt_accept(ft_view *v, int kind, const char *text)
{
	ft_diag err;
	switch (kind) {
	case PK_SEARCH:
		history_add(&v->hist_search, text);
		if (view_search_set(v, text, &err) != 0)
			set_message(v, err.msg);
		break;
	case PK_FILTER:
		if (text[0] == '\0')
			break;
		history_add(&v->hist_filter, text);
		if (view_filter_add(v, text, &err) != 0)
			set_message(v, err.msg);
		break;
	case PK_TABLE: {
		history_add(&v->hist_table, text);
		ft_matcher *m = NULL;
		if (text[0] != '\0' && (m = match_compile(text, &err)) == NULL) {
			set_message(v, err.msg);
			break;
		}
		match_free(v->table.m);
		v->table.m = m;
		v->table.sel = v->table.top = 0;
		table_rows(v);
		break;
	}
	default:
		break;
	}
	return V_REDRAW;
}

int
view_modes_key(ft_view *v, int key, int *handled)
{
	*handled = 1;
	if (v->prompt_kind != PK_NONE) {
		int r = prompt_key(&v->prompt, key);
		int kind = v->prompt_kind;
		if (r == PROMPT_CANCEL) {
			v->prompt_kind = PK_NONE;
		} else if (r == PROMPT_ACCEPT) {
			char text[PROMPT_MAX];
			memcpy(text, v->prompt.text, v->prompt.len + 1);
			v->prompt_kind = PK_NONE;
			return prompt_accept(v, kind, text);
		}
		return V_REDRAW;
	}
	if (v->help) {
		*handled = 0;
		return 0;
	}
	if (v->bf != NULL)
		return bf_key(v, key);
	if (v->table.active)
		return table_key(v, key);
	*handled = 0;
	return 0;
}

int
view_modes_action(ft_view *v, enum ft_action a, int *handled)
{
	*handled = 1;
	switch (a) {
	case ACT_SEARCH:
		start_prompt(v, PK_SEARCH, NULL);
		return V_REDRAW;
	case ACT_SEARCH_SEL:
		search_node(v, v->prof, v->sel);
		return V_REDRAW;
	case ACT_NEXT:
	case ACT_PREV:
		return view_search_step(v, a == ACT_NEXT ? 1 : -1);
	case ACT_FILTER:
		start_prompt(v, PK_FILTER, NULL);
		return V_REDRAW;
	case ACT_FILTER_POP:
	case ACT_FILTER_CLEAR:
		if (v->filters.n == 0) {
			v->message = "no filter to remove";
			return V_REDRAW;
		}
		if (a == ACT_FILTER_POP)
			view_filter_pop(v);
		else
			view_filter_clear(v);
		return V_REDRAW;
	case ACT_BUTTERFLY: {
		if (v->sel == FT_ROOT) {
			v->message = "select a function first";
			return V_REDRAW;
		}
		ft_diag err;
		if (view_butterfly_open(v, v->prof->nodes[v->sel].name, &err) != 0)
			set_message(v, err.msg);
		return V_REDRAW;
	}
	case ACT_TABLE:
		view_table_open(v);
		return V_REDRAW;
	case ACT_TABLE_SORT:
		return 0;
	case ACT_GROUP:
		return view_set_group(v, (v->group + 1) % FT_GROUPS);
	default:
		*handled = 0;
		return 0;
	}
}

void
view_modes_free(ft_view *v)
{
	if (v->bf != NULL) {
		bf_free(v->bf);
		v->bf = NULL;
	}
	match_free(v->search);
	v->search = NULL;
	if (!v->hl_shared)
		free(v->hl);
	v->hl = NULL;
	if (v->derived != NULL)
		profile_free(v->derived);
	v->derived = NULL;
	if (v->base_own != NULL)
		profile_free(v->base_own);
	if (v->raw != NULL)
		profile_free(v->raw);
	v->base_own = v->raw = NULL;
	filters_free(&v->filters);
	history_free(&v->hist_search);
	history_free(&v->hist_filter);
	history_free(&v->hist_table);
	free(v->table.all);
	free(v->table.rows);
	match_free(v->table.m);
	memset(&v->table, 0, sizeof(v->table));
}
