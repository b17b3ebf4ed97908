/* test_views.c - the view transforms on small trees with hand-computed
 * results: invert, collapse recursion (direct and all), both on two value
 * columns (a comparison's union), through the filter list, and on stacks
 * deeper than any C stack. */
#include "ops/collapse.h"
#include "ops/invert.h"
#include "ops/filters.h"
#include "tree_util.h"
#include "unit.h"
#include "base/xalloc.h"

static const char *rec =
    "a;a;a;b 4\n"
    "a;b;a;b;c 2\n"
    "a;b;a 3\n"
    "a 1\n"
    "d;e 5\n";

TEST(invert)
{
	ft_profile *p = tree_from(rec, 1);
	ft_diag err;
	uint32_t *map = xmalloc(sizeof(uint32_t) * p->nnodes);
	ft_profile *q = transform_invert(p, FT_SORT_NAME, 0, map, &err);
	/* Roots are where samples were taken: a 3+1, b 4, c 2, e 5. */
	CHECK_STR(tree_folded(q, 0),
	    "a 1\na;b;a 3\nb;a;a;a 4\nc;b;a;b;a 2\ne;d 5\n");
	CHECK_INT(profile_total(q, FT_ROOT, 0), 15);
	uint32_t a = intern_find(q->names, "a", 1, 0);
	uint32_t ra = profile_find_child(q, FT_ROOT, a);
	CHECK_INT(profile_total(q, ra, 0), 4); /* = a's self in p */
	/* The map sends a stack's self to its inverted leaf. */
	uint32_t names[] = {a};
	uint32_t pa = profile_lookup(p, names, 1);
	CHECK_INT(map[pa], ra);
	free(map);
	/* Inverting twice gives the input back. */
	ft_profile *r = transform_invert(q, FT_SORT_NAME, 0, NULL, &err);
	CHECK_STR(tree_folded(r, 0), tree_folded(p, 0));
	profile_free(r);
	profile_free(q);
	profile_free(p);
}

TEST(collapse)
{
	ft_profile *p = tree_from(rec, 1);
	ft_diag err;
	ft_profile *q = transform_collapse(p, FT_COLLAPSE_DIRECT, FT_SORT_NAME, 0, NULL, &err);
	CHECK_STR(tree_folded(q, 0), "a 1\na;b 4\na;b;a 3\na;b;a;b;c 2\nd;e 5\n");
	CHECK_INT(profile_total(q, FT_ROOT, 0), 15);
	profile_free(q);
	q = transform_collapse(p, FT_COLLAPSE_ALL, FT_SORT_NAME, 0, NULL, &err);
	/* a;b;a -> a;b (its 3 land on b); a;b;a;b;c -> a;b;c. */
	CHECK_STR(tree_folded(q, 0), "a 1\na;b 7\na;b;c 2\nd;e 5\n");
	CHECK_INT(profile_total(q, FT_ROOT, 0), 15);
	profile_free(q);
	profile_free(p);
}

TEST(two_columns)
{
	ft_profile *p = tree_from("m;f;f;g 1 10\nm;f;g 2 20\nm;h 0 5\n", 2);
	ft_diag err;
	ft_profile *q = transform_collapse(p, FT_COLLAPSE_DIRECT, FT_SORT_NAME, 0, NULL, &err);
	CHECK_STR(tree_folded(q, 0), "m;f;g 3\n");
	CHECK_STR(tree_folded(q, 1), "m;f;g 30\nm;h 5\n");
	profile_free(q);
	q = transform_invert(p, FT_SORT_NAME, 1, NULL, &err);
	CHECK_STR(tree_folded(q, 0), "g;f;f;m 1\ng;f;m 2\n");
	CHECK_STR(tree_folded(q, 1), "g;f;f;m 10\ng;f;m 20\nh;m 5\n");
	CHECK_INT(profile_total(q, FT_ROOT, 1), 35);
	profile_free(q);
	profile_free(p);
}

TEST(filter_list)
{
	ft_profile *p = tree_from(rec, 1);
	ft_filters f = {0};
	ft_diag err;
	/* View transforms apply after the filters, whatever the order. */
	CHECK_INT(filters_add_line(&f, "invert", &err), 0);
	CHECK_INT(filters_add_line(&f, "collapse-recursion all", &err), 0);
	CHECK_INT(filters_add_line(&f, "ignore ^e$", &err), 0);
	CHECK_INT(filters_add_line(&f, "collapse-recursion sideways", &err), -1);
	CHECK(strstr(err.msg, "direct or all") != NULL);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_STR(tree_folded(q, 0), "a 1\nb;a 7\nc;b;a 2\n");
	profile_free(q);
	q = transform_apply_filters(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_STR(tree_folded(q, 0), "a 1\na;a;a;b 4\na;b;a 3\na;b;a;b;c 2\n");
	profile_free(q);
	CHECK_INT(filters_find(&f, FILTER_INVERT), 0);
	filters_remove(&f, 0);
	CHECK_INT(filters_find(&f, FILTER_INVERT), -1);
	CHECK_INT(f.n, 2);
	CHECK_STR(f.v[0].pattern, "all");
	filters_free(&f);
	profile_free(p);
}

/* 200 000 frames: a;b;a;b;... and its inversion. */
TEST(deep)
{
	ft_profile *p = profile_new(NULL, 1);
	uint32_t a = intern_get(p->names, "a", 1, 0), b = intern_get(p->names, "b", 1, 0);
	uint32_t n = FT_ROOT;
	for (int i = 0; i < 200000; i++)
		n = profile_child(p, n, i % 2 ? b : a);
	ft_val v = 7;
	ft_diag err;
	profile_add_self(p, n, &v, &err);
	profile_finish(p, FT_SORT_NAME, 0, &err);
	ft_profile *q = transform_invert(p, FT_SORT_NAME, 0, NULL, &err);
	CHECK_INT(q->max_depth, 200000);
	CHECK_INT(q->nodes[q->nodes[FT_ROOT].child].name, b);
	profile_free(q);
	q = transform_collapse(p, FT_COLLAPSE_ALL, FT_SORT_NAME, 0, NULL, &err);
	CHECK_STR(tree_folded(q, 0), "a;b 7\n");
	profile_free(q);
	q = transform_collapse(p, FT_COLLAPSE_DIRECT, FT_SORT_NAME, 0, NULL, &err);
	CHECK_INT(q->max_depth, 200000);
	profile_free(q);
	profile_free(p);
}

int
main(void)
{
	RUN(invert);
	RUN(collapse);
	RUN(two_columns);
	RUN(filter_list);
	RUN(deep);
	return unit_report();
}
