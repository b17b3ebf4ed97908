/* Tests for merge.c: sums by path, columns by name, decimal scales. */
#include "helpers.h"
#include "profile/merge.h"
#include "profile/relabel.h"
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

/* The sum keeps its inputs' thread root frames as thread roots (one entry
 * per root, in node order), so --group and the viewer's P regroup it. */
TEST(threads_kept)
{
	ft_intern *names = intern_new();
	ft_profile *ps[2];
	for (int i = 0; i < 2; i++) {
		ft_source *s = source_open("tests/data/jfr/java-work.jfr.gz", &(ft_diag){{0}});
		ft_load_opts o = {0};
		ft_load_report rep;
		ft_diag err;
		ps[i] = s != NULL ? load_source(s, FT_FMT_JFR, names, &o, &rep, &err) : NULL;
		source_close(s);
	}
	CHECK(ps[0] != NULL && ps[1] != NULL);
	if (ps[0] == NULL || ps[1] == NULL)
		return;
	ft_diag err;
	ft_profile *m = profile_merge(ps, 2, FT_SORT_NAME, &err);
	CHECK(m != NULL);
	CHECK_INT(m->nthreads, ps[0]->nthreads);
	for (uint32_t t = 0; t < m->nthreads; t++) {
		CHECK(m->nodes[m->threads[t].node].parent == FT_ROOT);
		CHECK(t == 0 || m->threads[t - 1].node < m->threads[t].node);
	}
	ft_profile *g = profile_regroup(m, FT_GROUP_NONE, FT_SORT_NAME, 0, &err);
	CHECK(g != NULL);
	CHECK_INT(profile_total(g, FT_ROOT, 0), 2 * 21); /* cpu samples, twice */
	CHECK(node_at(g, "java.lang.Thread.run") != FT_NONE); /* no thread frames */
	profile_free(g);
	profile_free(m);
	profile_free(ps[0]);
	profile_free(ps[1]);
	intern_unref(names);
}

int
main(void)
{
	RUN(sums_by_path_and_scale);
	RUN(columns_matched_by_name);
	RUN(threads_kept);
	return unit_report();
}
