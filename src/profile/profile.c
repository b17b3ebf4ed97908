/* profile.c - call tree builder and queries (see profile.h).
 *
 * Children are found while building by scanning the parent's child list
 * while it is short (most nodes of a real profile have one or two children,
 * and a fresh node has none: no memory traffic beyond the node itself);
 * once a node has more than WIDE children they also go into one
 * open-addressing table keyed by (parent, name), so wide nodes cost no more
 * than narrow ones and input order does not matter.  Totals are summed child-to-parent in reverse
 * creation order (a child is always created after its parent), so nothing
 * recurses.  Ordering children uses a global rank per name and one linear
 * pass, not a sort per node.
 */
#include "profile/profile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "profile/framesrc.h"
#include "profile/labelsets.h"
#include "profile/order.h"
#include "profile/spans.h"
#include "profile/timeline.h"
#include "base/xalloc.h"

static uint32_t
slot_hash(uint32_t parent, uint32_t name)
{
	uint64_t k = ((uint64_t)parent << 32 | name) * 0x9e3779b97f4a7c15ull;
	return (uint32_t)(k >> 32);
}

#define WIDE 8

static size_t
vals_bytes(size_t cap, int nvals)
{
	if (cap > SIZE_MAX / sizeof(ft_val) / (size_t)nvals) {
		fprintf(stderr, "flametui: out of memory (too many frames)\n");
		exit(1);
	}
	return cap * (size_t)nvals * sizeof(ft_val);
}

/* Resize the per-node arrays to cap nodes. */
static void
arrays_resize(ft_profile *p, size_t cap)
{
	p->nodes = xbig_realloc(p->nodes, p->cap * sizeof(ft_node),
	    cap * sizeof(ft_node));
	p->total = xbig_realloc(p->total, vals_bytes(p->cap, p->nvals),
	    vals_bytes(cap, p->nvals));
	p->cap = cap;
}

static void
node_push(ft_profile *p, uint32_t name, uint32_t parent)
{
	if (p->nnodes == p->cap) {
		if (p->cap >= UINT32_MAX - 1) {
			fprintf(stderr, "flametui: too many frames (over 4 billion)\n");
			exit(1);
		}
		size_t cap = grow_cap(p->cap, p->cap + 1, 1024);
		if (cap > UINT32_MAX - 1)
			cap = UINT32_MAX - 1;
		arrays_resize(p, cap);
	}
	uint32_t id = p->nnodes++;
	ft_node *nd = &p->nodes[id];
	nd->name = name;
	nd->parent = parent;
	nd->child = FT_NONE;
	nd->sibling = FT_NONE;
	ft_val *v = &p->total[(size_t)id * (size_t)p->nvals];
	for (int c = 0; c < p->nvals; c++)
		v[c] = 0;
	if (parent != FT_NONE) {
		ft_node *pn = &p->nodes[parent];
		nd->sibling = pn->child;
		pn->child = id;
		uint32_t d = parent == p->last ? p->last_depth + 1 :
		    profile_depth(p, parent) + 1;
		p->last = id;
		p->last_depth = d;
		if (d > p->build_depth)
			p->build_depth = d;
	}
}

ft_profile *
profile_new(ft_intern *names, int nvals)
{
	ft_profile *p = xcalloc(1, sizeof(*p));
	p->names = names != NULL ? intern_ref(names) : intern_new();
	p->arena = arena_new();
	p->nvals = nvals < 1 ? 1 : nvals;
	p->types = arena_alloc(p->arena, sizeof(ft_vtype) * (size_t)p->nvals);
	for (int i = 0; i < p->nvals; i++)
		p->types[i] = (ft_vtype){"samples", "count"};
	p->source = "";
	p->format = "";
	p->mask = 1023;
	p->slots = xcalloc((size_t)p->mask + 1, sizeof(uint32_t));
	node_push(p, 0, FT_NONE);
	return p;
}

void
profile_free(ft_profile *p)
{
	if (p == NULL)
		return;
	xbig_free(p->nodes, p->cap * sizeof(ft_node));
	xbig_free(p->total, vals_bytes(p->cap, p->nvals));
	free(p->slots);
	free(p->threads);
	free(p->renames);
	intern_unref(p->names);
	framesrc_unref(p->fsrc);
	labelled_free(p->labels);
	timeline_free(p->timeline);
	spans_free(p->spans);
	order_free(p->sample_order);
	arena_free(p->arena);
	free(p);
}

