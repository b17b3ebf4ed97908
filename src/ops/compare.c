/* compare.c - union of two profiles, deltas, colours, regressions (see
 * compare.h).
 *
 * The union is built through the ordinary profile builder: every node of A
 * (then of B) is mapped to the union node of the same path, in node index
 * order, which visits parents before children (the builder's invariant), so
 * no walk recurses and no path is materialised.
 */
#include "ops/compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/diffstat.h"
#include "ops/function_table.h"
#include "profile/demangle.h"
#include "profile/labels.h"
#include "ops/filters.h"
#include "profile/units.h"
#include "base/xalloc.h"

int
compare_pick_columns(const ft_profile *a, const ft_profile *b,
    const char *want, int *ca, int *cb, ft_diag *err)
{
	const ft_profile *side[2] = {a, b};
	int col[2];
	if (want != NULL) {
		for (int s = 0; s < 2; s++) {
			const ft_profile *p = side[s];
			char *end;
			long i = strtol(want, &end, 10);
			col[s] = -1;
			if (end != want && *end == '\0') {
				if (i >= 0 && i < p->nvals)
					col[s] = (int)i;
			} else {
				for (int k = 0; k < p->nvals; k++)
					if (strcmp(p->types[k].name, want) == 0)
						col[s] = k;
			}
			if (col[s] < 0) {
				diag_set(err, "%s: no sample type '%s'", p->source, want);
				return -1;
			}
		}
	} else {
		col[1] = b->deftype;
		col[0] = a->deftype;
		for (int k = 0; k < a->nvals; k++)
			if (strcmp(a->types[k].name, b->types[col[1]].name) == 0)
				col[0] = k;
		/* A two-column differential file: before and after. */
		if (a == b && a->differential && a->nvals == 2) {
			col[0] = 0;
			col[1] = 1;
		}
	}
	const char *ua = a->types[col[0]].unit, *ub = b->types[col[1]].unit;
	/* Folded stacks carry no unit (their "count" is a default): they
	 * compare with anything; two real units must agree. */
	int unitless = strcmp(a->format, "folded") == 0 || strcmp(b->format, "folded") == 0;
	if (strcmp(ua, ub) != 0 && !unitless) {
		diag_set(err, "cannot compare %s (%s, in %s) with %s (%s, in %s); "
		    "choose a sample type with --sample-type", a->source,
		    a->types[col[0]].name, ua, b->source, b->types[col[1]].name, ub);
		return -1;
	}
	*ca = col[0];
	*cb = col[1];
	return 0;
}

static ft_val
pow10v(int e)
{
	ft_val v = 1;
	while (e-- > 0)
		v *= 10;
	return v;
}

#if !defined(__SIZEOF_INT128__)
/* v * mul / div truncated toward zero; -1 on overflow (no 128-bit
 * integers: long double, exact while the product fits its mantissa). */
static int
muldiv(ft_val v, ft_val mul, ft_val div, ft_val *out)
{
	long double r = (long double)v * (long double)mul / (long double)div;
	if (r > (long double)INT64_MAX || r < (long double)INT64_MIN)
		return -1;
	*out = (ft_val)r;
	return 0;
}
#endif

/* --- matching names ------------------------------------------------------ */

