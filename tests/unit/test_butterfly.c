/* test_butterfly.c - callers/callees trees of one function. */
#include "butterfly.h"
#include "tree_util.h"
#include "unit.h"

static uint32_t
id(const ft_profile *p, const char *s)
{
	return intern_find(p->names, s, strlen(s), 0);
}

TEST(simple)
{
	ft_profile *p = tree_from(
	    "main;a;F;x 5\n"
	    "main;b;F 3\n"
	    "main;b;F;y 2\n"
	    "F;x 1\n"
	    "main;c 7\n", 1);
	ft_butterfly b;
	ft_diag err;
	CHECK_INT(butterfly_build(p, id(p, "F"), FT_SORT_NAME, 0, &b, &err), 0);
	/* F's width: every stack containing F. */
	CHECK_INT(profile_total(b.callers, FT_ROOT, 0), 11);
	CHECK_INT(profile_total(b.callees, FT_ROOT, 0), 11);
	CHECK_INT(b.callers->nodes[FT_ROOT].name, id(p, "F"));
	/* Callers inverted: direct caller first. */
	CHECK_STR(tree_folded(b.callers, 0), "a;main 5\nb;main 5\n");
	CHECK_INT(profile_self(b.callers, FT_ROOT, 0), 1); /* F at the top */
	CHECK_STR(tree_folded(b.callees, 0), "x 6\ny 2\n");
	CHECK_INT(profile_self(b.callees, FT_ROOT, 0), 3);
	butterfly_free(&b);
	profile_free(p);
}

TEST(recursive)
{
	/* The outermost F is the pivot: each sample counts once. */
	ft_profile *p = tree_from(
	    "m;F;g;F;h 4\n"
	    "m;F;F 2\n"
	    "n;g;F 1\n", 2 - 1);
	ft_butterfly b;
	ft_diag err;
	butterfly_build(p, id(p, "F"), FT_SORT_NAME, 0, &b, &err);
	CHECK_INT(profile_total(b.callers, FT_ROOT, 0), 7);
	CHECK_STR(tree_folded(b.callers, 0), "g;n 1\nm 6\n");
	CHECK_STR(tree_folded(b.callees, 0), "F 2\ng;F;h 4\n");
	CHECK_INT(profile_self(b.callees, FT_ROOT, 0), 1);
	butterfly_free(&b);
	profile_free(p);
}

TEST(columns_and_absent)
{
	ft_profile *p = tree_from("a;F;b 1 10\nc 2 20\n", 2);
	ft_butterfly b;
	ft_diag err;
	butterfly_build(p, id(p, "F"), FT_SORT_NAME, 0, &b, &err);
	CHECK_INT(profile_total(b.callers, FT_ROOT, 1), 10);
	CHECK_STR(tree_folded(b.callees, 1), "b 10\n");
	butterfly_free(&b);
	/* A name that is not in the tree: empty trees, total 0. */
	butterfly_build(p, id(p, "c") + 1000, FT_SORT_NAME, 0, &b, &err);
	CHECK_INT(profile_total(b.callers, FT_ROOT, 0), 0);
	CHECK_INT(b.callees->nnodes, 1);
	butterfly_free(&b);
	profile_free(p);
}

int
main(void)
{
	RUN(simple);
	RUN(recursive);
	RUN(columns_and_absent);
	return unit_report();
}
