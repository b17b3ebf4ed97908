/* Tests for merge.c: sums by path, columns by name, decimal scales. */
#include "helpers.h"
#include "merge.h"
#include "unit.h"

static ft_profile *
load_shared(const char *text, ft_intern *names)
{
	ft_source *s = source_open_mem(text, strlen(text), "m.folded");
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, names, &o, &rep, &err);
	source_close(s);
	return p;
}

TEST(sums_by_path_and_scale)
{
	ft_intern *names = intern_new();
	ft_profile *ps[3];
	ps[0] = load_shared("a;b 3\na;c 1\n", names);
	ps[1] = load_shared("a;b 2\nd 4\n", names);
	ps[2] = load_shared("a;b 0.5\n", names);
	ft_diag err;
	ft_profile *m = profile_merge(ps, 3, FT_SORT_NAME, &err);
	CHECK(m != NULL);
	CHECK_INT(m->scale, 1);
	CHECK_INT(profile_total(m, FT_ROOT, 0), 105); /* 10.5 at scale 1 */
	CHECK_INT(profile_total(m, node_at(m, "a;b"), 0), 55);
	CHECK_INT(profile_total(m, node_at(m, "d"), 0), 40);
	CHECK_INT(m->nnodes, 5);
	for (int i = 0; i < 3; i++)
		profile_free(ps[i]);
	profile_free(m);
	intern_unref(names);
}

TEST(columns_matched_by_name)
{
	ft_intern *names = intern_new();
	ft_profile *ps[2];
	ps[0] = load_shared("x 5\n", names);
	ps[1] = load_shared("x 1 2\n", names); /* differential: before, after */
	ft_diag err;
	ft_profile *m = profile_merge(ps, 2, FT_SORT_NAME, &err);
	CHECK_INT(m->nvals, 3); /* samples, before, after */
	CHECK_STR(m->types[0].name, "samples");
	CHECK_INT(profile_total(m, FT_ROOT, 0), 5);
	CHECK_INT(profile_total(m, FT_ROOT, 1), 1);
	CHECK_INT(profile_total(m, FT_ROOT, 2), 2);
	profile_free(ps[0]);
	profile_free(ps[1]);
	profile_free(m);
	intern_unref(names);
}

int
main(void)
{
	RUN(sums_by_path_and_scale);
	RUN(columns_matched_by_name);
	return unit_report();
}
