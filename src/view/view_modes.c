/* view_modes.c - the viewer's finding tools, for one profile or two:
 * search, filters, the prompt they are typed at, the function table (the
 * regressions table of a comparison) and the butterfly view.
 *
 * Like view.c this only changes state and returns V_* flags; render.c draws
 * it.  It uses view.c and never the key dispatch (view_keys.c) above it.
 * The regex work goes through match.c (once per unique name) and the tree
 * work through filters.c, compare.c and butterfly.c.
 */
#include "view/prompt_help.h"
#include "view/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/demangle.h"
#include "profile/relabel.h"
#include "base/xalloc.h"

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

/* Comparison: matched samples of each side, a stack counted once however
 * many of its frames match (parents precede children in node order). */
static void
compare_matched(ft_view *v)
{
	const ft_profile *u = v->prof;
	v->matched[0] = v->matched[1] = 0;
	if (v->hl == NULL || v->cmp == NULL)
		return;
	uint8_t *on = xmalloc(u->nnodes ? u->nnodes : 1);
	on[0] = 0;
	for (uint32_t i = 1; i < u->nnodes; i++) {
		uint32_t q = u->nodes[i].parent;
		int m = view_matched(v, i);
		on[i] = (uint8_t)(on[q] | m);
		if (m && !on[q]) {
			v->matched[0] += profile_total(u, i, CMP_A);
			v->matched[1] += profile_total(u, i, CMP_B);
		}
	}
	free(on);
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
	compare_matched(v);
	share_hl(v);
}

