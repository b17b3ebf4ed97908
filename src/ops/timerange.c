/* timerange.c - the tree of a time range, the heat map of a profile (see
 * timerange.h). */
#include "ops/timerange.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "profile/intern.h"
#include "profile/spans.h"

static const char *const idle_funcs[] = {"cpuidle", "cpu_idle",
    "cpu_bringup_and_idle", "native_safe_halt", "xen_hypercall_sched_op",
    "xen_hypercall_vcpu_op"};

/* What a name says for FlameScope's idle rules, one bit each. */
enum {
	IDLE_SWAPPER = 1,  /* holds "swapper" */
	IDLE_ANY = 2,      /* holds an idle function's name */
	IDLE_AFTER = 4,    /* holds one after its first "swapper" */
	IDLE_V8 = 8,       /* is "(idle)" */
};

static int
holds_idle_func(const char *s)
{
	for (size_t i = 0; i < sizeof(idle_funcs) / sizeof(idle_funcs[0]); i++)
		if (strstr(s, idle_funcs[i]) != NULL)
			return 1;
	return 0;
}

uint8_t *
timerange_idle_nodes(const ft_profile *p)
{
	const ft_timeline *tl = p->timeline;
	if (tl == NULL || tl->idle_rule == FT_IDLE_NONE)
		return NULL;
	/* Each name looked at once (a big tree has far fewer names than
	 * nodes), then one pass over the nodes. */
	uint32_t nnames = intern_count(p->names);
	uint8_t *bits = xcalloc(nnames ? nnames : 1, 1);
	for (uint32_t id = 0; id < nnames; id++) {
		const char *name = intern_str(p->names, id);
		const char *sw = strstr(name, "swapper");
		bits[id] = (uint8_t)((sw != NULL ? IDLE_SWAPPER : 0) |
		    (holds_idle_func(name) ? IDLE_ANY : 0) |
		    (sw != NULL && holds_idle_func(sw + 7) ? IDLE_AFTER : 0) |
		    (strcmp(name, "(idle)") == 0 ? IDLE_V8 : 0));
	}
	/* 0: nothing yet, 1: below a swapper frame, 2: idle.  A parent's
	 * id is below its children's: one pass in id order.  FlameScope's
	 * regex swapper.*(cpuidle|...) runs over the stack's text, so one
	 * frame may hold both (then what follows "swapper" in it counts). */
	uint8_t *st = xcalloc(p->nnodes ? p->nnodes : 1, 1);
	for (uint32_t n = 1; n < p->nnodes; n++) {
		uint8_t s = st[p->nodes[n].parent];
		uint32_t id = p->nodes[n].name;
		uint8_t b = id < nnames ? bits[id] : 0;
		if (tl->idle_rule == FT_IDLE_V8)
			s = s == 2 || (b & IDLE_V8) ? 2 : 0;
		else if (s == 1)
			s = b & IDLE_ANY ? 2 : 1;
		else if (s == 0 && (b & IDLE_SWAPPER))
			s = b & IDLE_AFTER ? 2 : 1;
		st[n] = s;
	}
	free(bits);
	/* As a set of one bit per node: 4 M nodes in 512 KiB. */
	uint8_t *set = xcalloc(((size_t)p->nnodes + 7) / 8 + 1, 1);
	int any = 0;
	for (uint32_t n = 0; n < p->nnodes; n++)
		if (st[n] == 2) {
			set[n >> 3] |= (uint8_t)(1u << (n & 7));
			any = 1;
		}
	free(st);
	if (!any) { /* nothing idle: no lookup per sample */
		free(set);
		return NULL;
	}
	return set;
}

int
timerange_heatmap(const ft_profile *p, uint32_t rows, int64_t step,
    int with_idle, ft_heatmap *hm, ft_diag *err)
{
	if (p->timeline == NULL) {
		diag_set(err, "%s: the %s format keeps no time per sample", p->source ?
		    p->source : "-", p->format ? p->format : "input");
		return -1;
	}
	uint8_t *idle = with_idle ? NULL : timerange_idle_nodes(p);
	heatmap_bin(p->timeline, rows, step, idle, hm);
	free(idle);
	return 0;
}