void
profile_set_type(ft_profile *p, int i, const char *name, const char *unit)
{
	if (i < 0 || i >= p->nvals)
		return;
	p->types[i].name = arena_strndup(p->arena, name, strlen(name));
	p->types[i].unit = arena_strndup(p->arena, unit, strlen(unit));
}

void
profile_set_source(ft_profile *p, const char *name)
{
	p->source = profile_strdup(p, name, strlen(name));
}

const char *
profile_strdup(ft_profile *p, const char *s, size_t n)
{
	return arena_strndup(p->arena, s, n);
}

/* Copy an array of n strings into p's arena (NULL when n == 0). */
static const char **
strv_dup(ft_profile *p, const char *const *v, int n)
{
	if (n <= 0)
		return NULL;
	const char **out = arena_alloc(p->arena, sizeof(char *) * (size_t)n);
	for (int i = 0; i < n; i++)
		out[i] = profile_strdup(p, v[i], strlen(v[i]));
	return out;
}

/* Entries being sorted by profile_set_where (qsort has no context). */
static _Thread_local const ft_frame_where *where_base; /* qsort context; --watch loads in a thread */

/* Positions by (name, position): a stable order. */
static int
cmp_where_pos(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	if (where_base[x].name != where_base[y].name)
		return where_base[x].name < where_base[y].name ? -1 : 1;
	return x < y ? -1 : x > y;
}

void
profile_set_where(ft_profile *p, const ft_frame_where *v, uint32_t n)
{
	p->where = NULL;
	p->nwhere = 0;
	if (n == 0)
		return;
	ft_frame_where *w = arena_alloc(p->arena, sizeof(*w) * n);
	uint32_t *order = xmalloc(sizeof(uint32_t) * n);
	for (uint32_t i = 0; i < n; i++)
		order[i] = i;
	where_base = v;
	qsort(order, n, sizeof(uint32_t), cmp_where_pos);
	uint32_t out = 0;
	for (uint32_t i = 0; i < n; i++) {
		const ft_frame_where *e = &v[order[i]];
		if (out > 0 && w[out - 1].name == e->name)
			continue;
		w[out].name = e->name;
		w[out].where = profile_strdup(p, e->where, strlen(e->where));
		out++;
	}
	free(order);
	p->where = w;
	p->nwhere = out;
}

const char *
profile_frame_where(const ft_profile *p, uint32_t name)
{
	uint32_t lo = 0, hi = p->nwhere;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (p->where[mid].name < name)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->nwhere && p->where[lo].name == name ? p->where[lo].where : NULL;
}

ft_profile *
profile_new_like(const ft_profile *src)
{
	ft_profile *p = profile_new(src->names, src->nvals);
	for (int i = 0; i < src->nvals; i++)
		profile_set_type(p, i, src->types[i].name, src->types[i].unit);
	p->deftype = src->deftype;
	p->scale = src->scale;
	p->differential = src->differential;
	p->source = profile_strdup(p, src->source, strlen(src->source));
	p->format = src->format;
	p->unit_unknown = src->unit_unknown;
	p->traced = src->traced;
	if (src->period_type.name != NULL) {
		p->period_type.name = profile_strdup(p, src->period_type.name,
		    strlen(src->period_type.name));
		p->period_type.unit = profile_strdup(p, src->period_type.unit,
		    strlen(src->period_type.unit));
	}
	p->period = src->period;
	p->duration_ns = src->duration_ns;
	p->time_ns = src->time_ns;
	if (src->ncomments > 0) {
		p->comments = arena_alloc(p->arena, sizeof(char *) * (size_t)src->ncomments);
		for (int i = 0; i < src->ncomments; i++)
			p->comments[i] = profile_strdup(p, src->comments[i],
			    strlen(src->comments[i]));
		p->ncomments = src->ncomments;
	}
	p->label_keys = strv_dup(p, src->label_keys, src->nlabel_keys);
	p->nlabel_keys = src->nlabel_keys;
	p->numlabel_keys = strv_dup(p, src->numlabel_keys, src->nnumlabel_keys);
	p->nnumlabel_keys = src->nnumlabel_keys;
	if (src->note != NULL)
		p->note = profile_strdup(p, src->note, strlen(src->note));
	profile_set_where(p, src->where, src->nwhere);
	p->fsrc = framesrc_ref(src->fsrc);
	return p;
}

