/* labels.c - label sets and per-stack label entries (see labels.h).
 *
 * Label sets are interned through an ft_intern table over a canonical byte
 * encoding of the sorted labels (20 bytes each: key, str, num, unit), so
 * equal sets get equal ids; the labels themselves live in one pool.
 * Entries of a profile are found by an open-addressing hash on
 * (node, set).
 */
#include "labels.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intern.h"
#include "match.h"
#include "xalloc.h"

struct ft_labelsets {
	int refs;
	ft_intern *strs;   /* keys, values, units, formatted numbers */
	ft_intern *sets;   /* encoded sets -> id */
	ft_label *pool;
	size_t npool, cpool;
	uint32_t *off, *cnt; /* per set id */
	uint32_t noff, coff;
	uint32_t *units;   /* per key string id: unit string id + 1, 0 = unknown */
	uint32_t nunits;
};

ft_labelsets *
labelsets_new(void)
{
	ft_labelsets *s = xcalloc(1, sizeof(*s));
	s->refs = 1;
	s->strs = intern_new();
	s->sets = intern_new();
	return s;
}

ft_labelsets *
labelsets_ref(ft_labelsets *s)
{
	if (s != NULL)
		s->refs++;
	return s;
}

void
labelsets_unref(ft_labelsets *s)
{
	if (s == NULL || --s->refs > 0)
		return;
	intern_unref(s->strs);
	intern_unref(s->sets);
	free(s->pool);
	free(s->off);
	free(s->cnt);
	free(s->units);
	free(s);
}

uint32_t
labelsets_str(ft_labelsets *s, const char *text, size_t n)
{
	return intern_get(s->strs, text, n, 0);
}

uint32_t
labelsets_find_str(const ft_labelsets *s, const char *text, size_t n)
{
	return intern_find(s->strs, text, n, 0);
}

const char *
labelsets_text(const ft_labelsets *s, uint32_t id, uint32_t *len)
{
	if (len != NULL)
		*len = intern_len(s->strs, id);
	return intern_str(s->strs, id);
}

static int
cmp_label(const void *a, const void *b)
{
	const ft_label *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->str != y->str)
		return x->str < y->str ? -1 : 1;
	if (x->num != y->num)
		return x->num < y->num ? -1 : 1;
	return x->unit < y->unit ? -1 : x->unit > y->unit;
}