int
view_search_set(ft_view *v, const char *pattern, ft_diag *err)
{
	ft_matcher *m = NULL;
	if (pattern[0] != '\0' && (m = match_compile(pattern, err)) == NULL)
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

/* Matched samples by walking up from each matching frame: a match with
 * no matching frame above it adds its total (each sample once), to the
 * zoomed figure too when the zoomed frame is on its path.  Matching frames
 * are found in a read-only scan of the names; when the walks take more
 * steps than a pass over every node would cost, 0 (the pass does it
 * then). */
static int
stats_by_walks(const ft_view *v, ft_val *all, ft_val *zoomed)
{
	const ft_profile *p = v->prof;
	const ft_node *nd = p->nodes;
	uint32_t *occ = NULL;
	size_t n = 0, cap = 0;
	uint64_t steps = 0, budget = p->nnodes / 4;
	for (uint32_t i = 1; i < p->nnodes; i++) {
		uint32_t nm = nd[i].name;
		if (nm >= v->hl_n || !v->hl[nm])
			continue;
		if (n == cap) {
			cap = grow_cap(cap, n + 1, 256);
			occ = xreallocarray(occ, cap, sizeof(uint32_t));
		}
		occ[n++] = i;
	}
	/* The walks go eight at a time, a step of each in turn: their
	 * frames are far apart in memory, and independent loads overlap. */
	enum { LANES = 8 };
	struct { uint32_t i, q; int inz; } w[LANES];
	int live = 0;
	size_t next = 0;
	ft_val a = 0, z = 0;
	for (int l = 0; l < LANES; l++) {
		w[l].q = FT_NONE;
		w[l].i = FT_NONE;
	}
	for (;;) {
		for (int l = 0; l < LANES; l++) {
			if (w[l].i == FT_NONE) {
				if (next == n)
					continue;
				uint32_t i = (uint32_t)occ[next++];
				w[l].i = i;
				w[l].q = nd[i].parent;
				w[l].inz = v->zoom == FT_ROOT || i == v->zoom;
				live++;
			}
			uint32_t q = w[l].q;
			if (q == FT_NONE) { /* no match above: an outermost one */
				ft_val t = profile_total(p, w[l].i, v->col);
				a += t;
				if (w[l].inz)
					z += t;
			} else {
				uint32_t nm = nd[q].name;
				if (q == FT_ROOT || nm >= v->hl_n || !v->hl[nm]) {
					w[l].inz |= q == v->zoom;
					w[l].q = nd[q].parent;
					if (++steps > budget) {
						free(occ);
						return 0;
					}
					continue;
				}
			}
			w[l].i = FT_NONE; /* done: a match above, or counted */
			live--;
		}
		if (live == 0 && next == n)
			break;
	}
	free(occ);
	*all = a;
	*zoomed = z;
	return 1;
}

/* The same in one forward pass over every node (parents precede
 * children): bit 0 = a frame on the path matches, bit 1 = inside the
 * zoom subtree. */
static void
stats_by_pass(const ft_view *v, ft_val *all, ft_val *zoomed)
{
	const ft_profile *p = v->prof;
	uint8_t *st = xbig_realloc(NULL, 0, p->nnodes);
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
	xbig_free(st, p->nnodes);
	*all = a;
	*zoomed = z;
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
	ft_val a = 0, z = 0;
	if (!stats_by_walks(v, &a, &z))
		stats_by_pass(v, &a, &z);
	if (v->zoom == FT_ROOT) {
		z = a;
	} else {
		/* A match above the zoomed frame covers all of it. */
		for (uint32_t q = p->nodes[v->zoom].parent; q != FT_ROOT && q != FT_NONE;
		    q = p->nodes[q].parent) {
			uint32_t nm = p->nodes[q].name;
			if (nm < v->hl_n && v->hl[nm]) {
				z = profile_total(p, v->zoom, v->col);
				break;
			}
		}
	}
	v->mstat.prof = p;
	v->mstat.col = v->col;
	v->mstat.zoom = v->zoom;
	v->mstat.all = a;
	v->mstat.zoomed = z;
	v->mstat.valid = 1;
	*all = a;
	*zoomed = z;
}

/* Why n / N found nothing to select: no frame matches at all, every
 * match is outside the zoomed subtree, or every match in it is too
 * narrow to draw (one pass, parents before children). */
static void
no_step_message(ft_view *v)
{
	const ft_profile *p = v->prof;
	uint8_t *inz = xmalloc(p->nnodes ? p->nnodes : 1);
	int any = 0, inzoom = 0;
	inz[0] = v->zoom == FT_ROOT;
	for (uint32_t i = 1; i < p->nnodes; i++) {
		inz[i] = (uint8_t)(inz[p->nodes[i].parent] || i == v->zoom);
		if (view_matched(v, i)) {
			any = 1;
			inzoom |= inz[i];
		}
	}
	free(inz);
	const char *pat = v->search != NULL ? match_pattern(v->search) : NULL;
	if (!any && pat != NULL)
		snprintf(v->msgbuf, sizeof(v->msgbuf), "no match for /%s/", pat);
	else if (!any)
		snprintf(v->msgbuf, sizeof(v->msgbuf), "no frame matches the search");
	else if (!inzoom)
		snprintf(v->msgbuf, sizeof(v->msgbuf), "no match under the zoomed frame "
		    "(Esc shows the whole graph)");
	else
		snprintf(v->msgbuf, sizeof(v->msgbuf), "%s", v->npanes > 1 ?
		    "no match is wide enough to draw in this pane" :
		    "no match is wide enough to draw here");
	v->message = v->msgbuf;
}

/* Is node n the zoom root or under it? */
static int
under_zoom(const ft_view *v, uint32_t n)
{
	const ft_profile *p = v->prof;
	for (; n != FT_NONE; n = n == FT_ROOT ? FT_NONE : p->nodes[n].parent)
		if (n == v->zoom)
			return 1;
	return 0;
}

/* The next matching node under the zoom after the selection (node order,
 * dir, wrapping) that the active pane does not draw because it is too
 * narrow, or FT_NONE. */
static uint32_t
next_hidden_match(ft_view *v, int dir)
{
	const ft_profile *p = v->prof;
	const ft_layout *L = &view_active(v)->layout;
	uint32_t n = p->nnodes;
	for (uint32_t k = 1; k < n; k++) {
		uint32_t i = dir > 0 ? (v->sel + k) % n : (v->sel + n - k) % n;
		if (i != FT_ROOT && view_matched(v, i) && view_pane_has(v, view_active(v), i) &&
		    layout_find(L, p, i) == NULL && under_zoom(v, i))
			return i;
	}
	return FT_NONE;
}

int
view_search_step(ft_view *v, int dir)
{
	if (v->hl == NULL) {
		v->message = "no search: press / to search";
		return V_REDRAW;
	}
	view_update_layout(v);
	int wrapped = 0;
	uint32_t bnode = layout_step_match_wrap(&view_active(v)->layout, v->prof, v->sel,
	    v->flip, dir, v->hl, v->hl_n, &wrapped);
	if (bnode == FT_NONE || bnode == v->sel || wrapped) {
		/* Past the last match drawn (or none other is drawn): the
		 * matches too narrow to draw come before the wrap, each
		 * zoomed to so it can be seen (issue 24 item 9). */
		uint32_t h = next_hidden_match(v, dir);
		if (h != FT_NONE) {
			view_zoom_to(v, h);
			v->sel = h;
			view_follow(v);
			v->message = "zoomed to a match too narrow to draw here (Esc: whole graph)";
			return V_REDRAW;
		}
	}
	if (bnode == FT_NONE) {
		no_step_message(v);
		return V_REDRAW;
	}
	v->sel = bnode;
	view_follow(v);
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
		view_message(v, err.msg);
	free(q);
}

void
view_search_selected(ft_view *v)
{
	if (v->bf != NULL) {
		ft_view *h = view_butterfly_half(v);
		search_node(v, h->prof, h->sel);
	} else {
		search_node(v, v->prof, v->sel);
	}
}

/* --- filters and rebuilds ------------------------------------------------- */

void
view_set_base(ft_view *v, ft_profile *base, ft_profile *derived, ft_filters *f)
{
	v->base = base;
	v->act.idle_base = NULL; /* base's idle nodes (view_idle_nodes) */
	v->derived = derived;
	if (f != NULL) {
		filters_free(&v->filters);
		v->filters = *f;
		memset(f, 0, sizeof(*f));
	}
}

void
view_set_inputs(ft_view *v, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_filters *f)
{
	v->in[0] = a;
	v->in[1] = b;
	v->incol[0] = ca;
	v->incol[1] = cb;
	if (o != NULL)
		v->copts = *o;
	v->sort = v->copts.sort;
	if (f != NULL) {
		filters_free(&v->filters);
		v->filters = *f;
		memset(f, 0, sizeof(*f));
	}
}

static const char no_inputs[] = "filters need the compared profiles (not available here)";

/* A comparison rebuilt from its inputs through the filters. */
static int
rebuild(ft_view *v, ft_diag *err)
{
	if (v->in[0] == NULL) {
		diag_set(err, "%s", no_inputs);
		return -1;
	}
	ft_compare nc;
	if (compare_build_filtered(&nc, v->in[0], v->incol[0], v->in[1], v->incol[1],
	    &v->copts, &v->filters, err) != 0)
		return -1;
	ft_compare old = v->owned;
	int owned = v->owns;
	v->owned = nc;
	v->owns = 1;
	view_set_tree(v, nc.u, &v->owned);
	if (owned)
		compare_free(&old);
	return 0;
}

/* One profile re-derived from base through the filters. */
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
	view_set_tree(v, np, NULL);
	v->derived = np == v->base ? NULL : np;
	if (old != NULL)
		profile_free(old);
	return 0;
}