void
profile_set_nvals(ft_profile *p, int n)
{
	if (n <= p->nvals)
		return;
	if (p->sample_order != NULL && p->sample_order->n > 0)
		p->sample_order->lost = 1; /* its samples' columns moved */
	else if (p->sample_order != NULL)
		p->sample_order->nv = n;
	int old = p->nvals;
	ft_val *self = xbig_realloc(NULL, 0, vals_bytes(p->cap, n));
	memset(self, 0, vals_bytes(p->nnodes, n));
	for (uint32_t i = 0; i < p->nnodes; i++)
		self[(size_t)i * (size_t)n + (size_t)(n - 1)] =
		    p->total[(size_t)i * (size_t)old + (size_t)(old - 1)];
	xbig_free(p->total, vals_bytes(p->cap, old));
	p->total = self;
	ft_vtype *types = arena_alloc(p->arena, sizeof(ft_vtype) * (size_t)n);
	for (int i = 0; i < n; i++)
		types[i] = (ft_vtype){"samples", "count"};
	types[n - 1] = p->types[old - 1];
	p->types = types;
	p->nvals = n;
}

int
profile_add_column(ft_profile *p, const char *name, const char *unit)
{
	int old = p->nvals, n = old + 1;
	ft_val *v = xbig_realloc(NULL, 0, vals_bytes(p->cap, n));
	memset(v, 0, vals_bytes(p->nnodes, n));
	for (uint32_t i = 0; i < p->nnodes; i++)
		memcpy(&v[(size_t)i * (size_t)n], &p->total[(size_t)i * (size_t)old],
		    sizeof(ft_val) * (size_t)old);
	xbig_free(p->total, vals_bytes(p->cap, old));
	p->total = v;
	ft_vtype *types = arena_alloc(p->arena, sizeof(ft_vtype) * (size_t)n);
	memcpy(types, p->types, sizeof(ft_vtype) * (size_t)old);
	p->types = types;
	p->nvals = n;
	profile_set_type(p, old, name, unit);
	if (p->sample_order != NULL)
		order_add_column(p->sample_order);
	return old;
}

int
profile_rescale(ft_profile *p, int scale, ft_diag *err)
{
	if (scale <= p->scale)
		return 0;
	if (scale > FT_MAX_SCALE) {
		diag_set(err, "more than %d decimal places", FT_MAX_SCALE);
		return -1;
	}
	ft_val m = val_pow10(scale - p->scale);
	size_t n = (size_t)p->nnodes * (size_t)p->nvals;
	/* Every value is checked before any changes: a refused rescale
	 * leaves the profile as it was. */
	for (size_t i = 0; i < n; i++) {
		ft_val v = p->total[i];
		if (v > INT64_MAX / m || v < INT64_MIN / m) {
			diag_set(err, "count too large for %d decimal places", scale);
			return -1;
		}
	}
	if (p->sample_order != NULL) {
		size_t k = (size_t)p->sample_order->n * (size_t)p->sample_order->nv;
		for (size_t i = 0; i < k; i++) {
			ft_val v = p->sample_order->v[i];
			if (v > INT64_MAX / m || v < INT64_MIN / m) {
				diag_set(err, "count too large for %d decimal places", scale);
				return -1;
			}
		}
		order_scale(p->sample_order, m);
	}
	for (size_t i = 0; i < n; i++)
		p->total[i] *= m;
	p->scale = scale;
	return 0;
}

static void
slot_insert(uint32_t *slots, uint32_t mask, const ft_node *nodes, uint32_t id)
{
	uint32_t i = slot_hash(nodes[id].parent, nodes[id].name) & mask;
	while (slots[i] != 0)
		i = (i + 1) & mask;
	slots[i] = id;
}