static void
put32(unsigned char *b, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

uint32_t
labelsets_intern(ft_labelsets *s, ft_label *v, uint32_t n)
{
	if (n > 1) /* qsort's base may not be NULL, even for n == 0 */
		qsort(v, n, sizeof(ft_label), cmp_label);
	unsigned char stackbuf[20 * 16];
	unsigned char *b = n <= 16 ? stackbuf : xmalloc(20 * (size_t)n);
	for (uint32_t i = 0; i < n; i++) {
		unsigned char *e = b + 20 * (size_t)i;
		put32(e, v[i].key);
		put32(e + 4, v[i].str);
		put32(e + 8, (uint32_t)(uint64_t)v[i].num);
		put32(e + 12, (uint32_t)((uint64_t)v[i].num >> 32));
		put32(e + 16, v[i].unit);
	}
	uint32_t before = intern_count(s->sets);
	uint32_t id = intern_get(s->sets, (const char *)b, 20 * (size_t)n, 0);
	if (b != stackbuf)
		free(b);
	if (intern_count(s->sets) == before)
		return id;
	/* New: keep its labels; note each numeric key's first unit. */
	while (s->noff < intern_count(s->sets)) {
		if (s->noff == s->coff) {
			s->coff = (uint32_t)grow_cap(s->coff, (size_t)s->noff + 1, 64);
			s->off = xreallocarray(s->off, s->coff, sizeof(uint32_t));
			s->cnt = xreallocarray(s->cnt, s->coff, sizeof(uint32_t));
		}
		s->off[s->noff] = (uint32_t)s->npool;
		s->cnt[s->noff++] = 0;
	}
	if (s->npool + n > s->cpool) {
		s->cpool = grow_cap(s->cpool, s->npool + n, 256);
		s->pool = xreallocarray(s->pool, s->cpool, sizeof(ft_label));
	}
	if (n > 0)
		memcpy(s->pool + s->npool, v, sizeof(ft_label) * n);
	s->off[id] = (uint32_t)s->npool;
	s->cnt[id] = n;
	s->npool += n;
	uint32_t empty = labelsets_str(s, "", 0);
	for (uint32_t i = 0; i < n; i++) {
		if (v[i].str != FT_LABEL_NUM || v[i].unit == empty)
			continue;
		if (v[i].key >= s->nunits) {
			uint32_t nu = (uint32_t)grow_cap(s->nunits, (size_t)v[i].key + 1, 16);
			s->units = xreallocarray(s->units, nu, sizeof(uint32_t));
			memset(s->units + s->nunits, 0, sizeof(uint32_t) * (nu - s->nunits));
			s->nunits = nu;
		}
		if (s->units[v[i].key] == 0)
			s->units[v[i].key] = v[i].unit + 1;
	}
	return id;
}

const ft_label *
labelsets_get(const ft_labelsets *s, uint32_t set, uint32_t *n)
{
	if (set >= s->noff) {
		*n = 0;
		return NULL;
	}
	*n = s->cnt[set];
	return s->pool + s->off[set];
}

uint32_t
labelsets_count(const ft_labelsets *s)
{
	return intern_count(s->sets);
}

uint32_t
labelsets_key_unit(ft_labelsets *s, uint32_t key)
{
	if (key < s->nunits && s->units[key] != 0)
		return s->units[key] - 1;
	uint32_t len;
	const char *k = labelsets_text(s, key, &len);
	if (strcmp(k, "alignment") == 0 || strcmp(k, "request") == 0)
		return labelsets_str(s, "bytes", 5);
	return key;
}

/* --- entries ------------------------------------------------------------ */

ft_labelled *
labelled_new(ft_labelsets *sets, int nvals)
{
	ft_labelled *l = xcalloc(1, sizeof(*l));
	l->sets = labelsets_ref(sets);
	l->nvals = nvals;
	return l;
}

void
labelled_free(ft_labelled *l)
{
	if (l == NULL)
		return;
	labelsets_unref(l->sets);
	free(l->node);
	free(l->set);
	free(l->vals);
	free(l->slots);
	free(l);
}

static uint32_t
slot_of(const ft_labelled *l, uint32_t node, uint32_t set)
{
	uint64_t h = ((uint64_t)node << 32 | set) * 0x9e3779b97f4a7c15ull;
	return (uint32_t)(h >> 32) & l->mask;
}

static void
rehash(ft_labelled *l)
{
	uint32_t size = l->mask ? (l->mask + 1) * 2 : 64;
	free(l->slots);
	l->slots = xcalloc(size, sizeof(uint32_t));
	l->mask = size - 1;
	for (uint32_t e = 0; e < l->n; e++) {
		uint32_t i = slot_of(l, l->node[e], l->set[e]);
		while (l->slots[i] != 0)
			i = (i + 1) & l->mask;
		l->slots[i] = e + 1;
	}
}

int
labelled_add(ft_labelled *l, uint32_t node, uint32_t set, const ft_val *vals,
    ft_diag *err)
{
	if ((size_t)l->n * 2 >= (size_t)l->mask)
		rehash(l);
	uint32_t i = slot_of(l, node, set);
	while (l->slots[i] != 0) {
		uint32_t e = l->slots[i] - 1;
		if (l->node[e] == node && l->set[e] == set) {
			ft_val *d = &l->vals[(size_t)e * (size_t)l->nvals];
			for (int c = 0; c < l->nvals; c++)
				if (val_add(&d[c], vals[c]) != 0) {
					diag_set(err, "label value sum overflows 64 bits");
					return -1;
				}
			return 0;
		}
		i = (i + 1) & l->mask;
	}
	if (l->n == l->cap) {
		l->cap = (uint32_t)grow_cap(l->cap, (size_t)l->n + 1, 256);
		l->node = xreallocarray(l->node, l->cap, sizeof(uint32_t));
		l->set = xreallocarray(l->set, l->cap, sizeof(uint32_t));
		l->vals = xreallocarray(l->vals, (size_t)l->cap * (size_t)l->nvals,
		    sizeof(ft_val));
	}
	uint32_t e = l->n++;
	l->node[e] = node;
	l->set[e] = set;
	memcpy(&l->vals[(size_t)e * (size_t)l->nvals], vals, sizeof(ft_val) * (size_t)l->nvals);
	l->slots[i] = e + 1;
	return 0;
}

void
labels_remap(const ft_profile *from, ft_profile *to, const uint32_t *map)
{
	const ft_labelled *l = from->labels;
	if (l == NULL || to->nvals != l->nvals)
		return;
	if (to->labels == NULL)
		to->labels = labelled_new(l->sets, l->nvals);
	ft_diag err;
	for (uint32_t e = 0; e < l->n; e++) {
		uint32_t nn = map[l->node[e]];
		if (nn != FT_NONE)
			labelled_add(to->labels, nn, l->set[e],
			    &l->vals[(size_t)e * (size_t)l->nvals], &err);
	}
}

/* --- pprof's measurement units -------------------------------------- */

struct unit { const char *name; const char *aliases[4]; double factor; };
static const struct unit mem_units[] = {
	{"B", {"b", "byte"}, 1},
	{"kB", {"kb", "kbyte", "kilobyte"}, 1024.0},
	{"MB", {"mb", "mbyte", "megabyte"}, 1048576.0},
	{"GB", {"gb", "gbyte", "gigabyte"}, 1073741824.0},
	{"TB", {"tb", "tbyte", "terabyte"}, 1099511627776.0},
	{"PB", {"pb", "pbyte", "petabyte"}, 1125899906842624.0},
	{NULL, {NULL}, 0},
};
static const struct unit time_units[] = {
	{"ns", {"ns", "nanosecond"}, 1},
	{"us", {"\xce\xbcs", "us", "microsecond"}, 1e3},
	{"ms", {"ms", "millisecond"}, 1e6},
	{"s", {"s", "sec", "second"}, 1e9},
	{"hrs", {"hour", "hr"}, 3600e9},
	{NULL, {NULL}, 0},
};
static const struct unit *const unit_types[] = {mem_units, time_units};
static const int default_unit[] = {0, 3}; /* B, s */

/* pprof's sniffUnit: lower case, a plural s dropped past two letters. */
static const struct unit *
sniff(const struct unit *t, const char *u)
{
	char buf[64];
	size_t n = strlen(u);
	if (n >= sizeof(buf))
		return NULL;
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)tolower((unsigned char)u[i]);
	buf[n] = '\0';
	if (n > 2 && buf[n - 1] == 's')
		buf[n - 1] = '\0';
	for (; t->name != NULL; t++)
		for (int a = 0; a < 4 && t->aliases[a] != NULL; a++)
			if (strcmp(buf, t->aliases[a]) == 0)
				return t;
	return NULL;
}

