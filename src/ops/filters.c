/* filters.c - filters as tree-in, tree-out functions (see filters.h).
 *
 * Node ids of a built tree grow from parent to child, so one forward pass
 * over the ids visits every parent before its children: no recursion and
 * no explicit stack.  Per old node the pass keeps
 *   hasm[i]  some frame on the path root..i matches,
 *   up[i]    the old node whose new copy receives i's self value (the
 *            nearest kept frame at or above i; 0 for the root),
 *   newn[i]  that old node's copy in the new tree, created lazily the
 *            first time a value lands on it, so subtrees whose stacks are
 *            all dropped leave no empty nodes behind,
 *   dm[i]    (prune-from only) the innermost matching frame at or above
 *            i, where the stack ending at i is cut as pprof's PruneFrom
 *            cuts it; every frame is kept, only values move up.
 * A copy can collide with another (same new parent, same name) only under
 * a new parent that receives children from more than one old parent (hide
 * and show re-parent callees, show-from re-roots matches) or that is itself
 * such a merged copy; children of every other copy are appended without a
 * lookup (profile_append), the rest are found or created by profile_child.
 */
#include "ops/filters.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ops/collapse.h"
#include "ops/filter_kind.h"
#include "profile/framesrc.h"
#include "ops/invert.h"
#include "profile/labels.h"
#include "ops/tags.h"
#include "ops/timerange.h"
#include "base/xalloc.h"

int
filters_add(ft_filters *f, int kind, const char *pattern, ft_diag *err)
{
	if (kind < 0 || kind >= FILTER_KINDS) {
		diag_set(err, "unknown filter kind");
		return -1;
	}
	ft_matcher *m = NULL;
	struct ft_tagspec *tag = NULL;
	char range[64];
	if (kind == FILTER_TIME) {
		int64_t a, b;
		if (timerange_text(pattern, &a, &b, range, sizeof(range), err) != 0)
			return -1;
		pattern = range;
	} else if (kind == FILTER_ONLY_A || kind == FILTER_ONLY_B) {
		/* A property of a comparison, applied to its union tree
		 * (compare_build_filtered); one profile alone is unchanged. */
		pattern = "";
	} else if (kind >= FILTER_TAGFOCUS) {
		if (*pattern == '\0') {
			diag_set(err, "%s: a value is needed", filter_kind_name(kind));
			return -1;
		}
		if ((tag = tag_compile(kind, pattern, err)) == NULL)
			return -1;
	} else if (kind == FILTER_INVERT) {
		pattern = "";
	} else if (kind == FILTER_COLLAPSE) {
		if (*pattern == '\0')
			pattern = "direct";
		if (strcmp(pattern, "direct") != 0 && strcmp(pattern, "all") != 0) {
			diag_set(err, "collapse-recursion: want direct or all");
			diag_append_text(err, pattern, strlen(pattern));
			return -1;
		}
	} else if ((m = match_compile(pattern, err)) == NULL) {
		return -1;
	}
	if (f->n == f->cap) {
		f->cap = (int)grow_cap((size_t)f->cap, (size_t)f->n + 1, 4);
		f->v = xreallocarray(f->v, (size_t)f->cap, sizeof(ft_filter));
	}
	f->v[f->n++] = (ft_filter){kind, xstrdup(pattern), m, tag};
	return 0;
}

int
filters_add_line(ft_filters *f, const char *line, ft_diag *err)
{
	const char *s = line;
	while (*s == ' ' || *s == '\t')
		s++;
	const char *w = s;
	while (*s != '\0' && *s != ' ' && *s != '\t' && *s != '=')
		s++;
	int kind = filter_kind_parse(w, (size_t)(s - w));
	if (kind < 0) {
		diag_set(err, "unknown filter (want focus, ignore, hide, show-from, "
		    "prune-from or show, then a regex; invert, collapse-recursion; "
		    "tagfocus, tagignore, tagroot, tagleaf, tagshow, taghide; time A,B; "
		    "only-a, only-b)");
		diag_append_text(err, w, (size_t)(s - w));
		return -1;
	}
	if (*s == '=')
		s++;
	else
		while (*s == ' ' || *s == '\t')
			s++;
	if (*s == '\0' && (kind < FILTER_REGEX_KINDS || kind >= FILTER_TAGFOCUS) &&
	    kind != FILTER_ONLY_A && kind != FILTER_ONLY_B) {
		if (kind == FILTER_TIME) {
			diag_set(err, "time: a range START-END in seconds is needed");
			return -1;
		}
		diag_set(err, "%s: a regex is needed", filter_kind_name(kind));
		return -1;
	}
	return filters_add(f, kind, s, err);
}

void
filters_tag_keys(const ft_filters *f, const ft_matcher **show,
    const ft_matcher **hide)
{
	*show = *hide = NULL;
	for (int i = 0; f != NULL && i < f->n; i++) {
		if (f->v[i].kind == FILTER_TAGSHOW)
			*show = tag_key_matcher(f->v[i].tag);
		else if (f->v[i].kind == FILTER_TAGHIDE)
			*hide = tag_key_matcher(f->v[i].tag);
	}
}

int
filters_find(const ft_filters *f, int kind)
{
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == kind)
			return i;
	return -1;
}

void
filters_remove(ft_filters *f, int i)
{
	if (i < 0 || i >= f->n)
		return;
	ft_filter x = f->v[i];
	memmove(&f->v[i], &f->v[i + 1], sizeof(ft_filter) * (size_t)(f->n - i - 1));
	f->v[f->n - 1] = x;
	filters_pop(f);
}

void
filters_pop(ft_filters *f)
{
	if (f->n == 0)
		return;
	f->n--;
	free(f->v[f->n].pattern);
	match_free(f->v[f->n].m);
	tag_free(f->v[f->n].tag);
}

void
filters_clear(ft_filters *f)
{
	while (f->n > 0)
		filters_pop(f);
}

void
filters_free(ft_filters *f)
{
	filters_clear(f);
	free(f->v);
	f->v = NULL;
	f->cap = 0;
}

/* Is i a frame the new tree keeps (given the outermost-match state)? */
static int
kept(int kind, int m, int hasm_self)
{
	switch (kind) {
	case FILTER_HIDE: return !m;
	case FILTER_SHOW: return m;
	case FILTER_SHOW_FROM: return hasm_self;
	default: return 1;
	}
}

/* Are stacks ending at a node with this path state dropped? */
static int
dropped(int kind, int hasm_self)
{
	switch (kind) {
	case FILTER_FOCUS: return !hasm_self;
	case FILTER_IGNORE: return hasm_self;
	case FILTER_SHOW_FROM: return !hasm_self;
	default: return 0;
	}
}

/* Per-node flags of a pass. */
enum {
	F_HASM = 1, /* a frame on the path root..i matches */
	F_KEPT = 2, /* i is a frame of the new tree */
	F_MARK = 4, /* i's copy gets children other than copies of i's own */
	F_SOLE = 8, /* i's copy is made from i alone, and can collide with no
	             * other child of its new parent */
};

struct pass {
	const ft_profile *p;
	ft_profile *np;
	int kind;
	uint8_t *fl;
	uint32_t *up, *newn, *chain, *dm;
};

/* The old node whose copy is the new parent of kept node k. */
static uint32_t
new_parent_of(const struct pass *s, uint32_t k)
{
	uint32_t q = s->p->nodes[k].parent;
	if (s->kind == FILTER_SHOW_FROM && !(s->fl[q] & F_HASM))
		return FT_ROOT; /* the outermost match becomes a root child */
	return s->up[q];
}

/* The copy of kept old node k, creating it (and its missing kept
 * ancestors, top-down) when absent.  A copy of a sole node under a parent
 * that only gets sole children is pushed without any lookup. */