/* The nodes of set (one bit per node of p) and their callers, made in np
 * in p's id order (callers first): set is closed over the callers, and
 * map[n] (returned, malloc'd) is node n's id in np where n's bit is set,
 * the only places read.  A short range of a big tree costs what it
 * holds, not the tree. */
static uint32_t *
tree_of_set(const ft_profile *p, uint64_t *set, ft_profile *np)
{
	size_t nn = p->nnodes, nw = nn / 64 + 1;
	/* Callers: children before parents (a parent's id is below its
	 * children's). */
	for (size_t k = nw; k-- > 0;)
		for (uint64_t bits = set[k]; bits != 0;) {
			int top = 63 - __builtin_clzll(bits);
			bits &= ~((uint64_t)1 << top);
			size_t n = k * 64 + (size_t)top;
			if (n == 0)
				continue;
			uint32_t par = p->nodes[n].parent;
			set[par >> 6] |= (uint64_t)1 << (par & 63);
			if (par >> 6 == k) /* in this word: seen by the loop too */
				bits |= (uint64_t)1 << (par & 63);
		}
	uint32_t *map = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	map[0] = FT_ROOT;
	for (size_t k = 0; k < nw; k++)
		for (uint64_t bits = set[k]; bits != 0; bits &= bits - 1) {
			size_t n = k * 64 + (size_t)__builtin_ctzll(bits);
			if (n > 0)
				map[n] = profile_append(np, map[p->nodes[n].parent], p->nodes[n].name);
		}
	return map;
}

/* p's thread roots in np, a tree made of some of p's nodes: map[n] is
 * node n's id in np where n's bit is set in mapped. */
static void
map_threads(const ft_profile *p, ft_profile *np, const uint64_t *mapped, const uint32_t *map)
{
	for (uint32_t k = 0; k < p->nthreads; k++) {
		uint32_t t = p->threads[k].node;
		uint32_t m = t < p->nnodes && (mapped[t >> 6] >> (t & 63) & 1) ? map[t] : FT_NONE;
		if (m == FT_NONE)
			continue;
		if (np->nthreads == np->cthreads) {
			np->cthreads = (uint32_t)grow_cap(np->cthreads, np->nthreads + 1, 8);
			np->threads = xreallocarray(np->threads, np->cthreads,
			    sizeof(*np->threads));
		}
		np->threads[np->nthreads] = p->threads[k];
		np->threads[np->nthreads++].node = m;
	}
}

/* The tree of a trace's spans' self time inside [a, b) (ns from
 * spans_origin()): each span's length cut to the range goes to its node
 * and is taken from its parent span's (a span's children lie within it,
 * so a self time in range is never below 0), in the tree's unit. */