int
labels_scale(int64_t v, const char *from, const char *to, double *out,
    const char **unit)
{
	for (size_t k = 0; k < sizeof(unit_types) / sizeof(unit_types[0]); k++) {
		const struct unit *t = unit_types[k], *fu = sniff(t, from);
		if (fu == NULL)
			continue;
		double x = (double)v * fu->factor;
		if (strcmp(to, "minimum") == 0 || strcmp(to, "auto") == 0) {
			const struct unit *best = NULL;
			for (const struct unit *u = t; u->name != NULL; u++)
				if ((best == NULL || u->factor >= best->factor) && x / u->factor >= 1.0)
					best = u;
			if (best == NULL)
				best = &t[default_unit[k]];
			*out = x / best->factor;
			*unit = best->name;
			return 1;
		}
		const struct unit *tu = sniff(t, to);
		if (tu == NULL)
			tu = &t[default_unit[k]];
		*out = x / tu->factor;
		*unit = tu->name;
		return 1;
	}
	*out = (double)v;
	*unit = (strcmp(to, "count") == 0 || strcmp(to, "sample") == 0 ||
	    strcmp(to, "unit") == 0 || strcmp(to, "minimum") == 0 ||
	    strcmp(to, "auto") == 0) ? "" : to;
	return 0;
}

int
labels_format_num(char *buf, size_t cap, int64_t v, const char *unit)
{
	double x;
	const char *u;
	if (unit == NULL || *unit == '\0')
		labels_scale(v, "", "", &x, &u);
	else
		labels_scale(v, unit, "minimum", &x, &u);
	char num[64];
	snprintf(num, sizeof(num), "%.2f", x);
	size_t n = strlen(num);
	if (n > 3 && strcmp(num + n - 3, ".00") == 0)
		num[n - 3] = '\0';
	if (strcmp(num, "0") == 0 || strcmp(num, "-0") == 0)
		return snprintf(buf, cap, "0");
	return snprintf(buf, cap, "%s%s", num, u);
}

/* --- breakdown ------------------------------------------------------- */

/* The text of key's values in a set, joined by "," (string values first),
 * as a string id; the empty string when the set lacks the key. */