static uint32_t
ensure(struct pass *s, uint32_t k)
{
	uint32_t n = 0, want = k;
	while (s->newn[k] == FT_NONE) {
		s->chain[n++] = k;
		k = new_parent_of(s, k);
	}
	while (n > 0) {
		uint32_t x = s->chain[--n];
		uint32_t np = s->newn[new_parent_of(s, x)];
		uint32_t name = s->p->nodes[x].name;
		s->newn[x] = (s->fl[x] & F_SOLE) ? profile_push(s->np, np, name) :
		    profile_child(s->np, np, name);
	}
	return s->newn[want];
}

/* First pass: path state, kept frames, their new parents, and which
 * copies can receive children from more than one old parent. */
static void
classify(struct pass *s, const uint8_t *match)
{
	const ft_profile *p = s->p;
	s->fl[0] = F_KEPT;
	s->up[0] = FT_ROOT;
	for (uint32_t i = 1; i < p->nnodes; i++) {
		uint32_t q = p->nodes[i].parent;
		int m = match[p->nodes[i].name];
		uint8_t f = (uint8_t)((s->fl[q] & F_HASM) | (m ? F_HASM : 0));
		if (kept(s->kind, m, f & F_HASM))
			f |= F_KEPT;
		s->fl[i] = f;
		s->up[i] = (f & F_KEPT) ? i : s->up[q];
		if (f & F_KEPT) {
			uint32_t a = new_parent_of(s, i);
			if (a != q)
				s->fl[a] |= F_MARK;
		}
	}
}

/* Self values of every node of finished p, [node * nvals + column], in
 * one pass down the ids (each node takes its total from its parent's
 * copy; modulo 2^64, exact as in profile_self()): no child list walks. */
static ft_val *
self_rows(const ft_profile *p)
{
	size_t nv = (size_t)p->nvals, nn = p->nnodes;
	size_t bytes = sizeof(ft_val) * nv * (nn ? nn : 1);
	ft_val *sv = xbig_realloc(NULL, 0, bytes);
	memcpy(sv, p->total, sizeof(ft_val) * nv * nn);
	if (!p->finished)
		return sv;
	uint64_t *u = (uint64_t *)sv;
	const uint64_t *t = (const uint64_t *)p->total;
	if (nv == 1) {
		for (size_t i = nn; i-- > 1;)
			u[p->nodes[i].parent] -= t[i];
	} else {
		for (size_t i = nn; i-- > 1;) {
			size_t q = (size_t)p->nodes[i].parent * nv;
			for (size_t c = 0; c < nv; c++)
				u[q + c] -= t[i * nv + c];
		}
	}
	return sv;
}

static int
row_nonzero(const ft_val *v, int nv)
{
	for (int c = 0; c < nv; c++)
		if (v[c] != 0)
			return 1;
	return 0;
}

/* Node i's self row: from the precomputed rows, else worked out alone
 * into buf (a walk over i's children). */
static const ft_val *
self_of(const ft_profile *p, const ft_val *sv, uint32_t i, ft_val *buf)
{
	if (sv != NULL)
		return &sv[(size_t)i * (size_t)p->nvals];
	profile_self_row(p, i, buf);
	return buf;
}

/* Focus, ignore and prune-from keep every frame where it is (only stacks
 * go, or values move up to a kept ancestor), so one forward pass suffices:
 * every copy is sole, its new parent is its old parent's copy. */
static int
filter_in_place(struct pass *s, const uint8_t *match, const ft_val *sv,
    ft_val *rowbuf, uint32_t *tgt, ft_diag *err)
{
	const ft_profile *p = s->p;
	const ft_node *nd = p->nodes;
	uint32_t *newn = s->newn, *dm = s->dm, *chain = s->chain;
	uint8_t *fl = s->fl;
	int nv = p->nvals, kind = s->kind;
	for (uint32_t i = 1; i < p->nnodes; i++) {
		uint32_t q = nd[i].parent;
		int m = match[nd[i].name];
		uint8_t f = (uint8_t)((fl[q] | m) & F_HASM);
		fl[i] = f;
		newn[i] = FT_NONE;
		uint32_t t = i;
		if (dm != NULL) {
			dm[i] = m ? i : dm[q];
			if (dm[i] != FT_NONE)
				t = dm[i];
		}
		if (dropped(kind, f))
			continue;
		const ft_val *row = self_of(p, sv, i, rowbuf);
		if (!row_nonzero(row, nv))
			continue;
		if (newn[t] == FT_NONE) {
			uint32_t n = 0, k = t;
			do {
				chain[n++] = k;
				k = nd[k].parent;
			} while (newn[k] == FT_NONE);
			while (n > 0) {
				uint32_t x = chain[--n];
				newn[x] = profile_push(s->np, newn[nd[x].parent], nd[x].name);
			}
		}
		if (profile_add_self(s->np, newn[t], row, err) != 0)
			return -1;
		if (tgt != NULL)
			tgt[i] = newn[t];
	}
	return 0;
}

/* Hide, show, show-from and the copy: frames go and callees move up, so
 * the new parents are known only after a first pass (classify). */
static int
filter_reparent(struct pass *s, const uint8_t *match, const ft_val *sv,
    ft_val *rowbuf, uint32_t *tgt, ft_diag *err)
{
	const ft_profile *p = s->p;
	size_t nn = p->nnodes;
	int nv = p->nvals;
	s->up = xbig_realloc(NULL, 0, sizeof(uint32_t) * nn);
	classify(s, match);
	s->fl[0] |= F_SOLE;
	int rc = 0;
	for (uint32_t i = 1; i < nn && rc == 0; i++) {
		uint8_t f = s->fl[i];
		s->newn[i] = FT_NONE;
		if (f & F_KEPT) {
			uint32_t a = new_parent_of(s, i);
			if ((s->fl[a] & (F_SOLE | F_MARK)) == F_SOLE)
				s->fl[i] = f | F_SOLE;
		}
		if (dropped(s->kind, f & F_HASM))
			continue;
		const ft_val *row = self_of(p, sv, i, rowbuf);
		if (!row_nonzero(row, nv))
			continue;
		uint32_t t = ensure(s, s->up[i]);
		rc = profile_add_self(s->np, t, row, err);
		if (tgt != NULL)
			tgt[i] = t;
	}
	xbig_free(s->up, sizeof(uint32_t) * nn);
	return rc;
}

/* --- ignore and prune-from without a builder ---------------------------
 *
 * Both keep every frame where it is (only stacks go, or values move up to
 * a kept ancestor), so the new tree is the old one less the nodes that
 * receive no value, and each of its totals is a sum over the old subtree.
 * A first pass down the ids marks the nodes with a match at or above them
 * (F_HASM) and the matches themselves (F_MATCH), and notes each node's
 * depth.  One pass up the ids (every child before its parent) works out
 * per node its self (its total less its children's), whether it is kept
 * (K_KEPT: a value lands on it or on a kept descendant) and its new total;
 * a numbering pass gives each kept node its new id (cnt[i]: the kept
 * nodes below it in id order, so the old id order, parents first); a pass
 * down the ids then writes each kept node whole, its child list linked in
 * the old list's order without the nodes that went.  No child lookups, no
 * summing pass, and no sort when the old lists were in the asked name
 * order (a subset of a sorted list is sorted); a weight order is sorted
 * again (totals change).  Ignore drops every F_HASM node.  For
 * prune-from, a node strictly below a match passes its self up to the
 * innermost match, which takes it as its self; a match or a node with no
 * match above keeps all of its subtree's value, so its total is the old
 * one; going up, F_PNZ says a non-zero self is pending below (the match is
 * kept for it).
 *
 * A big tree's four passes run on two CPUs, each split at id M.  Marking
 * down, the upper part finds the flag and depth of a parent below M by
 * walking up to the root (at most an eighth of its nodes' worth of steps
 * in all; past that, the rest is marked once both are done).  Every child
 * of a node at or above M is above it too, so the upper part goes up on
 * its own.  The lower part goes up beside it and leaves for later
 * (K_LATER) each node with a child in the upper part or a child left for
 * later; once both are done, the nodes left go up in one thread (in a tree
 * whose ids run depth first they are the callers of node M, a stack's
 * worth).  Numbering and writing split at M too: the upper part writes
 * its totals to the front of its own part, moved down after both finish
 * (totals are written in place, over the old-id rows they came from). */