static int
is_hex(char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

size_t
compare_match_key(const char *s, size_t n, char *out, size_t cap)
{
	/* Trailing "+0x1a" (an offset into the symbol). */
	size_t h = n;
	while (h > 0 && is_hex(s[h - 1]))
		h--;
	if (h < n && h > 3 && s[h - 1] == 'x' && s[h - 2] == '0' && s[h - 3] == '+')
		n = h - 3;
	/* "[unknown]", "(unknown)", "unknown": one name. */
	if ((n == 9 && (memcmp(s, "[unknown]", 9) == 0 || memcmp(s, "(unknown)", 9) == 0)) ||
	    (n == 7 && memcmp(s, "unknown", 7) == 0)) {
		s = "[unknown]";
		n = 9;
	}
	/* A module instead of a symbol ("[libc.so.6]", "/lib/libc-2.31.so"):
	 * its base name without the version, "libc.so". */
	size_t b0 = 0, b1 = n;
	if (n > 2 && ((s[0] == '[' && s[n - 1] == ']') || (s[0] == '(' && s[n - 1] == ')'))) {
		b0 = 1;
		b1 = n - 1;
	}
	int module = b1 > b0;
	for (size_t k = b0; k < b1 && module; k++)
		if (s[k] == ' ' || s[k] == '(' || s[k] == ')')
			module = 0;
	/* ".so" then only a version: ".so", ".so.6", ".so.1.2.3" ("libjvm.so.
	 * Parker::park" or "libfoo.so.alpha" are not a library's file). */
	const char *so = NULL;
	for (size_t k = b0; module && k + 3 <= b1; k++)
		if (memcmp(s + k, ".so", 3) == 0 && (k + 3 == b1 || s[k + 3] == '.')) {
			size_t q = k + 3;
			while (q < b1 && s[q] == '.' && q + 1 < b1 && s[q + 1] >= '0' &&
			    s[q + 1] <= '9') {
				q++;
				while (q < b1 && s[q] >= '0' && s[q] <= '9')
					q++;
			}
			if (q == b1)
				so = s + k;
			break;
		}
	if (module && so != NULL) {
		const char *base = s + b0;
		for (const char *q = s + b0; q < so; q++)
			if (*q == '/')
				base = q + 1;
		const char *end = so;
		/* "libc-2.31" -> "libc"; "ld-linux-x86-64" keeps its name. */
		const char *dash = NULL;
		for (const char *q = base; q < end; q++)
			if (*q == '-' && q + 1 < end && q[1] >= '0' && q[1] <= '9')
				dash = q;
		if (dash != NULL) {
			int version = 0; /* digits with a dot: "-2.31", not "-64" */
			for (const char *q = dash + 1; q < end; q++)
				if (*q == '.')
					version = 1;
				else if (!(*q >= '0' && *q <= '9'))
					break;
			for (const char *q = dash + 1; q < end; q++)
				if (!((*q >= '0' && *q <= '9') || *q == '.'))
					version = 0;
			if (version)
				end = dash;
		}
		size_t len = (size_t)(end - base);
		if (len + 3 >= cap)
			len = cap > 4 ? cap - 4 : 0;
		memcpy(out, base, len);
		memcpy(out + len, ".so", 3);
		return len + 3;
	}
	/* A C++ argument list, at bracket depth 0 only (perf script shows
	 * "Run()", others "Run"); not "(anonymous namespace)", a Go receiver
	 * ("main.(*T).f"), "name (file:line)" (py-spy) nor the "(int)" of
	 * "std::function<void (int)>". */
	n = demangle_args_at(s, n);
	while (n > 1 && s[n - 1] == ' ')
		n--;
	if (n >= cap)
		n = cap - 1;
	memcpy(out, s, n);
	return n;
}

/* s[0..n) cut where stackcollapse-perf.pl cuts an argument list: at the
 * first '(' (not "(anonymous namespace)", not a Go "pkg.(*T).f"), spaces
 * before it dropped. */
static size_t
collapser_cut(const char *s, size_t n)
{
	for (size_t k = 1; k < n; k++) {
		if (s[k] != '(')
			continue;
		if (n - k >= 21 && memcmp(s + k, "(anonymous namespace)", 21) == 0) {
			k += 20;
			continue;
		}
		if (s[k - 1] == '.')
			return n;
		n = k;
		break;
	}
	while (n > 1 && s[n - 1] == ' ')
		n--;
	return n;
}

/* The union's name of every name id a and b use (umap, intern_count ids;
 * ids added to the table later map to themselves): an inlined frame
 * (pprof) is the plain function, the folded export's convention.  Unless
 * exact, names of one compare_match_key() (kinds ignored) merge only one
 * to one: when that key has exactly two names, one only in A, the other
 * only in B, A's becomes B's.  Two names of one side are never merged
 * (foo+0x1a and foo+0x20 of A stay two frames), nor a key with three
 * names: in doubt, no merge, so that each side's stacks are the union's
 * renamed one to one.  Counts the renamed names in c->loose and lists
 * them (c->loose_ids, A's name ids; their B names are umap[id]).  A second
 * pass does the same for the names still unmatched, with keys of the names
 * cut as stackcollapse-perf.pl cuts them (collapser_cut). */
static void
union_names(ft_compare *c, const ft_profile *a, const ft_profile *b, int exact)
{
	ft_intern *t = c->u->names;
	const ft_profile *side[2] = {a, b};
	uint32_t nn = intern_count(t);
	uint32_t *base = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	for (uint32_t i = 0; i < nn; i++)
		base[i] = UINT32_MAX;
	for (int s = 0; s < 2; s++)
		for (uint32_t i = 1; i < side[s]->nnodes; i++) {
			uint32_t id = side[s]->nodes[i].name;
			if (id >= nn || base[id] != UINT32_MAX)
				continue;
			base[id] = id;
			if (intern_kind(t, id) == FT_KIND_INLINED)
				base[id] = intern_get(t, intern_str(t, id), intern_len(t, id),
				    FT_KIND_NONE);
		}
	uint32_t nu = intern_count(t); /* with the plain names of inlined frames */
	c->umap = xmalloc(sizeof(uint32_t) * (nu ? nu : 1));
	c->numap = nu;
	for (uint32_t i = 0; i < nu; i++)
		c->umap[i] = i < nn && base[i] != UINT32_MAX ? base[i] : i;
	c->loose = 0;
	c->loose_ex[0] = c->loose_ex[1] = FT_NONE;
	free(c->loose_ids);
	c->loose_ids = NULL;
	if (!exact) {
		/* Per union name (base id): the sides it is on (1 A, 2 B). */
		uint8_t *sides = xcalloc(nu ? nu : 1, 1);
		for (int s = 0; s < 2; s++)
			for (uint32_t i = 1; i < side[s]->nnodes; i++) {
				uint32_t id = side[s]->nodes[i].name;
				if (id < nn)
					sides[c->umap[id]] |= (uint8_t)(1u << s);
			}
		/* Two passes: keys of compare_match_key(), then, for the names
		 * still unmatched, the same of the name cut at its first '('
		 * (stackcollapse-perf.pl's cut: a folded file made by it has
		 * "std::_Function_handler<void" where perf script has the whole
		 * name).  Per key: how many names (up to 3) and the first two. */
		uint32_t *to = xmalloc(sizeof(uint32_t) * (nu ? nu : 1));
		uint8_t *used = xcalloc(nu ? nu : 1, 1);
		for (uint32_t i = 0; i < nu; i++)
			to[i] = UINT32_MAX;
		uint32_t capkey = 256, cap = 0;
		uint32_t (*names)[3] = xmalloc(sizeof(*names) * capkey);
		char buf[4096];
		for (int pass = 0; pass < 2; pass++) {
			ft_intern *keys = intern_new();
			uint32_t nkey = 0;
			for (uint32_t i = 0; i < nu; i++) {
				if (sides[i] == 0)
					continue;
				const char *str = intern_str(t, i);
				size_t sl = intern_len(t, i);
				if (pass == 1)
					sl = collapser_cut(str, sl);
				size_t len = compare_match_key(str, sl, buf, sizeof(buf));
				uint32_t k = intern_get(keys, buf, len, 0);
				if (k >= nkey) {
					while (k >= capkey)
						capkey *= 2;
					names = xrealloc(names, sizeof(*names) * capkey);
					while (nkey <= k)
						names[nkey++][0] = 0;
				}
				if (names[k][0] < 2)
					names[k][1 + names[k][0]] = i;
				if (names[k][0] < 3)
					names[k][0]++;
			}
			for (uint32_t k = 0; k < nkey; k++) {
				if (names[k][0] != 2)
					continue;
				uint32_t x = names[k][1], y = names[k][2];
				if (sides[x] == 2 && sides[y] == 1) {
					uint32_t z = x;
					x = y;
					y = z;
				}
				if (sides[x] != 1 || sides[y] != 2 || used[x] || used[y])
					continue;
				/* x only in A, y only in B: x becomes y. */
				if (c->loose == cap) {
					cap = cap ? 2 * cap : 16;
					c->loose_ids = xrealloc(c->loose_ids, sizeof(uint32_t) * cap);
				}
				c->loose_ids[c->loose++] = x;
				to[x] = y;
				used[x] = used[y] = 1;
			}
			intern_unref(keys);
		}
		for (uint32_t i = 0; i < nu; i++)
			if (to[c->umap[i]] != UINT32_MAX)
				c->umap[i] = to[c->umap[i]];
		if (c->loose > 0) {
			c->loose_ex[0] = c->loose_ids[0];
			c->loose_ex[1] = c->umap[c->loose_ids[0]];
		}
		free(to);
		free(used);
		free(names);
		free(sides);
	}
	free(base);
}

static uint32_t
union_name(const ft_compare *c, uint32_t id)
{
	return id < c->numap ? c->umap[id] : id;
}

#if defined(__SIZEOF_INT128__)
__extension__ typedef __int128 cmp_i128;

/* One share of a parent's scaled total: the parent's own self value
 * (child == FT_NONE) or one child's total. */
struct share {
	uint32_t parent, child;
	ft_val floor;     /* the exact scaled value, rounded down */
	ft_val rem;       /* its remainder, in [0, den) */
};

static int
cmp_share(const void *x, const void *y)
{
	const struct share *a = x, *b = y;
	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	if (a->rem != b->rem)
		return a->rem > b->rem ? -1 : 1;
	/* The self share first, then children in index order. */
	uint32_t ca = a->child == FT_NONE ? 0 : a->child + 1;
	uint32_t cb = b->child == FT_NONE ? 0 : b->child + 1;
	return ca < cb ? -1 : ca > cb;
}

/* floor(x * num / den) and its remainder (den > 0); -1 on overflow. */
static int
scale_floor(cmp_i128 x, ft_val num, ft_val den, ft_val *q, ft_val *r)
{
	cmp_i128 m;
	if (__builtin_mul_overflow(x, (cmp_i128)num, &m))
		return -1;
	cmp_i128 qq = m / den, rr = m % den;
	if (rr < 0) {
		qq--;
		rr += den;
	}
	if (qq > (cmp_i128)INT64_MAX || qq < (cmp_i128)INT64_MIN)
		return -1;
	*q = (ft_val)qq;
	*r = (ft_val)rr;
	return 0;
}
#endif

/* The self values of column col of p, times mul, scaled by num / den
 * (den != 0) so that every node's scaled total is the sum of its scaled
 * parts and the root's is exactly round(total * num / den): each node's
 * total is split between its own self value and its children by largest
 * remainder (hierarchical apportionment), so every node's scaled total is
 * its exact scaled value rounded down or up, and nothing is lost or
 * invented at the root (per-stack truncation lost up to one unit per
 * stack).  Without 128-bit integers, per-stack truncation.  Returns the
 * malloc'd array of p->nnodes scaled self values, or NULL on overflow. */
static ft_val *
scale_side(const ft_profile *p, int col, ft_val mul, ft_val num, ft_val den)
{
	uint32_t n = p->nnodes;
	ft_val *out = xcalloc(n ? n : 1, sizeof(ft_val));
	if (den < 0) {
		if (num == INT64_MIN || den == INT64_MIN) {
			free(out);
			return NULL;
		}
		num = -num;
		den = -den;
	}
#if defined(__SIZEOF_INT128__)
	cmp_i128 *tot = xcalloc(n ? n : 1, sizeof(cmp_i128));
	struct share *sh = xmalloc(sizeof(*sh) * (2 * (size_t)n + 1));
	ft_val *alloc = xmalloc(sizeof(ft_val) * (n ? n : 1));
	size_t ns = 0;
	int rc = 0;
	for (uint32_t i = n; i-- > 0;) {
		ft_val s;
		if (__builtin_mul_overflow(profile_self(p, i, col), mul, &s)) {
			rc = -1;
			break;
		}
		tot[i] += s;
		if (i != FT_ROOT)
			tot[p->nodes[i].parent] += tot[i];
		struct share *e = &sh[ns++];
		e->parent = i;
		e->child = FT_NONE;
		if (scale_floor(s, num, den, &e->floor, &e->rem) != 0) {
			rc = -1;
			break;
		}
	}
	for (uint32_t i = 1; rc == 0 && i < n; i++) {
		struct share *e = &sh[ns++];
		e->parent = p->nodes[i].parent;
		e->child = i;
		if (scale_floor(tot[i], num, den, &e->floor, &e->rem) != 0)
			rc = -1;
	}
	ft_val rr;
	if (rc == 0 && n > 0 && scale_floor(tot[FT_ROOT], num, den, &alloc[FT_ROOT], &rr) != 0)
		rc = -1;
	if (rc == 0) {
		/* Round the root to nearest (the exact B total when normalising). */
		if (n > 0 && rr != 0 && (cmp_i128)rr * 2 >= den)
			alloc[FT_ROOT]++;
		qsort(sh, ns, sizeof(*sh), cmp_share);
		/* Groups by parent in index order: a parent's allocation is
		 * known before its group (parents have smaller indices). */
		for (size_t g = 0; g < ns;) {
			uint32_t par = sh[g].parent;
			size_t end = g;
			cmp_i128 need = alloc[par];
			while (end < ns && sh[end].parent == par)
				need -= sh[end++].floor;
			/* 0 <= need <= the shares with a remainder. */
			for (size_t k = g; k < end; k++) {
				ft_val v = sh[k].floor;
				if (need > 0 && sh[k].rem != 0) {
					v++;
					need--;
				}
				if (sh[k].child == FT_NONE)
					out[par] = v;
				else
					alloc[sh[k].child] = v;
			}
			g = end;
		}
	}
	free(alloc);
	free(sh);
	free(tot);
	if (rc != 0) {
		free(out);
		return NULL;
	}
#else
	for (uint32_t i = 0; i < n; i++) {
		ft_val s = profile_self(p, i, col);
		if (s != 0 && (__builtin_mul_overflow(s, mul, &s) ||
		    muldiv(s, num, den, &s) != 0)) {
			free(out);
			return NULL;
		}
		out[i] = s;
	}
#endif
	return out;
}

/* Carry p's label entries of column col into column ucol of the union u
 * through map (p's node -> union node).  The union's label sets are those
 * of the first side with labels; the other side's sets are interned there
 * again (string by string).  Values are not normalised: shares are taken
 * within each side. */
static void
merge_labels(ft_profile *u, const ft_profile *p, int col, int ucol, const uint32_t *map)
{
	const ft_labelled *l = p->labels;
	if (u->labels == NULL)
		u->labels = labelled_new(l->sets, 2);
	ft_labelsets *to = u->labels->sets;
	uint32_t nsets = labelsets_count(l->sets);
	uint32_t *setmap = NULL;
	if (l->sets != to) {
		setmap = xmalloc(sizeof(uint32_t) * (nsets ? nsets : 1));
		for (uint32_t i = 0; i < nsets; i++)
			setmap[i] = UINT32_MAX;
	}
	ft_diag err;
	for (uint32_t e = 0; e < l->n; e++) {
		uint32_t n = map[l->node[e]];
		ft_val vals[2] = {0, 0};
		vals[ucol] = l->vals[(size_t)e * (size_t)l->nvals + (size_t)col];
		if (n == FT_NONE || vals[ucol] == 0)
			continue;
		uint32_t set = l->set[e];
		if (setmap != NULL && set < nsets) {
			if (setmap[set] == UINT32_MAX) {
				uint32_t cnt, len;
				const ft_label *lv = labelsets_get(l->sets, set, &cnt);
				ft_label *v = xmalloc(sizeof(ft_label) * (cnt ? cnt : 1));
				for (uint32_t k = 0; k < cnt; k++) {
					const char *s = labelsets_text(l->sets, lv[k].key, &len);
					v[k].key = labelsets_str(to, s, len);
					v[k].str = lv[k].str;
					if (lv[k].str != FT_LABEL_NUM) {
						s = labelsets_text(l->sets, lv[k].str, &len);
						v[k].str = labelsets_str(to, s, len);
					}
					v[k].num = lv[k].num;
					s = labelsets_text(l->sets, lv[k].unit, &len);
					v[k].unit = labelsets_str(to, s, len);
				}
				setmap[set] = labelsets_intern(to, v, cnt);
				free(v);
			}
			set = setmap[set];
		}
		labelled_add(u->labels, n, set, vals, &err);
	}
	free(setmap);
}

/* Map every node of p with a non-zero self somewhere below it into the
 * union and add its self value (times mul; scaled by num / den when den
 * is not 0) to column ucol. */
static int
merge_side(const ft_compare *c, const ft_profile *p, int col, int ucol, ft_val mul,
    ft_val num, ft_val den, int strip_root, ft_diag *err)
{
	ft_profile *u = c->u;
	uint32_t n = p->nnodes;
	ft_val *scaled = NULL;
	if (den != 0 && (scaled = scale_side(p, col, mul, num, den)) == NULL) {
		diag_set(err, "%s: value overflows 64 bits when compared", p->source);
		return -1;
	}
	uint8_t *live = xcalloc(n ? n : 1, 1);
	for (uint32_t i = n; i-- > 1;) {
		if (profile_self(p, i, col) != 0 || (scaled != NULL && scaled[i] != 0))
			live[i] = 1;
		if (live[i])
			live[p->nodes[i].parent] = 1;
	}
	uint32_t *map = xmalloc(sizeof(uint32_t) * (n ? n : 1));
	map[FT_ROOT] = FT_ROOT;
	int rc = 0;
	for (uint32_t i = 0; i < n && rc == 0; i++) {
		if (i != FT_ROOT) {
			if (!live[i]) {
				map[i] = FT_NONE;
				continue;
			}
			uint32_t par = p->nodes[i].parent;
			if (strip_root && par == FT_ROOT)
				map[i] = FT_ROOT; /* the root frames are not matched */
			else
				map[i] = profile_child(u, map[par], union_name(c, p->nodes[i].name));
		}
		ft_val s = profile_self(p, i, col);
		if (scaled != NULL)
			s = scaled[i];
		else if (s != 0 && __builtin_mul_overflow(s, mul, &s)) {
			diag_set(err, "%s: value overflows 64 bits when compared", p->source);
			rc = -1;
			break;
		}
		if (s == 0)
			continue;
		ft_val vals[2] = {0, 0};
		vals[ucol] = s;
		if (profile_add_self(u, map[i], vals, err) != 0)
			rc = -1;
	}
	if (rc == 0 && p->labels != NULL)
		merge_labels(u, p, col, ucol, map);
	free(map);
	free(live);
	free(scaled);
	return rc;
}

static ft_val
absval(ft_val v)
{
	return v == INT64_MIN ? INT64_MAX : v < 0 ? -v : v;
}

static ft_val
sat_sub(ft_val b, ft_val a)
{
	ft_val r;
	if (__builtin_sub_overflow(b, a, &r))
		return b > a ? INT64_MAX : INT64_MIN;
	return r;
}

static ft_val
sat_add(ft_val a, ft_val b)
{
	ft_val r;
	if (__builtin_add_overflow(a, b, &r))
		return b > 0 ? INT64_MAX : INT64_MIN;
	return r;
}

/* Presence, the max width source and the largest deltas. */
static void
compute_derived(ft_compare *c)
{
	const ft_profile *u = c->u;
	uint32_t n = u->nnodes;
	c->presence = xcalloc(n ? n : 1, 1);
	c->wmax = xcalloc(n ? n : 1, sizeof(ft_val));
	c->wsum = xcalloc(n ? n : 1, sizeof(ft_val));
	c->welided = xcalloc(n ? n : 1, sizeof(ft_val));
	for (uint32_t i = 0; i < n; i++) {
		ft_val ta = profile_total(u, i, CMP_A), tb = profile_total(u, i, CMP_B);
		c->wsum[i] = sat_add(ta > 0 ? ta : 0, tb > 0 ? tb : 0);
	}
	/* Children follow their parents: the vanished paths, leaves first. */
	for (uint32_t i = n; i-- > 0;) {
		ft_val ta = profile_total(u, i, CMP_A), tb = profile_total(u, i, CMP_B);
		if (i != FT_ROOT && tb <= 0 && ta > 0)
			c->welided[i] = ta;
		if (i == FT_ROOT)
			break;
		uint32_t par = u->nodes[i].parent;
		c->welided[par] = sat_add(c->welided[par], c->welided[i]);
	}
	for (uint32_t i = n; i-- > 0;) {
		ft_val sa = profile_self(u, i, CMP_A), sb = profile_self(u, i, CMP_B);
		if (sa != 0)
			c->presence[i] |= CMP_IN_A;
		if (sb != 0)
			c->presence[i] |= CMP_IN_B;
		ft_val m = sa > sb ? sa : sb;
		c->wmax[i] = sat_add(c->wmax[i], m > 0 ? m : 0);
		if (i == FT_ROOT)
			break;
		uint32_t par = u->nodes[i].parent;
		c->presence[par] |= c->presence[i];
		c->wmax[par] = sat_add(c->wmax[par], c->wmax[i]);
	}
	c->max_dtotal = c->max_dself = 0;
	c->only[0] = c->only[1] = 0;
	c->saturated = 0;
	c->sat_first = FT_NONE;
	for (uint32_t i = 0; i < n; i++) {
		ft_val d;
		if (__builtin_sub_overflow(profile_total(u, i, CMP_B), profile_total(u, i, CMP_A), &d) &&
		    c->saturated++ == 0)
			c->sat_first = i;
		if (i == FT_ROOT)
			continue;
		ft_val dt = absval(compare_delta(c, i, CMP_BASIS_TOTAL));
		ft_val ds = absval(compare_delta(c, i, CMP_BASIS_SELF));
		if (dt > c->max_dtotal)
			c->max_dtotal = dt;
		if (ds > c->max_dself)
			c->max_dself = ds;
		if (c->presence[i] == CMP_IN_A)
			c->only[0]++;
		else if (c->presence[i] == CMP_IN_B)
			c->only[1]++;
	}
	/* Most of each side under root frames that the other side lacks
	 * (`app-v1` vs `app-v2`): --strip-root would match below them. */
	ft_val oa = 0, ob = 0;
	c->roots_differ = 0;
	c->root_ex[0] = c->root_ex[1] = FT_NONE;
	for (uint32_t k = n > 0 ? u->nodes[FT_ROOT].child : FT_NONE; k != FT_NONE;
	    k = u->nodes[k].sibling) {
		int side = c->presence[k] == CMP_IN_A ? 0 : c->presence[k] == CMP_IN_B ? 1 : -1;
		if (side < 0)
			continue;
		ft_val w = absval(profile_total(u, k, side == 0 ? CMP_A : CMP_B));
		if (side == 0)
			oa = sat_add(oa, w);
		else
			ob = sat_add(ob, w);
		if (c->root_ex[side] == FT_NONE ||
		    w > absval(profile_total(u, c->root_ex[side], side == 0 ? CMP_A : CMP_B)))
			c->root_ex[side] = k;
	}
	if (!c->strip_root && oa > absval(c->total[0]) / 2 && ob > absval(c->total[1]) / 2)
		c->roots_differ = 1;
}

static void set_verdicts(ft_compare *c);

const char *
compare_norm_name(int norm)
{
	switch (norm) {
	case CMP_NORM_ROBUST: return "robust";
	case CMP_NORM_TOTAL: return "total";
	case CMP_NORM_RATE: return "per second";
	default: return "absolute";
	}
}

int
compare_norm_parse(const char *s)
{
	if (strcmp(s, "robust") == 0)
		return CMP_NORM_ROBUST;
	if (strcmp(s, "absolute") == 0 || strcmp(s, "abs") == 0 || strcmp(s, "none") == 0)
		return CMP_NORM_ABS;
	if (strcmp(s, "total") == 0 || strcmp(s, "totals") == 0)
		return CMP_NORM_TOTAL;
	if (strcmp(s, "rate") == 0 || strcmp(s, "per-second") == 0)
		return CMP_NORM_RATE;
	return -1;
}

/* The verdicts of from (and its fit) replace those of c. */
static void
move_verdicts(ft_compare *c, ft_compare *from)
{
	free(c->verdict);
	free(c->vp);
	free(c->vq);
	c->verdict = from->verdict;
	c->vp = from->vp;
	c->vq = from->vq;
	c->nverdict = from->nverdict;
	c->fit = from->fit;
	c->notest = from->notest;
	from->verdict = NULL;
	from->vp = from->vq = NULL;
	from->nverdict = 0;
}

static int build_scaled(ft_compare *c, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_diag *err);

void
compare_secs(char *buf, size_t cap, int64_t ns)
{
	if (ns == INT64_MAX) {
		snprintf(buf, cap, "end");
		return;
	}
	char d[16];
	snprintf(d, sizeof(d), "%09lld", (long long)(ns % 1000000000));
	size_t k = strlen(d);
	while (k > 0 && d[k - 1] == '0')
		d[--k] = '\0';
	snprintf(buf, cap, "%lld%s%s", (long long)(ns / 1000000000), k ? "." : "", d);
}

/* k as a fraction num / den with den = 2^20 (k > 0). */
static void
k_fraction(double k, ft_val *num, ft_val *den)
{
	*den = 1 << 20;
	double n = k * (double)*den;
	*num = n < 1 ? 1 : n > 9e15 ? (ft_val)9e15 : (ft_val)llround(n);
}

/* A sample-count column of p: col itself when it counts samples, else
 * the profile's column named "samples" in unit "count" (pprof's CPU
 * profiles and Node's .cpuprofile carry one beside their time), else
 * -1. */
static int
count_column(const ft_profile *p, int col)
{
	if (strcmp(p->types[col].name, "samples") == 0 ||
	    strcmp(p->types[col].unit, "samples") == 0)
		return col;
	for (int k = 0; k < p->nvals; k++)
		if (strcmp(p->types[k].name, "samples") == 0 &&
		    strcmp(p->types[k].unit, "count") == 0)
			return k;
	return -1;
}

/* The columns the verdicts are tested on: the sample counts of both
 * sides when both have them (a time column's values are not counts when
 * its samples last for different times, as Node's timeDeltas do), else
 * the compared columns.  A two-column differential file (a == b) keeps
 * its columns. */
static void
verdict_columns(const ft_profile *a, int ca, const ft_profile *b, int cb,
    int *va, int *vb)
{
	*va = ca;
	*vb = cb;
	if (a == b)
		return;
	int ka = count_column(a, ca), kb = count_column(b, cb);
	if (ka >= 0 && kb >= 0) {
		*va = ka;
		*vb = kb;
	}
}

/* When c's A was scaled (--normalize, or two time ranges scaled by
 * their lengths: scaled values are no longer whole samples), or the
 * verdicts are tested on other columns than the compared ones
 * (verdict_columns), c's verdicts are replaced by those of an unscaled
 * comparison of the count columns, matched as c was. */
static int
verdicts_on_counts(ft_compare *c, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_diag *err)
{
	int va, vb;
	verdict_columns(a, ca, b, cb, &va, &vb);
	if (va == ca && vb == cb && !c->normalized)
		return 0;
	ft_compare_opts m = o != NULL ? *o : (ft_compare_opts){.sort = FT_SORT_NAME};
	m.norm = CMP_NORM_FLAG;
	m.normalize = 0;
	m.scale_num = m.scale_den = 0;
	m.norm_by[0] = '\0';
	ft_compare t;
	if (build_scaled(&t, a, va, b, vb, &m, err) != 0)
		return -1;
	move_verdicts(c, &t);
	compare_free(&t);
	return 0;
}

int
compare_build(ft_compare *c, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_diag *err)
{
	if (o == NULL || o->norm == CMP_NORM_FLAG) {
		int rc = build_scaled(c, a, ca, b, cb, o, err);
		if (rc == 0 && verdicts_on_counts(c, a, ca, b, cb, o, err) != 0) {
			compare_free(c);
			return -1;
		}
		if (rc == 0) {
			c->norm = c->normalized ? CMP_NORM_TOTAL : CMP_NORM_ABS;
			c->norm_factor = c->normalized && c->raw_total_a > 0 ?
			    (double)c->total[0] / (double)c->raw_total_a : 1;
			c->whole[0] = c->total[0];
			c->whole[1] = c->total[1];
		}
		return rc;
	}
	ft_compare_opts m = *o;
	m.norm = CMP_NORM_FLAG;
	m.normalize = 0;
	const char *note = NULL;
	if (o->norm == CMP_NORM_ABS) {
		if (build_scaled(c, a, ca, b, cb, &m, err) != 0)
			return -1;
		if (verdicts_on_counts(c, a, ca, b, cb, &m, err) != 0) {
			compare_free(c);
			return -1;
		}
		c->norm = CMP_NORM_ABS;
		c->norm_factor = 1;
		c->whole[0] = c->total[0];
		c->whole[1] = c->total[1];
		return 0;
	}
	/* The verdicts are made on the unscaled comparison: the counts of A
	 * as recorded (scaled values are no longer whole samples). */
	ft_compare t;
	m.scale_num = m.scale_den = 0;
	int va, vb;
	verdict_columns(a, ca, b, cb, &va, &vb);
	if (build_scaled(&t, a, va, b, vb, &m, err) != 0)
		return -1;
	m.scale_num = o->scale_num;
	m.scale_den = o->scale_den;
	m.normalize = o->norm == CMP_NORM_TOTAL;
	if (o->scale_num > 0 && o->scale_den > 0) {
		/* A factor given (that of the whole profiles, for a filtered
		 * comparison: compare_build_filtered). */
		m.normalize = 0;
	} else if (o->norm == CMP_NORM_ROBUST) {
		/* k from the unscaled comparison's fit, then A scaled by it. */
		if (t.verdict != NULL && t.fit.robust && t.fit.k > 0 && isfinite(t.fit.k)) {
			k_fraction(t.fit.k, &m.scale_num, &m.scale_den);
			snprintf(m.norm_by, sizeof(m.norm_by), "k=%.3g (robust)", t.fit.k);
		} else if (t.verdict != NULL && profile_total(a, FT_ROOT, ca) > 0 &&
		    profile_total(b, FT_ROOT, cb) > 0) {
			/* Too few functions for the median: k is B/A of the
			 * totals, the exact scaling to B's total. */
			m.normalize = 1;
			note = "robust: too few functions with 20+ samples on both sides, "
			    "so A is scaled to B's total";
		} else {
			note = "robust: no test possible, so no k";
		}
	} else if (o->norm == CMP_NORM_RATE) {
		if (a->duration_ns > 0 && b->duration_ns > 0) {
			m.scale_num = b->duration_ns;
			m.scale_den = a->duration_ns;
			char x[32], y[32];
			compare_secs(x, sizeof(x), b->duration_ns);
			compare_secs(y, sizeof(y), a->duration_ns);
			snprintf(m.norm_by, sizeof(m.norm_by), "%s (B %s s / A %s s)",
			    o->rate_by != NULL ? o->rate_by : "duration", x, y);
		} else {
			note = "per second: a recording does not state its duration";
		}
	}
	if (build_scaled(c, a, ca, b, cb, &m, err) != 0) {
		/* Scaled values beyond 64 bits: compare unscaled, and say so. */
		m.normalize = 0;
		m.scale_num = m.scale_den = 0;
		m.norm_by[0] = '\0';
		note = "A could not be scaled (values beyond 64 bits)";
		if (build_scaled(c, a, ca, b, cb, &m, err) != 0) {
			compare_free(&t);
			return -1;
		}
	}
	move_verdicts(c, &t);
	compare_free(&t);
	c->norm = o->norm;
	c->norm_note = note;
	c->norm_factor = c->normalized && c->raw_total_a > 0 ?
	    (double)c->total[0] / (double)c->raw_total_a : 1;
	c->whole[0] = c->total[0];
	c->whole[1] = c->total[1];
	return 0;
}

static int
build_scaled(ft_compare *c, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_diag *err)
{
	memset(c, 0, sizeof(*c));
	if (a->names != b->names) {
		diag_set(err, "internal: compared profiles must share one name table");
		return -1;
	}
	int scale = a->scale > b->scale ? a->scale : b->scale;
	ft_profile *u = profile_new(a->names, 2);
	u->scale = scale;
	u->differential = 1;
	u->traced = a->traced || b->traced;
	/* Folded on either side: keep the `_[k]` style kinds in exports. */
	u->format = strcmp(b->format, "folded") == 0 ? b->format : a->format;
	profile_set_type(u, CMP_A, a->types[ca].name, a->types[ca].unit);
	profile_set_type(u, CMP_B, b->types[cb].name, b->types[cb].unit);
	u->deftype = CMP_B;
	if (a == b) {
		profile_set_source(u, a->source);
		c->src[0] = c->src[1] = u->source;
	} else {
		char *both = xmalloc(strlen(a->source) + strlen(b->source) + 8);
		sprintf(both, "%s vs %s", a->source, b->source);
		profile_set_source(u, both);
		free(both);
		c->src[0] = profile_strdup(u, a->source, strlen(a->source));
		c->src[1] = profile_strdup(u, b->source, strlen(b->source));
	}
	c->type[0] = u->types[CMP_A].name;
	c->type[1] = u->types[CMP_B].name;
	c->u = u;
	ft_val mula = pow10v(scale - a->scale), mulb = pow10v(scale - b->scale);
	ft_val ta = profile_total(a, FT_ROOT, ca), tb = profile_total(b, FT_ROOT, cb);
	ft_val num = 0, den = 0;
	if (o != NULL && o->scale_num > 0 && o->scale_den > 0) {
		/* A given factor (range lengths): A's values times num / den. */
		num = c->scale_num = o->scale_num;
		den = c->scale_den = o->scale_den;
		c->normalized = 1;
		if (o->norm_by[0] != '\0')
			c->norm_by = profile_strdup(u, o->norm_by, strlen(o->norm_by));
		if (num == den)
			num = den = 0;
	} else if (o != NULL && o->normalize && ta != 0 &&
	    !__builtin_mul_overflow(ta, mula, &den) &&
	    !__builtin_mul_overflow(tb, mulb, &num) && num != den) {
		c->normalized = 1;
	} else {
		num = den = 0;
		c->normalized = o != NULL && o->normalize;
	}
	int strip = o != NULL && o->strip_root;
	c->strip_root = strip;
	union_names(c, a, b, a == b || (o != NULL && o->exact_names));
	if (merge_side(c, a, ca, CMP_A, mula, num, den, strip, err) != 0 ||
	    merge_side(c, b, cb, CMP_B, mulb, 0, 0, strip, err) != 0 ||
	    profile_finish(u, o ? o->sort : FT_SORT_NAME, CMP_B, err) != 0) {
		compare_free(c);
		return -1;
	}
	if (__builtin_mul_overflow(ta, mula, &c->raw_total_a))
		c->raw_total_a = INT64_MAX;
	c->total[0] = profile_total(u, FT_ROOT, CMP_A);
	c->total[1] = profile_total(u, FT_ROOT, CMP_B);
	c->label_keys = 0;
	if (u->labels != NULL) {
		/* Distinct label keys over both sides (rows of the details). */
		ft_label_share *r[2];
		uint32_t nr[2];
		for (int s = 0; s < 2; s++)
			nr[s] = labels_breakdown(u, FT_ROOT, s == 0 ? CMP_A : CMP_B, NULL, NULL, &r[s]);
		for (int s = 0; s < 2; s++)
			for (uint32_t i = 0; i < nr[s]; i++) {
				if (i > 0 && r[s][i].key == r[s][i - 1].key)
					continue;
				int seen = 0;
				for (uint32_t j = 0; s == 1 && j < nr[0]; j++)
					if (r[0][j].key == r[s][i].key)
						seen = 1;
				c->label_keys += !seen;
			}
		free(r[0]);
		free(r[1]);
	}
	c->units_differ = a != b && (strcmp(a->types[ca].name, b->types[cb].name) != 0 ||
	    strcmp(a->types[ca].unit, b->types[cb].unit) != 0);
	compute_derived(c);
	set_verdicts(c);
	return 0;
}

/* The union u cut to the call paths that one side alone has (keep:
 * CMP_IN_A for only-a, CMP_IN_B for only-b, both for either): a node
 * whose whole subtree is that side's alone keeps its values, its callers
 * come along without their own self values.  NULL with err. */
static ft_profile *
only_tree(const ft_profile *u, int keep, enum ft_sort sort, uint32_t **mapp,
    ft_diag *err)
{
	uint32_t n = u->nnodes;
	uint8_t *pres = xcalloc(n ? n : 1, 1);
	for (uint32_t i = n; i-- > 1;) {
		if (profile_self(u, i, CMP_A) != 0)
			pres[i] |= CMP_IN_A;
		if (profile_self(u, i, CMP_B) != 0)
			pres[i] |= CMP_IN_B;
		pres[u->nodes[i].parent] |= pres[i];
	}
	uint32_t *map = xmalloc(sizeof(*map) * (n ? n : 1));
	uint32_t *chain = xmalloc(sizeof(*chain) * (n ? n : 1));
	for (uint32_t i = 0; i < n; i++)
		map[i] = FT_NONE;
	map[FT_ROOT] = FT_ROOT;
	ft_profile *np = profile_new_like(u);
	int rc = 0;
	/* A parent's id is below its children's: callers are made first. */
	for (uint32_t i = 1; i < n && rc == 0; i++) {
		if ((pres[i] != CMP_IN_A && pres[i] != CMP_IN_B) || !(pres[i] & keep))
			continue;
		uint32_t k = 0, j = i;
		while (map[j] == FT_NONE) {
			chain[k++] = j;
			j = u->nodes[j].parent;
		}
		while (k > 0) {
			uint32_t x = chain[--k];
			map[x] = profile_append(np, map[u->nodes[x].parent], u->nodes[x].name);
		}
		ft_val v[2] = {profile_self(u, i, CMP_A), profile_self(u, i, CMP_B)};
		rc = profile_add_self(np, map[i], v, err);
	}
	free(pres);
	free(chain);
	/* (Finishing orders children, node ids stay.) */
	if (rc != 0 || profile_finish(np, sort, CMP_B, err) != 0) {
		free(map);
		profile_free(np);
		return NULL;
	}
	if (mapp != NULL)
		*mapp = map;
	else
		free(map);
	return np;
}

/* The only-a / only-b filters (filters.h) on a built comparison: its
 * union (and the upright one of the function table) cut by only_tree().
 * The verdicts stay those of the whole comparison, the whole totals
 * those before the cut. */
static int
keep_only(ft_compare *c, int keep, enum ft_sort sort, ft_diag *err)
{
	uint32_t *map = NULL;
	ft_profile *nu = only_tree(c->u, keep, sort, &map, err), *ntu = NULL;
	if (nu == NULL)
		return -1;
	if (c->tu != NULL && (ntu = only_tree(c->tu, keep, sort, NULL, err)) == NULL) {
		free(map);
		profile_free(nu);
		return -1;
	}
	/* A caller kept for a vanished path is still in both sides: the
	 * marks (glyphs, only-in counts) are those of the whole union. */
	uint8_t *was = xcalloc(nu->nnodes ? nu->nnodes : 1, 1);
	for (uint32_t i = 0; i < c->u->nnodes; i++)
		if (map[i] != FT_NONE)
			was[map[i]] = c->presence[i];
	free(map);
	const char *s0 = c->src[0];
	c->src[0] = profile_strdup(nu, s0, strlen(s0));
	c->src[1] = c->src[1] == s0 ? c->src[0] :
	    profile_strdup(nu, c->src[1], strlen(c->src[1]));
	c->type[0] = nu->types[CMP_A].name;
	c->type[1] = nu->types[CMP_B].name;
	if (c->norm_by != NULL)
		c->norm_by = profile_strdup(nu, c->norm_by, strlen(c->norm_by));
	profile_free(c->u);
	c->u = nu;
	if (c->tu != NULL) {
		profile_free(c->tu);
		c->tu = ntu;
	}
	free(c->presence);
	free(c->wmax);
	free(c->wsum);
	free(c->welided);
	c->total[0] = profile_total(nu, FT_ROOT, CMP_A);
	c->total[1] = profile_total(nu, FT_ROOT, CMP_B);
	double raw = c->normalized && c->norm_factor > 0 ?
	    (double)c->total[0] / c->norm_factor : (double)c->total[0];
	c->raw_total_a = raw > 9.2e18 ? INT64_MAX : (ft_val)llround(raw);
	compute_derived(c);
	c->only[0] = c->only[1] = 0;
	for (uint32_t i = 0; i < nu->nnodes; i++) {
		c->presence[i] = i == FT_ROOT ? c->presence[i] : was[i];
		c->only[0] += i != FT_ROOT && was[i] == CMP_IN_A;
		c->only[1] += i != FT_ROOT && was[i] == CMP_IN_B;
	}
	free(was);
	return 0;
}

int
compare_build_filtered(ft_compare *c, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o,
    const ft_filters *f, ft_diag *err)
{
	if (f == NULL || f->n == 0)
		return compare_build(c, a, ca, b, cb, o, err);
	enum ft_sort sort = o != NULL ? o->sort : FT_SORT_NAME;
	ft_compare_opts fo;
	ft_val whole[2] = {0, 0};
	int have_whole = 0;
	if (o != NULL && o->norm != CMP_NORM_FLAG && o->norm != CMP_NORM_ABS &&
	    !(o->scale_num > 0 && o->scale_den > 0)) {
		/* A is scaled as for the whole profiles (k of everything, not
		 * of what the filter kept), so a filter changes no factor. */
		ft_compare w;
		if (compare_build(&w, a, ca, b, cb, o, err) != 0)
			return -1;
		fo = *o;
		if (w.normalized && w.scale_num > 0 && w.scale_den > 0) {
			/* The exact fraction (range lengths, durations). */
			fo.scale_num = w.scale_num;
			fo.scale_den = w.scale_den;
			snprintf(fo.norm_by, sizeof(fo.norm_by), "%s", w.norm_by != NULL ?
			    w.norm_by : "");
		} else if (w.normalized && w.norm_factor > 0 && isfinite(w.norm_factor)) {
			k_fraction(w.norm_factor, &fo.scale_num, &fo.scale_den);
			/* (No text: to B's total, as the headers say.) */
			snprintf(fo.norm_by, sizeof(fo.norm_by), "%s", w.norm_by != NULL ?
			    w.norm_by : "");
		} else {
			fo.norm = CMP_NORM_ABS;
		}
		whole[0] = w.total[0];
		whole[1] = w.total[1];
		have_whole = 1;
		compare_free(&w);
		o = &fo;
	}
	ft_profile *fa = transform_apply(a, f, sort, ca, err);
	if (fa == NULL)
		return -1;
	ft_profile *fb = fa;
	if (b != a && (fb = transform_apply(b, f, sort, cb, err)) == NULL) {
		profile_free(fa);
		return -1;
	}
	int rc = compare_build(c, fa, ca, fb, cb, o, err);
	if (fb != fa)
		profile_free(fb);
	profile_free(fa);
	if (rc == 0 && have_whole) {
		c->norm = o == &fo && fo.norm != CMP_NORM_ABS ? fo.norm : c->norm;
		c->whole[0] = whole[0];
		c->whole[1] = whole[1];
	} else if (rc == 0) {
		/* The whole totals, A scaled as the filtered A was. */
		ft_val wa = profile_total(a, FT_ROOT, ca), wb = profile_total(b, FT_ROOT, cb);
		int scale = c->u->scale;
		double ma = pow(10, scale - a->scale), mb = pow(10, scale - b->scale);
		double sa = (double)wa * ma * c->norm_factor, sb = (double)wb * mb;
		c->whole[0] = sa > 9.2e18 ? INT64_MAX : sa < -9.2e18 ? INT64_MIN : (ft_val)llround(sa);
		c->whole[1] = sb > 9.2e18 ? INT64_MAX : sb < -9.2e18 ? INT64_MIN : (ft_val)llround(sb);
	}
	if (rc == 0 && (filters_find(f, FILTER_INVERT) >= 0 ||
	    filters_find(f, FILTER_COLLAPSE) >= 0)) {
		/* The function table comes from the upright, unflattened union. */
		ft_filters only = {xmalloc(sizeof(ft_filter) * (size_t)f->n), 0, f->n};
		for (int i = 0; i < f->n; i++)
			if (f->v[i].kind < FILTER_REGEX_KINDS)
				only.v[only.n++] = f->v[i]; /* borrowed, not freed */
		ft_compare t = {0};
		rc = compare_build_filtered(&t, a, ca, b, cb, o, &only, err);
		free(only.v);
		if (rc != 0) {
			compare_free(c);
			return -1;
		}
		c->tu = t.u;
		t.u = NULL;
		/* The verdicts of the upright union (made unscaled). */
		move_verdicts(c, &t);
		compare_free(&t);
	}
	int keep = (filters_find(f, FILTER_ONLY_A) >= 0 ? CMP_IN_A : 0) |
	    (filters_find(f, FILTER_ONLY_B) >= 0 ? CMP_IN_B : 0);
	if (rc == 0 && keep != 0 && keep_only(c, keep, sort, err) != 0) {
		compare_free(c);
		return -1;
	}
	return rc;
}

void
compare_free(ft_compare *c)
{
	if (c->u != NULL)
		profile_free(c->u);
	if (c->tu != NULL)
		profile_free(c->tu);
	free(c->presence);
	free(c->wmax);
	free(c->wsum);
	free(c->welided);
	free(c->umap);
	free(c->loose_ids);
	free(c->verdict);
	free(c->vp);
	free(c->vq);
	memset(c, 0, sizeof(*c));
}

ft_widths
compare_widths(const ft_compare *c, enum cmp_width w)
{
	switch (w) {
	case CMP_W_A:
		return layout_widths(c->u, CMP_A);
	case CMP_W_MAX:
		return (ft_widths){c->wmax, 1};
	case CMP_W_SUM:
		return (ft_widths){c->wsum, 1};
	default:
		return layout_widths(c->u, CMP_B);
	}
}

ft_widths
compare_elided_widths(const ft_compare *c)
{
	return (ft_widths){c->welided, 1};
}

const char *
compare_width_name(enum cmp_width w)
{
	return w == CMP_W_A ? "A" : w == CMP_W_MAX ? "max(A,B)" : w == CMP_W_SUM ? "A+B" : "B";
}

ft_val
compare_delta(const ft_compare *c, uint32_t n, enum cmp_basis b)
{
	if (b == CMP_BASIS_SELF)
		return sat_sub(profile_self(c->u, n, CMP_B), profile_self(c->u, n, CMP_A));
	return sat_sub(profile_total(c->u, n, CMP_B), profile_total(c->u, n, CMP_A));
}

int
compare_sign(ft_val delta)
{
	return delta > 0 ? 1 : delta < 0 ? -1 : 0;
}

double
compare_intensity(ft_val delta, ft_val maxabs)
{
	if (maxabs <= 0 || delta == 0)
		return 0;
	double t = (double)absval(delta) / (double)maxabs;
	return t > 1 ? 1 : t;
}

uint32_t
compare_color(ft_val delta, ft_val maxabs)
{
	if (delta == 0)
		return 0xc8c8c8;
	/* From a pale tint at the smallest change to a deep colour at the
	 * largest; never white, so a changed frame never looks unchanged. */
	double t = compare_intensity(delta, maxabs);
	uint32_t lo = (uint32_t)(215.0 - 175.0 * t);
	if (delta > 0)
		return 0xff0000u | lo << 8 | lo;
	return lo << 16 | lo << 8 | 0xffu;
}

ft_val
compare_max_delta(const ft_compare *c, enum cmp_basis b)
{
	return b == CMP_BASIS_SELF ? c->max_dself : c->max_dtotal;
}

uint32_t
compare_node_color(const ft_compare *c, uint32_t n, enum cmp_basis b)
{
	return compare_color(compare_delta(c, n, b), compare_max_delta(c, b));
}

uint32_t
compare_map_node(const ft_compare *c, const ft_profile *p, uint32_t n)
{
	if (p == c->u)
		return n;
	if (p->names != c->u->names)
		return FT_NONE;
	uint32_t d = profile_depth(p, n);
	uint32_t *path = xmalloc(sizeof(uint32_t) * (d + 1));
	profile_path(p, n, path);
	for (uint32_t i = 0; i < d; i++)
		path[i] = union_name(c, path[i]);
	uint32_t r = FT_ROOT;
	if (!c->strip_root)
		r = profile_lookup(c->u, path, d);
	else if (d > 1)
		r = profile_lookup(c->u, path + 1, d - 1);
	free(path);
	return r;
}

/* --- regressions ------------------------------------------------------- */

static const ft_compare *rs_c;
static enum cmp_basis rs_b;

static int
cmp_names(const ft_intern *t, uint32_t a, uint32_t b)
{
	uint32_t la = intern_len(t, a), lb = intern_len(t, b);
	int r = memcmp(intern_str(t, a), intern_str(t, b), la < lb ? la : lb);
	if (r != 0)
		return r;
	if (la != lb)
		return la < lb ? -1 : 1;
	return intern_kind(t, a) - intern_kind(t, b);
}

static int
cmp_regress(const void *x, const void *y)
{
	const ft_regress *a = x, *b = y;
	ft_val sa = absval(sat_sub(a->self[1], a->self[0]));
	ft_val sb = absval(sat_sub(b->self[1], b->self[0]));
	ft_val ta = absval(sat_sub(a->total[1], a->total[0]));
	ft_val tb = absval(sat_sub(b->total[1], b->total[0]));
	ft_val k1a = rs_b == CMP_BASIS_SELF ? sa : ta, k1b = rs_b == CMP_BASIS_SELF ? sb : tb;
	ft_val k2a = rs_b == CMP_BASIS_SELF ? ta : sa, k2b = rs_b == CMP_BASIS_SELF ? tb : sb;
	if (k1a != k1b)
		return k1a > k1b ? -1 : 1;
	if (k2a != k2b)
		return k2a > k2b ? -1 : 1;
	return cmp_names(rs_c->u->names, a->name, b->name);
}

void
compare_regressions_sort(const ft_compare *c, ft_regress *r, uint32_t n,
    enum cmp_basis b)
{
	rs_c = c;
	rs_b = b;
	qsort(r, n, sizeof(*r), cmp_regress);
}

uint32_t
compare_regressions(const ft_compare *c, enum cmp_basis b, ft_regress **out)
{
	ft_func *fa, *fb;
	const ft_profile *tu = c->tu != NULL ? c->tu : c->u;
	uint32_t na = functions_table(tu, CMP_A, FUNC_BY_NAME, &fa);
	uint32_t nb = functions_table(tu, CMP_B, FUNC_BY_NAME, &fb);
	uint32_t nn = intern_count(c->u->names);
	uint32_t *slot = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	for (uint32_t i = 0; i < nn; i++)
		slot[i] = UINT32_MAX;
	ft_regress *r = xmalloc(sizeof(*r) * ((size_t)na + nb + 1));
	uint32_t n = 0;
	for (int side = 0; side < 2; side++) {
		const ft_func *f = side ? fb : fa;
		uint32_t cnt = side ? nb : na;
		for (uint32_t i = 0; i < cnt; i++) {
			uint32_t k = slot[f[i].name];
			if (k == UINT32_MAX) {
				k = slot[f[i].name] = n++;
				memset(&r[k], 0, sizeof(r[k]));
				r[k].name = f[i].name;
			}
			r[k].self[side] = f[i].self;
			r[k].total[side] = f[i].total;
		}
	}
	free(slot);
	free(fa);
	free(fb);
	compare_regressions_sort(c, r, n, b);
	*out = r;
	return n;
}

uint32_t
compare_widest_named(const ft_compare *c, uint32_t name, ft_widths w)
{
	uint32_t best = FT_NONE;
	ft_val bw = 0;
	for (uint32_t i = 1; i < c->u->nnodes; i++) {
		if (c->u->nodes[i].name != name)
			continue;
		ft_val v = w.w[(size_t)i * w.stride];
		if (best == FT_NONE || v > bw) {
			best = i;
			bw = v;
		}
	}
	return best;
}

char *
compare_pct(char *buf, size_t cap, ft_val a, ft_val delta)
{
	if (delta == 0)
		snprintf(buf, cap, "0%%");
	else if (a == 0)
		snprintf(buf, cap, "new");
	else {
		double p = (double)delta * 100.0 / (double)absval(a);
		if (p > -100 && p < 100)
			snprintf(buf, cap, "%+.1f%%", p);
		else
			snprintf(buf, cap, "%+.0f%%", p);
	}
	return buf;
}

/* Value in whole units, exact ("12", "0.5"), with a sign when asked. */
static void
fmt_exact(char *buf, size_t cap, ft_val v, int scale, int sign)
{
	size_t k = 0;
	if (sign && v > 0 && cap > 1)
		buf[k++] = '+';
	val_format(buf + k, cap - k, v, scale);
}

static uint64_t
gcd64(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* How column col's values become sample counts: 1 for a samples type
 * (its values are counts), else the greatest common divisor of the
 * values when it is above 1 (a fixed sampling period: perf's cpu-clock,
 * pprof's cpu), 0 when there are no counts (bytes; event counts of
 * varying periods). */
static uint64_t
count_divisor(const ft_vtype *t, const uint64_t *v, uint32_t n)
{
	if (strcmp(t->name, "samples") == 0 || strcmp(t->unit, "samples") == 0)
		return 1;
	if (strcmp(t->unit, "bytes") == 0 || strcmp(t->unit, "byte") == 0)
		return 0;
	uint64_t g = 0;
	for (uint32_t i = 0; i < n; i++)
		g = gcd64(g, v[i]);
	return g > 1 ? g : 0;
}

/* The verdicts of the functions' self values (diffstat.h), tested on
 * sample counts (count_divisor; A as it was before normalisation).  NULL,
 * with *why, when there are no counts to test. */
static ds_result *
compare_test(const ft_compare *c, const ft_regress *r, uint32_t n, ds_fit *fit,
    const char **why)
{
	const ft_profile *u = c->u;
	if (n == 0) {
		*why = "no functions";
		return NULL;
	}
	if (u->scale > 0) {
		*why = "fractional values are not sample counts";
		return NULL;
	}
	if (u->traced) {
		/* A span's length is no count of anything, whatever divides
		 * the lengths. */
		*why = "traced durations, not sample counts";
		return NULL;
	}
	uint64_t *a = xcalloc(n, sizeof(*a)), *bb = xcalloc(n, sizeof(*bb));
	double scale = c->normalized && c->total[0] > 0 ?
	    (double)c->raw_total_a / (double)c->total[0] : 1;
	for (uint32_t i = 0; i < n; i++) {
		double va = (double)r[i].self[0] * scale;
		a[i] = va > 0 ? (uint64_t)llround(va) : 0;
		bb[i] = r[i].self[1] > 0 ? (uint64_t)r[i].self[1] : 0;
	}
	uint64_t ga = count_divisor(&u->types[CMP_A], a, n);
	uint64_t gb = count_divisor(&u->types[CMP_B], bb, n);
	ds_result *res = NULL;
	if (ga == 0 || gb == 0) {
		*why = "no sample counts: bytes, or event counts of varying periods";
	} else {
		double ta = 0, tb = 0;
		for (uint32_t i = 0; i < n; i++) {
			a[i] /= ga;
			bb[i] /= gb;
			ta += (double)a[i];
			tb += (double)bb[i];
		}
		*fit = ds_fit_counts(a, bb, n, ta, tb);
		res = xcalloc(n, sizeof(*res));
		ds_test_all(a, bb, n, fit, res);
	}
	free(a);
	free(bb);
	return res;
}

/* The verdict of every function (by union name id) from the function
 * table of the comparison (compare_test). */
static void
set_verdicts(ft_compare *c)
{
	free(c->verdict);
	free(c->vp);
	free(c->vq);
	c->verdict = NULL;
	c->vp = c->vq = NULL;
	c->nverdict = 0;
	ft_regress *r;
	uint32_t count = compare_regressions(c, CMP_BASIS_SELF, &r);
	const char *why = NULL;
	ds_fit fit = {.k = 1};
	ds_result *res = compare_test(c, r, count, &fit, &why);
	c->fit = fit;
	c->notest = why;
	if (res != NULL) {
		uint32_t nn = intern_count(c->u->names);
		c->verdict = xcalloc(nn ? nn : 1, 1);
		c->vp = xmalloc(sizeof(double) * (nn ? nn : 1));
		c->vq = xmalloc(sizeof(double) * (nn ? nn : 1));
		for (uint32_t i = 0; i < nn; i++)
			c->vp[i] = c->vq[i] = NAN;
		c->nverdict = nn;
		for (uint32_t i = 0; i < count; i++)
			if (r[i].name < nn) {
				c->verdict[r[i].name] = (uint8_t)res[i].verdict;
				c->vp[r[i].name] = res[i].p;
				c->vq[r[i].name] = res[i].q;
			}
	}
	free(res);
	free(r);
}

enum ds_verdict
compare_name_verdict(const ft_compare *c, uint32_t name, double *p, double *q)
{
	if (c->verdict == NULL || name >= c->nverdict) {
		*p = *q = NAN;
		return DS_NOTEST;
	}
	*p = c->vp[name];
	*q = c->vq[name];
	return (enum ds_verdict)c->verdict[name];
}

void
compare_regressions_by_verdict(const ft_compare *c, ft_regress *r, uint32_t n)
{
	if (c->verdict == NULL || n == 0)
		return;
	ft_regress *t = xmalloc(sizeof(*t) * n);
	uint32_t k = 0;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < n; i++) {
			double p, q;
			enum ds_verdict v = compare_name_verdict(c, r[i].name, &p, &q);
			int sig = v == DS_SLOWER || v == DS_FASTER;
			if (sig == (pass == 0))
				t[k++] = r[i];
		}
	memcpy(r, t, sizeof(*t) * n);
	free(t);
}

enum ds_verdict
compare_node_verdict(const ft_compare *c, uint32_t n)
{
	if (c->verdict == NULL || n == FT_ROOT || n >= c->u->nnodes)
		return DS_NOTEST;
	uint32_t name = c->u->nodes[n].name;
	return name < c->nverdict ? (enum ds_verdict)c->verdict[name] : DS_NOTEST;
}

int
compare_verdict_sign(const ft_compare *c, uint32_t n)
{
	enum ds_verdict v = compare_node_verdict(c, n);
	return v == DS_SLOWER ? 1 : v == DS_FASTER ? -1 : 0;
}

static uint32_t
mix(uint32_t from, uint32_t to, double t)
{
	uint32_t out = 0;
	for (int sh = 16; sh >= 0; sh -= 8) {
		double a = (double)(from >> sh & 0xff), b = (double)(to >> sh & 0xff);
		out |= (uint32_t)lround(a + (b - a) * t) << sh;
	}
	return out;
}

uint32_t
compare_verdict_rgb(int sign, double t, enum cmp_palette pal)
{
	if (sign == 0)
		return 0xc8c8c8;
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	/* Never paler than a clear tint: a significant change always shows. */
	t = 0.25 + 0.75 * t;
	if (pal == CMP_PAL_COLORBLIND)
		/* ColorBrewer's PuOr ends: orange and blue-purple, safe for
		 * red-green colour blindness. */
		return sign > 0 ? mix(0xfdd0a2, 0xd94801, t) : mix(0xc6dbef, 0x2166ac, t);
	return sign > 0 ? mix(0xffd7d7, 0xff2828, t) : mix(0xd7d7ff, 0x2828ff, t);
}

uint32_t
compare_verdict_color(const ft_compare *c, uint32_t n, enum cmp_basis b,
    enum cmp_palette pal)
{
	int s = compare_verdict_sign(c, n);
	if (s == 0)
		return compare_verdict_rgb(0, 0, pal);
	return compare_verdict_rgb(s, compare_intensity(compare_delta(c, n, b),
	    compare_max_delta(c, b)), pal);
}

void
compare_fmt_p(char *buf, size_t cap, double p)
{
	if (isnan(p))
		snprintf(buf, cap, "-");
	else if (p < 1e-300)
		snprintf(buf, cap, "<1e-300");
	else
		snprintf(buf, cap, "%.2g", p);
}

/* A value of the comparison as --top prints it: exact for counts, else in
 * its unit ("12.3 ms", "5.00 MiB"), with a sign when asked. */
static void
fmt_top(char *buf, size_t cap, const ft_profile *u, ft_val v, int sign)
{
	if (units_is_count(u, CMP_B)) {
		fmt_exact(buf, cap, v, u->scale, sign);
		return;
	}
	size_t k = 0;
	if (cap > 1 && (v < 0 || (sign && v > 0)))
		buf[k++] = v < 0 ? '-' : '+';
	units_human(buf + k, cap - k, u, CMP_B, v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v);
}

int
compare_row_hidden(const ft_compare *c, const ft_regress *r, enum cmp_basis b,
    double min_change, double min_share)
{
	const ft_val *v = b == CMP_BASIS_SELF ? r->self : r->total;
	if (min_change > 0) {
		ft_val d = sat_sub(v[1], v[0]);
		/* New or gone functions are a change of any size. */
		if (v[0] != 0 && fabs((double)d) * 100 < min_change * fabs((double)v[0]))
			return 1;
		if (v[0] == 0 && d == 0)
			return 1;
	}
	if (min_share > 0) {
		double sa = c->total[0] > 0 ? (double)v[0] * 100 / (double)c->total[0] : 0;
		double sb = c->total[1] > 0 ? (double)v[1] * 100 / (double)c->total[1] : 0;
		if (sa < min_share && sb < min_share)
			return 1;
	}
	return 0;
}

int
compare_write_top(const ft_compare *c, enum cmp_basis b, long n, FILE *out)
{
	return compare_write_top_min(c, b, n, 0, 0, out);
}

int
compare_write_top_min(const ft_compare *c, enum cmp_basis b, long n, double min_change,
    double min_share, FILE *out)
{
	const ft_profile *u = c->u;
	ft_regress *r;
	uint32_t count = compare_regressions(c, b, &r);
	char ta[48], tb[48], raw[48];
	fmt_top(ta, sizeof(ta), u, c->total[0], 0);
	fmt_top(tb, sizeof(tb), u, c->total[1], 0);
	fmt_top(raw, sizeof(raw), u, c->raw_total_a, 0);
	/* File and type names come from outside: escaped like frame names. */
	char e[4][512];
	for (int i = 0; i < 2; i++) {
		escape_text(e[2 * i], sizeof(e[0]), c->src[i], strlen(c->src[i]), 400);
		escape_text(e[2 * i + 1], sizeof(e[0]), c->type[i], strlen(c->type[i]), 400);
	}
	fprintf(out, "A: %s (%s), total %s", e[0], e[1], ta);
	if (c->normalized && c->norm_by != NULL)
		fprintf(out, " (normalised by %s from %s)", c->norm_by, raw);
	else if (c->normalized)
		fprintf(out, " (normalised to B's total from %s)", raw);
	fprintf(out, "\nB: %s (%s), total %s\n", e[2], e[3], tb);
	/* The verdicts made when the comparison was built (on A's counts as
	 * recorded, before any scaling). */
	ds_fit fit = c->fit;
	const char *why = c->notest != NULL ? c->notest : "no counts";
	ds_result *res = NULL;
	if (c->verdict != NULL) {
		res = xcalloc(count ? count : 1, sizeof(*res));
		for (uint32_t i = 0; i < count; i++)
			res[i].verdict = compare_name_verdict(c, r[i].name, &res[i].p, &res[i].q);
	}
	if (res != NULL) {
		/* tau: the count-scale floor (diffstat.h), only with a robust k. */
		char tt[96];
		if (fit.robust)
			snprintf(tt, sizeof(tt), "%.3g samples (1.4826 x their median |b - k a|: "
			    "no count varies less)", fit.tau);
		else
			snprintf(tt, sizeof(tt), "%.3g", fit.tau);
		fprintf(out, "test of self samples: k = %.4g (%s), rho = %.3g, tau = %s; p "
		    "two-sided beta-binomial, q Benjamini-Hochberg; slower/faster: q < 0.05, "
		    "same: the 95%% interval of B/A over k within +-10%%\n", fit.k,
		    fit.robust ? "median B/A of the functions with 20+ samples on both sides" :
		    "B/A of the totals", fit.rho, tt);
		/* What changed for sure first; then by |delta| as before. */
		ft_regress *sorted = xcalloc(count ? count : 1, sizeof(*sorted));
		ds_result *rs = xcalloc(count ? count : 1, sizeof(*rs));
		uint32_t k = 0;
		for (int pass = 0; pass < 2; pass++)
			for (uint32_t i = 0; i < count; i++) {
				int sig = res[i].verdict == DS_SLOWER || res[i].verdict == DS_FASTER;
				if (sig == (pass == 0)) {
					sorted[k] = r[i];
					rs[k++] = res[i];
				}
			}
		free(r);
		free(res);
		r = sorted;
		res = rs;
	} else {
		fprintf(out, "test: none (%s)\n", why);
	}
	/* --min-change, --min-share: the rows kept (the tests were made over
	 * every function: hiding rows does not change q). */
	uint32_t kept = 0;
	for (uint32_t i = 0; i < count; i++)
		if (!compare_row_hidden(c, &r[i], b, min_change, min_share)) {
			r[kept] = r[i];
			if (res != NULL)
				res[kept] = res[i];
			kept++;
		}
	if (kept < count) {
		fprintf(out, "%u functions, %u shown (", count, kept);
		if (min_change > 0)
			fprintf(out, "change >= %g%%%s", min_change, min_share > 0 ? ", " : "");
		if (min_share > 0)
			fprintf(out, "share of A or B >= %g%%", min_share);
		fprintf(out, ")");
	} else {
		fprintf(out, "%u functions", count);
	}
	count = kept;
	fprintf(out, ", sorted by %s|delta %s|\n",
	    res != NULL ? "verdict (slower, faster first), then " : "",
	    b == CMP_BASIS_SELF ? "self" : "total");
	fprintf(out, "%12s %12s %12s %8s %12s %12s %12s %8s %8s %8s %-7s  %s\n", "self A",
	    "self B", "delta self", "delta%", "total A", "total B", "delta total", "delta%",
	    "p", "q", "verdict", "function");
	char *esc = xmalloc(4096);
	for (uint32_t i = 0; i < count && (n == 0 || i < (uint32_t)n); i++) {
		char s0[48], s1[48], sd[48], sp[32], t0[48], t1[48], td[48], tp[32];
		ft_val ds = sat_sub(r[i].self[1], r[i].self[0]);
		ft_val dt = sat_sub(r[i].total[1], r[i].total[0]);
		fmt_top(s0, sizeof(s0), u, r[i].self[0], 0);
		fmt_top(s1, sizeof(s1), u, r[i].self[1], 0);
		fmt_top(sd, sizeof(sd), u, ds, 1);
		compare_pct(sp, sizeof(sp), r[i].self[0], ds);
		fmt_top(t0, sizeof(t0), u, r[i].total[0], 0);
		fmt_top(t1, sizeof(t1), u, r[i].total[1], 0);
		fmt_top(td, sizeof(td), u, dt, 1);
		compare_pct(tp, sizeof(tp), r[i].total[0], dt);
		escape_text(esc, 4096, intern_str(u->names, r[i].name),
		    intern_len(u->names, r[i].name), 4000);
		char pv[16] = "-", qv[16] = "-";
		const char *verdict = "-";
		if (res != NULL) {
			compare_fmt_p(pv, sizeof(pv), res[i].p);
			compare_fmt_p(qv, sizeof(qv), res[i].q);
			verdict = ds_verdict_name(res[i].verdict);
		}
		fprintf(out, "%12s %12s %12s %8s %12s %12s %12s %8s %8s %8s %-7s  %s%s\n", s0, s1,
		    sd, sp, t0, t1, td, tp, pv, qv, verdict, esc, frame_suffix(u, r[i].name));
	}
	free(esc);
	free(res);
	free(r);
	return ferror(out) ? -1 : 0;
}
