/* butterfly.c - callers and callees of one function (see butterfly.h).
 *
 * One forward pass over node ids (parents come before children).  hasf[i]
 * says F occurs on the path root..i.  A node named F whose parent path has
 * no F is an outermost occurrence P: its callers chain (parent, grand-
 * parent, ...) is added to the callers tree with P's total as the self of
 * the chain's last (outermost) frame, and P maps to the callees root.
 * Every node below some P is copied under the copy of its parent.
 */
#include "butterfly.h"

#include <stdlib.h>
#include <string.h>

#include "functions.h"
#include "xalloc.h"

static int
total_nonzero(const ft_profile *p, uint32_t i)
{
	const ft_val *v = &p->total[(size_t)i * (size_t)p->nvals];
	for (int c = 0; c < p->nvals; c++)
		if (v[c] != 0)
			return 1;
	return 0;
}

int
butterfly_build(const ft_profile *p, uint32_t name, enum ft_sort sort,
    int column, ft_butterfly *out, ft_diag *err)
{
	memset(out, 0, sizeof(*out));
	out->name = name;
	ft_profile *up = profile_new_like(p), *down = profile_new_like(p);
	size_t nn = p->nnodes, nv = (size_t)p->nvals;
	/* Scratch as big arrays: reused, already faulted in (xbig pool). */
	uint8_t *hasf = xbig_realloc(NULL, 0, nn);
	uint32_t *newn = xbig_realloc(NULL, 0, sizeof(uint32_t) * nn);
	ft_val *row = xmalloc(sizeof(ft_val) * nv);
	hasf[0] = 0;
	newn[0] = FT_NONE;
	/* An inlined call site of F is F (func_twin). */
	uint32_t twin = func_twin(p->names, name);
	int rc = 0;
	for (uint32_t i = 1; i < nn && rc == 0; i++) {
		uint32_t q = p->nodes[i].parent;
		uint32_t nm = p->nodes[i].name;
		hasf[i] = hasf[q];
		newn[i] = FT_NONE;
		if (hasf[q]) {
			if (!total_nonzero(p, i))
				continue;
			newn[i] = profile_child(down, newn[q], nm);
			profile_self_row(p, i, row);
			rc = profile_add_self(down, newn[i], row, err);
		} else if (nm == name || nm == twin) {
			hasf[i] = 1;
			if (!total_nonzero(p, i))
				continue;
			newn[i] = FT_ROOT;
			profile_self_row(p, i, row);
			rc = profile_add_self(down, FT_ROOT, row, err);
			uint32_t cur = FT_ROOT;
			for (uint32_t a = q; a != FT_ROOT && a != FT_NONE; a = p->nodes[a].parent)
				cur = profile_child(up, cur, p->nodes[a].name);
			if (rc == 0)
				rc = profile_add_self(up, cur, &p->total[i * nv], err);
		}
	}
	xbig_free(hasf, nn);
	xbig_free(newn, sizeof(uint32_t) * nn);
	free(row);
	if (rc == 0)
		rc = profile_finish(up, sort, column, err);
	if (rc == 0)
		rc = profile_finish(down, sort, column, err);
	if (rc != 0) {
		profile_free(up);
		profile_free(down);
		return -1;
	}
	/* The roots stand for F itself. */
	up->nodes[FT_ROOT].name = name;
	down->nodes[FT_ROOT].name = name;
	out->callers = up;
	out->callees = down;
	return 0;
}

void
butterfly_free(ft_butterfly *b)
{
	if (b->callers != NULL)
		profile_free(b->callers);
	if (b->callees != NULL)
		profile_free(b->callees);
	b->callers = b->callees = NULL;
}