#define FT_KEEP_NV 16 /* most columns the keep passes take */
enum {
	K_KEPT = 2,   /* the node is kept */
	K_LATER = 4,  /* its pass up waits for the other part */
	F_MATCH = 16, /* the node's own frame matches */
	F_SNZ = 32,   /* its self row is non-zero */
	F_PNZ = 64,   /* a non-zero self is pending below, for the match above */
};

/* Trees of this many nodes are filtered on two CPUs, the keep passes and
 * the hide passes alike (filters_split_at). */
#define SPLIT_NODES (1u << 20)
static uint32_t split_nodes = SPLIT_NODES;
static int split_forced;

void
filters_split_at(uint32_t nodes)
{
	split_nodes = nodes ? nodes : SPLIT_NODES;
	split_forced = nodes != 0;
}

/* Whether a tree of nn nodes is filtered in two parts. */
static int
split_in_two(size_t nn)
{
	return nn >= split_nodes &&
	    (split_forced || sysconf(_SC_NPROCESSORS_ONLN) >= 2);
}

/* The state of a keep pass. */
struct keep {
	const ft_node *nd;
	const uint64_t *tot; /* old totals */
	size_t nn;
	int prune;
	uint8_t *fl;         /* F_HASM, F_MATCH, F_SNZ, F_PNZ, K_* per old node */
	uint8_t *d8;         /* depth per old node (d8_next) */
	uint32_t *cnt;       /* new id of a kept node, FT_NONE: gone; during
	                      * the pass up, the lower part's nodes left for
	                      * later */
	uint64_t *nt;        /* new totals of kept nodes, by old id */
	uint32_t max_depth;  /* the old tree's: no new one is deeper */
	ft_profile *np;      /* the new tree */
	const uint8_t *match; /* per name: it matches */
};

/* acc += v, column by column; non-zero when a sum overflows. */
static inline int
rows_add(uint64_t *acc, const uint64_t *v, size_t nv)
{
	int bad = 0;
	for (size_t c = 0; c < nv; c++) {
		int64_t x;
		bad |= __builtin_add_overflow((int64_t)acc[c], (int64_t)v[c], &x);
		acc[c] = (uint64_t)x;
	}
	return bad;
}

/* Inlined where called, so the one-column calls get nv constant. */
#define KEEP_INLINE static inline __attribute__((always_inline))

/* Node i of the pass up: its flags and, when kept, its new total; -1 when
 * it has a child at or above lim or left for later (it is left for later
 * itself), else whether it is kept.  *bad is set when a sum overflows. */
KEEP_INLINE int
keep_node(struct keep *K, size_t i, size_t nv, size_t lim, int *bad)
{
	const ft_node *nd = K->nd;
	const uint64_t *tot = K->tot;
	uint8_t *fl = K->fl;
	uint64_t *nt = K->nt;
	uint64_t s[FT_KEEP_NV], acc[FT_KEEP_NV];
	for (size_t j = 0; j < nv; j++) {
		s[j] = tot[i * nv + j];
		acc[j] = 0;
	}
	int kc = 0, pnz = 0;
	for (uint32_t c = nd[i].child; c != FT_NONE; c = nd[c].sibling) {
		/* The other part's nodes are not read before they are done. */
		uint8_t fc = c < lim ? fl[c] : K_LATER;
		if (fc & K_LATER) {
			fl[i] |= K_LATER;
			return -1;
		}
		for (size_t j = 0; j < nv; j++)
			s[j] -= tot[(size_t)c * nv + j];
		if (fc & K_KEPT) {
			kc = 1;
			*bad |= rows_add(acc, &nt[(size_t)c * nv], nv);
		}
		if (K->prune && (fc & (F_HASM | F_MATCH)) == F_HASM)
			pnz |= fc & F_PNZ;
	}
	int snz = 0, keep, whole = 0;
	for (size_t j = 0; j < nv; j++)
		snz |= s[j] != 0;
	uint8_t f = fl[i];
	if (!K->prune) {
		keep = !(f & F_HASM) && (snz || kc);
	} else if (!(f & F_HASM) || (f & F_MATCH)) {
		/* Every value of the subtree stays in it: the total is the
		 * old one. */
		keep = snz || pnz || kc;
		whole = 1;
	} else {
		/* Strictly below a match: the self waits for it. */
		for (size_t j = 0; j < nv; j++)
			s[j] = 0;
		if (snz || pnz)
			f |= F_PNZ;
		keep = kc;
	}
	keep |= i == 0;
	fl[i] = (uint8_t)(f | (snz ? F_SNZ : 0) | (keep ? K_KEPT : 0));
	if (!keep)
		return 0;
	if (whole)
		for (size_t j = 0; j < nv; j++)
			nt[i * nv + j] = tot[i * nv + j];
	else {
		*bad |= rows_add(s, acc, nv);
		for (size_t j = 0; j < nv; j++)
			nt[i * nv + j] = s[j];
	}
	return 1;
}

/* The pass up over ids [from, to), nodes with children at or above lim
 * left for later (listed in cnt[0..*nlater), highest id first); the
 * number of kept nodes, *bad set when a sum overflows. */
KEEP_INLINE uint32_t
keep_up(struct keep *K, size_t nv, size_t from, size_t to, size_t lim,
    uint32_t *nlater, int *bad)
{
	uint32_t nl = 0, k = 0;
	for (size_t i = to; i-- > from;) {
		int r = keep_node(K, i, nv, lim, bad);
		if (r < 0)
			K->cnt[nl++] = (uint32_t)i;
		else
			k += (uint32_t)r;
	}
	*nlater = nl;
	return k;
}

/* The nodes left for later, in the order listed; the number kept. */
KEEP_INLINE uint32_t
keep_later(struct keep *K, size_t nv, uint32_t nlater, int *bad)
{
	uint32_t k = 0;
	for (uint32_t j = 0; j < nlater; j++) {
		uint32_t i = K->cnt[j];
		K->fl[i] &= (uint8_t)~K_LATER;
		k += (uint32_t)keep_node(K, i, nv, K->nn, bad);
	}
	return k;
}

/* First kept node of the list starting at c, or FT_NONE. */
static inline uint32_t
next_kept(const ft_node *nd, const uint32_t *cnt, uint32_t c)
{
	while (c != FT_NONE && cnt[c] == FT_NONE)
		c = nd[c].sibling;
	return c;
}

/* The depths of a tree written in id order, a byte by node: a node's is
 * its parent's plus one.  Unlike ft_depths (whose walk up from a stack's
 * first node is one load after another), the loads are independent and
 * overlap.  A byte stops at 255: a tree that deep gets its largest depth
 * from a pass with ft_depths (depths_exact). */
#define D8_CAP 255

static inline uint32_t
d8_next(uint8_t *d8, uint32_t n, uint32_t parent)
{
	uint8_t d = d8[parent];
	d8[n] = (uint8_t)(d + (d < D8_CAP));
	return d8[n];
}

static uint32_t
depths_exact(const ft_node *nodes, uint32_t n, uint32_t max_depth)
{
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)max_depth + 1));
	ft_depths w;
	depths_start(&w, nodes, path);
	uint32_t maxd = 0;
	for (uint32_t i = 1; i < n; i++) {
		uint32_t d = depths_next(&w, i, nodes[i].parent);
		if (d > maxd)
			maxd = d;
	}
	free(path);
	return maxd;
}

