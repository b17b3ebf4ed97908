/* invert.c - the bottom-up tree (see invert.h).
 *
 * For every node with a self value, walk its parent chain from the node
 * up to the root's child, descending the new tree one frame per step:
 * O(sum of stack depths), no recursion; refused past the bound of
 * profile_check_stack_frames (profile.h).  Nodes of the result are merged
 * by (parent, name) through the builder.
 */
#include "ops/invert.h"

#include <stdlib.h>

#include "base/xalloc.h"

ft_profile *
transform_invert(const ft_profile *p, enum ft_sort sort, int column,
    uint32_t *map, ft_diag *err)
{
	if (profile_check_stack_frames(p, "inverting", err) != 0)
		return NULL;
	ft_profile *np = profile_new_like(p);
	ft_val *row = xmalloc(sizeof(ft_val) * (size_t)p->nvals);
	int rc = 0;
	if (map != NULL)
		map[FT_ROOT] = FT_ROOT;
	if (profile_self_row(p, FT_ROOT, row))
		rc = profile_add_self(np, FT_ROOT, row, err);
	for (uint32_t i = 1; i < p->nnodes && rc == 0; i++) {
		if (map != NULL)
			map[i] = FT_NONE;
		if (!profile_self_row(p, i, row))
			continue;
		uint32_t t = FT_ROOT;
		for (uint32_t a = i; a != FT_ROOT; a = p->nodes[a].parent)
			t = profile_child(np, t, p->nodes[a].name);
		rc = profile_add_self(np, t, row, err);
		if (map != NULL)
			map[i] = t;
	}
	free(row);
	if (rc == 0)
		rc = profile_finish(np, sort, column, err);
	if (rc != 0) {
		profile_free(np);
		return NULL;
	}
	return np;
}
