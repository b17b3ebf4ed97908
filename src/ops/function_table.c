/* function_table.c - per-function self and total (see function_table.h).
 *
 * One pass over the nodes in id order, keeping the path to the current
 * node as a stack (ids are close to a pre-order in every tree we build),
 * in two halves on two CPUs for a tree of a million nodes or more; a
 * depth-first walk of the child lists when the ids are far from it.  `open[f]`
 * counts how many nodes on the path belong to function f, so a node adds
 * its total only when it is the outermost occurrence.  Names are first
 * mapped to their function (func_id), so an inlined call site and a plain
 * call of the same function make one row, as in pprof.
 */
#include "ops/function_table.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"

uint32_t
func_twin(const ft_intern *t, uint32_t name)
{
	if (name >= intern_count(t))
		return UINT32_MAX; /* not a name of this table */
	int k = intern_kind(t, name);
	if (k != FT_KIND_NONE && k != FT_KIND_INLINED)
		return UINT32_MAX;
	return intern_find(t, intern_str(t, name), intern_len(t, name),
	    k == FT_KIND_NONE ? FT_KIND_INLINED : FT_KIND_NONE);
}

const char *
frame_suffix(const ft_profile *p, uint32_t name)
{
	int k = intern_kind(p->names, name);
	if (k == FT_KIND_INLINED && p->format != NULL && strcmp(p->format, "pprof") == 0)
		return " (inline)";
	return kind_suffix(k);
}

const char *
frame_kind_label(const ft_profile *p, uint32_t name)
{
	static const char *const labels[FT_KIND_COUNT] = {"", " (kernel)", " (JIT)",
	    " (inlined)", " (waker)"};
	int k = intern_kind(p->names, name);
	if (k == FT_KIND_INLINED && p->format != NULL && strcmp(p->format, "pprof") == 0)
		return " (inline)";
	return k > 0 && k < FT_KIND_COUNT ? labels[k] : "";
}

uint32_t
func_id(const ft_intern *t, uint32_t name)
{
	if (intern_kind(t, name) != FT_KIND_INLINED)
		return name;
	uint32_t tw = func_twin(t, name);
	return tw != UINT32_MAX ? tw : name;
}

/* The count of one column: the path from the root to the node being
 * counted is kept as a stack by depth.  A node joins it (path_push) after
 * the path has been cut back to its parent (path_cut).
 *
 * - total[f] gets a node's total when no node of function f is above it
 *   on the path (each stack counted once however often f recurses): the
 *   outermost node of f on the path "owns" f's bit in onpath, and only
 *   that node clears it when it leaves.
 * - self[f] gets a node's total minus its children's: pself[d] starts at
 *   the total of the node at depth d and each child takes its own total
 *   from it; what is left goes to self[f] when the node leaves the path
 *   (most nodes have no self value: no write for them).
 * Sums are modulo 2^64, exact when the true sums fit. */
struct tally {
	const ft_profile *p;
	size_t nv, col;
	const uint32_t *fid;   /* name -> function; NULL: each name its own */
	uint64_t *self, *total;
	uint64_t *onpath;      /* bitmap by function */
	uint32_t *pnode, *pfunc;
	uint64_t *pself;
	uint8_t *owner;        /* the path's node at depth d owns pfunc[d]'s bit */
	uint32_t top;          /* depth of the path's last node */
};

static inline uint32_t
tally_func(const struct tally *s, uint32_t n)
{
	uint32_t name = s->p->nodes[n].name;
	return s->fid != NULL ? s->fid[name] : name;
}

/* Node n joins the path at depth top + 1.  counted: its values are added
 * (0 when it comes back on the path after being counted). */
static inline void
path_push(struct tally *s, uint32_t n, int counted)
{
	uint32_t d = ++s->top, f = tally_func(s, n);
	uint64_t bit = UINT64_C(1) << (f & 63), *w = &s->onpath[f >> 6];
	s->pnode[d] = n;
	s->pfunc[d] = f;
	s->owner[d] = (*w & bit) == 0;
	*w |= bit;
	s->pself[d] = 0;
	if (counted) {
		uint64_t t = (uint64_t)s->p->total[(size_t)n * s->nv + s->col];
		s->pself[d] = t;
		s->pself[d - 1] -= t;
		if (s->owner[d])
			s->total[f] += t;
	}
}

/* Leave the nodes deeper than d. */
static inline void
path_cut(struct tally *s, uint32_t d)
{
	for (; s->top > d; s->top--) {
		uint32_t t = s->top, f = s->pfunc[t];
		if (s->pself[t] != 0)
			s->self[f] += s->pself[t];
		if (s->owner[t])
			s->onpath[f >> 6] &= ~(UINT64_C(1) << (f & 63));
	}
}