/* New ids from first for the kept nodes of [from, to); the next id. */
static uint32_t
keep_number(const struct keep *K, size_t from, size_t to, uint32_t first)
{
	const uint8_t *fl = K->fl;
	uint32_t *cnt = K->cnt, n = first;
	for (size_t i = from; i < to; i++)
		cnt[i] = (fl[i] & K_KEPT) ? n++ : FT_NONE;
	return n;
}

/* The pass down over ids [from, to): each kept node written at its new
 * id, its total at from + (new id - first) (first: the part's first new
 * id); the largest old depth of a kept node. */
KEEP_INLINE uint32_t
keep_down(const struct keep *K, ft_profile *np, size_t nv, size_t from,
    size_t to, uint32_t first)
{
	const ft_node *nd = K->nd;
	const uint32_t *cnt = K->cnt;
	const uint64_t *nt = K->nt;
	const uint8_t *d8 = K->d8;
	ft_node *out = np->nodes;
	uint64_t *ot = (uint64_t *)np->total;
	uint32_t maxd = 0;
	for (size_t i = from; i < to; i++) {
		uint32_t n = cnt[i];
		if (n == FT_NONE)
			continue;
		const ft_node *o = &nd[i];
		uint32_t c = next_kept(nd, cnt, o->child);
		uint32_t sb = i == 0 ? FT_NONE : next_kept(nd, cnt, o->sibling);
		ft_node w = {o->name, i == 0 ? FT_NONE : cnt[o->parent],
		    c == FT_NONE ? FT_NONE : cnt[c], sb == FT_NONE ? FT_NONE : cnt[sb]};
		out[n] = w;
		if (d8[i] > maxd)
			maxd = d8[i];
		size_t at = from + (n - first);
		for (size_t j = 0; j < nv; j++)
			ot[at * nv + j] = nt[i * nv + j];
	}
	return maxd;
}

/* Where each old node's self went, for labels_remap(). */
static uint32_t *
keep_targets(const struct keep *K)
{
	const ft_node *nd = K->nd;
	const uint8_t *fl = K->fl;
	size_t nn = K->nn;
	uint32_t *tgt = xmalloc(sizeof(uint32_t) * nn);
	uint32_t *dm = K->prune ? xbig_realloc(NULL, 0, sizeof(uint32_t) * nn) : NULL;
	for (size_t i = 0; i < nn; i++) {
		uint32_t t = (uint32_t)i;
		if (dm != NULL) {
			/* The innermost match at or above i takes its self. */
			dm[i] = i == 0 ? FT_NONE : (fl[i] & F_MATCH) ? (uint32_t)i :
			    dm[nd[i].parent];
			if (dm[i] != FT_NONE)
				t = dm[i];
		}
		tgt[i] = (fl[i] & F_SNZ) && (dm != NULL || !(fl[i] & F_HASM)) ?
		    K->cnt[t] : FT_NONE;
	}
	xbig_free(dm, sizeof(uint32_t) * nn);
	return tgt;
}

/* The pass down over ids [from, to): F_HASM, F_MATCH and the depth of
 * each node.  Parents below lim are the other part's, not done yet: their
 * flag and depth are found by walking up to the root, at most budget
 * steps in all (a tree whose ids do not run depth first may need many);
 * the id where the pass stopped, to when it did not run out. */
static size_t
keep_mark(struct keep *K, size_t from, size_t to, size_t lim, size_t *budget)
{
	const ft_node *nd = K->nd;
	const uint8_t *match = K->match;
	uint8_t *fl = K->fl, *d8 = K->d8;
	for (size_t i = from; i < to; i++) {
		/* A stack's first new node has its parent far below: fetched
		 * ahead, the misses overlap. */
		if (i + 32 < to) {
			__builtin_prefetch(&fl[nd[i + 32].parent]);
			__builtin_prefetch(&d8[nd[i + 32].parent]);
		}
		uint32_t q = nd[i].parent;
		uint8_t m = match[nd[i].name] ? F_HASM | F_MATCH : 0;
		if (q >= lim || budget == NULL) {
			fl[i] = (uint8_t)((fl[q] & F_HASM) | m);
			d8_next(d8, (uint32_t)i, q);
			continue;
		}
		uint32_t d = 1;
		for (uint32_t a = q; a != FT_ROOT; a = nd[a].parent, d++) {
			if (*budget == 0)
				return i;
			--*budget;
			m |= match[nd[a].name] ? F_HASM : 0;
		}
		fl[i] = m;
		d8[i] = (uint8_t)(d < D8_CAP ? d : D8_CAP);
	}
	return to;
}

/* One part's share of the passes (the upper part, in a thread of its
 * own): which pass runs next, what it gave back.  Each part on cache
 * lines of its own: the passes write its fields as they go, and two
 * CPUs writing one line take turns at it. */
struct keep_part {
	_Alignas(64) struct keep *K;
	size_t nv, from, to;
	size_t lim;       /* up: children at or above it wait */
	int step;         /* 3: mark, 0: up, 1: number, 2: down */
	uint32_t first;   /* number, down: the part's first new id */
	size_t out;       /* mark: where it stopped; up: kept; number: next
	                   * id; down: depth */
	uint32_t nlater;  /* up: nodes left for later */
	int bad;          /* up: a sum overflowed */
};

static void
keep_step(struct keep_part *w)
{
	struct keep *K = w->K;
	size_t nv = w->nv;
	switch (w->step) {
	case 3: {
		/* The upper part walks up from parents in the lower one: an
		 * eighth of its nodes' worth of steps at most. */
		size_t budget = (w->to - w->from) / 8;
		w->out = w->from == 0 ? keep_mark(K, 1, w->to, 0, NULL) :
		    keep_mark(K, w->from, w->to, w->from, &budget);
		break;
	}
	case 0:
		w->out = nv == 1 ? keep_up(K, 1, w->from, w->to, w->lim, &w->nlater, &w->bad) :
		    nv == 2 ? keep_up(K, 2, w->from, w->to, w->lim, &w->nlater, &w->bad) :
		    keep_up(K, nv, w->from, w->to, w->lim, &w->nlater, &w->bad);
		break;
	case 1:
		w->out = keep_number(K, w->from, w->to, w->first);
		break;
	default:
		w->out = nv == 1 ? keep_down(K, K->np, 1, w->from, w->to, w->first) :
		    nv == 2 ? keep_down(K, K->np, 2, w->from, w->to, w->first) :
		    keep_down(K, K->np, nv, w->from, w->to, w->first);
		break;
	}
}

/* Runs fn on both parts of a split pass: the upper one (hi) in a thread
 * of its own, the lower one (lo) here, and waits for both.  With no
 * thread (none could be made, or hi is empty) fn(hi) runs here first. */
struct two_run {
	void (*fn)(void *);
	void *arg;
};

static void *
two_thread(void *arg)
{
	struct two_run *r = arg;
	r->fn(r->arg);
	return NULL;
}

static void
two_parts(void (*fn)(void *), void *lo, void *hi, int hi_empty)
{
	struct two_run r = {.fn = fn, .arg = hi};
	pthread_t th;
	int two = !hi_empty && pthread_create(&th, NULL, two_thread, &r) == 0;
	if (!two)
		fn(hi);
	fn(lo);
	if (two)
		pthread_join(th, NULL);
}

static void
keep_step_v(void *w)
{
	keep_step(w);
}

/* Step step of both parts.  The lower part's pass up ends with the
 * nodes it left for later, once the upper part is done. */
static void
keep_both(struct keep_part *lo, struct keep_part *hi, int step)
{
	lo->step = hi->step = step;
	two_parts(keep_step_v, lo, hi, hi->from >= hi->to);
	if (step == 0 && lo->nlater > 0) {
		size_t nv = lo->nv;
		lo->out += nv == 1 ? keep_later(lo->K, 1, lo->nlater, &lo->bad) :
		    nv == 2 ? keep_later(lo->K, 2, lo->nlater, &lo->bad) :
		    keep_later(lo->K, nv, lo->nlater, &lo->bad);
	}
}