/* The tree again through the current filters; tables and search follow. */
static int
refilter(ft_view *v, ft_diag *err)
{
	if ((v->cmp != NULL ? rebuild(v, err) : rederive(v, err)) != 0)
		return -1;
	free(v->table.all);
	free(v->table.rall);
	v->table.all = NULL;
	v->table.rall = NULL;
	if (v->table.active)
		view_table_refresh(v);
	hl_refresh(v);
	if (v->bf != NULL) {
		/* The butterfly again, over the new tree. */
		ft_diag e2;
		int from_table = v->bf->from_table, side = v->bf->side;
		if (view_butterfly_open(v, v->bf->b.name, &e2) != 0) {
			view_butterfly_close(v);
		} else {
			v->bf->from_table = from_table;
			v->bf->side = side;
		}
	}
	return 0;
}

int
view_compare_cycle_norm(ft_view *v)
{
	if (v->cmp == NULL || v->in[0] == NULL) {
		v->message = "K scales A when comparing two profiles";
		return -1;
	}
	int rate = v->in[0]->duration_ns > 0 && v->in[1] != NULL && v->in[1]->duration_ns > 0;
	int cur = v->cmp->norm, next;
	switch (cur) {
	case CMP_NORM_ROBUST: next = CMP_NORM_ABS; break;
	case CMP_NORM_ABS: next = CMP_NORM_TOTAL; break;
	case CMP_NORM_TOTAL: next = rate ? CMP_NORM_RATE : CMP_NORM_ROBUST; break;
	default: next = CMP_NORM_ROBUST; break;
	}
	ft_compare_opts keep = v->copts;
	v->copts.norm = next;
	v->copts.normalize = next == CMP_NORM_TOTAL;
	v->copts.scale_num = v->copts.scale_den = 0;
	v->copts.norm_by[0] = '\0';
	ft_diag err;
	if (refilter(v, &err) != 0) {
		v->copts = keep;
		view_message(v, err.msg);
		return -1;
	}
	char msg[256];
	/* Per second says by what: two ranges' lengths, or durations. */
	int by = v->cmp->norm == CMP_NORM_RATE && v->cmp->norm_by != NULL;
	snprintf(msg, sizeof(msg), "normalisation: %s%s%s (A x%.3g)%s%s",
	    compare_norm_name(v->cmp->norm), by ? ", by " : "", by ? v->cmp->norm_by : "",
	    v->cmp->norm_factor, v->cmp->norm_note ? ": " : "",
	    v->cmp->norm_note ? v->cmp->norm_note : "");
	view_message(v, msg);
	return 0;
}

void
view_set_raw(ft_view *v, ft_profile *raw, int group, int demangle, ft_profile *base)
{
	v->raw = raw;
	v->group = group;
	v->demangle = demangle;
	v->base_own = base != raw ? base : NULL;
}

void
view_set_order_loader(ft_view *v, ft_order_fn fn, void *ctx, void (*ctx_free)(void *ctx))
{
	v->order_load = fn;
	v->order_ctx = ctx;
	v->order_free = ctx_free;
}

void
view_set_reloader(ft_view *v, ft_profile *base, int demangle, ft_reload_fn fn,
    void *ctx, void (*ctx_free)(void *ctx))
{
	v->base_own = base;
	v->demangle = demangle;
	v->reload = fn;
	v->reload_ctx = ctx;
	v->reload_free = ctx_free;
}

/* Rebuild base from raw (or load it again) for (g, dm) and re-derive: the
 * group and demangle keys.  0, or -1 with a message set. */
static int
relabel(ft_view *v, int g, int dm)
{
	ft_diag err;
	ft_profile *nb = v->raw;
	if (v->raw == NULL) {
		if ((nb = v->reload(v->reload_ctx, dm, v->sort, v->col, &err)) == NULL) {
			view_message(v, err.msg);
			return -1;
		}
	} else if (profile_relabel_changes(v->raw, g, dm) &&
	    (nb = profile_relabel(v->raw, g, dm, v->sort, v->col, &err)) == NULL) {
		view_message(v, err.msg);
		return -1;
	}
	ft_profile *old = v->base_own;
	v->base = nb;
	v->act.idle_base = NULL; /* base's idle nodes (view_idle_nodes) */
	v->base_own = nb != v->raw ? nb : NULL;
	v->group = g;
	v->demangle = dm;
	if (refilter(v, &err) != 0)
		view_message(v, err.msg);
	if (old != NULL)
		profile_free(old);
	return 0;
}

