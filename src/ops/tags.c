/* tags.c - pprof's tag filters (see tags.h).
 *
 * The numeric range grammar and matching follow pprof's driver
 * (parseTagFilterRange, compileTagFilter): the value text is searched for
 * up to two `[+-]DIGITS[LETTERS]` runs, and the whole text must be one of
 * `A`, `A:`, `:A`, `A:B`; values compare after scaling with
 * labels_scale() into the first run's unit, and must come out in exactly
 * that unit.
 */
#include "ops/tags.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/filter_kind.h"
#include "base/xalloc.h"

enum { R_EQ, R_GE, R_LE, R_IN };

struct ft_tagspec {
	int kind;
	char *key;          /* KEY of KEY=VALUE, or NULL */
	int numeric;
	int range;          /* R_EQ ... */
	double lo, hi;
	char unit[32];      /* canonical unit of the range ("" when none) */
	ft_matcher **rx;    /* string regexes */
	int nrx;
	char **keys;        /* tagroot/tagleaf keys */
	int nkeys;
	ft_matcher *m;      /* tagshow/taghide */
};

/* One `[+-]DIGITS[LETTERS]` run at or after s[*i]: its bounds. */
static int
next_run(const char *s, size_t n, size_t *i, size_t *b, size_t *e, size_t *ue)
{
	for (; *i < n; (*i)++) {
		size_t j = *i;
		if ((s[j] == '+' || s[j] == '-') && j + 1 < n && isdigit((unsigned char)s[j + 1]))
			j++;
		if (!isdigit((unsigned char)s[j]))
			continue;
		*b = *i;
		while (j < n && isdigit((unsigned char)s[j]))
			j++;
		*e = j;
		while (j < n && isalpha((unsigned char)s[j]))
			j++;
		*ue = j;
		*i = j;
		return 1;
	}
	return 0;
}

static int
parse_range(ft_tagspec *t, const char *s)
{
	size_t n = strlen(s), i = 0, b[2], e[2], ue[2];
	int k = 0;
	while (k < 2 && next_run(s, n, &i, &b[k], &e[k], &ue[k]))
		k++;
	if (k == 0)
		return 0;
	char num[2][32], unit[2][32];
	for (int r = 0; r < k; r++) {
		size_t dl = e[r] - b[r], ul = ue[r] - e[r];
		if (dl >= sizeof(num[r]) || ul >= sizeof(unit[r]))
			return 0;
		memcpy(num[r], s + b[r], dl);
		num[r][dl] = '\0';
		memcpy(unit[r], s + e[r], ul);
		unit[r][ul] = '\0';
	}
	size_t m0 = ue[0] - b[0];
	if (k == 1) {
		if (b[0] == 0 && m0 == n)
			t->range = R_EQ;
		else if (b[0] == 0 && m0 + 1 == n && s[n - 1] == ':')
			t->range = R_GE;
		else if (b[0] == 1 && s[0] == ':' && m0 + 1 == n)
			t->range = R_LE;
		else
			return 0;
	} else {
		if (b[0] != 0 || ue[0] + 1 != b[1] || s[ue[0]] != ':' || ue[1] != n)
			return 0;
		t->range = R_IN;
	}
	const char *u;
	labels_scale(strtoll(num[0], NULL, 10), unit[0], unit[0], &t->lo, &u);
	snprintf(t->unit, sizeof(t->unit), "%s", u);
	t->hi = t->lo;
	if (k == 2) {
		const char *u2;
		labels_scale(strtoll(num[1], NULL, 10), unit[1], t->unit, &t->hi, &u2);
		if (strcmp(u2, t->unit) != 0)
			return 0;
	}
	t->numeric = 1;
	return 1;
}

/* Split s at commas into compiled regexes. */
static int
compile_list(ft_tagspec *t, const char *s, ft_diag *err)
{
	const char *p = s;
	for (;;) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);
		char *one = xmalloc(n + 1);
		memcpy(one, p, n);
		one[n] = '\0';
		ft_matcher *m = match_compile(one, err);
		free(one);
		if (m == NULL)
			return -1;
		t->rx = xreallocarray(t->rx, (size_t)t->nrx + 1, sizeof(ft_matcher *));
		t->rx[t->nrx++] = m;
		if (c == NULL)
			return 0;
		p = c + 1;
	}
}

