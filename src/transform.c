/* transform.c - filters as tree-in, tree-out functions (see transform.h).
 *
 * Node ids of a built tree grow from parent to child, so one forward pass
 * over the ids visits every parent before its children: no recursion and
 * no explicit stack.  Per old node the pass keeps
 *   hasm[i]  some frame on the path root..i matches,
 *   up[i]    the old node whose new copy receives i's self value (the
 *            nearest kept frame at or above i; 0 for the root),
 *   newn[i]  that old node's copy in the new tree, created lazily the
 *            first time a value lands on it, so subtrees whose stacks are
 *            all dropped leave no empty nodes behind.
 */
#include "transform.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static const char *const kind_names[FILTER_KINDS] = {
	"focus", "ignore", "hide", "show-from", "prune-from", "show",
};

const char *
filter_kind_name(int kind)
{
	return kind >= 0 && kind < FILTER_KINDS ? kind_names[kind] : "?";
}

int
filter_kind_parse(const char *s, size_t n)
{
	for (int k = 0; k < FILTER_KINDS; k++) {
		const char *w = kind_names[k];
		if (strlen(w) != n)
			continue;
		size_t i = 0;
		while (i < n && (s[i] == w[i] || (s[i] == '_' && w[i] == '-')))
			i++;
		if (i == n)
			return k;
	}
	return -1;
}

int
filters_add(ft_filters *f, int kind, const char *pattern, ft_diag *err)
{
	if (kind < 0 || kind >= FILTER_KINDS) {
		diag_set(err, "unknown filter kind");
		return -1;
	}
	ft_matcher *m = match_compile(pattern, err);
	if (m == NULL)
		return -1;
	if (f->n == f->cap) {
		f->cap = (int)grow_cap((size_t)f->cap, (size_t)f->n + 1, 4);
		f->v = xreallocarray(f->v, (size_t)f->cap, sizeof(ft_filter));
	}
	f->v[f->n++] = (ft_filter){kind, xstrdup(pattern), m};
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
		    "prune-from or show, then a regex)");
		diag_append_text(err, w, (size_t)(s - w));
		return -1;
	}
	if (*s == '=')
		s++;
	else
		while (*s == ' ' || *s == '\t')
			s++;
	if (*s == '\0') {
		diag_set(err, "%s: a regex is needed", kind_names[kind]);
		return -1;
	}
	return filters_add(f, kind, s, err);
}

void
filters_pop(ft_filters *f)
{
	if (f->n == 0)
		return;
	f->n--;
	free(f->v[f->n].pattern);
	match_free(f->v[f->n].m);
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
kept(int kind, int m, int hasm_parent, int hasm_self)
{
	switch (kind) {
	case FILTER_HIDE: return !m;
	case FILTER_SHOW: return m;
	case FILTER_SHOW_FROM: return hasm_self;
	case FILTER_PRUNE_FROM: return !hasm_parent;
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

struct pass {
	const ft_profile *p;
	ft_profile *np;
	int kind;
	const uint8_t *match;
	uint8_t *hasm;
	uint32_t *up, *newn, *chain;
};

/* The old node whose copy is the new parent of kept node k. */
static uint32_t
new_parent_of(const struct pass *s, uint32_t k)
{
	uint32_t q = s->p->nodes[k].parent;
	if (s->kind == FILTER_SHOW_FROM && !s->hasm[q])
		return FT_ROOT; /* the outermost match becomes a root child */
	return s->up[q];
}

/* The copy of kept old node k, creating it (and its missing kept
 * ancestors, top-down) when absent. */
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
		s->newn[x] = profile_child(s->np, np, s->p->nodes[x].name);
	}
	return s->newn[want];
}

static int
self_nonzero(const ft_profile *p, uint32_t i)
{
	const ft_val *v = &p->self[(size_t)i * (size_t)p->nvals];
	for (int c = 0; c < p->nvals; c++)
		if (v[c] != 0)
			return 1;
	return 0;
}

ft_profile *
transform_filter(const ft_profile *p, int kind, const uint8_t *match,
    enum ft_sort sort, int column, ft_diag *err)
{
	struct pass s = {p, profile_new_like(p), kind, match, NULL, NULL, NULL, NULL};
	size_t nn = p->nnodes;
	s.hasm = xmalloc(nn);
	s.up = xmalloc(sizeof(uint32_t) * nn);
	s.newn = xmalloc(sizeof(uint32_t) * nn);
	s.chain = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 2));
	s.hasm[0] = 0;
	s.up[0] = FT_ROOT;
	s.newn[0] = FT_ROOT;
	int rc = 0;
	if (self_nonzero(p, FT_ROOT) && !dropped(kind, 0))
		rc = profile_add_self(s.np, FT_ROOT, &p->self[0], err);
	for (uint32_t i = 1; i < nn && rc == 0; i++) {
		uint32_t q = p->nodes[i].parent;
		int m = match[p->nodes[i].name];
		s.hasm[i] = (uint8_t)(s.hasm[q] | m);
		s.newn[i] = FT_NONE;
		s.up[i] = kept(kind, m, s.hasm[q], s.hasm[i]) ? i : s.up[q];
		if (!self_nonzero(p, i) || dropped(kind, s.hasm[i]))
			continue;
		uint32_t t = ensure(&s, s.up[i]);
		rc = profile_add_self(s.np, t, &p->self[(size_t)i * (size_t)p->nvals], err);
	}
	free(s.hasm);
	free(s.up);
	free(s.newn);
	free(s.chain);
	if (rc == 0)
		rc = profile_finish(s.np, sort, column, err);
	if (rc != 0) {
		profile_free(s.np);
		return NULL;
	}
	return s.np;
}

ft_profile *
transform_apply(const ft_profile *p, const ft_filters *f, enum ft_sort sort,
    int column, ft_diag *err)
{
	if (f == NULL || f->n == 0) {
		/* A copy: hide with nothing matching keeps every frame. */
		uint8_t *none = xcalloc(intern_count(p->names) + 1, 1);
		ft_profile *np = transform_filter(p, FILTER_HIDE, none, sort, column, err);
		free(none);
		return np;
	}
	ft_profile *cur = NULL;
	for (int i = 0; i < f->n; i++) {
		const ft_profile *in = cur != NULL ? cur : p;
		uint8_t *map = match_names(f->v[i].m, p->names);
		ft_profile *np = transform_filter(in, f->v[i].kind, map, sort, column, err);
		free(map);
		if (cur != NULL)
			profile_free(cur);
		if (np == NULL)
			return NULL;
		cur = np;
	}
	return cur;
}