int
view_set_group(ft_view *v, int g)
{
	if (v->cmp != NULL || v->raw == NULL || v->raw->nthreads == 0) {
		v->message = "this profile has no processes or threads to group by";
		return V_REDRAW;
	}
	if (relabel(v, g, v->demangle) == 0) {
		snprintf(v->msgbuf, sizeof(v->msgbuf), "%s", g == FT_GROUP_NONE ?
		    "processes and threads merged" : g == FT_GROUP_PROCESS ?
		    "one root frame per process" : "one root frame per thread");
		v->message = v->msgbuf;
	}
	return V_REDRAW;
}

int
view_set_demangle(ft_view *v, int dm)
{
	if (v->cmp != NULL || (v->raw == NULL && v->reload == NULL) ||
	    !profile_demanglable(v->raw != NULL ? v->raw : v->base)) {
		v->message = "this profile has no mangled C++ or Rust names";
		return V_REDRAW;
	}
	if (relabel(v, v->group, dm) == 0) {
		snprintf(v->msgbuf, sizeof(v->msgbuf), "%s", dm == FT_DEMANGLE_FULL ?
		    "names demangled in full (argument lists, template arguments)" :
		    dm == FT_DEMANGLE_SHORT ? "names demangled, short (no arguments)" :
		    "names as mangled in the file");
		v->message = v->msgbuf;
	}
	return V_REDRAW;
}

int
view_reload(ft_view *v, ft_profile *base, ft_profile *raw, const ft_profile *b,
    ft_diag *err)
{
	if (v->cmp != NULL) {
		v->in[0] = base;
		v->in[1] = b != NULL ? b : base;
		return refilter(v, err);
	}
	if (v->chart.own != NULL) {
		/* Read in sample order from the file before: read again
		 * (view_chart_ready) when the chart is drawn. */
		profile_free(v->chart.own);
		v->chart.own = NULL;
		v->chart.tl = NULL;
	}
	if (raw == NULL) {
		v->base = base;
		v->act.idle_base = NULL; /* base's idle nodes (view_idle_nodes) */
		return refilter(v, err);
	}
	/* The view relabels (groups, demangles): it owns raw and the
	 * relabelled base. */
	ft_profile *old_raw = v->raw;
	v->raw = raw;
	int rc = relabel(v, v->group, v->demangle);
	if (rc != 0) {
		v->raw = old_raw;
		profile_free(raw);
		diag_set(err, "%s", v->message != NULL ? v->message : "relabelling failed");
		return -1;
	}
	if (old_raw != NULL)
		profile_free(old_raw);
	return 0;
}

/* --- filter undo / redo --------------------------------------------------- */

/* A copy of src (its regexes and tag specs compiled again). */
static void
filters_copy(ft_filters *dst, const ft_filters *src)
{
	memset(dst, 0, sizeof(*dst));
	for (int i = 0; i < src->n; i++) {
		ft_diag err;
		/* Each compiled before, so it compiles again (the result is
		 * ignored only because it cannot fail). */
		(void)filters_add(dst, src->v[i].kind, src->v[i].pattern, &err);
	}
}

/* Push f (moved in) on a stack of at most VIEW_UNDO_MAX lists: the
 * oldest goes when it is full. */
static void
fstack_push(ft_filters *st, int *n, ft_filters *f)
{
	if (*n == VIEW_UNDO_MAX) {
		filters_free(&st[0]);
		memmove(&st[0], &st[1], sizeof(ft_filters) * (VIEW_UNDO_MAX - 1));
		(*n)--;
	}
	st[(*n)++] = *f;
	memset(f, 0, sizeof(*f));
}

/* Before a change of the filters: remember the list for U; a new change
 * forgets what was undone. */
static void
undo_save(ft_view *v)
{
	ft_filters c;
	filters_copy(&c, &v->filters);
	fstack_push(v->fundo, &v->nfundo, &c);
	while (v->nfredo > 0)
		filters_free(&v->fredo[--v->nfredo]);
}

/* The change failed and the list is as before: forget its undo entry. */
static void
undo_drop(ft_view *v)
{
	if (v->nfundo > 0)
		filters_free(&v->fundo[--v->nfundo]);
}

/* The change failed half-way (the tree is still the old one): the list
 * as it was before it. */
static void
undo_restore(ft_view *v)
{
	if (v->nfundo == 0)
		return;
	filters_free(&v->filters);
	v->filters = v->fundo[--v->nfundo];
	memset(&v->fundo[v->nfundo], 0, sizeof(ft_filters));
}

int
view_filter_undo(ft_view *v, int redo)
{
	ft_filters *from = redo ? v->fredo : v->fundo, *to = redo ? v->fundo : v->fredo;
	int *nfrom = redo ? &v->nfredo : &v->nfundo, *nto = redo ? &v->nfundo : &v->nfredo;
	if (*nfrom == 0) {
		v->message = redo ? "no undone filter change to redo" : "no filter change to undo";
		return V_REDRAW;
	}
	ft_filters cur = v->filters;
	v->filters = from[*nfrom - 1];
	ft_diag err;
	if (refilter(v, &err) != 0) {
		v->filters = cur;
		view_message(v, err.msg);
		return V_REDRAW;
	}
	(*nfrom)--;
	fstack_push(to, nto, &cur);
	int n = v->filters.n;
	snprintf(v->msgbuf, sizeof(v->msgbuf), "%s: %d filter%s now (%s)", redo ? "redone" : "undone",
	    n, n == 1 ? "" : "s", redo ? "U undoes" : "Ctrl-R redoes");
	v->message = v->msgbuf;
	if (v->flist.active && v->flist.sel >= view_flist_len(v))
		v->flist.sel = view_flist_len(v) > 0 ? view_flist_len(v) - 1 : 0;
	return V_REDRAW;
}

