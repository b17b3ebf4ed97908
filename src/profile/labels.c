/* labels.c - what the tree does with its labels (see labels.h): carry
 * them through transforms, break a frame down by label value, format and
 * scale numeric labels as pprof does.  The store is labelsets.c.
 */
#include "profile/labels.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/intern.h"
#include "profile/match.h"
#include "base/xalloc.h"

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