static void
slots_add(ft_profile *p, uint32_t id)
{
	if ((uint64_t)(p->nslots + 1) * 2 > (uint64_t)p->mask + 1) {
		uint32_t mask = p->mask * 2 + 1;
		uint32_t *slots = xcalloc((size_t)mask + 1, sizeof(uint32_t));
		for (uint32_t i = 0; i <= p->mask; i++)
			if (p->slots[i] != 0)
				slot_insert(slots, mask, p->nodes, p->slots[i]);
		free(p->slots);
		p->slots = slots;
		p->mask = mask;
	}
	slot_insert(p->slots, p->mask, p->nodes, id);
	p->nslots++;
}

static uint32_t
slots_find(const ft_profile *p, uint32_t parent, uint32_t name)
{
	uint32_t i = slot_hash(parent, name) & p->mask;
	for (uint32_t id; (id = p->slots[i]) != 0; i = (i + 1) & p->mask)
		if (p->nodes[id].name == name && p->nodes[id].parent == parent)
			return id;
	return FT_NONE;
}

static uint32_t
list_find(const ft_profile *p, uint32_t parent, uint32_t name)
{
	for (uint32_t c = p->nodes[parent].child; c != FT_NONE; c = p->nodes[c].sibling)
		if (p->nodes[c].name == name)
			return c;
	return FT_NONE;
}

/* Look for name among parent's first WIDE + 1 children (the list is all
 * there is to scan while the node is narrow).  *count gets the number of
 * children when the list ended, or WIDE + 2 when there are more: the node
 * is wide and every child of it is in the slot table. */
static uint32_t
scan_kids(const ft_profile *p, uint32_t parent, uint32_t name, uint32_t *count)
{
	uint32_t k = 0;
	for (uint32_t c = p->nodes[parent].child; c != FT_NONE; c = p->nodes[c].sibling) {
		if (k == WIDE + 1) {
			*count = WIDE + 2;
			return FT_NONE;
		}
		if (p->nodes[c].name == name) {
			*count = k;
			return c;
		}
		k++;
	}
	*count = k;
	return FT_NONE;
}

/* Append a child to a parent that had k children (WIDE + 2: more). */
static uint32_t
append_after(ft_profile *p, uint32_t parent, uint32_t name, uint32_t k)
{
	uint32_t id = p->nnodes;
	node_push(p, name, parent);
	if (k == WIDE) {
		/* Turning wide: index all its children. */
		for (uint32_t c = p->nodes[parent].child; c != FT_NONE; c = p->nodes[c].sibling)
			slots_add(p, c);
	} else if (k > WIDE) {
		slots_add(p, id);
	}
	return id;
}

uint32_t
profile_append(ft_profile *p, uint32_t parent, uint32_t name)
{
	uint32_t k;
	scan_kids(p, parent, UINT32_MAX, &k); /* no name is UINT32_MAX: counts */
	return append_after(p, parent, name, k);
}

uint32_t
profile_push(ft_profile *p, uint32_t parent, uint32_t name)
{
	uint32_t id = p->nnodes;
	node_push(p, name, parent);
	return id;
}

void
profile_reserve(ft_profile *p, size_t n)
{
	if (n <= p->cap || p->finished)
		return;
	if (n > UINT32_MAX - 1)
		n = UINT32_MAX - 1;
	arrays_resize(p, n);
}

uint32_t
profile_child(ft_profile *p, uint32_t parent, uint32_t name)
{
	uint32_t k;
	uint32_t id = scan_kids(p, parent, name, &k);
	if (id == FT_NONE && k > WIDE + 1)
		id = slots_find(p, parent, name);
	return id != FT_NONE ? id : append_after(p, parent, name, k);
}

void
profile_adopt_arrays(ft_profile *q, ft_profile *p)
{
	ft_node root = q->nodes[FT_ROOT];
	xbig_free(q->nodes, q->cap * sizeof(ft_node));
	xbig_free(q->total, vals_bytes(q->cap, q->nvals));
	q->nodes = p->nodes;
	q->total = p->total;
	q->cap = p->cap;
	q->nodes[FT_ROOT] = root;
	for (int c = 0; c < q->nvals; c++)
		q->total[c] = 0;
}

void
profile_discard_below(ft_profile *p, uint32_t n)
{
	xbig_discard(p->nodes, p->cap * sizeof(ft_node), (size_t)n * sizeof(ft_node));
	xbig_discard(p->total, vals_bytes(p->cap, p->nvals),
	    vals_bytes(n, p->nvals));
}