/* --- filter changes ------------------------------------------------------- */

/* Append a filter line and re-derive, without an undo entry. */
static int
filter_add(ft_view *v, const char *line, ft_diag *err)
{
	if (v->cmp != NULL && v->in[0] == NULL) {
		diag_set(err, "%s", no_inputs);
		return -1;
	}
	if (filters_add_line(&v->filters, line, err) != 0)
		return -1;
	int k = v->filters.v[v->filters.n - 1].kind;
	if (v->cmp == NULL && (k == FILTER_ONLY_A || k == FILTER_ONLY_B)) {
		filters_pop(&v->filters);
		diag_set(err, "%s: keeps the call paths one of two compared profiles alone "
		    "has (open two files)", filter_kind_name(k));
		return -1;
	}
	if (refilter(v, err) != 0) {
		filters_pop(&v->filters);
		return -1;
	}
	return 0;
}

int
view_filter_add(ft_view *v, const char *line, ft_diag *err)
{
	undo_save(v);
	if (filter_add(v, line, err) != 0) {
		undo_drop(v);
		return -1;
	}
	return 0;
}

int
view_filter_remove(ft_view *v, int all)
{
	if (v->filters.n == 0) {
		v->message = "no filter to remove";
		return V_REDRAW;
	}
	ft_diag err;
	undo_save(v);
	if (all)
		filters_clear(&v->filters);
	else
		filters_pop(&v->filters);
	if (refilter(v, &err) != 0) {
		undo_restore(v);
		view_message(v, err.msg);
	}
	return V_REDRAW;
}

int
view_flist_len(const ft_view *v)
{
	return v->filters.n + (v->search != NULL);
}

int
view_flist_rows(const ft_view *v)
{
	int n = view_flist_len(v);
	int rows = 1 + (n > 0 ? n : 1);
	int max = (v->h - 2) / 2;
	return rows < max ? rows : max > 2 ? max : 2;
}

int
view_filter_remove_at(ft_view *v, int i)
{
	ft_diag err;
	if (i < 0 || i >= view_flist_len(v)) {
		v->message = "no filter to remove";
		return V_REDRAW;
	}
	if (i == v->filters.n) { /* the search */
		view_search_set(v, "", &err);
		v->message = "search cleared";
		return V_REDRAW;
	}
	undo_save(v);
	filters_remove(&v->filters, i);
	if (refilter(v, &err) != 0) {
		undo_restore(v);
		view_message(v, err.msg);
	} else {
		v->message = "filter removed (U undoes)";
	}
	return V_REDRAW;
}

int
view_toggle_invert(ft_view *v)
{
	ft_diag err;
	int i = filters_find(&v->filters, FILTER_INVERT);
	undo_save(v);
	if (i >= 0)
		filters_remove(&v->filters, i);
	else if (filter_add(v, "invert", &err) != 0) {
		undo_restore(v);
		view_message(v, err.msg);
		return V_REDRAW;
	} else {
		v->message = "inverted: the roots are where samples were taken, callers above (i: back)";
		return V_REDRAW;
	}
	if (refilter(v, &err) != 0) {
		undo_restore(v);
		view_message(v, err.msg);
	} else {
		v->message = "upright: the roots are the outermost callers";
	}
	return V_REDRAW;
}

int
view_cycle_collapse(ft_view *v)
{
	ft_diag err;
	int i = filters_find(&v->filters, FILTER_COLLAPSE);
	int was_direct = i >= 0 && strcmp(v->filters.v[i].pattern, "direct") == 0;
	undo_save(v);
	if (i >= 0)
		filters_remove(&v->filters, i);
	if (i < 0 || was_direct) {
		if (filter_add(v, was_direct ? "collapse-recursion all" :
		    "collapse-recursion direct", &err) != 0) {
			undo_restore(v);
			view_message(v, err.msg);
			return V_REDRAW;
		}
		v->message = was_direct ?
		    "recursion flattened: a function already on the stack is dropped (r: off)" :
		    "direct recursion collapsed: a;a;b -> a;b (r: flatten all)";
		return V_REDRAW;
	}
	if (refilter(v, &err) != 0) {
		undo_restore(v);
		view_message(v, err.msg);
	} else {
		v->message = "recursion shown as recorded";
	}
	return V_REDRAW;
}

void
view_compare_type(ft_view *v, int dir)
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
	ft_diag err;
	if (compare_pick_columns(a, b, b->types[cb].name, &pa, &pb, &err) != 0) {
		view_message(v, err.msg);
		return;
	}
	v->incol[0] = pa;
	v->incol[1] = pb;
	if (refilter(v, &err) != 0) {
		v->incol[0] = oa;
		v->incol[1] = ob;
		view_message(v, err.msg);
	}
}

/* Append name id's text and kind suffix to s (o bytes used; s big enough). */
static size_t
put_name(char *s, size_t o, const ft_profile *p, uint32_t id)
{
	const ft_intern *t = p->names;
	uint32_t n = intern_len(t, id);
	memcpy(s + o, intern_str(t, id), n);
	o += n;
	const char *suf = frame_suffix(p, id);
	memcpy(s + o, suf, strlen(suf));
	return o + strlen(suf);
}

