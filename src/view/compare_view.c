/* compare_view.c - the comparison's own pieces of the view engine (see
 * compare_view.h). */
#include "view/compare_view.h"

int
cview_stacked(enum cview_split split, int w, int h)
{
	if (split == CV_SPLIT_TB)
		return 1;
	if (split == CV_SPLIT_LR)
		return 0;
	/* Cells are about twice as tall as wide: stack when the terminal is
	 * narrow for its height. */
	return w < h * 3;
}

int
cview_panes(enum cview_mode mode, enum cview_split split, int w, int h,
    int body, ft_rect r[2], int vset[2])
{
	if (mode == CV_DIFF || mode == CV_ELIDED) {
		r[0] = (ft_rect){0, 0, w, body};
		vset[0] = mode == CV_DIFF ? VS_DIFF : VS_ELIDED;
		return 1;
	}
	vset[0] = VS_A;
	vset[1] = VS_B;
	if (cview_stacked(split, w, h)) {
		int top = body / 2;
		r[0] = (ft_rect){0, 0, w, top};
		r[1] = (ft_rect){0, top, w, body - top};
	} else {
		int lw = (w - 1) / 2;
		r[0] = (ft_rect){0, 0, lw, body};
		r[1] = (ft_rect){lw + 1, 0, w - lw - 1, body};
	}
	return 2;
}

ft_widths
cview_widths(const ft_compare *c, int vset, enum cmp_width wsrc)
{
	if (vset == VS_A)
		return compare_widths(c, CMP_W_A);
	if (vset == VS_B)
		return compare_widths(c, CMP_W_B);
	if (vset == VS_ELIDED)
		return compare_elided_widths(c);
	return compare_widths(c, wsrc);
}

int
cview_col(int vset)
{
	return vset == VS_A || vset == VS_ELIDED ? CMP_A : CMP_B;
}

int
cview_mask(int vset, enum cmp_width wsrc)
{
	if (vset == VS_A || vset == VS_ELIDED || (vset == VS_DIFF && wsrc == CMP_W_A))
		return CMP_IN_A;
	if (vset == VS_B || (vset == VS_DIFF && wsrc == CMP_W_B))
		return CMP_IN_B;
	return CMP_IN_A | CMP_IN_B;
}
