/* labelsets.c - label sets and per-stack label entries (see labelsets.h).
 *
 * Label sets are interned through an ft_intern table over a canonical byte
 * encoding of the sorted labels (20 bytes each: key, str, num, unit), so
 * equal sets get equal ids; the labels themselves live in one pool.
 * Entries of a profile are found by an open-addressing hash on
 * (node, set).
 */
#include "profile/labelsets.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/intern.h"
#include "base/xalloc.h"

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