/* --- the function table ------------------------------------------------- */

uint32_t
view_table_name(const ft_view *v, uint32_t r)
{
	const ft_ftable *t = &v->table;
	uint32_t i = t->rows[r];
	return t->rall != NULL ? t->rall[i].name : t->all[i].name;
}

/* Rows a one-profile table orders when it is counted (or sorted again):
 * two pages; the rest when it is scrolled or filtered past them. */
static uint32_t
table_first_rows(const ft_view *v)
{
	return 2 * (uint32_t)view_table_page(v) + 2;
}

static void
table_order_all(ft_view *v)
{
	ft_ftable *t = &v->table;
	if (t->all != NULL && t->nsorted < t->nall) {
		functions_sort(v->prof, t->all + t->nsorted, t->nall - t->nsorted,
		    (enum ft_func_sort)t->sort);
		t->nsorted = t->nall;
	}
}

void
view_table_ready(ft_view *v)
{
	ft_ftable *t = &v->table;
	if ((uint64_t)t->top + (uint64_t)view_table_page(v) > t->nsorted ||
	    t->sel >= t->nsorted)
		table_order_all(v);
}

static void
table_rows(ft_view *v)
{
	ft_ftable *t = &v->table;
	/* Filtered rows come from anywhere in the order. */
	if (t->m != NULL)
		table_order_all(v);
	free(t->rows);
	t->rows = xmalloc(sizeof(uint32_t) * (t->nall ? t->nall : 1));
	t->nrows = 0;
	uint8_t *map = t->m != NULL ? match_names(t->m, v->prof->names) : NULL;
	for (uint32_t i = 0; i < t->nall; i++) {
		uint32_t nm = t->rall != NULL ? t->rall[i].name : t->all[i].name;
		if (t->rall != NULL && compare_row_hidden(v->cmp, &t->rall[i],
		    (enum cmp_basis)t->sort, v->min_change, v->min_share))
			continue;
		if (map == NULL || map[nm])
			t->rows[t->nrows++] = i;
	}
	free(map);
	if (t->sel >= t->nrows)
		t->sel = t->nrows ? t->nrows - 1 : 0;
	if (t->top > t->sel)
		t->top = t->sel;
}

/* The profile functions are counted on: v->prof, or when collapse or
 * invert is on, the filtered profile before them (*owned, to free; a
 * comparison keeps that union as cmp->tu), so self and total per function
 * never depend on how stacks are drawn. */
static const ft_profile *
upright(ft_view *v, ft_profile **owned)
{
	*owned = NULL;
	if (v->cmp != NULL)
		return v->cmp->tu != NULL ? v->cmp->tu : v->prof;
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
	free(t->rall);
	t->all = NULL;
	t->rall = NULL;
	if (v->cmp != NULL) {
		t->nall = compare_regressions(v->cmp, (enum cmp_basis)t->sort, &t->rall);
		compare_regressions_by_verdict(v->cmp, t->rall, t->nall);
	} else {
		ft_profile *owned;
		uint32_t first = table_first_rows(v);
		t->nall = functions_table_top(upright(v, &owned), v->col,
		    (enum ft_func_sort)t->sort, first, &t->all);
		t->nsorted = first < t->nall ? first : t->nall;
		profile_free(owned);
	}
	t->prof = v->prof;
	t->col = v->col;
	table_rows(v);
}

/* Are the table's rows those of the tree shown (and its column)?  The
 * key is reset whenever the tree changes (view_set_tree), so it never
 * matches a new tree that happens to be at a freed one's address. */
static int
table_current(const ft_view *v)
{
	const ft_ftable *t = &v->table;
	return t->prof == v->prof && t->col == v->col &&
	    (t->all != NULL || t->rall != NULL);
}

void
view_table_open(ft_view *v)
{
	v->table.active = 1;
	v->table.sel = v->table.top = 0;
	/* Opened again on the same tree: the rows computed last time. */
	if (table_current(v))
		table_rows(v);
	else
		view_table_refresh(v);
}

void
view_table_close(ft_view *v)
{
	v->table.active = 0;
	v->layout_dirty = 1;
}

int
view_table_filter(ft_view *v, const char *pattern, ft_diag *err)
{
	ft_matcher *m = NULL;
	if (pattern[0] != '\0' && (m = match_compile(pattern, err)) == NULL)
		return -1;
	match_free(v->table.m);
	v->table.m = m;
	v->table.sel = v->table.top = 0;
	table_rows(v);
	return 0;
}

int
view_table_page(const ft_view *v)
{
	int n = v->h - 3;
	return n < 1 ? 1 : n;
}

void
view_table_move(ft_view *v, long d)
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
	uint32_t page = (uint32_t)view_table_page(v);
	if (t->sel < t->top)
		t->top = t->sel;
	if (t->sel >= t->top + page)
		t->top = t->sel - page + 1;
	view_table_ready(v);
}