/* Start with the root alone on the path. */
static void
path_start(struct tally *s, size_t nfunc)
{
	memset(s->self, 0, sizeof(uint64_t) * nfunc);
	memset(s->total, 0, sizeof(uint64_t) * nfunc);
	memset(s->onpath, 0, sizeof(uint64_t) * (nfunc / 64 + 1));
	uint32_t f = tally_func(s, FT_ROOT);
	s->top = 0;
	s->pnode[0] = FT_ROOT;
	s->pfunc[0] = f;
	s->owner[0] = 1;
	s->onpath[f >> 6] |= UINT64_C(1) << (f & 63);
	s->pself[0] = (uint64_t)s->p->total[s->col];
}

/* Put the path to node par (not on it; pnode[k] is the last entry with
 * an id below it) in place: depths_rejoin writes par's ancestors below
 * the first one on the path into pnode (path_cut reads only pfunc, pself
 * and owner), the path is cut at the join and they are pushed, outermost
 * first.  -1 when that would cost more than *budget steps in all. */
static int
path_rebuild(struct tally *s, uint32_t par, uint32_t k, size_t *budget)
{
	ft_depths w = {s->p->nodes, s->pnode, s->top, 0};
	uint32_t top = depths_rejoin(&w, par, k);
	if (top - w.joined > *budget)
		return -1;
	*budget -= top - w.joined;
	path_cut(s, w.joined);
	while (s->top < top)
		path_push(s, s->pnode[s->top + 1], 0);
	return 0;
}

/* The count in id order, when the ids are close to a pre-order (as every
 * builder makes them: a parent before its children, the nodes of one new
 * stack together): sequential reads, path_cut and path_push written out
 * with everything in locals.  When a node's parent is not on the path,
 * the path is rebuilt (path_rebuild).  Returns -1 (sums to be discarded)
 * when rebuilding has cost more than a pass: the ids are in another
 * order. */
static int
count_by_ids(struct tally *s, uint32_t from, uint32_t to)
{
	const ft_profile *p = s->p;
	const ft_node *nodes = p->nodes;
	const ft_val *tv = p->total + s->col;
	const size_t nv = s->nv;
	const uint32_t *fid = s->fid;
	uint64_t *self = s->self, *total = s->total, *onpath = s->onpath;
	uint32_t *pnode = s->pnode, *pfunc = s->pfunc;
	uint64_t *pself = s->pself;
	uint8_t *owner = s->owner;
	uint32_t top = s->top;
	size_t budget = to - from;
	for (uint32_t i = from; i < to; i++) {
		uint32_t par = nodes[i].parent, name = nodes[i].name, k = top;
		/* The parent is on the path where the ids there stop being
		 * above its id, or path_rebuild puts it there. */
		while (pnode[k] > par)
			k--;
		if (pnode[k] != par) {
			s->top = top;
			if (path_rebuild(s, par, k, &budget) != 0)
				return -1;
			top = k = s->top;
		}
		uint32_t d = k + 1;
		for (; top >= d; top--) {
			uint32_t f = pfunc[top];
			if (pself[top] != 0)
				self[f] += pself[top];
			if (owner[top])
				onpath[f >> 6] &= ~(UINT64_C(1) << (f & 63));
		}
		uint32_t f = fid != NULL ? fid[name] : name;
		uint64_t t = (uint64_t)tv[(size_t)i * nv];
		uint64_t bit = UINT64_C(1) << (f & 63), w = onpath[f >> 6];
		top = d;
		pnode[d] = i;
		pfunc[d] = f;
		pself[d] = t;
		pself[d - 1] -= t;
		owner[d] = (w & bit) == 0;
		if ((w & bit) == 0) {
			onpath[f >> 6] = w | bit;
			total[f] += t;
		}
	}
	s->top = top;
	path_cut(s, 0);
	return 0;
}

/* The count depth-first along the child lists, wherever the ids lie. */
static void
count_by_dfs(struct tally *s)
{
	const ft_node *nodes = s->p->nodes;
	uint32_t n = nodes[FT_ROOT].child;
	while (n != FT_NONE) {
		path_push(s, n, 1);
		n = nodes[n].child;
		/* No child: the next sibling of the deepest node that has one. */
		while (n == FT_NONE && s->top > 0) {
			n = nodes[s->pnode[s->top]].sibling;
			path_cut(s, s->top - 1);
		}
	}
	path_cut(s, 0);
}