uint32_t
profile_find_child(const ft_profile *p, uint32_t parent, uint32_t name)
{
	if (p->finished)
		return list_find(p, parent, name);
	uint32_t k;
	uint32_t id = scan_kids(p, parent, name, &k);
	return id == FT_NONE && k > WIDE + 1 ? slots_find(p, parent, name) : id;
}

void
profile_keep_order(ft_profile *p)
{
	if (p->sample_order == NULL)
		p->sample_order = order_new(p->nvals);
}

int
profile_add_self(ft_profile *p, uint32_t node, const ft_val *vals, ft_diag *err)
{
	ft_val *s = &p->total[(size_t)node * (size_t)p->nvals];
	for (int i = 0; i < p->nvals; i++) {
		if (val_add(&s[i], vals[i]) != 0) {
			diag_set(err, "sum of counts overflows 64 bits");
			return -1;
		}
	}
	if (p->sample_order != NULL)
		order_add(p->sample_order, node, vals);
	return 0;
}

struct ckey {
	ft_val total;  /* |total| in the sort column (weight order only) */
	uint32_t rank; /* name rank */
	uint32_t node;
};

static int
cmp_child(const void *a, const void *b)
{
	const struct ckey *x = a, *y = b;
	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->node < y->node ? -1 : x->node > y->node;
}

/* Order the children of nodes[0..count) (every node when nodes is NULL). */
static void
sort_nodes(ft_profile *p, enum ft_sort sort, int column, const uint32_t *nodes,
    uint32_t count)
{
	const uint32_t *rank = intern_ranks(p->names);
	int weight = sort == FT_SORT_WEIGHT && p->total != NULL;
	struct ckey *k = NULL;
	size_t kcap = 0;
	/* Only nodes with two or more children need work; in a real profile
	 * that is a small share of them. */
	for (uint32_t at = 0; at < count; at++) {
		uint32_t n = nodes != NULL ? nodes[at] : at;
		uint32_t c = p->nodes[n].child;
		if (c == FT_NONE || p->nodes[c].sibling == FT_NONE)
			continue;
		size_t cnt = 0;
		for (; c != FT_NONE; c = p->nodes[c].sibling) {
			if (cnt == kcap) {
				kcap = grow_cap(kcap, cnt + 1, 64);
				k = xreallocarray(k, kcap, sizeof(*k));
			}
			ft_val t = weight ? profile_total(p, c, column) : 0;
			k[cnt++] = (struct ckey){t < 0 ? -t : t, rank[p->nodes[c].name], c};
		}
		/* Lists copied from a sorted tree come in order or reversed
		 * (the builder prepends): no sort needed then. */
		size_t up = 1, down = 1;
		for (size_t i = 1; i < cnt; i++) {
			int cmp = cmp_child(&k[i - 1], &k[i]);
			up += cmp < 0;
			down += cmp > 0;
		}
		if (up == cnt) {
			continue;
		} else if (down == cnt) {
			for (size_t i = 0, j = cnt - 1; i < j; i++, j--) {
				struct ckey t = k[i];
				k[i] = k[j];
				k[j] = t;
			}
		} else if (cnt < 16) {
			for (size_t i = 1; i < cnt; i++) {
				struct ckey x = k[i];
				size_t j = i;
				for (; j > 0 && cmp_child(&k[j - 1], &x) > 0; j--)
					k[j] = k[j - 1];
				k[j] = x;
			}
		} else {
			qsort(k, cnt, sizeof(*k), cmp_child);
		}
		p->nodes[n].child = k[0].node;
		for (size_t i = 0; i + 1 < cnt; i++)
			p->nodes[k[i].node].sibling = k[i + 1].node;
		p->nodes[k[cnt - 1].node].sibling = FT_NONE;
	}
	free(k);
}

void
profile_sort(ft_profile *p, enum ft_sort sort, int column)
{
	sort_nodes(p, sort, column, NULL, p->nnodes);
	p->order = 1 + (int)sort;
	p->order_col = column;
}

void
profile_sort_some(ft_profile *p, enum ft_sort sort, int column,
    const uint32_t *nodes, uint32_t count)
{
	sort_nodes(p, sort, column, nodes, count);
}