void
view_table_sort(ft_view *v)
{
	ft_ftable *t = &v->table;
	if (v->cmp != NULL) {
		t->sort = t->sort == CMP_BASIS_SELF ? CMP_BASIS_TOTAL : CMP_BASIS_SELF;
		compare_regressions_sort(v->cmp, t->rall, t->nall, (enum cmp_basis)t->sort);
		compare_regressions_by_verdict(v->cmp, t->rall, t->nall);
		t->sel = t->top = 0;
		table_rows(v);
	} else {
		t->sort = (t->sort + 1) % 3;
		if (table_current(v)) {
			/* Same functions, another order: no need to count again. */
			uint32_t first = table_first_rows(v);
			functions_sort_top(v->prof, t->all, t->nall, first,
			    (enum ft_func_sort)t->sort);
			t->nsorted = first < t->nall ? first : t->nall;
			table_rows(v);
		} else {
			view_table_refresh(v);
		}
	}
}

/* Comparison: select the widest frame of function name in the graph,
 * zooming out of a subtree that does not hold it and into its parent when
 * it is too narrow to draw. */
static void
jump_to_function(ft_view *v, uint32_t name)
{
	view_table_close(v);
	view_update_layout(v);
	ft_pane *p = view_active(v);
	ft_widths w = view_pane_widths(v, p);
	uint32_t n = compare_widest_named(v->cmp, name, w);
	if (n == FT_NONE || w.w[(size_t)n * w.stride] <= 0)
		n = compare_widest_named(v->cmp, name, compare_widths(v->cmp, CMP_W_MAX));
	if (n == FT_NONE)
		return;
	view_select(v, n);
	view_update_layout(v);
	p = view_active(v);
	if (view_pane_has(v, p, n) && layout_find(&p->layout, v->prof, n) == NULL) {
		view_zoom_to(v, v->prof->nodes[n].parent);
		v->sel = n;
		view_follow(v);
	}
}

void
view_table_enter(ft_view *v, uint32_t r)
{
	if (r >= v->table.nrows)
		return;
	view_table_ready(v);
	uint32_t name = view_table_name(v, r);
	if (v->cmp != NULL) {
		jump_to_function(v, name);
		return;
	}
	ft_diag err;
	if (view_butterfly_open(v, name, &err) != 0)
		view_message(v, err.msg);
}

int
view_table_copy(ft_view *v)
{
	if (v->table.nrows == 0)
		return 0;
	view_table_ready(v);
	uint32_t nm = view_table_name(v, v->table.sel);
	char *c = xmalloc(intern_len(v->prof->names, nm) + 16);
	size_t o = put_name(c, 0, v->prof, nm);
	c[o] = '\0';
	return view_copy_text(v, c, o, 0);
}

/* --- butterfly --------------------------------------------------------- */

ft_view *
view_butterfly_half(ft_view *v)
{
	return v->bf->side ? &v->bf->down : &v->bf->up;
}

void
view_butterfly_geometry(ft_view *v)
{
	ft_bfview *bf = v->bf;
	if (bf == NULL)
		return;
	ft_view *h[2] = {&bf->up, &bf->down};
	int R = v->h - 2; /* rows between header and status (and details) */
	if (v->details && R - view_details_rows(v) >= 2)
		R -= view_details_rows(v);
	if (R < 2)
		R = 2;
	for (int i = 0; i < 2; i++) {
		h[i]->w = v->w;
		h[i]->h = v->h;
		h[i]->utf8 = v->utf8;
		h[i]->colors = v->colors;
		h[i]->color = v->color;
		view_heat_ready(h[i]);
		if (h[i]->pane[0].layout.width != v->w ||
		    h[i]->wsrc != v->wsrc)
			h[i]->layout_dirty = 1;
		h[i]->wsrc = v->wsrc;
		h[i]->gtop = 1;
		h[i]->grows = R;
		view_update_layout(h[i]);
		h[i]->nosel = bf->side != i;
	}
	/* Rows of each half, F's row counted in both. */
	int upn = (int)bf->up.pane[0].layout.nrows, downn = (int)bf->down.pane[0].layout.nrows;
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
	for (int i = 0; i < 2; i++) {
		/* Only the row split changed: the layouts stand. */
		h[i]->pane[0].y = h[i]->gtop - 1;
		h[i]->pane[0].h = h[i]->grows + 1;
		view_follow(h[i]);
	}
}

/* A comparison's butterfly: each half tree keeps both value sets; as a
 * comparison of its own two columns it gets presence and deltas. */
static int
bf_compare(ft_view *v, ft_bfview *bf, ft_diag *err)
{
	ft_compare_opts co = {.sort = v->sort};
	if (compare_build(&bf->hc[0], bf->b.callers, CMP_A, bf->b.callers, CMP_B, &co, err) != 0)
		return -1;
	if (compare_build(&bf->hc[1], bf->b.callees, CMP_A, bf->b.callees, CMP_B, &co, err) != 0)
		return -1;
	/* The halves' roots are F, as in the butterfly trees; their file
	 * names and types are the comparison's. */
	for (int i = 0; i < 2; i++) {
		bf->hc[i].u->nodes[FT_ROOT].name = bf->b.name;
		bf->hc[i].src[0] = v->cmp->src[0];
		bf->hc[i].src[1] = v->cmp->src[1];
		bf->hc[i].type[0] = v->cmp->type[0];
		bf->hc[i].type[1] = v->cmp->type[1];
		bf->hc[i].normalized = v->cmp->normalized;
	}
	view_init_compare(&bf->up, &bf->hc[0], v->w, v->h);
	view_init_compare(&bf->down, &bf->hc[1], v->w, v->h);
	bf->up.mode = bf->down.mode = CV_DIFF;
	return 0;
}