uint32_t
functions_table(const ft_profile *p, int col, enum ft_func_sort sort, ft_func **out)
{
	return functions_table_top(p, col, sort, UINT32_MAX, out);
}

static void
tally_init(struct tally *s, const ft_profile *p, int col, size_t na)
{
	size_t ds = (size_t)p->max_depth + 2;
	*s = (struct tally){
		.p = p, .nv = (size_t)p->nvals, .col = (size_t)col,
		.self = xmalloc(sizeof(uint64_t) * na),
		.total = xmalloc(sizeof(uint64_t) * na),
		.onpath = xmalloc(sizeof(uint64_t) * (na / 64 + 1)),
		.pnode = xmalloc(sizeof(uint32_t) * ds),
		.pfunc = xmalloc(sizeof(uint32_t) * ds),
		.pself = xmalloc(sizeof(uint64_t) * ds),
		.owner = xmalloc(ds),
	};
}

static void
tally_free(struct tally *s)
{
	free(s->self);
	free(s->total);
	free(s->onpath);
	free(s->pnode);
	free(s->pfunc);
	free(s->pself);
	free(s->owner);
}

/* The second half of the ids, counted by a thread of its own from an
 * empty path: the ancestors it finds come on uncounted (path_rebuild),
 * so each node's total is counted in its own half and the children's
 * totals taken from its self in both; the halves' sums add up to the
 * whole count (modulo 2^64, in any order). */
struct half {
	struct tally s;
	uint32_t from, to;
	int rc;
};

static void *
half_main(void *arg)
{
	struct half *h = arg;
	h->rc = count_by_ids(&h->s, h->from, h->to);
	return NULL;
}

/* Trees of this many nodes are counted in two halves on two CPUs. */
#define FUNC_SPLIT_NODES (1u << 20)

/* The count in id order, on two CPUs for a big tree; -1 as count_by_ids. */
static int
count_ids(struct tally *s, size_t na)
{
	const ft_profile *p = s->p;
	struct half h;
	pthread_t th;
	int two = p->nnodes >= FUNC_SPLIT_NODES && sysconf(_SC_NPROCESSORS_ONLN) >= 2;
	if (two) {
		tally_init(&h.s, p, (int)s->col, na);
		h.s.fid = s->fid;
		path_start(&h.s, na);
		h.from = p->nnodes / 2;
		h.to = p->nnodes;
		if (pthread_create(&th, NULL, half_main, &h) != 0) {
			tally_free(&h.s);
			two = 0;
		}
	}
	if (!two)
		return count_by_ids(s, 1, p->nnodes);
	int rc = count_by_ids(s, 1, h.from);
	pthread_join(th, NULL);
	if (rc == 0 && h.rc == 0) {
		for (size_t i = 0; i < na; i++) {
			s->self[i] += h.s.self[i];
			s->total[i] += h.s.total[i];
		}
	}
	tally_free(&h.s);
	return rc != 0 || h.rc != 0 ? -1 : 0;
}

uint32_t
functions_table_top(const ft_profile *p, int col, enum ft_func_sort sort,
    uint32_t top, ft_func **out)
{
	uint32_t nn = intern_count(p->names);
	size_t na = nn ? nn : 1;
	struct tally s;
	tally_init(&s, p, col, na);
	/* One row per function: inlined call sites count as the function
	 * (a map only when some name is an inlined twin). */
	uint32_t *fid = NULL;
	for (uint32_t i = 0; i < nn; i++) {
		uint32_t f = func_id(p->names, i);
		if (f != i && fid == NULL) {
			fid = xmalloc(sizeof(uint32_t) * na);
			for (uint32_t j = 0; j < i; j++)
				fid[j] = j;
		}
		if (fid != NULL)
			fid[i] = f;
	}
	s.fid = fid;
	path_start(&s, na);
	if (count_ids(&s, na) != 0) {
		path_start(&s, na);
		count_by_dfs(&s);
	}
	/* A name no node carries has both sums zero: no row. */
	uint32_t count = 0;
	for (uint32_t i = 1; i < nn; i++)
		if (s.self[i] != 0 || s.total[i] != 0)
			count++;
	ft_func *f = xmalloc(sizeof(ft_func) * (count ? count : 1));
	uint32_t k = 0;
	for (uint32_t i = 1; i < nn; i++)
		if (s.self[i] != 0 || s.total[i] != 0)
			f[k++] = (ft_func){i, (ft_val)s.self[i], (ft_val)s.total[i]};
	tally_free(&s);
	free(fid);
	functions_sort_top(p, f, count, top, sort);
	*out = f;
	return count;
}