int
profile_finish(ft_profile *p, enum ft_sort sort, int column, ft_diag *err)
{
	size_t nv = (size_t)p->nvals;
	/* In place: a child's id is above its parent's, so going down the
	 * ids every node has all its children's totals before it is added
	 * to its own parent. */
	ft_val *t = p->total;
	if (nv == 1) {
		for (uint32_t i = p->nnodes; i-- > 1;) {
			const ft_node *nd = &p->nodes[i];
			if (val_add(&t[nd->parent], t[i]) != 0) {
				diag_set(err, "total of counts overflows 64 bits");
				return -1;
			}
		}
	} else {
		for (uint32_t i = p->nnodes; i-- > 1;) {
			const ft_node *nd = &p->nodes[i];
			for (size_t c = 0; c < nv; c++) {
				if (val_add(&t[nd->parent * nv + c], t[i * nv + c]) != 0) {
					diag_set(err, "total of counts overflows 64 bits");
					return -1;
				}
			}
		}
	}
	p->max_depth = p->build_depth;
	free(p->slots);
	p->slots = NULL;
	if (column < 0 || column >= p->nvals)
		column = p->deftype;
	profile_sort(p, sort, column);
	p->finished = 1;
	return 0;
}

void
profile_fill(ft_profile *p, uint32_t cap)
{
	profile_reserve(p, cap);
}

void
profile_filled(ft_profile *p, uint32_t n, uint32_t max_depth,
    enum ft_sort sort, int column, int sorted)
{
	p->nnodes = n;
	/* Room a little over n is kept: a filter's next tree reuses these
	 * arrays, faulted in, from the xbig pool. */
	if (p->cap - n > p->cap / 4)
		arrays_resize(p, n);
	p->max_depth = max_depth;
	free(p->slots);
	p->slots = NULL;
	if (column < 0 || column >= p->nvals)
		column = p->deftype;
	if (sorted) {
		p->order = 1 + (int)sort;
		p->order_col = column;
	} else {
		profile_sort(p, sort, column);
	}
	p->finished = 1;
}

uint32_t
profile_depth(const ft_profile *p, uint32_t node)
{
	uint32_t d = 0;
	for (uint32_t n = node; n != FT_ROOT; n = p->nodes[n].parent)
		d++;
	return d;
}

uint32_t
depths_rejoin(ft_depths *w, uint32_t parent, uint32_t k)
{
	uint32_t a = parent, len = 0;
	while (w->path[k] != a) {
		a = w->nodes[a].parent;
		len++;
		while (w->path[k] > a)
			k--;
	}
	uint32_t b = parent;
	for (uint32_t d = k + len; d > k; d--, b = w->nodes[b].parent)
		w->path[d] = b;
	w->joined = k;
	return k + len;
}

uint32_t
profile_path(const ft_profile *p, uint32_t node, uint32_t *out)
{
	uint32_t d = profile_depth(p, node);
	for (uint32_t n = node, i = d; n != FT_ROOT; n = p->nodes[n].parent)
		out[--i] = p->nodes[n].name;
	return d;
}

char *
profile_stack_text(const ft_profile *p, uint32_t node, int whole, size_t *len)
{
	uint32_t d = profile_depth(p, node);
	uint32_t first = whole || d == 0 ? 0 : d - 1;
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)d + 1));
	profile_path(p, node, path);
	size_t cap = 1;
	for (uint32_t i = first; i < d; i++)
		cap += intern_len(p->names, path[i]) + strlen(kind_suffix(
		    intern_kind(p->names, path[i]))) + 1;
	char *s = xmalloc(cap);
	size_t o = 0;
	for (uint32_t i = first; i < d; i++) {
		if (i > first)
			s[o++] = ';';
		uint32_t n = intern_len(p->names, path[i]);
		memcpy(s + o, intern_str(p->names, path[i]), n);
		o += n;
		const char *suf = kind_suffix(intern_kind(p->names, path[i]));
		memcpy(s + o, suf, strlen(suf));
		o += strlen(suf);
	}
	s[o] = '\0';
	free(path);
	*len = o;
	return s;
}