static ft_profile *
filter_keep(const ft_profile *p, int kind, const uint8_t *match,
    enum ft_sort sort, int column, ft_diag *err)
{
	size_t nn = p->nnodes, nv = (size_t)p->nvals;
	struct keep K = {.nd = p->nodes, .tot = (const uint64_t *)p->total,
	    .nn = nn, .prune = kind == FILTER_PRUNE_FROM,
	    .max_depth = p->max_depth};
	K.fl = xbig_realloc(NULL, 0, nn);
	K.d8 = xbig_realloc(NULL, 0, nn);
	K.cnt = xbig_realloc(NULL, 0, sizeof(uint32_t) * nn);
	/* New totals by old id in the new tree's own total array, moved down
	 * to their new ids as the nodes are written (a new id is never above
	 * the old one). */
	ft_profile *np = profile_new_like(p);
	profile_fill(np, (uint32_t)nn);
	K.np = np;
	K.nt = (uint64_t *)np->total;
	K.match = match;
	K.fl[0] = 0;
	K.d8[0] = 0;
	int two = split_in_two(nn);
	size_t mid = two ? nn / 2 : nn;
	struct keep_part lo = {.K = &K, .nv = nv, .from = 0, .to = mid, .lim = mid},
	    hi = {.K = &K, .nv = nv, .from = mid, .to = nn, .lim = nn};
	keep_both(&lo, &hi, 3);
	if (hi.out < nn)
		keep_mark(&K, hi.out, nn, nn, NULL);
	keep_both(&lo, &hi, 0);
	uint32_t klo = (uint32_t)lo.out, khi = (uint32_t)hi.out, k = klo + khi;
	if (lo.bad || hi.bad) {
		diag_set(err, "total of counts overflows 64 bits");
		profile_free(np);
		np = NULL;
	} else {
		/* New ids: the lower part's kept nodes first. */
		lo.first = 0;
		hi.first = klo;
		keep_both(&lo, &hi, 1);
		keep_both(&lo, &hi, 2);
		/* The upper part's totals, written at the front of its own
		 * rows, go to their new ids. */
		if (khi > 0 && mid != klo)
			memmove(&K.nt[(size_t)klo * nv], &K.nt[mid * nv],
			    sizeof(uint64_t) * nv * khi);
		uint32_t maxd = (uint32_t)(lo.out > hi.out ? lo.out : hi.out);
		if (maxd >= D8_CAP)
			maxd = depths_exact(np->nodes, k, K.max_depth);
		profile_filled(np, k, maxd, sort, column,
		    sort == FT_SORT_NAME && p->order == 1 + FT_SORT_NAME);
		if (p->labels != NULL) {
			uint32_t *tgt = keep_targets(&K);
			labels_remap(p, np, tgt);
			free(tgt);
		}
	}
	xbig_free(K.fl, nn);
	xbig_free(K.cnt, sizeof(uint32_t) * nn);
	xbig_free(K.d8, nn);
	return np;
}

/* --- hide and show without a builder --------------------------------------
 *
 * Hide keeps every other frame (show: only the matching ones, which is
 * hiding the others); a hidden frame's callees attach to its
 * nearest kept caller, where they merge with that caller's own
 * callees of the same name.  The new tree's nodes are classes of kept old
 * nodes (same name under the same class), each named by its first member
 * (its rep).  A class whose children can come from more than one old node
 * is indexed (H_IDX), when a hidden frame with callees is found below it
 * or it gets a second member; its children so far are entered then.  Children of an indexed class are
 * found or entered in a hash table by (class, name); every other class's
 * children are its one member's kept children, classes of their own.  A
 * pass down the ids makes the classes and notes each class's depth; a
 * pass up lands each node's self on its class (lc[i]) and, at a class's
 * rep (every member and callee done: they have higher ids), decides it is
 * kept (a non-zero value landed in it or a kept child) and adds its total
 * to its parent class; a numbering pass gives the kept classes new ids in
 * rep order, parents first, and a pass down writes them.  Lists of
 * classes that are not indexed are their member's old list less what
 * went, in its order (and totals unchanged); indexed classes' lists are
 * sorted.
 *
 * A big tree's last three passes run on two CPUs, split at id M as the
 * keep passes are.  The pass down marks (H_LATER) each class below M that
 * a node at or above M lands on or adds its total to.  Going up, the
 * upper part keeps what it would add to a class below M in a list; the
 * lower part leaves a marked class's rep for later, and marks its parent
 * class; once both are done the list is added and the reps left go up.
 * Children of indexed classes are put at the front of their parent's
 * list with an atomic exchange (their order does not matter: the lists
 * are sorted). */
enum {
	H_MATCH = 1,  /* hidden */
	H_IDX = 2,    /* the class's children are in the hash table */
	H_NZ = 4,     /* a non-zero self row landed on the class */
	H_KID = 8,    /* the class has a kept child class */
	H_SNZ = 16,   /* the node's own self row is non-zero */
	H_LATER = 32, /* the upper part adds to the class: it goes up later */
	H_KEPT = 64,  /* the class is kept */
};

/* What the upper part adds to classes below M, kept for later. */
struct hide_add {
	uint32_t *to;   /* the class */
	uint8_t *flag;  /* H_NZ or H_KID */
	uint64_t *rows; /* [entry * nv + column] */
	size_t n, cap;
};

struct hide {
	const ft_node *nd;
	const uint64_t *tot;
	size_t nn, mid;  /* mid: the upper part's first id (nn: no split) */
	const uint8_t *match;
	int show;        /* show: the frames that do not match go */
	uint8_t *fl;
	uint32_t *lc;    /* the class of a kept node, the class above a hidden
	                  * one; lc[i] == i: i is a class's first member */
	uint32_t *cnt;   /* the new id of a kept class's rep, else FT_NONE;
	                  * during the pass up, the reps left for later */
	uint64_t *acc;   /* per class rep: what landed, then its total */
	uint64_t *hkey;  /* (class << 32 | name) + 1, 0 = empty */
	uint32_t *hval, hmask, hn;
	uint32_t max_depth; /* the old tree's: no new one is deeper */
	uint8_t *d8;     /* depth of each class, by its rep */
	ft_profile *np;
};

static uint32_t
hide_slot(const struct hide *H, uint64_t key)
{
	uint32_t i = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & H->hmask;
	while (H->hkey[i] != 0 && H->hkey[i] != key)
		i = (i + 1) & H->hmask;
	return i;
}

/* The class of name under class c, entering v when there is none. */
static uint32_t
hide_class(struct hide *H, uint32_t c, uint32_t name, uint32_t v)
{
	if ((H->hn + 1) * 2 > H->hmask) {
		uint32_t om = H->hmask;
		uint64_t *ok = H->hkey;
		uint32_t *ov = H->hval;
		H->hmask = om * 2 + 1;
		H->hkey = xcalloc((size_t)H->hmask + 1, sizeof(uint64_t));
		H->hval = xmalloc(sizeof(uint32_t) * ((size_t)H->hmask + 1));
		for (uint32_t i = 0; i <= om; i++) {
			if (ok[i] == 0)
				continue;
			uint32_t j = hide_slot(H, ok[i]);
			H->hkey[j] = ok[i];
			H->hval[j] = ov[i];
		}
		free(ok);
		free(ov);
	}
	uint64_t key = ((uint64_t)c << 32 | name) + 1;
	uint32_t i = hide_slot(H, key);
	if (H->hkey[i] == 0) {
		H->hkey[i] = key;
		H->hval[i] = v;
		H->hn++;
	}
	return H->hval[i];
}

/* Index class c (its children so far go into the hash table) before the
 * node at id i: they are its one member's kept children (classes of their
 * own: lc[k] == k) with lower ids. */
static void
hide_index(struct hide *H, uint32_t c, size_t i)
{
	H->fl[c] |= H_IDX;
	for (uint32_t k = H->nd[c].child; k != FT_NONE; k = H->nd[k].sibling)
		if (k < i && H->lc[k] == k)
			hide_class(H, c, H->nd[k].name, k);
}

