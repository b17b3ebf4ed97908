/* test_pprof_exact.c - pprof-exact matching and function identity: filters
 * match a frame's file, file:line and mapping (framesrc), an inlined call
 * site is the same function as a plain call (table, butterfly), and the
 * `_[i]` notation is not shown for pprof frames. */
#include "ops/butterfly.h"
#include "profile/framesrc.h"
#include "ops/function_table.h"
#include "ops/filters.h"
#include "tree_util.h"
#include "unit.h"

static uint32_t
id(ft_profile *p, const char *s, int kind)
{
	return intern_get(p->names, s, strlen(s), kind);
}

/* main -> a -> x, main -> b(inlined x) ...: built by hand with kinds. */
static ft_profile *
inline_tree(void)
{
	ft_profile *p = profile_new(NULL, 1);
	ft_diag err;
	uint32_t m = id(p, "main", 0), a = id(p, "a", 0), x = id(p, "x", 0);
	uint32_t xi = id(p, "x", FT_KIND_INLINED), b = id(p, "b", 0);
	ft_val v;
	uint32_t n = profile_child(p, profile_child(p, profile_child(p, FT_ROOT, m), a), x);
	v = 5;
	profile_add_self(p, n, &v, &err);
	n = profile_child(p, profile_child(p, profile_child(p, FT_ROOT, m), b), xi);
	v = 3;
	profile_add_self(p, n, &v, &err);
	/* x calls itself through an inlined frame: counted once in total. */
	n = profile_child(p, profile_child(p, n, x), b);
	v = 2;
	profile_add_self(p, n, &v, &err);
	profile_finish(p, FT_SORT_NAME, 0, &err);
	return p;
}

TEST(function_identity)
{
	ft_profile *p = inline_tree();
	uint32_t x = id(p, "x", 0), xi = id(p, "x", FT_KIND_INLINED);
	CHECK_INT(func_id(p->names, xi), x);
	CHECK_INT(func_id(p->names, x), x);
	CHECK_INT(func_twin(p->names, x), xi);
	CHECK_INT(func_twin(p->names, id(p, "a", 0)), UINT32_MAX);
	ft_func *f;
	uint32_t n = functions_table(p, 0, FUNC_BY_NAME, &f);
	CHECK_INT(n, 4); /* a, b, main, x: one row for x */
	CHECK_INT(f[3].name, x);
	CHECK_INT(f[3].self, 5 + 3);
	CHECK_INT(f[3].total, 5 + 3 + 2);
	free(f);
	ft_butterfly bf;
	ft_diag err;
	CHECK_INT(butterfly_build(p, x, FT_SORT_NAME, 0, &bf, &err), 0);
	/* Callers of x: a (5) and b (5: its inlined x and below). */
	CHECK_STR(tree_folded(bf.callers, 0), "a;main 5\nb;main 5\n");
	CHECK_INT(profile_total(bf.callees, FT_ROOT, 0), 10);
	butterfly_free(&bf);
	/* Folded input keeps its notation; pprof shows the kind in words. */
	p->format = "folded";
	CHECK_STR(frame_suffix(p, xi), "_[i]");
	p->format = "pprof";
	CHECK_STR(frame_suffix(p, xi), " (inline)");
	CHECK_STR(frame_suffix(p, x), "");
	profile_free(p);
}

TEST(file_matching)
{
	ft_profile *p = tree_from("main;a;x 5\nmain;b;y 3\nmain;c 4\n", 1);
	p->fsrc = framesrc_new();
	framesrc_add(p->fsrc, id(p, "x", 0), "src/x.go", 8);
	framesrc_add(p->fsrc, id(p, "x", 0), "src/x.go:12", 11);
	framesrc_add(p->fsrc, id(p, "y", 0), "src/y.go", 8);
	framesrc_add(p->fsrc, id(p, "y", 0), "src/y.go:7", 10);
	framesrc_add(p->fsrc, id(p, "y", 0), "src/y.go", 8); /* duplicate */
	framesrc_add(p->fsrc, id(p, "c", 0), "/usr/lib/libz.so", 16);
	CHECK_INT(framesrc_count(p->fsrc), 5);
	ft_filters f = {0};
	ft_diag err;
	struct { const char *filter, *want; } cases[] = {
		{"focus x\\.go", "main;a;x 5\n"},
		{"focus y\\.go:7$", "main;b;y 3\n"},
		{"focus y\\.go:8$", ""},
		{"ignore ^src/", "main;c 4\n"},
		{"focus libz", "main;c 4\n"}, /* the mapping's file */
		{"hide \\.go$", "main;a 5\nmain;b 3\nmain;c 4\n"},
		{"show-from y\\.go", "y 3\n"},
		{"show src/", "x 5\ny 3\n"}, /* main;c 4: the root's self */
		/* pprof's prune-from matches function names only. */
		{"prune-from x\\.go", "main;a;x 5\nmain;b;y 3\nmain;c 4\n"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		filters_clear(&f);
		CHECK_INT(filters_add_line(&f, cases[i].filter, &err), 0);
		ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
		if (strcmp(tree_folded(q, 0), cases[i].want) != 0)
			UNIT_FAIL("%s: got\n%s", cases[i].filter, tree_folded(q, 0));
		/* Derived trees share the table, so filters chain. */
		CHECK(q->fsrc == p->fsrc);
		profile_free(q);
	}
	filters_free(&f);
	profile_free(p);
}

int
main(void)
{
	RUN(function_identity);
	RUN(file_matching);
	return unit_report();
}