uint32_t
profile_lookup(const ft_profile *p, const uint32_t *names, uint32_t n)
{
	uint32_t node = FT_ROOT;
	for (uint32_t i = 0; i < n && node != FT_NONE; i++)
		node = profile_find_child(p, node, names[i]);
	return node;
}

ft_val
profile_self_finished(const ft_profile *p, uint32_t n, int col)
{
	size_t nv = (size_t)p->nvals;
	uint64_t s = (uint64_t)p->total[(size_t)n * nv + (size_t)col];
	for (uint32_t c = p->nodes[n].child; c != FT_NONE; c = p->nodes[c].sibling)
		s -= (uint64_t)p->total[(size_t)c * nv + (size_t)col];
	return (ft_val)s;
}

ft_val
profile_max_self(const ft_profile *p, int col)
{
	size_t nv = (size_t)p->nvals, nn = p->nnodes;
	const ft_val *t = p->total + col;
	ft_val m = 0;
	if (!p->finished) {
		for (size_t i = 0; i < nn; i++)
			if (t[i * nv] > m)
				m = t[i * nv];
		return m;
	}
	/* Going down the ids, a node's children (higher ids) have all added
	 * their totals to acc[node] before it is reached. */
	size_t bytes = sizeof(uint64_t) * (nn ? nn : 1);
	uint64_t *acc = xbig_realloc(NULL, 0, bytes);
	memset(acc, 0, bytes);
	for (size_t i = nn; i-- > 0;) {
		uint64_t ti = (uint64_t)t[i * nv];
		ft_val s = (ft_val)(ti - acc[i]);
		if (s > m)
			m = s;
		if (i > 0)
			acc[p->nodes[i].parent] += ti;
	}
	xbig_free(acc, bytes);
	return m;
}

int
profile_self_row(const ft_profile *p, uint32_t n, ft_val *out)
{
	size_t nv = (size_t)p->nvals;
	const ft_val *t = &p->total[(size_t)n * nv];
	uint64_t *u = (uint64_t *)out;
	for (size_t c = 0; c < nv; c++)
		u[c] = (uint64_t)t[c];
	if (p->finished) {
		for (uint32_t k = p->nodes[n].child; k != FT_NONE; k = p->nodes[k].sibling) {
			const ft_val *tk = &p->total[(size_t)k * nv];
			for (size_t c = 0; c < nv; c++)
				u[c] -= (uint64_t)tk[c];
		}
	}
	int any = 0;
	for (size_t c = 0; c < nv; c++)
		any |= out[c] != 0;
	return any;
}

uint32_t
profile_count_stacks(const ft_profile *p)
{
	uint32_t count = 0;
	ft_val *row = xmalloc(sizeof(ft_val) * (size_t)p->nvals);
	for (uint32_t i = 0; i < p->nnodes; i++)
		count += (uint32_t)profile_self_row(p, i, row);
	free(row);
	return count;
}

uint64_t
profile_stack_frames(const ft_profile *p)
{
	/* A parent's id is below its children's: depths in one pass. */
	uint32_t *depth = xmalloc(sizeof(uint32_t) * ((size_t)p->nnodes + 1));
	ft_val *row = xmalloc(sizeof(ft_val) * (size_t)(p->nvals > 0 ? p->nvals : 1));
	uint64_t sum = 0;
	depth[FT_ROOT] = 0;
	for (uint32_t n = 1; n < p->nnodes; n++) {
		depth[n] = depth[p->nodes[n].parent] + 1;
		if (profile_self_row(p, n, row))
			sum += depth[n];
	}
	free(row);
	free(depth);
	return sum;
}

int
profile_check_stack_frames(const ft_profile *p, const char *what, ft_diag *err)
{
	uint64_t max = (uint64_t)p->nnodes * FT_STACK_FRAMES_PER_NODE;
	if (max < FT_STACK_FRAMES_MAX)
		max = FT_STACK_FRAMES_MAX;
	uint64_t n = profile_stack_frames(p);
	if (n <= max)
		return 0;
	diag_set(err, "%s: the stacks with a value add up to %" PRIu64 " frames, "
	    "more than %" PRIu64 " (%d per node of the tree, at least %" PRIu64 "): "
	    "refused, it would write every stack frame by frame", what, n, max,
	    FT_STACK_FRAMES_PER_NODE, FT_STACK_FRAMES_MAX);
	return -1;
}
