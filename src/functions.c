/* functions.c - per-function self and total (see functions.h).
 *
 * Pre-order walk with an explicit stack; `open[name]` counts how many
 * ancestors on the current path carry the name, so a node adds its total
 * only when it is the outermost occurrence.  Names are first mapped to
 * their function (func_id), so an inlined call site and a plain call of
 * the same function make one row, as in pprof.
 */
#include "functions.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

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

uint32_t
func_id(const ft_intern *t, uint32_t name)
{
	if (intern_kind(t, name) != FT_KIND_INLINED)
		return name;
	uint32_t tw = func_twin(t, name);
	return tw != UINT32_MAX ? tw : name;
}

uint32_t
functions_table(const ft_profile *p, int col, enum ft_func_sort sort, ft_func **out)
{
	uint32_t nn = intern_count(p->names);
	ft_val *self = xcalloc(nn ? nn : 1, sizeof(ft_val));
	ft_val *total = xcalloc(nn ? nn : 1, sizeof(ft_val));
	uint32_t *open = xcalloc(nn ? nn : 1, sizeof(uint32_t));
	uint8_t *seen = xcalloc(nn ? nn : 1, 1);
	/* One row per function: inlined call sites count as the function. */
	uint32_t *fid = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	for (uint32_t i = 0; i < nn; i++)
		fid[i] = func_id(p->names, i);
	/* Iterative DFS: visit node, then children; on leaving, close it. */
	uint32_t *stack = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 2));
	uint32_t sp = 0;
	uint32_t n = p->nodes[FT_ROOT].child;
	/* Self values sum as totals minus the children's totals: each node
	 * adds its total to its own function and takes it from its parent's
	 * (modulo 2^64, exact when the true sum fits), no per-node child
	 * walk. */
	uint64_t *uself = (uint64_t *)self;
	while (n != FT_NONE) {
		uint32_t name = fid[p->nodes[n].name];
		seen[name] = 1;
		uint64_t t = (uint64_t)profile_total(p, n, col);
		uself[name] += t;
		uself[fid[p->nodes[p->nodes[n].parent].name]] -= t;
		if (open[name] == 0)
			total[name] += profile_total(p, n, col);
		open[name]++;
		stack[sp++] = n;
		if (p->nodes[n].child != FT_NONE) {
			n = p->nodes[n].child;
			continue;
		}
		/* Leave nodes until one has a next sibling. */
		for (;;) {
			uint32_t done = stack[--sp];
			open[fid[p->nodes[done].name]]--;
			if (p->nodes[done].sibling != FT_NONE) {
				n = p->nodes[done].sibling;
				break;
			}
			if (sp == 0) {
				n = FT_NONE;
				break;
			}
		}
	}
	uint32_t count = 0;
	for (uint32_t i = 1; i < nn; i++)
		if (seen[i] && (self[i] != 0 || total[i] != 0))
			count++;
	ft_func *f = xmalloc(sizeof(ft_func) * (count ? count : 1));
	uint32_t k = 0;
	for (uint32_t i = 1; i < nn; i++)
		if (seen[i] && (self[i] != 0 || total[i] != 0))
			f[k++] = (ft_func){i, self[i], total[i]};
	free(self);
	free(total);
	free(open);
	free(seen);
	free(fid);
	free(stack);
	functions_sort(p, f, count, sort);
	*out = f;
	return count;
}

static const ft_profile *sort_p;
static enum ft_func_sort sort_by;

static int
cmp_name(const ft_func *a, const ft_func *b)
{
	const ft_intern *t = sort_p->names;
	uint32_t la = intern_len(t, a->name), lb = intern_len(t, b->name);
	int c = memcmp(intern_str(t, a->name), intern_str(t, b->name), la < lb ? la : lb);
	if (c != 0)
		return c;
	if (la != lb)
		return la < lb ? -1 : 1;
	return intern_kind(t, a->name) - intern_kind(t, b->name);
}

static int
cmp_func(const void *x, const void *y)
{
	const ft_func *a = x, *b = y;
	if (sort_by == FUNC_BY_SELF && a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (sort_by != FUNC_BY_NAME && a->total != b->total)
		return a->total > b->total ? -1 : 1;
	if (sort_by == FUNC_BY_SELF && a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return cmp_name(a, b);
}

void
functions_sort(const ft_profile *p, ft_func *f, uint32_t n, enum ft_func_sort sort)
{
	sort_p = p;
	sort_by = sort;
	qsort(f, n, sizeof(ft_func), cmp_func);
}