static ft_profile *
spans_range(const ft_profile *p, int64_t a, int64_t b, enum ft_sort sort,
    int column, ft_diag *err)
{
	const ft_spans *sp = p->spans;
	int64_t u = strcmp(p->types[0].unit, "nanoseconds") == 0 ? 1 :
	    strcmp(p->types[0].unit, "microseconds") == 0 ? 1000 :
	    strcmp(p->types[0].unit, "milliseconds") == 0 ? 1000000 :
	    strcmp(p->types[0].unit, "seconds") == 0 ? FT_NS : 0;
	if (p->nvals != 1 || u == 0) {
		diag_set(err, "%s: the spans' values are not one column of time: no "
		    "time range can be taken", p->source ? p->source : "-");
		return NULL;
	}
	size_t nn = p->nnodes;
	int64_t *ns = xcalloc(nn ? nn : 1, sizeof(int64_t));
	uint8_t *has = xcalloc(nn ? nn : 1, 1);
	for (uint32_t i = 0; i < sp->n; i++)
		if (sp->node[i] < nn)
			has[sp->node[i]] = 1;
	int64_t o = spans_origin(sp);
	int over = 0;
	for (uint32_t i = 0; i < sp->n; i++) {
		uint32_t n = sp->node[i];
		int64_t s, e;
		if (n >= nn || __builtin_sub_overflow(sp->start[i], o, &s) ||
		    __builtin_sub_overflow(sp->end[i], o, &e))
			continue;
		if (s < a)
			s = a;
		if (e > b)
			e = b;
		if (e <= s)
			continue;
		uint32_t par = p->nodes[n].parent;
		over |= __builtin_add_overflow(ns[n], e - s, &ns[n]);
		if (par != FT_ROOT && has[par])
			over |= __builtin_sub_overflow(ns[par], e - s, &ns[par]);
	}
	free(has);
	if (over) {
		free(ns);
		diag_set(err, "total of counts overflows 64 bits");
		return NULL;
	}
	/* The nodes with a self time in range (never below 0) and their
	 * callers; profile_finish() checks the totals. */
	uint64_t *set = xcalloc(nn / 64 + 1, sizeof(uint64_t));
	for (size_t n = 0; n < nn; n++)
		if (ns[n] / u > 0)
			set[n >> 6] |= (uint64_t)1 << (n & 63);
	ft_profile *np = profile_new_like(p);
	uint32_t *map = tree_of_set(p, set, np);
	int rc = 0;
	for (size_t n = 0; n < nn && rc == 0; n++)
		if (ns[n] / u > 0) {
			ft_val v = ns[n] / u;
			rc = profile_add_self(np, map[n], &v, err);
		}
	map_threads(p, np, set, map);
	free(map);
	free(set);
	free(ns);
	if (rc != 0 || profile_finish(np, sort, column, err) != 0) {
		profile_free(np);
		return NULL;
	}
	return np;
}

ft_profile *
timerange_apply(const ft_profile *p, int64_t a, int64_t b, enum ft_sort sort,
    int column, ft_diag *err)
{
	const ft_timeline *tl = p->timeline;
	if (tl == NULL && p->spans != NULL)
		return spans_range(p, a, b, sort, column, err);
	if (tl == NULL) {
		diag_set(err, "%s: the %s format keeps no time per sample: no time "
		    "range can be taken", p->source ? p->source : "-",
		    p->format ? p->format : "input");
		return NULL;
	}
	size_t nn = p->nnodes, nv = (size_t)p->nvals;
	int64_t o = timeline_origin(tl);
	ft_timeline *keep = timeline_new(tl->col, tl->count_col);
	keep->start = tl->start;
	keep->end = tl->end;
	keep->have_bounds = 1;
	if (!tl->have_bounds) {
		keep->start = tl->tmin;
		keep->end = tl->tmax;
	}
	keep->untimed = tl->untimed;
	keep->other = tl->other;
	keep->idle_rule = tl->idle_rule;
	/* The range's tree holds the nodes of its samples and their callers
	 * (tree_of_set), then each sample is added to its node. */
	uint64_t *mapped = xcalloc(nn / 64 + 1, sizeof(uint64_t));
	ft_val *row = xcalloc(nv ? nv : 1, sizeof(ft_val));
	ft_profile *np = profile_new_like(p);
	int rc = 0;
	/* Samples in time order: the range's by binary search. */
	uint32_t lo = 0, hi = tl->n;
	if (!tl->backwards) {
		lo = timeline_first_at(tl, o, 0, tl->n, a);
		hi = b == INT64_MAX ? tl->n : timeline_first_at(tl, o, lo, tl->n, b);
	}
	int counted = tl->count_col >= 0 && (size_t)tl->count_col < nv;
	for (uint32_t i = lo; i < hi; i++) {
		int64_t d = tl->t[i] - o;
		if (d < a || d >= b)
			continue;
		uint32_t n = tl->leaf[i];
		int c = tl->cols != NULL ? tl->cols[i] : tl->col;
		uint64_t w = tl->w != NULL ? tl->w[i] : 1;
		if (n >= nn || (size_t)c >= nv)
			continue;
		(void)timeline_add(keep, tl->t[i], n, (int64_t)w, c);
		if (w != 0 || counted)
			mapped[n >> 6] |= (uint64_t)1 << (n & 63);
	}
	uint32_t *map = tree_of_set(p, mapped, np);
	for (uint32_t i = 0; i < keep->n && rc == 0; i++) {
		uint32_t n = keep->leaf[i];
		int c = keep->cols != NULL ? keep->cols[i] : keep->col;
		uint64_t w = keep->w != NULL ? keep->w[i] : 1;
		if (w == 0 && !counted)
			continue;
		row[c] = (ft_val)w;
		if (counted)
			row[tl->count_col] += 1;
		rc = profile_add_self(np, map[n], row, err);
		row[c] = 0;
		if (counted)
			row[tl->count_col] = 0;
	}
	/* The kept samples' nodes, and the thread roots, move to the new ids
	 * (FT_NONE: a node no value reached). */
	for (uint32_t i = 0; i < keep->n; i++) {
		uint32_t n = keep->leaf[i];
		keep->leaf[i] = mapped[n >> 6] >> (n & 63) & 1 ? map[n] : FT_NONE;
	}
	map_threads(p, np, mapped, map);
	free(row);
	free(map);
	free(mapped);
	np->timeline = keep;
	if (rc != 0 || profile_finish(np, sort, column, err) != 0) {
		profile_free(np);
		return NULL;
	}
	return np;
}

