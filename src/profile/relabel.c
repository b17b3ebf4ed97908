/* relabel.c - thread root frames and --group (see relabel.h).
 *
 * The builder side records, for every thread root frame, the names the
 * frame takes at the coarser levels; the transform side copies the tree
 * once in node order (a parent is always created before its children, so
 * one forward pass maps every node) with those root frames renamed.
 */
#include "profile/relabel.h"
#include "profile/order.h"
#include "profile/spans.h"
#include "profile/timeline.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/demangle.h"
#include "profile/labels.h"
#include "base/xalloc.h"

static const char *const group_names[FT_GROUPS] = {"none", "process", "thread"};

const char *
group_name(int g)
{
	return g >= 0 && g < FT_GROUPS ? group_names[g] : "?";
}

int
group_parse(const char *s)
{
	for (int g = 0; g < FT_GROUPS; g++)
		if (strcmp(s, group_names[g]) == 0)
			return g;
	return -1;
}

/* Intern "NAME", "NAME-pid", "NAME/tid" or "NAME-pid/tid". */
static uint32_t
intern_ids(ft_profile *p, const char *name, size_t n, int64_t pid, int64_t tid)
{
	char num[48];
	int k = 0;
	if (pid == FT_ID_ASK)
		k += snprintf(num + k, sizeof(num) - (size_t)k, "-?");
	else if (pid >= 0)
		k += snprintf(num + k, sizeof(num) - (size_t)k, "-%" PRId64, pid);
	if (tid == FT_ID_ASK)
		k += snprintf(num + k, sizeof(num) - (size_t)k, "/?");
	else if (tid >= 0)
		k += snprintf(num + k, sizeof(num) - (size_t)k, "/%" PRId64, tid);
	char *s = xmalloc(n + (size_t)k + 1);
	memcpy(s, name, n);
	memcpy(s + n, num, (size_t)k);
	uint32_t id = intern_get(p->names, s, n + (size_t)k, FT_KIND_NONE);
	free(s);
	return id;
}