/* The pass down: each node's class (a hidden node's: its nearest kept
 * caller's), indexing classes that get a second member, the class above
 * a hidden frame with callees (they attach to it), each class's depth,
 * and the classes below mid that nodes at or above it add to. */
KEEP_INLINE void
hide_down(struct hide *H, size_t nv)
{
	const ft_node *nd = H->nd;
	uint8_t *fl = H->fl, *d8 = H->d8;
	uint32_t *lc = H->lc;
	size_t mid = H->mid;
	fl[0] = 0;
	lc[0] = 0;
	d8[0] = 0;
	for (size_t j = 0; j < nv; j++)
		H->acc[j] = 0;
	for (size_t i = 1; i < H->nn; i++) {
		uint32_t pc = lc[nd[i].parent], c = (uint32_t)i;
		if ((H->match[nd[i].name] != 0) != H->show) {
			fl[i] = H_MATCH;
			lc[i] = pc;
			if (nd[i].child != FT_NONE && !(fl[pc] & H_IDX))
				hide_index(H, pc, i);
			if (i >= mid && pc < mid)
				fl[pc] |= H_LATER;
			continue;
		}
		fl[i] = 0;
		if (fl[pc] & H_IDX)
			c = hide_class(H, pc, nd[i].name, (uint32_t)i);
		lc[i] = c;
		if (i >= mid && c < mid)
			fl[c] |= H_LATER;
		if (c != i) {
			/* A second member. */
			if (!(fl[c] & H_IDX))
				hide_index(H, c, i);
			continue;
		}
		if (i >= mid && pc < mid)
			fl[pc] |= H_LATER;
		d8_next(d8, (uint32_t)i, pc);
		for (size_t j = 0; j < nv; j++)
			H->acc[i * nv + j] = 0;
	}
}

/* One part of the pass up. */
struct hide_part {
	_Alignas(64) struct hide *H; /* cache lines of its own (keep_part) */
	size_t nv, from, to;
	int step;           /* 0: up, 1: number, 2: write */
	uint32_t out;       /* up: kept classes; number: the next id; write:
	                     * the largest depth */
	uint32_t first;     /* number, write: the part's first new id */
	int bad;            /* up: a sum overflowed */
	uint32_t nlater;    /* up, lower part: reps left for later */
	struct hide_add add; /* up, upper part: what goes to the lower one */
	uint32_t *sortv;    /* write: new ids of indexed classes */
	uint32_t ns, cs;
};

/* Add row v to class l (flag: H_NZ or H_KID), or keep it for later when
 * l is the other part's. */
KEEP_INLINE void
hide_land(struct hide_part *w, uint32_t l, const uint64_t *v, uint8_t flag,
    size_t nv)
{
	struct hide *H = w->H;
	if (l >= w->from) {
		H->fl[l] |= flag;
		w->bad |= rows_add(&H->acc[(size_t)l * nv], v, nv);
		return;
	}
	struct hide_add *a = &w->add;
	if (a->n == a->cap) {
		a->cap = grow_cap(a->cap, a->n + 1, 256);
		a->to = xreallocarray(a->to, a->cap, sizeof(uint32_t));
		a->flag = xreallocarray(a->flag, a->cap, 1);
		a->rows = xreallocarray(a->rows, a->cap, sizeof(uint64_t) * nv);
	}
	a->to[a->n] = l;
	a->flag[a->n] = flag;
	memcpy(&a->rows[a->n * nv], v, sizeof(uint64_t) * nv);
	a->n++;
}

/* A class rep's turn in the pass up: kept or not, and its total added to
 * its parent class; whether it is kept. */
KEEP_INLINE uint32_t
hide_rep(struct hide_part *w, size_t i, size_t nv)
{
	struct hide *H = w->H;
	uint8_t *fl = H->fl;
	if (!(fl[i] & (H_NZ | H_KID)) && i > 0)
		return 0;
	fl[i] |= H_KEPT;
	if (i > 0)
		hide_land(w, H->lc[H->nd[i].parent], &H->acc[i * nv], H_KID, nv);
	return 1;
}

/* The pass up over the part's ids; the number of kept classes.  The
 * lower part leaves marked reps for later (listed in cnt, highest id
 * first). */
KEEP_INLINE uint32_t
hide_up(struct hide_part *w, size_t nv)
{
	struct hide *H = w->H;
	const ft_node *nd = H->nd;
	const uint64_t *tot = H->tot;
	uint8_t *fl = H->fl;
	const uint32_t *lc = H->lc;
	uint64_t s[FT_KEEP_NV];
	uint32_t k = 0;
	for (size_t i = w->to; i-- > w->from;) {
		for (size_t j = 0; j < nv; j++)
			s[j] = tot[i * nv + j];
		for (uint32_t c = nd[i].child; c != FT_NONE; c = nd[c].sibling)
			for (size_t j = 0; j < nv; j++)
				s[j] -= tot[(size_t)c * nv + j];
		int snz = 0;
		for (size_t j = 0; j < nv; j++)
			snz |= s[j] != 0;
		uint32_t l = lc[i];
		if (snz) {
			fl[i] |= H_SNZ;
			hide_land(w, l, s, H_NZ, nv);
		}
		if (l != i)
			continue;
		if (fl[i] & H_LATER) {
			/* The upper part adds to it (only the lower part has
			 * marks): so it does to its parent class. */
			H->cnt[w->nlater++] = (uint32_t)i;
			if (i > 0)
				fl[lc[nd[i].parent]] |= H_LATER;
			continue;
		}
		k += hide_rep(w, i, nv);
	}
	return k;
}

/* After both parts' pass up: the upper part's additions, then the reps
 * left for later; the number of them kept. */
static uint32_t
hide_later(struct hide_part *lo, const struct hide_add *a, size_t nv)
{
	struct hide *H = lo->H;
	for (size_t e = 0; e < a->n; e++) {
		H->fl[a->to[e]] |= a->flag[e];
		lo->bad |= rows_add(&H->acc[(size_t)a->to[e] * nv], &a->rows[e * nv], nv);
	}
	uint32_t k = 0;
	for (uint32_t j = 0; j < lo->nlater; j++)
		k += hide_rep(lo, H->cnt[j], nv);
	return k;
}

/* New ids from first for the kept classes of the part; the next id.  An
 * indexed class's list starts empty (its children put themselves at its
 * front). */
static uint32_t
hide_number(struct hide_part *w)
{
	struct hide *H = w->H;
	const uint8_t *fl = H->fl;
	uint32_t *cnt = H->cnt, n = w->first;
	ft_node *out = H->np->nodes;
	for (size_t i = w->from; i < w->to; i++) {
		if (!(fl[i] & H_KEPT)) {
			cnt[i] = FT_NONE;
			continue;
		}
		if (fl[i] & H_IDX)
			out[n].child = FT_NONE;
		cnt[i] = n++;
	}
	return n;
}

/* The pass down writing the part's kept classes, each total at from +
 * (new id - first); their largest depth. */