ft_tagspec *
tag_compile(int kind, const char *spec, ft_diag *err)
{
	ft_tagspec *t = xcalloc(1, sizeof(*t));
	t->kind = kind;
	if (kind == FILTER_TAGSHOW || kind == FILTER_TAGHIDE) {
		if ((t->m = match_compile(spec, err)) == NULL) {
			tag_free(t);
			return NULL;
		}
		return t;
	}
	if (kind == FILTER_TAGROOT || kind == FILTER_TAGLEAF) {
		const char *p = spec;
		while (*p != '\0') {
			const char *c = strchr(p, ',');
			size_t n = c ? (size_t)(c - p) : strlen(p);
			if (n > 0) {
				t->keys = xreallocarray(t->keys, (size_t)t->nkeys + 1, sizeof(char *));
				t->keys[t->nkeys] = xmalloc(n + 1);
				memcpy(t->keys[t->nkeys], p, n);
				t->keys[t->nkeys++][n] = '\0';
			}
			p += n + (c != NULL);
		}
		if (t->nkeys == 0) {
			diag_set(err, "%s: a label key is needed", filter_kind_name(kind));
			tag_free(t);
			return NULL;
		}
		return t;
	}
	const char *eq = strchr(spec, '=');
	const char *value = spec;
	if (eq != NULL) {
		t->key = xmalloc((size_t)(eq - spec) + 1);
		memcpy(t->key, spec, (size_t)(eq - spec));
		t->key[eq - spec] = '\0';
		value = eq + 1;
	}
	if (!parse_range(t, value) && compile_list(t, value, err) != 0) {
		tag_free(t);
		return NULL;
	}
	return t;
}

void
tag_free(ft_tagspec *t)
{
	if (t == NULL)
		return;
	free(t->key);
	for (int i = 0; i < t->nrx; i++)
		match_free(t->rx[i]);
	free(t->rx);
	for (int i = 0; i < t->nkeys; i++)
		free(t->keys[i]);
	free(t->keys);
	match_free(t->m);
	free(t);
}

const ft_matcher *
tag_key_matcher(const ft_tagspec *t)
{
	return t != NULL ? t->m : NULL;
}

static int
in_range(const ft_tagspec *t, int64_t v, const char *unit)
{
	double x;
	const char *u;
	labels_scale(v, unit, t->unit, &x, &u);
	if (strcmp(u, t->unit) != 0)
		return 0;
	switch (t->range) {
	case R_EQ: return x == t->lo;
	case R_GE: return x >= t->lo;
	case R_LE: return x <= t->lo;
	default: return x >= t->lo && x <= t->hi;
	}
}

int
tag_match(const ft_tagspec *t, ft_labelsets *s, uint32_t set)
{
	uint32_t n;
	const ft_label *v = labelsets_get(s, set, &n);
	uint32_t key = UINT32_MAX;
	if (t->key != NULL) {
		key = labelsets_find_str(s, t->key, strlen(t->key));
		if (key == UINT32_MAX)
			return 0;
	}
	if (t->numeric) {
		for (uint32_t i = 0; i < n; i++) {
			if (v[i].str != FT_LABEL_NUM || (key != UINT32_MAX && v[i].key != key))
				continue;
			const char *unit = labelsets_text(s, labelsets_key_unit(s, v[i].key), NULL);
			if (in_range(t, v[i].num, unit))
				return 1;
		}
		return 0;
	}
	if (key != UINT32_MAX) {
		for (uint32_t i = 0; i < n; i++) {
			if (v[i].key != key || v[i].str == FT_LABEL_NUM)
				continue;
			uint32_t len;
			const char *val = labelsets_text(s, v[i].str, &len);
			for (int r = 0; r < t->nrx; r++)
				if (match_text(t->rx[r], val, len))
					return 1;
		}
		return 0;
	}
	/* No key: every regex must match some "key:value". */
	char buf[2048];
	for (int r = 0; r < t->nrx; r++) {
		int hit = 0;
		for (uint32_t i = 0; i < n && !hit; i++) {
			if (v[i].str == FT_LABEL_NUM)
				continue;
			uint32_t kl, vl;
			const char *k = labelsets_text(s, v[i].key, &kl);
			const char *val = labelsets_text(s, v[i].str, &vl);
			if ((size_t)kl + vl + 1 > sizeof(buf))
				continue;
			memcpy(buf, k, kl);
			buf[kl] = ':';
			memcpy(buf + kl + 1, val, vl);
			hit = match_text(t->rx[r], buf, (size_t)kl + 1 + vl);
		}
		if (!hit)
			return 0;
	}
	return 1;
}