uint32_t
profile_thread_root(ft_profile *p, const ft_thread *t)
{
	const char *name = t->thread != NULL ? t->thread : t->comm;
	size_t n = t->thread != NULL ? t->thread_len : t->comm_len;
	if (name == NULL) {
		name = "[unknown]";
		n = 9;
	}
	uint32_t id = intern_ids(p, name, n, t->pid, t->tid);
	uint32_t before = p->nnodes;
	uint32_t node = profile_child(p, FT_ROOT, id);
	if (node < before)
		return node;
	ft_thread_root r = {node, FT_NONE, FT_NONE};
	if (t->comm != NULL || t->pid >= 0 || t->pid == FT_ID_ASK) {
		r.process = t->comm != NULL ?
		    intern_ids(p, t->comm, t->comm_len, t->pid, -1) :
		    intern_ids(p, "process", 7, t->pid, -1);
	}
	if (t->comm_root && t->comm != NULL)
		r.merged = intern_get(p->names, t->comm, t->comm_len, FT_KIND_NONE);
	if (p->nthreads == p->cthreads) {
		p->cthreads = grow_cap(p->cthreads, (size_t)p->nthreads + 1, 16);
		p->threads = xreallocarray(p->threads, p->cthreads, sizeof(*p->threads));
	}
	p->threads[p->nthreads++] = r;
	return node;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

uint32_t
profile_process_count(const ft_profile *p)
{
	if (p->nthreads == 0)
		return 0;
	uint32_t *v = xmalloc(sizeof(uint32_t) * p->nthreads);
	for (uint32_t i = 0; i < p->nthreads; i++)
		v[i] = p->threads[i].process;
	qsort(v, p->nthreads, sizeof(uint32_t), cmp_u32);
	uint32_t n = 0;
	for (uint32_t i = 0; i < p->nthreads; i++)
		if (v[i] != FT_NONE && (i == 0 || v[i] != v[i - 1]))
			n++;
	free(v);
	return n;
}

static int
has_mangled(const ft_profile *p)
{
	uint32_t n = intern_count(p->names);
	for (uint32_t id = 1; id < n; id++)
		if (demangle_candidate(intern_str(p->names, id), intern_len(p->names, id)))
			return 1;
	return 0;
}

int
profile_demanglable(const ft_profile *p)
{
	return p->nrenames > 0 || has_mangled(p);
}

int
profile_relabelable(const ft_profile *p)
{
	return p->nthreads > 0 || profile_demanglable(p);
}

/* The demangle mode p's names are in. */
static int
names_mode(const ft_profile *p)
{
	return p->renamed ? p->rename_dm : FT_DEMANGLE_NONE;
}

int
profile_relabel_changes(const ft_profile *p, int g, int dm)
{
	return (p->nthreads > 0 && g != FT_GROUP_THREAD) ||
	    (dm != names_mode(p) && profile_demanglable(p));
}

char *
relabel_name_text(const ft_intern *names, uint32_t id, int dm, size_t *len)
{
	return demangle_name(intern_str(names, id), intern_len(names, id), dm, len);
}

uint32_t
relabel_name_intern(ft_intern *names, uint32_t id, const char *text, size_t len)
{
	return intern_get(names, text, len, intern_kind(names, id));
}

/* The name id of id in mode dm (computed once per id; nmap[0..nn) caches
 * it, ids from nn on were interned while relabelling and are final). */
static uint32_t
map_name(ft_intern *names, uint32_t *nmap, uint32_t nn, uint32_t id, int dm)
{
	if (dm == FT_DEMANGLE_NONE || id >= nn)
		return id;
	if (nmap[id] != UINT32_MAX)
		return nmap[id];
	size_t len;
	char *d = relabel_name_text(names, id, dm, &len);
	uint32_t out = id;
	if (d != NULL) {
		out = relabel_name_intern(names, id, d, len);
		free(d);
	}
	nmap[id] = out;
	return out;
}

#define BIT(v, i) ((v)[(i) >> 3] & (1u << ((i) & 7)))
#define SETBIT(v, i) ((v)[(i) >> 3] |= (unsigned char)(1u << ((i) & 7)))

/* Would renaming through nmap give some parent two children of one name?
 * Only parents of renamed nodes are looked at. */
static int
siblings_collide(const ft_profile *p, const uint32_t *nmap)
{
	unsigned char *seen = xcalloc(((size_t)p->nnodes + 7) / 8, 1);
	uint32_t *v = NULL;
	size_t cap = 0;
	int bad = 0;
	for (uint32_t n = 1; n < p->nnodes && !bad; n++) {
		uint32_t par = p->nodes[n].parent, id = p->nodes[n].name;
		if (nmap[id] == id || BIT(seen, par))
			continue;
		SETBIT(seen, par);
		size_t k = 0;
		for (uint32_t c = p->nodes[par].child; c != FT_NONE; c = p->nodes[c].sibling) {
			if (k == cap) {
				cap = grow_cap(cap, k + 1, 64);
				v = xreallocarray(v, cap, sizeof(uint32_t));
			}
			v[k++] = nmap[p->nodes[c].name];
		}
		qsort(v, k, sizeof(uint32_t), cmp_u32);
		for (size_t i = 1; i < k && !bad; i++)
			bad = v[i] == v[i - 1];
	}
	free(v);
	free(seen);
	return bad;
}

int
profile_relabel_inplace(ft_profile *p, int g, int dm, enum ft_sort sort, int column)
{
	if (!p->finished || p->renamed || dm == FT_DEMANGLE_NONE ||
	    (p->nthreads > 0 && g != FT_GROUP_THREAD))
		return 0;
	uint32_t nn = intern_count(p->names);
	/* What each name used by the tree becomes, interned in node order
	 * (as the copy interns them, so name ids match too). */
	uint32_t *nmap = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	memset(nmap, 0xff, sizeof(uint32_t) * (nn ? nn : 1));
	int any = 0;
	for (uint32_t n = 1; n < p->nnodes; n++) {
		uint32_t id = p->nodes[n].name;
		if (nmap[id] != UINT32_MAX)
			continue;
		nmap[id] = id;
		if (!demangle_candidate(intern_str(p->names, id), intern_len(p->names, id)))
			continue;
		size_t len;
		char *d = relabel_name_text(p->names, id, dm, &len);
		if (d != NULL) {
			nmap[id] = relabel_name_intern(p->names, id, d, len);
			free(d);
			any |= nmap[id] != id;
		}
	}
	/* A rename when no two siblings end up alike: then the copy would
	 * have the same nodes in the same order. */
	int ok = !any || !siblings_collide(p, nmap);
	if (ok && any) {
		uint32_t cnt = 0;
		for (uint32_t n = 1; n < p->nnodes; n++)
			cnt += nmap[p->nodes[n].name] != p->nodes[n].name;
		ft_rename *r = xmalloc(sizeof(*r) * cnt);
		uint32_t k = 0;
		for (uint32_t n = 1; n < p->nnodes; n++) {
			uint32_t id = p->nodes[n].name;
			if (nmap[id] != id) {
				r[k++] = (ft_rename){n, id};
				p->nodes[n].name = nmap[id];
			}
		}
		p->renames = r;
		p->nrenames = cnt;
		if (column < 0 || column >= p->nvals)
			column = p->deftype;
		profile_sort(p, sort, column);
	}
	if (ok) {
		p->renamed = 1;
		p->rename_dm = dm;
	}
	free(nmap);
	return ok;
}

ft_profile *
profile_regroup(const ft_profile *p, int g, enum ft_sort sort, int column,
    ft_diag *err)
{
	return profile_relabel(p, g, FT_DEMANGLE_NONE, sort, column, err);
}

/* 1 when map keeps apart every node of p at or above a span (the root
 * aside): no two of them map to one node. */
static int
spans_paths_kept(const ft_profile *p, const uint32_t *map)
{
	uint32_t nn = p->nnodes;
	uint8_t *up = xcalloc(nn ? nn : 1, 1);
	const ft_spans *sp = p->spans;
	for (uint32_t i = 0; i < sp->n; i++)
		for (uint32_t n = sp->node[i]; n != FT_ROOT && n < nn && !up[n];
		    n = p->nodes[n].parent)
			up[n] = 1;
	uint32_t *owner = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	memset(owner, 0xff, sizeof(uint32_t) * (nn ? nn : 1));
	int ok = 1;
	for (uint32_t n = 1; n < nn && ok; n++) {
		if (!up[n])
			continue;
		uint32_t m = map[n];
		if (m >= nn || owner[m] != UINT32_MAX)
			ok = 0;
		else
			owner[m] = n;
	}
	free(owner);
	free(up);
	return ok;
}

/* The relabelled tree of p; with consume, built into p's own arrays (a
 * new node's id is never above the id of the node of p it comes from, and
 * node n of p is read before anything is written at n), p freed. */
static ft_profile *
relabel_run(ft_profile *p, int g, int dm, enum ft_sort sort, int column,
    ft_diag *err, int consume)
{
	if (p->names_merged && dm != p->rename_dm) {
		diag_set(err, "%s: names demangled while loading: not kept as loaded",
		    p->source);
		if (consume)
			profile_free(p);
		return NULL;
	}
	ft_profile *q = profile_new_like(p);
	q->unit_unknown = p->unit_unknown;
	uint32_t *map = xmalloc(sizeof(uint32_t) * p->nnodes);
	map[FT_ROOT] = FT_ROOT;
	ft_val *row = xmalloc(sizeof(ft_val) * (size_t)p->nvals);
	uint32_t nn = dm != FT_DEMANGLE_NONE ? intern_count(p->names) : 0;
	uint32_t *nmap = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	memset(nmap, 0xff, sizeof(uint32_t) * (nn ? nn : 1));
	uint32_t k = 0; /* next thread entry (entries are in node order) */
	uint32_t r = 0; /* next renamed node (in node order too) */
	int rc = 0;
	int any = profile_self_row(p, FT_ROOT, row);
	if (consume)
		profile_adopt_arrays(q, p);
	else
		profile_reserve(q, p->nnodes);
	if (any)
		rc = profile_add_self(q, FT_ROOT, row, err);
	for (uint32_t n = 1; n < p->nnodes && rc == 0; n++) {
		const ft_node nd = p->nodes[n]; /* a copy: q may write over it */
		any = profile_self_row(p, n, row);
		while (k < p->nthreads && p->threads[k].node < n)
			k++;
		if (nd.parent == FT_ROOT && k < p->nthreads && p->threads[k].node == n &&
		    g != FT_GROUP_THREAD) {
			uint32_t name = g == FT_GROUP_PROCESS ? p->threads[k].process :
			    p->threads[k].merged;
			map[n] = name == FT_NONE ? FT_ROOT : profile_child(q, FT_ROOT, name);
		} else {
			/* The name as loaded, also for p renamed in place. */
			uint32_t name = nd.name;
			while (r < p->nrenames && p->renames[r].node < n)
				r++;
			if (r < p->nrenames && p->renames[r].node == n)
				name = p->renames[r].was;
			map[n] = profile_child(q, map[nd.parent],
			    map_name(q->names, nmap, nn, name, dm));
		}
		if (any)
			rc = profile_add_self(q, map[n], row, err);
	}
	free(row);
	free(nmap);
	if (rc == 0)
		labels_remap(p, q, map); /* JFR threads' labels follow the merge */
	/* The timeline follows too: moved when p is used up, else copied
	 * (the viewer keeps p for its group key). */
	if (rc == 0 && consume && p->timeline != NULL) {
		q->timeline = p->timeline;
		p->timeline = NULL;
		timeline_remap_inplace(q->timeline, map);
	} else if (rc == 0) {
		q->timeline = timeline_remap(p->timeline, map);
	}
	/* The sample order likewise. */
	if (rc == 0 && consume && p->sample_order != NULL) {
		q->sample_order = p->sample_order;
		p->sample_order = NULL;
		order_remap_inplace(q->sample_order, map);
	} else if (rc == 0) {
		q->sample_order = order_remap(p->sample_order, map);
	}
	/* The spans as the timeline; dropped when two call paths above
	 * spans merge (two threads into one process, or into the root):
	 * their spans would no longer nest. */
	if (rc == 0 && p->spans != NULL && !spans_paths_kept(p, map)) {
		if (consume) {
			spans_free(p->spans);
			p->spans = NULL;
		}
	} else if (rc == 0 && consume) {
		q->spans = spans_remap(p->spans, map, q->nnodes, 1);
		p->spans = NULL;
	} else if (rc == 0) {
		q->spans = spans_remap(p->spans, map, q->nnodes, 0);
	}
	free(map);
	if (consume) {
		p->nodes = NULL;
		p->total = NULL;
		p->cap = 0;
		profile_free(p);
	}
	if (rc != 0 || profile_finish(q, sort, column, err) != 0) {
		profile_free(q);
		return NULL;
	}
	return q;
}

ft_profile *
profile_relabel(const ft_profile *p, int g, int dm, enum ft_sort sort, int column,
    ft_diag *err)
{
	return relabel_run((ft_profile *)p, g, dm, sort, column, err, 0);
}

ft_profile *
profile_relabel_consume(ft_profile *p, int g, int dm, enum ft_sort sort, int column,
    ft_diag *err)
{
	if (!profile_relabel_changes(p, g, dm) ||
	    profile_relabel_inplace(p, g, dm, sort, column))
		return p;
	return relabel_run(p, g, dm, sort, column, err, 1);
}