KEEP_INLINE uint32_t
hide_write(struct hide_part *w, size_t nv)
{
	const struct hide *H = w->H;
	const ft_node *nd = H->nd;
	const uint8_t *fl = H->fl, *d8 = H->d8;
	const uint32_t *cnt = H->cnt, *lc = H->lc;
	ft_node *out = H->np->nodes;
	uint64_t *ot = (uint64_t *)H->np->total;
	uint32_t maxd = 0;
	for (size_t i = w->from; i < w->to; i++) {
		uint32_t n = cnt[i];
		if (n == FT_NONE)
			continue;
		ft_node *o = &out[n];
		o->name = nd[i].name;
		o->sibling = FT_NONE;
		if (i == 0) {
			o->parent = FT_NONE;
		} else {
			uint32_t pc = lc[nd[i].parent], pn = cnt[pc];
			o->parent = pn;
			if (d8[i] > maxd)
				maxd = d8[i];
			if (fl[pc] & H_IDX) {
				o->sibling = __atomic_exchange_n(&out[pn].child, n,
				    __ATOMIC_RELAXED);
			} else {
				uint32_t sb = next_kept(nd, cnt, nd[i].sibling);
				o->sibling = sb == FT_NONE ? FT_NONE : cnt[sb];
			}
		}
		if (fl[i] & H_IDX) {
			XPUSH(w->sortv, w->ns, w->cs, 64, n);
		} else {
			uint32_t c = next_kept(nd, cnt, nd[i].child);
			o->child = c == FT_NONE ? FT_NONE : cnt[c];
		}
		size_t at = w->from + (n - w->first);
		for (size_t j = 0; j < nv; j++)
			ot[at * nv + j] = H->acc[i * nv + j];
	}
	return maxd;
}

static void
hide_step(void *arg)
{
	struct hide_part *w = arg;
	size_t nv = w->nv;
	switch (w->step) {
	case 0:
		w->out = nv == 1 ? hide_up(w, 1) : nv == 2 ? hide_up(w, 2) :
		    hide_up(w, nv);
		break;
	case 1:
		w->out = hide_number(w);
		break;
	default:
		w->out = nv == 1 ? hide_write(w, 1) : nv == 2 ? hide_write(w, 2) :
		    hide_write(w, nv);
		break;
	}
}

static void
hide_both(struct hide_part *lo, struct hide_part *hi, int step)
{
	lo->step = hi->step = step;
	two_parts(hide_step, lo, hi, hi->from >= hi->to);
}

static ft_profile *
filter_hide(const ft_profile *p, int kind, const uint8_t *match,
    enum ft_sort sort, int column, ft_diag *err)
{
	size_t nn = p->nnodes, nv = (size_t)p->nvals;
	int two = split_in_two(nn);
	struct hide H = {.nd = p->nodes, .tot = (const uint64_t *)p->total,
	    .nn = nn, .mid = two ? nn / 2 : nn, .match = match,
	    .show = kind == FILTER_SHOW, .hmask = 1023,
	    .max_depth = p->max_depth};
	H.fl = xbig_realloc(NULL, 0, nn);
	H.d8 = xbig_realloc(NULL, 0, nn);
	H.lc = xbig_realloc(NULL, 0, sizeof(uint32_t) * nn);
	H.cnt = xbig_realloc(NULL, 0, sizeof(uint32_t) * nn);
	/* Class totals by old id in the new tree's total array (see
	 * filter_keep). */
	ft_profile *np = profile_new_like(p);
	profile_fill(np, (uint32_t)nn);
	H.np = np;
	H.acc = (uint64_t *)np->total;
	H.hkey = xcalloc((size_t)H.hmask + 1, sizeof(uint64_t));
	H.hval = xmalloc(sizeof(uint32_t) * ((size_t)H.hmask + 1));
	if (nv == 1)
		hide_down(&H, 1);
	else if (nv == 2)
		hide_down(&H, 2);
	else
		hide_down(&H, nv);
	free(H.hkey);
	free(H.hval);
	struct hide_part lo = {.H = &H, .nv = nv, .from = 0, .to = H.mid},
	    hi = {.H = &H, .nv = nv, .from = H.mid, .to = nn};
	hide_both(&lo, &hi, 0);
	uint32_t khi = hi.out, klo = lo.out + hide_later(&lo, &hi.add, nv);
	uint32_t k = klo + khi;
	free(hi.add.to);
	free(hi.add.flag);
	free(hi.add.rows);
	if (lo.bad || hi.bad) {
		diag_set(err, "total of counts overflows 64 bits");
		profile_free(np);
		np = NULL;
	} else {
		lo.first = 0;
		hi.first = klo;
		hide_both(&lo, &hi, 1);
		hide_both(&lo, &hi, 2);
		/* The upper part's totals, written at the front of its own
		 * rows, go to their new ids. */
		if (khi > 0 && H.mid != klo)
			memmove(&H.acc[(size_t)klo * nv], &H.acc[H.mid * nv],
			    sizeof(uint64_t) * nv * khi);
		uint32_t maxd = lo.out > hi.out ? lo.out : hi.out;
		if (maxd >= D8_CAP)
			maxd = depths_exact(np->nodes, k, H.max_depth);
		for (uint32_t j = 0; j < hi.ns; j++)
			XPUSH(lo.sortv, lo.ns, lo.cs, 64, hi.sortv[j]);
		if (column < 0 || column >= np->nvals)
			column = np->deftype;
		/* Lists copied whole keep the input's order, name or weight
		 * (their totals are the same); the merged ones are sorted. */
		int sorted = p->order == 1 + (int)sort &&
		    (sort == FT_SORT_NAME || p->order_col == column);
		if (sorted)
			profile_sort_some(np, sort, column, lo.sortv, lo.ns);
		profile_filled(np, k, maxd, sort, column, sorted);
		if (p->labels != NULL) {
			uint32_t *tgt = xmalloc(sizeof(uint32_t) * nn);
			for (size_t i = 0; i < nn; i++)
				tgt[i] = (H.fl[i] & H_SNZ) ? H.cnt[H.lc[i]] : FT_NONE;
			labels_remap(p, np, tgt);
			free(tgt);
		}
	}
	free(lo.sortv);
	free(hi.sortv);
	xbig_free(H.fl, nn);
	xbig_free(H.lc, sizeof(uint32_t) * nn);
	xbig_free(H.cnt, sizeof(uint32_t) * nn);
	xbig_free(H.d8, nn);
	return np;
}

ft_profile *
transform_filter(const ft_profile *p, int kind, const uint8_t *match,
    enum ft_sort sort, int column, ft_diag *err)
{
	if ((kind == FILTER_IGNORE || kind == FILTER_PRUNE_FROM) && p->finished &&
	    p->nnodes > 0 && p->nvals <= FT_KEEP_NV)
		return filter_keep(p, kind, match, sort, column, err);
	if ((kind == FILTER_HIDE || kind == FILTER_SHOW) && p->finished &&
	    p->nnodes > 0 && p->nvals <= FT_KEEP_NV)
		return filter_hide(p, kind, match, sort, column, err);
	struct pass s = {p, profile_new_like(p), kind, NULL, NULL, NULL, NULL, NULL};
	size_t nn = p->nnodes;
	/* The result has at most as many nodes; pages never touched cost
	 * nothing, so reserving the upper bound is free for small results. */
	profile_reserve(s.np, nn);
	/* Scratch as big arrays: reused from the last filter's, already
	 * faulted in (xbig_realloc's pool). */
	/* Self rows of every node in one pass where most stacks stay
	 * (ignore, prune-from, hide, show); focus and show-from usually keep
	 * few, and work out only theirs. */
	ft_val *sv = kind == FILTER_FOCUS || kind == FILTER_SHOW_FROM ? NULL :
	    self_rows(p);
	ft_val *row = xmalloc(sizeof(ft_val) * (size_t)p->nvals);
	s.fl = xbig_realloc(NULL, 0, nn ? nn : 1);
	s.newn = xbig_realloc(NULL, 0, sizeof(uint32_t) * (nn ? nn : 1));
	s.chain = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 2));
	if (kind == FILTER_PRUNE_FROM) {
		s.dm = xbig_realloc(NULL, 0, sizeof(uint32_t) * (nn ? nn : 1));
		s.dm[0] = FT_NONE;
	}
	s.fl[0] = F_KEPT | F_SOLE;
	s.newn[0] = FT_ROOT;
	int rc = 0;
	/* Where each node's self went, to carry labels over (labels.h). */
	uint32_t *tgt = NULL;
	if (p->labels != NULL) {
		tgt = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
		for (size_t i = 0; i < nn; i++)
			tgt[i] = FT_NONE;
	}
	if (nn > 0 && !dropped(kind, 0) &&
	    row_nonzero(self_of(p, sv, FT_ROOT, row), p->nvals)) {
		rc = profile_add_self(s.np, FT_ROOT, self_of(p, sv, FT_ROOT, row), err);
		if (tgt != NULL)
			tgt[0] = FT_ROOT;
	}
	if (rc == 0) {
		if (kind == FILTER_FOCUS || kind == FILTER_IGNORE ||
		    kind == FILTER_PRUNE_FROM)
			rc = filter_in_place(&s, match, sv, row, tgt, err);
		else
			rc = filter_reparent(&s, match, sv, row, tgt, err);
	}
	xbig_free(sv, sizeof(ft_val) * (size_t)p->nvals * (nn ? nn : 1));
	free(row);
	xbig_free(s.fl, nn ? nn : 1);
	xbig_free(s.newn, sizeof(uint32_t) * (nn ? nn : 1));
	free(s.chain);
	xbig_free(s.dm, sizeof(uint32_t) * (nn ? nn : 1));
	if (rc == 0)
		rc = profile_finish(s.np, sort, column, err);
	if (rc == 0 && tgt != NULL)
		labels_remap(p, s.np, tgt);
	free(tgt);
	if (rc != 0) {
		profile_free(s.np);
		return NULL;
	}
	return s.np;
}

