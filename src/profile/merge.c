/* merge.c - sum of several profiles (see merge.h).
 *
 * Nodes are visited in index order, which is creation order: a parent
 * always comes before its children, so one array maps every node of an
 * input to its node in the sum without recursion.
 */
#include "profile/merge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

static int
find_type(const ft_profile *p, const ft_vtype *t)
{
	for (int i = 0; i < p->nvals; i++)
		if (strcmp(p->types[i].name, t->name) == 0 && strcmp(p->types[i].unit, t->unit) == 0)
			return i;
	return -1;
}

static int
cmp_root(const void *a, const void *b)
{
	uint32_t x = ((const ft_thread_root *)a)->node, y = ((const ft_thread_root *)b)->node;
	return x < y ? -1 : x > y;
}

ft_profile *
profile_merge(ft_profile *const *ps, int n, enum ft_sort sort, ft_diag *err)
{
	/* Union of the sample types, in order of first appearance. */
	ft_vtype *types = xmalloc(sizeof(ft_vtype) * 64);
	int nt = 0, scale = 0;
	for (int k = 0; k < n; k++) {
		if (ps[k]->scale > scale)
			scale = ps[k]->scale;
		for (int i = 0; i < ps[k]->nvals; i++) {
			int found = 0;
			for (int j = 0; j < nt && !found; j++)
				found = strcmp(types[j].name, ps[k]->types[i].name) == 0 &&
				    strcmp(types[j].unit, ps[k]->types[i].unit) == 0;
			if (!found && nt < 64)
				types[nt++] = ps[k]->types[i];
		}
	}
	ft_profile *out = profile_new(ps[0]->names, nt);
	for (int j = 0; j < nt; j++)
		profile_set_type(out, j, types[j].name, types[j].unit);
	out->scale = scale;
	out->format = ps[0]->format;
	for (int k = 0; k < n; k++)
		out->traced |= ps[k]->traced;
	out->deftype = find_type(out, &ps[0]->types[ps[0]->deftype]);
	char src[512];
	snprintf(src, sizeof(src), "%s (+%d merged)", ps[0]->source, n - 1);
	profile_set_source(out, src);
	free(types);

	ft_val *vals = xmalloc(sizeof(ft_val) * (size_t)nt);
	for (int k = 0; k < n; k++) {
		const ft_profile *p = ps[k];
		int *colmap = xmalloc(sizeof(int) * (size_t)p->nvals);
		for (int i = 0; i < p->nvals; i++)
			colmap[i] = find_type(out, &p->types[i]);
		ft_val mul = 1;
		for (int s = p->scale; s < scale; s++)
			mul *= 10;
		uint32_t *map = xmalloc(sizeof(uint32_t) * p->nnodes);
		map[FT_ROOT] = FT_ROOT;
		int bad = 0;
		for (uint32_t i = 0; i < p->nnodes && !bad; i++) {
			if (i != FT_ROOT)
				map[i] = profile_child(out, map[p->nodes[i].parent], p->nodes[i].name);
			memset(vals, 0, sizeof(ft_val) * (size_t)nt);
			int any = 0;
			for (int c = 0; c < p->nvals; c++) {
				ft_val v = profile_self(p, i, c);
				if (v == 0)
					continue;
				if (v > INT64_MAX / mul || v < INT64_MIN / mul) {
					bad = 1;
					break;
				}
				vals[colmap[c]] = v * mul;
				any = 1;
			}
			if (!bad && any && profile_add_self(out, map[i], vals, err) != 0)
				bad = 1;
		}
		/* Thread root frames stay thread roots in the sum (--group
		 * regroups it); one entry per root node, in node order. */
		for (uint32_t t = 0; t < p->nthreads && !bad; t++) {
			ft_thread_root r = p->threads[t];
			r.node = map[r.node];
			uint32_t at = 0;
			while (at < out->nthreads && out->threads[at].node != r.node)
				at++;
			if (at < out->nthreads)
				continue;
			if (out->nthreads == out->cthreads) {
				out->cthreads = grow_cap(out->cthreads, (size_t)out->nthreads + 1, 16);
				out->threads = xreallocarray(out->threads, out->cthreads,
				    sizeof(*out->threads));
			}
			out->threads[out->nthreads++] = r;
		}
		free(map);
		free(colmap);
		if (bad) {
			diag_set(err, "%s: merged counts overflow 64 bits", p->source);
			free(vals);
			profile_free(out);
			return NULL;
		}
	}
	free(vals);
	if (out->nthreads > 1)
		qsort(out->threads, out->nthreads, sizeof(*out->threads), cmp_root);
	if (profile_finish(out, sort, out->deftype, err) != 0) {
		profile_free(out);
		return NULL;
	}
	return out;
}