uint8_t *
timerange_frame_nodes(const ft_profile *base, const ft_profile *p, uint32_t node)
{
	if (node == FT_ROOT || node >= p->nnodes)
		return NULL;
	uint8_t *m = xcalloc(base->nnodes ? base->nnodes : 1, 1);
	uint32_t at = node;
	if (p != base) {
		uint32_t d = profile_depth(p, node);
		uint32_t *path = xmalloc(sizeof(uint32_t) * (d + 1));
		uint32_t k = profile_path(p, node, path);
		at = p->names == base->names ? profile_lookup(base, path, k) : FT_NONE;
		free(path);
	}
	const char *name = intern_str(p->names, p->nodes[node].name);
	size_t len = intern_len(p->names, p->nodes[node].name);
	/* A parent's id is below its children's: one pass in id order. */
	for (uint32_t n = 1; n < base->nnodes; n++) {
		uint32_t nm = base->nodes[n].name;
		int self = at != FT_NONE ? n == at : (p->names == base->names ?
		    nm == p->nodes[node].name : intern_len(base->names, nm) == len &&
		    memcmp(intern_str(base->names, nm), name, len) == 0);
		m[n] = self || m[base->nodes[n].parent];
	}
	return m;
}

int
timerange_describe(const ft_profile *p, char *buf, size_t cap)
{
	const ft_timeline *tl = p->timeline;
	if (tl == NULL || cap == 0)
		return 0;
	int64_t o = timeline_origin(tl), e = timeline_end(tl);
	int k = snprintf(buf, cap, "%u samples with time, %.3f s from %.3f s (origin %.0f s)",
	    tl->n, (double)(e - (tl->have_bounds ? tl->start : tl->tmin)) / 1e9,
	    (double)(tl->have_bounds ? tl->start : tl->tmin) / 1e9, (double)o / 1e9);
	if (k > 0 && (size_t)k < cap && tl->untimed > 0)
		k += snprintf(buf + k, cap - (size_t)k, "; %llu without time (left out of "
		    "the heat map and of time ranges)", (unsigned long long)tl->untimed);
	if (k > 0 && (size_t)k < cap && tl->other > 0)
		k += snprintf(buf + k, cap - (size_t)k, "; %llu event%s of other types "
		    "not on the timeline (left out of the heat map and of time ranges)",
		    (unsigned long long)tl->other, tl->other == 1 ? "" : "s");
	if (k > 0 && (size_t)k < cap && tl->backwards)
		k += snprintf(buf + k, cap - (size_t)k, "; times go backwards (binned as "
		    "they come)");
	return k < 0 ? 0 : (size_t)k >= cap ? (int)cap - 1 : k;
}
