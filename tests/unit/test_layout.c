/* Tests for layout.c: geometry invariants, slivers, zoom. */
#include "helpers.h"
#include "ops/layout.h"
#include "unit.h"

static ft_profile *
prof(const char *txt)
{
	ft_load_report rep;
	ft_diag err;
	return load_text(txt, &rep, &err);
}

TEST(children_inside_parents_widths_sum)
{
	ft_profile *p = prof("a;b 3\na;c 1\na 2\nd 4\nd;e;f 2\n");
	ft_layout L = {0};
	layout_build(&L, p, layout_widths(p, 0), FT_ROOT, 12, 0);
	/* root row: all at full width */
	size_t n;
	const ft_lframe *r0 = layout_row(&L, 0, &n);
	CHECK_INT(n, 1);
	CHECK_INT(r0[0].x0, 0);
	CHECK_INT(r0[0].x1, 12);
	/* row 1: a (6 of 12 samples) = [0,6), d = [6,12) */
	const ft_lframe *r1 = layout_row(&L, 1, &n);
	CHECK_INT(n, 2);
	CHECK_INT(r1[0].x0, 0);
	CHECK_INT(r1[0].x1, 6);
	CHECK_INT(r1[1].x0, 6);
	CHECK_INT(r1[1].x1, 12);
	/* row 2: b=[0,3) c=[3,4) e=[6,8) */
	const ft_lframe *r2 = layout_row(&L, 2, &n);
	CHECK_INT(n, 3);
	CHECK_INT(r2[0].x1, 3);
	CHECK_INT(r2[1].x0, 3);
	CHECK_INT(r2[1].x1, 4);
	CHECK_INT(r2[2].x0, 6);
	CHECK_INT(r2[2].x1, 8);
	CHECK_INT(L.nrows, 4);
	/* Every frame lies inside its parent's frame. */
	for (uint32_t r = 1; r < L.nrows; r++) {
		const ft_lframe *row = layout_row(&L, r, &n);
		for (size_t i = 0; i < n; i++) {
			if (row[i].node == FT_NONE)
				continue;
			const ft_lframe *par = layout_find(&L, p, p->nodes[row[i].node].parent);
			CHECK(par != NULL);
			CHECK(row[i].x0 >= par->x0 && row[i].x1 <= par->x1);
			if (i > 0)
				CHECK(row[i].x0 >= row[i - 1].x1);
		}
	}
	layout_free(&L);
	profile_free(p);
}

TEST(slivers_become_fillers)
{
	/* Width 10, 2000 samples: a cell is 200 samples.  Under "a", 150
	 * children of 1 sample, then a's self time: cell 0 holds only
	 * slivers -> one filler cell.  A child that crosses a cell boundary is
	 * drawn (floor geometry), so "b;t" children crossing 400 get a cell. */
	char *txt = malloc(40000);
	size_t o = 0;
	for (int i = 0; i < 150; i++)
		o += (size_t)sprintf(txt + o, "a;t%04d 1\n", i);
	o += (size_t)sprintf(txt + o, "a 850\n");
	for (int i = 0; i < 100; i++)
		o += (size_t)sprintf(txt + o, "b;u%04d 10\n", i);
	ft_profile *p = prof(txt);
	free(txt);
	ft_layout L = {0};
	layout_build(&L, p, layout_widths(p, 0), FT_ROOT, 10, 0);
	size_t n;
	const ft_lframe *r1 = layout_row(&L, 1, &n);
	CHECK_INT(n, 2);
	CHECK_INT(r1[0].x1, 5); /* a: 1000 samples */
	const ft_lframe *r2 = layout_row(&L, 2, &n);
	CHECK(n >= 2);
	CHECK_INT(r2[0].node, FT_NONE);
	CHECK_INT(r2[0].x0, 0);
	CHECK_INT(r2[0].x1, 1);
	CHECK(layout_at(&L, 2, 0) == NULL); /* fillers are not selectable */
	/* b's children: 10 samples each, 20 per cell; each boundary crossing
	 * yields a drawn 1-cell frame, so b's 5 cells are all drawn. */
	int drawn = 0;
	for (size_t i = 1; i < n; i++) {
		CHECK(r2[i].node != FT_NONE);
		CHECK_INT(r2[i].x1 - r2[i].x0, 1);
		drawn++;
	}
	CHECK_INT(drawn, 5);
	/* Cells of "a" row 2 beyond cell 0 are empty: a's self time. */
	CHECK(layout_at(&L, 2, 3) == NULL);
	CHECK(layout_at(&L, 2, 7) != NULL);
	layout_free(&L);
	profile_free(p);
}

TEST(zoom_fills_width_ancestors_above)
{
	ft_profile *p = prof("a;b;c 1\na;b;d 3\na;e 4\n");
	uint32_t b = node_at(p, "a;b");
	ft_layout L = {0};
	layout_build(&L, p, layout_widths(p, 0), b, 8, 0);
	size_t n;
	const ft_lframe *r1 = layout_row(&L, 1, &n);
	CHECK_INT(n, 1);
	CHECK_INT(r1[0].node, node_at(p, "a"));
	CHECK_INT(r1[0].x1, 8);
	const ft_lframe *r2 = layout_row(&L, 2, &n);
	CHECK_INT(r2[0].node, b);
	CHECK_INT(r2[0].x0, 0);
	CHECK_INT(r2[0].x1, 8);
	const ft_lframe *r3 = layout_row(&L, 3, &n);
	CHECK_INT(n, 2);
	CHECK_INT(r3[0].x1, 2); /* c: 1 of 4 */
	CHECK_INT(r3[1].x0, 2);
	CHECK_INT(r3[1].x1, 8);
	CHECK(layout_find(&L, p, node_at(p, "a;e")) == NULL); /* outside the zoom */
	layout_free(&L);
	profile_free(p);
}

TEST(deep_chain_layout)
{
	size_t depth = 100000;
	char *t = malloc(depth * 4 + 8);
	size_t o = 0;
	for (size_t i = 0; i < depth; i++)
		o += (size_t)sprintf(t + o, "%sx", i ? ";" : "");
	strcpy(t + o, " 1\n");
	ft_profile *p = prof(t);
	free(t);
	ft_layout L = {0};
	layout_build(&L, p, layout_widths(p, 0), FT_ROOT, 80, 0);
	CHECK_INT(L.nrows, depth + 1);
	layout_free(&L);
	profile_free(p);
}

int
main(void)
{
	RUN(children_inside_parents_widths_sum);
	RUN(slivers_become_fillers);
	RUN(zoom_fills_width_ancestors_above);
	RUN(deep_chain_layout);
	return unit_report();
}