/* The frame ids for one sample's tagroot (or tagleaf) keys, in order. */
static uint32_t
label_frames(const ft_profile *p, ft_tagspec *const *t, int n, int kind,
    uint32_t set, uint32_t *out)
{
	ft_labelsets *s = p->labels != NULL ? p->labels->sets : NULL;
	uint32_t k = 0;
	for (int i = 0; i < n; i++) {
		if (t[i]->kind != kind)
			continue;
		for (int j = 0; j < t[i]->nkeys; j++) {
			uint32_t len = 0;
			const char *text = "";
			if (s != NULL) {
				uint32_t key = labelsets_find_str(s, t[i]->keys[j], strlen(t[i]->keys[j]));
				if (key != UINT32_MAX)
					text = labelsets_text(s, labels_value_text(s, set, key, 0), &len);
			}
			if (len == 0) {
				/* pprof's frame has an empty name; its reports, like
				 * this, show it as "<unknown>". */
				text = "<unknown>";
				len = 9;
			}
			out[k++] = intern_get(p->names, text, len, FT_KIND_NONE);
		}
	}
	return k;
}

static int
keep(const ft_profile *p, ft_tagspec *const *t, int n, uint32_t set)
{
	ft_labelsets *s = p->labels != NULL ? p->labels->sets : NULL;
	for (int i = 0; i < n; i++) {
		int m = s != NULL && tag_match(t[i], s, set);
		if ((t[i]->kind == FILTER_TAGFOCUS && !m) || (t[i]->kind == FILTER_TAGIGNORE && m))
			return 0;
	}
	return 1;
}

/* Add one (node, set, vals) of p to the new tree np. */
static int
place(const ft_profile *p, ft_profile *np, ft_tagspec *const *t, int n,
    uint32_t node, uint32_t set, const ft_val *vals, uint32_t *path,
    uint32_t *lf, ft_diag *err)
{
	if (!keep(p, t, n, set))
		return 0;
	uint32_t to = FT_ROOT;
	uint32_t k = label_frames(p, t, n, FILTER_TAGROOT, set, lf);
	for (uint32_t i = 0; i < k; i++)
		to = profile_child(np, to, lf[i]);
	uint32_t d = profile_path(p, node, path);
	for (uint32_t i = 0; i < d; i++)
		to = profile_child(np, to, path[i]);
	k = label_frames(p, t, n, FILTER_TAGLEAF, set, lf);
	for (uint32_t i = 0; i < k; i++)
		to = profile_child(np, to, lf[i]);
	if (profile_add_self(np, to, vals, err) != 0)
		return -1;
	if (np->labels != NULL)
		return labelled_add(np->labels, to, set, vals, err);
	return 0;
}

ft_profile *
transform_tags(const ft_profile *p, ft_tagspec *const *t, int n,
    enum ft_sort sort, int column, ft_diag *err)
{
	ft_profile *np = profile_new_like(p);
	if (p->labels != NULL)
		np->labels = labelled_new(p->labels->sets, p->nvals);
	int nk = 0;
	for (int i = 0; i < n; i++)
		nk += t[i]->nkeys;
	uint32_t *lf = xmalloc(sizeof(uint32_t) * (size_t)(nk + 1));
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 1));
	int rc = 0;
	const ft_labelled *l = p->labels;
	if (l != NULL) {
		for (uint32_t e = 0; e < l->n && rc == 0; e++)
			rc = place(p, np, t, n, l->node[e], l->set[e],
			    &l->vals[(size_t)e * (size_t)l->nvals], path, lf, err);
	} else {
		/* No labels at all: every stack is a sample without any. */
		ft_val *v = xmalloc(sizeof(ft_val) * (size_t)p->nvals);
		for (uint32_t i = 0; i < p->nnodes && rc == 0; i++)
			if (profile_self_row(p, i, v))
				rc = place(p, np, t, n, i, 0, v, path, lf, err);
		free(v);
	}
	free(lf);
	free(path);
	if (rc == 0)
		rc = profile_finish(np, sort, column, err);
	if (rc != 0) {
		profile_free(np);
		return NULL;
	}
	return np;
}