int
view_butterfly_open(ft_view *v, uint32_t name, ft_diag *err)
{
	ft_bfview *bf = xcalloc(1, sizeof(*bf));
	int col = v->cmp != NULL ? CMP_B : v->col;
	ft_profile *owned;
	int rc = butterfly_build(upright(v, &owned), name, v->sort, col, &bf->b, err);
	profile_free(owned);
	if (rc != 0) {
		free(bf);
		return -1;
	}
	if (v->cmp != NULL) {
		if (bf_compare(v, bf, err) != 0) {
			for (int i = 0; i < 2; i++)
				if (bf->hc[i].u != NULL)
					compare_free(&bf->hc[i]);
			butterfly_free(&bf->b);
			free(bf);
			return -1;
		}
	} else {
		view_init(&bf->up, bf->b.callers, v->w, v->h);
		view_init(&bf->down, bf->b.callees, v->w, v->h);
		bf->up.col = bf->down.col = v->col;
	}
	bf->up.flip = 1;
	bf->side = 1;
	bf->from_table = v->table.active;
	if (v->bf != NULL) {
		bf->from_table = v->bf->from_table;
		view_butterfly_free(v->bf);
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
	view_butterfly_free(v->bf);
	v->bf = NULL;
	v->layout_dirty = 1;
}

uint32_t
view_butterfly_stack(const ft_view *v, uint32_t **names)
{
	const ft_bfview *bf = v->bf;
	const ft_view *cur = bf->side ? &bf->down : &bf->up;
	const ft_profile *p = cur->prof;
	uint32_t d = profile_depth(p, cur->sel);
	uint32_t *path = xmalloc(sizeof(uint32_t) * (d + 1));
	uint32_t *s = xmalloc(sizeof(uint32_t) * (d + 1));
	profile_path(p, cur->sel, path);
	if (bf->side == 0) {
		/* Callers half: the path runs from F outwards. */
		for (uint32_t i = 0; i < d; i++)
			s[i] = path[d - 1 - i];
		s[d] = bf->b.name;
	} else {
		s[0] = bf->b.name;
		memcpy(s + 1, path, sizeof(uint32_t) * d);
	}
	free(path);
	*names = s;
	return d + 1;
}

/* y / Y in the butterfly view: the selected name, or the real call stack
 * through F (root first), whichever half the selection is in. */
int
view_butterfly_copy(ft_view *v, int stack)
{
	ft_view *cur = view_butterfly_half(v);
	const ft_profile *p = cur->prof;
	uint32_t *names;
	uint32_t n = stack ? view_butterfly_stack(v, &names) : 1;
	if (!stack) {
		names = xmalloc(sizeof(uint32_t));
		names[0] = p->nodes[cur->sel].name;
	}
	size_t len = 1;
	for (uint32_t i = 0; i < n; i++)
		len += intern_len(p->names, names[i]) + 16;
	char *s = xmalloc(len);
	size_t o = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (i > 0)
			s[o++] = ';';
		o = put_name(s, o, p, names[i]);
	}
	s[o] = '\0';
	free(names);
	return view_copy_text(v, s, o, stack);
}

/* --- prompts ----------------------------------------------------------- */

int
view_prompt_open(ft_view *v, int kind)
{
	if (kind == PK_FILTER && v->cmp != NULL && v->in[0] == NULL) {
		v->message = no_inputs;
		return V_REDRAW;
	}
	ft_history *h = kind == PK_SEARCH ? &v->hist_search :
	    kind == PK_FILTER ? &v->hist_filter : &v->hist_table;
	/* The table's row filter is edited; a search starts empty (Up
	 * recalls the history). */
	const ft_matcher *cur = kind == PK_TABLE ? v->table.m : NULL;
	v->prompt_kind = kind;
	prompt_start(&v->prompt, cur != NULL ? match_pattern(cur) : NULL, h);
	if (kind == PK_SEARCH) {
		free(v->search_before);
		v->search_before = xstrdup(v->search != NULL ? match_pattern(v->search) : "");
	}
	return V_REDRAW;
}

int
view_prompt_accept(ft_view *v, int kind, const char *text)
{
	ft_diag err;
	switch (kind) {
	case PK_SEARCH:
		history_add(&v->hist_search, text);
		if (view_search_set(v, text, &err) != 0) {
			/* Typing searched as it went: the search there was
			 * before / stays, not a prefix of the bad regex. */
			view_message(v, err.msg);
			if (v->search_before != NULL) {
				ft_diag e;
				view_search_set(v, v->search_before, &e);
			}
		}
		break;
	case PK_FILTER:
		if (text[0] == '\0')
			break;
		history_add(&v->hist_filter, text);
		if (view_filter_add(v, text, &err) != 0) {
			/* A wrong verb: the verbs there are, as many as fit. */
			char buf[512];
			if (strncmp(err.msg, "unknown filter", 14) == 0)
				view_message(v, prompt_filter_unknown(text, v->w, buf, sizeof(buf)));
			else
				view_message(v, err.msg);
		}
		break;
	case PK_TABLE:
		history_add(&v->hist_table, text);
		if (view_table_filter(v, text, &err) != 0)
			view_message(v, err.msg);
		break;
	default:
		break;
	}
	return V_REDRAW;
}