uint8_t *
filter_match(const ft_profile *p, int kind, const ft_matcher *m)
{
	uint8_t *map = match_names(m, p->names);
	/* pprof matches prune-from against function names only. */
	if (kind != FILTER_PRUNE_FROM)
		framesrc_match(p->fsrc, m, map, intern_count(p->names));
	return map;
}

/* tagfocus, tagignore, tagroot, tagleaf: one pass, or NULL (*err clear)
 * when there are none. */
static ft_profile *
apply_tags(const ft_profile *p, const ft_filters *f, enum ft_sort sort,
    int column, int *failed, ft_diag *err)
{
	*failed = 0;
	if (f == NULL)
		return NULL;
	struct ft_tagspec **t = xmalloc(sizeof(*t) * (size_t)(f->n + 1));
	int n = 0;
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind >= FILTER_TAGFOCUS && f->v[i].kind <= FILTER_TAGLEAF)
			t[n++] = f->v[i].tag;
	ft_profile *np = NULL;
	if (n > 0 && (np = transform_tags(p, t, n, sort, column, err)) == NULL)
		*failed = 1;
	free(t);
	return np;
}

static ft_profile *apply_regex_untimed(const ft_profile *p0,
    const ft_filters *f, enum ft_sort sort, int column, ft_diag *err);

int
filters_time_range(const ft_filters *f, int64_t *a, int64_t *b)
{
	int any = 0;
	ft_diag err;
	*a = INT64_MIN;
	*b = INT64_MAX;
	for (int i = 0; f != NULL && i < f->n; i++) {
		int64_t x, y;
		if (f->v[i].kind != FILTER_TIME ||
		    timerange_parse(f->v[i].pattern, &x, &y, &err) != 0)
			continue;
		any = 1;
		if (x > *a)
			*a = x;
		if (y < *b)
			*b = y;
	}
	if (*b < *a)
		*b = *a;
	return any;
}

/* The time filters (their ranges intersected) on p: *out the tree of the
 * samples in range, NULL when f has none.  -1 with err. */
static int
apply_time(const ft_profile *p, const ft_filters *f, enum ft_sort sort,
    int column, ft_profile **out, ft_diag *err)
{
	int64_t a, b;
	*out = NULL;
	if (!filters_time_range(f, &a, &b))
		return 0;
	*out = timerange_apply(p, a, b, sort, column, err);
	return *out == NULL ? -1 : 0;
}

/* Regex filters in order, on a fresh copy when there are none. */
static ft_profile *
apply_regex(const ft_profile *p0, const ft_filters *f, enum ft_sort sort,
    int column, ft_diag *err)
{
	/* A time range first: it reads the loaded tree's timeline. */
	ft_profile *timed = NULL;
	if (apply_time(p0, f, sort, column, &timed, err) != 0)
		return NULL;
	if (timed != NULL) {
		/* A range alone: its tree, with its timeline (the samples in
		 * range, in order: kept by --export speedscope). */
		int other = 0;
		for (int i = 0; i < f->n; i++)
			other |= f->v[i].kind < FILTER_REGEX_KINDS ||
			    (f->v[i].kind >= FILTER_TAGFOCUS && f->v[i].kind <= FILTER_TAGLEAF);
		if (!other)
			return timed;
		ft_profile *r = apply_regex_untimed(timed, f, sort, column, err);
		profile_free(timed);
		return r;
	}
	return apply_regex_untimed(p0, f, sort, column, err);
}

static ft_profile *
apply_regex_untimed(const ft_profile *p0, const ft_filters *f, enum ft_sort sort,
    int column, ft_diag *err)
{
	int failed;
	ft_profile *tagged = apply_tags(p0, f, sort, column, &failed, err);
	if (failed)
		return NULL;
	const ft_profile *p = tagged != NULL ? tagged : p0;
	ft_profile *cur = tagged;
	for (int i = 0; f != NULL && i < f->n; i++) {
		if (f->v[i].kind >= FILTER_REGEX_KINDS)
			continue;
		const ft_profile *in = cur != NULL ? cur : p;
		/* p0: the same names and sources as every derived tree. */
		uint8_t *map = filter_match(p0, f->v[i].kind, f->v[i].m);
		ft_profile *np = transform_filter(in, f->v[i].kind, map, sort, column, err);
		free(map);
		if (cur != NULL)
			profile_free(cur);
		if (np == NULL)
			return NULL;
		cur = np;
	}
	if (cur == NULL || cur == tagged) {
		if (cur != NULL)
			return cur;
		/* A copy: hide with nothing matching keeps every frame. */
		uint8_t *none = xcalloc(intern_count(p->names) + 1, 1);
		cur = transform_filter(p, FILTER_HIDE, none, sort, column, err);
		free(none);
	}
	return cur;
}

ft_profile *
transform_apply_filters(const ft_profile *p, const ft_filters *f,
    enum ft_sort sort, int column, ft_diag *err)
{
	return apply_regex(p, f, sort, column, err);
}

ft_profile *
transform_apply(const ft_profile *p, const ft_filters *f, enum ft_sort sort,
    int column, ft_diag *err)
{
	ft_profile *cur = apply_regex(p, f, sort, column, err);
	if (cur == NULL || f == NULL)
		return cur;
	int how = 0;
	for (int i = 0; i < f->n; i++)
		if (f->v[i].kind == FILTER_COLLAPSE)
			how |= strcmp(f->v[i].pattern, "all") == 0 ? FT_COLLAPSE_ALL :
			    FT_COLLAPSE_DIRECT;
	if (how != 0) {
		uint32_t *map = cur->labels != NULL ?
		    xmalloc(sizeof(uint32_t) * (cur->nnodes + 1)) : NULL;
		ft_profile *np = transform_collapse(cur,
		    (how & FT_COLLAPSE_ALL) ? FT_COLLAPSE_ALL : FT_COLLAPSE_DIRECT,
		    sort, column, map, err);
		if (np != NULL && map != NULL)
			labels_remap(cur, np, map);
		free(map);
		profile_free(cur);
		if ((cur = np) == NULL)
			return NULL;
	}
	if (filters_find(f, FILTER_INVERT) >= 0) {
		uint32_t *map = cur->labels != NULL ?
		    xmalloc(sizeof(uint32_t) * (cur->nnodes + 1)) : NULL;
		ft_profile *np = transform_invert(cur, sort, column, map, err);
		if (np != NULL && map != NULL)
			labels_remap(cur, np, map);
		free(map);
		profile_free(cur);
		cur = np;
	}
	return cur;
}
