/* collapse.c - collapse recursion (see collapse.h).
 *
 * newn[i] is the node of the result that old node i became: its parent's
 * (newn[parent]) when i is dropped, else a child of newn[parent] of the
 * same name.  Direct recursion needs only the parent, so one forward pass
 * over node ids (parents precede children) does it.  "All" needs to know
 * whether the function is anywhere on the path: a pre-order walk with an
 * explicit stack keeps open[f], the number of kept frames of function f
 * on the current path.
 */
#include "ops/collapse.h"

#include <stdlib.h>

#include "ops/function_table.h"
#include "base/xalloc.h"

static int
place(ft_profile *np, const ft_profile *p, uint32_t i, uint32_t to,
    uint32_t *map, ft_diag *err)
{
	if (map != NULL)
		map[i] = to;
	ft_val stackrow[8];
	ft_val *row = p->nvals <= 8 ? stackrow : xmalloc(sizeof(ft_val) * (size_t)p->nvals);
	int rc = 0;
	if (profile_self_row(p, i, row))
		rc = profile_add_self(np, to, row, err);
	if (row != stackrow)
		free(row);
	return rc;
}

static int
collapse_direct(ft_profile *np, const ft_profile *p, const uint32_t *fid,
    uint32_t *newn, uint32_t *map, ft_diag *err)
{
	int rc = 0;
	for (uint32_t i = 1; i < p->nnodes && rc == 0; i++) {
		uint32_t q = p->nodes[i].parent;
		uint32_t nm = p->nodes[i].name;
		if (q != FT_ROOT && fid[p->nodes[q].name] == fid[nm])
			newn[i] = newn[q];
		else
			newn[i] = profile_child(np, newn[q], nm);
		rc = place(np, p, i, newn[i], map, err);
	}
	return rc;
}

static int
collapse_all(ft_profile *np, const ft_profile *p, const uint32_t *fid,
    uint32_t *newn, uint32_t *map, ft_diag *err)
{
	uint32_t nn = intern_count(p->names);
	uint32_t *open = xcalloc(nn ? nn : 1, sizeof(uint32_t));
	uint8_t *opened = xcalloc(p->nnodes ? p->nnodes : 1, 1);
	uint32_t *stack = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 2));
	uint32_t sp = 0;
	int rc = 0;
	uint32_t n = p->nodes[FT_ROOT].child;
	while (n != FT_NONE && rc == 0) {
		uint32_t q = p->nodes[n].parent, f = fid[p->nodes[n].name];
		if (open[f] > 0) {
			newn[n] = newn[q];
		} else {
			newn[n] = profile_child(np, newn[q], p->nodes[n].name);
			open[f]++;
			opened[n] = 1;
		}
		rc = place(np, p, n, newn[n], map, err);
		stack[sp++] = n;
		if (p->nodes[n].child != FT_NONE) {
			n = p->nodes[n].child;
			continue;
		}
		/* Leave nodes until one has a next sibling. */
		for (;;) {
			uint32_t done = stack[--sp];
			if (opened[done])
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
	free(open);
	free(opened);
	free(stack);
	return rc;
}

ft_profile *
transform_collapse(const ft_profile *p, enum ft_collapse how,
    enum ft_sort sort, int column, uint32_t *map, ft_diag *err)
{
	ft_profile *np = profile_new_like(p);
	uint32_t nn = intern_count(p->names);
	uint32_t *fid = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	for (uint32_t i = 0; i < nn; i++)
		fid[i] = func_id(p->names, i);
	uint32_t *newn = xmalloc(sizeof(uint32_t) * (p->nnodes ? p->nnodes : 1));
	newn[FT_ROOT] = FT_ROOT;
	profile_reserve(np, p->nnodes);
	int rc = place(np, p, FT_ROOT, FT_ROOT, map, err);
	if (rc == 0)
		rc = how == FT_COLLAPSE_ALL ? collapse_all(np, p, fid, newn, map, err) :
		    collapse_direct(np, p, fid, newn, map, err);
	free(fid);
	free(newn);
	if (rc == 0)
		rc = profile_finish(np, sort, column, err);
	if (rc != 0) {
		profile_free(np);
		return NULL;
	}
	return np;
}