uint32_t
labels_value_text(ft_labelsets *s, uint32_t set, uint32_t key, int key_unit)
{
	uint32_t n;
	const ft_label *v = labelsets_get(s, set, &n);
	char buf[1024];
	size_t len = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t i = 0; i < n; i++) {
			if (v[i].key != key || (pass == 0) != (v[i].str != FT_LABEL_NUM))
				continue;
			char tmp[64];
			const char *t;
			uint32_t tl;
			if (v[i].str != FT_LABEL_NUM) {
				t = labelsets_text(s, v[i].str, &tl);
			} else {
				uint32_t u = key_unit ? labelsets_key_unit(s, key) : v[i].unit;
				tl = (uint32_t)labels_format_num(tmp, sizeof(tmp), v[i].num,
				    labelsets_text(s, u, NULL));
				t = tmp;
			}
			if (len > 0 && len < sizeof(buf))
				buf[len++] = ',';
			size_t k = tl < sizeof(buf) - len ? tl : sizeof(buf) - len;
			memcpy(buf + len, t, k);
			len += k;
		}
	}
	return labelsets_str(s, buf, len);
}

static int
cmp_share_kv(const void *a, const void *b)
{
	const ft_label_share *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->value < y->value ? -1 : x->value > y->value;
}

static const ft_labelsets *sort_sets;

static int
cmp_share_out(const void *a, const void *b)
{
	const ft_label_share *x = a, *y = b;
	if (x->key != y->key) {
		int c = strcmp(labelsets_text(sort_sets, x->key, NULL),
		    labelsets_text(sort_sets, y->key, NULL));
		if (c != 0)
			return c;
	}
	if (x->v != y->v)
		return x->v > y->v ? -1 : 1;
	return strcmp(labelsets_text(sort_sets, x->value, NULL),
	    labelsets_text(sort_sets, y->value, NULL));
}

uint32_t
labels_breakdown(const ft_profile *p, uint32_t node, int col,
    const ft_matcher *show, const ft_matcher *hide,
    ft_label_share **out)
{
	*out = NULL;
	const ft_labelled *l = p->labels;
	if (l == NULL || node >= p->nnodes || col < 0 || col >= l->nvals)
		return 0;
	ft_labelsets *s = l->sets;
	/* Node ids grow from parent to child: one pass marks the subtree. */
	uint8_t *in = xcalloc(p->nnodes, 1);
	in[node] = 1;
	for (uint32_t i = node + 1; i < p->nnodes; i++)
		in[i] = in[p->nodes[i].parent];
	/* Keys present anywhere in the subtree. */
	uint32_t nk = 0, ck = 0, *keys = NULL;
	ft_val total = 0;
	for (uint32_t e = 0; e < l->n; e++) {
		if (!in[l->node[e]])
			continue;
		total += l->vals[(size_t)e * (size_t)l->nvals + (size_t)col];
		uint32_t n;
		const ft_label *v = labelsets_get(s, l->set[e], &n);
		for (uint32_t i = 0; i < n; i++) {
			uint32_t k = 0;
			while (k < nk && keys[k] != v[i].key)
				k++;
			if (k < nk)
				continue;
			uint32_t len;
			const char *kt = labelsets_text(s, v[i].key, &len);
			if ((show != NULL && !match_text(show, kt, len)) ||
			    (hide != NULL && match_text(hide, kt, len)))
				continue;
			if (nk == ck) {
				ck = (uint32_t)grow_cap(ck, (size_t)nk + 1, 8);
				keys = xreallocarray(keys, ck, sizeof(uint32_t));
			}
			keys[nk++] = v[i].key;
		}
	}
	size_t nr = 0, cr = 0;
	ft_label_share *r = NULL;
	for (uint32_t e = 0; e < l->n && nk > 0; e++) {
		if (!in[l->node[e]])
			continue;
		ft_val x = l->vals[(size_t)e * (size_t)l->nvals + (size_t)col];
		for (uint32_t k = 0; k < nk; k++) {
			if (nr == cr) {
				cr = grow_cap(cr, nr + 1, 64);
				r = xreallocarray(r, cr, sizeof(*r));
			}
			r[nr++] = (ft_label_share){keys[k], labels_value_text(s, l->set[e], keys[k], 1), x};
		}
	}
	free(in);
	free(keys);
	(void)total;
	if (nr > 1)
		qsort(r, nr, sizeof(*r), cmp_share_kv);
	size_t m = 0;
	for (size_t i = 0; i < nr; i++) {
		if (m > 0 && r[m - 1].key == r[i].key && r[m - 1].value == r[i].value)
			r[m - 1].v += r[i].v;
		else
			r[m++] = r[i];
	}
	sort_sets = s;
	if (m > 1)
		qsort(r, m, sizeof(*r), cmp_share_out);
	*out = r;
	return (uint32_t)m;
}