/* A row's place in the order: (a, b, r) ascending as unsigned numbers.
 * r is the name's rank in bytewise name order (intern_ranks), unique per
 * name, so no two rows tie and any sort gives the same order. */
struct skey {
	uint64_t a, b;
	uint32_t r, i;
};

static inline int
key_lt(const struct skey *x, const struct skey *y)
{
	/* Without branches: a merge cannot predict which side wins. */
	return (x->a < y->a) | ((x->a == y->a) &
	    ((x->b < y->b) | ((x->b == y->b) & (x->r < y->r))));
}

/* Heaviest first: descending signed order as ascending unsigned. */
static inline uint64_t
heavy_first(ft_val v)
{
	return ~((uint64_t)v ^ UINT64_C(1) << 63);
}

/* Merge sort of k[0..n) (tmp holds n keys): runs of 16 by insertion,
 * then merged bottom-up.  Comparisons are inline (no qsort callback:
 * the table of a name-rich profile has 100 000+ rows). */
static void
sort_keys(struct skey *k, struct skey *tmp, size_t n)
{
	const size_t run = 16;
	for (size_t lo = 0; lo < n; lo += run) {
		size_t hi = lo + run < n ? lo + run : n;
		for (size_t i = lo + 1; i < hi; i++) {
			struct skey x = k[i];
			size_t j = i;
			for (; j > lo && key_lt(&x, &k[j - 1]); j--)
				k[j] = k[j - 1];
			k[j] = x;
		}
	}
	struct skey *src = k, *dst = tmp;
	for (size_t w = run; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, o = lo;
			while (i < mid && j < hi) {
				int right = key_lt(&src[j], &src[i]);
				dst[o++] = *(right ? &src[j] : &src[i]);
				j += (size_t)right;
				i += (size_t)!right;
			}
			while (i < mid)
				dst[o++] = src[i++];
			while (j < hi)
				dst[o++] = src[j++];
		}
		struct skey *t = src;
		src = dst;
		dst = t;
	}
	if (src != k)
		memcpy(k, src, sizeof(*k) * n);
}

/* Reorder k[0..n) so that k[0..m) are the m first keys, in no order
 * (quickselect, median of three). */
static void
select_keys(struct skey *k, size_t n, size_t m)
{
	size_t lo = 0, hi = n;
	while (hi - lo > 2 && m > lo && m < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct skey *a = &k[lo], *b = &k[mid], *c = &k[hi - 1], t;
		struct skey *med = key_lt(a, b) ? (key_lt(b, c) ? b : key_lt(a, c) ? c : a) :
		    (key_lt(a, c) ? a : key_lt(b, c) ? c : b);
		t = *med;
		*med = k[hi - 1];
		k[hi - 1] = t;
		size_t store = lo;
		for (size_t i = lo; i < hi - 1; i++) {
			if (key_lt(&k[i], &t)) {
				struct skey x = k[i];
				k[i] = k[store];
				k[store++] = x;
			}
		}
		k[hi - 1] = k[store];
		k[store] = t;
		if (store < m)
			lo = store + 1;
		else
			hi = store;
	}
	if (hi - lo == 2 && key_lt(&k[lo + 1], &k[lo])) {
		struct skey x = k[lo];
		k[lo] = k[lo + 1];
		k[lo + 1] = x;
	}
}

/* By self: self, then total, heaviest first, then name.  By total: total,
 * then name.  By name: bytewise, then kind. */
void
functions_sort_top(const ft_profile *p, ft_func *f, uint32_t n, uint32_t top,
    enum ft_func_sort sort)
{
	if (n < 2)
		return;
	const uint32_t *rank = intern_ranks(p->names);
	struct skey *k = xmalloc(sizeof(*k) * n * 2);
	for (uint32_t i = 0; i < n; i++) {
		k[i] = (struct skey){0, 0, rank[f[i].name], i};
		if (sort == FUNC_BY_SELF) {
			k[i].a = heavy_first(f[i].self);
			k[i].b = heavy_first(f[i].total);
		} else if (sort == FUNC_BY_TOTAL) {
			k[i].a = heavy_first(f[i].total);
		}
	}
	if (top < n)
		select_keys(k, n, top);
	else
		top = n;
	sort_keys(k, k + n, top);
	ft_func *sorted = xmalloc(sizeof(*f) * n);
	for (uint32_t i = 0; i < n; i++)
		sorted[i] = f[k[i].i];
	memcpy(f, sorted, sizeof(*f) * n);
	free(sorted);
	free(k);
}

void
functions_sort(const ft_profile *p, ft_func *f, uint32_t n, enum ft_func_sort sort)
{
	functions_sort_top(p, f, n, UINT32_MAX, sort);
}
