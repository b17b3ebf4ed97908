/* test_only_filter.c - the comparison's only-a / only-b filters (issue 26
 * part 5): the union cut to the call paths one side alone has. */
#include <stdlib.h>
#include <string.h>

#include "ops/compare.h"
#include "ops/filters.h"
#include "input/load.h"
#include "unit.h"

static ft_profile *
folded(ft_intern *names, const char *text)
{
	ft_source *s = source_open_mem(text, strlen(text), "mem");
	ft_load_opts o;
	memset(&o, 0, sizeof(o));
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, names, &o, &rep, &err);
	source_close(s);
	return p;
}

/* Union node at "a;b;c", FT_NONE when absent. */
static uint32_t
at(const ft_compare *c, const char *path)
{
	uint32_t ids[32], n = 0;
	const char *s = path;
	while (*s && n < 32) {
		const char *e = strchr(s, ';');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		ids[n] = intern_find(c->u->names, s, len, 0);
		if (ids[n++] == FT_NONE)
			return FT_NONE;
		s += len + (e ? 1 : 0);
	}
	return profile_lookup(c->u, ids, n);
}

static const char *A = "main;parse;lex 30\nmain;io;read 6\nmain;io 4\nmain;old;gone 5\nmain 2\n";
static const char *B = "main;parse;lex 28\nmain;io 9\nmain;new 7\nmain 3\n";

static int
build(ft_compare *c, ft_profile *a, ft_profile *b, const char *filters,
    int norm)
{
	ft_filters f = {0};
	ft_diag err;
	char buf[256];
	snprintf(buf, sizeof(buf), "%s", filters);
	for (char *line = strtok(buf, "\n"); line != NULL; line = strtok(NULL, "\n"))
		if (filters_add_line(&f, line, &err) != 0) {
			fprintf(stderr, "filter: %s\n", err.msg);
			filters_free(&f);
			return -1;
		}
	ft_compare_opts o = {.sort = FT_SORT_NAME, .norm = norm};
	int rc = compare_build_filtered(c, a, 0, b, 0, &o, &f, &err);
	if (rc != 0)
		fprintf(stderr, "compare: %s\n", err.msg);
	filters_free(&f);
	return rc;
}

TEST(only_a_keeps_what_vanished)
{
	ft_intern *names = intern_new();
	ft_profile *a = folded(names, A), *b = folded(names, B);
	ft_compare c;
	CHECK_INT(build(&c, a, b, "only-a", CMP_NORM_ABS), 0);
	/* main;io;read (6) and main;old;gone (5): what B no longer has,
	 * under their callers, which keep none of their own self. */
	CHECK_INT(c.total[0], 11);
	CHECK_INT(c.total[1], 0);
	CHECK(at(&c, "main;io;read") != FT_NONE);
	CHECK_INT(profile_total(c.u, at(&c, "main;io;read"), CMP_A), 6);
	CHECK_INT(profile_self(c.u, at(&c, "main;io"), CMP_A), 0);
	CHECK_INT(profile_total(c.u, at(&c, "main;old"), CMP_A), 5);
	CHECK(at(&c, "main;parse") == FT_NONE);
	CHECK(at(&c, "main;new") == FT_NONE);
	CHECK_INT(profile_self(c.u, at(&c, "main"), CMP_A), 0);
	/* Shares stay of the whole sides (47 and 47). */
	CHECK_INT(c.whole[0], 47);
	CHECK_INT(c.whole[1], 47);
	/* Every kept path is A's alone: read, old, gone. */
	CHECK_INT(c.only[0], 3);
	CHECK_INT(c.only[1], 0);
	compare_free(&c);
	profile_free(a);
	profile_free(b);
	intern_unref(names);
}

TEST(only_b_and_both)
{
	ft_intern *names = intern_new();
	ft_profile *a = folded(names, A), *b = folded(names, B);
	ft_compare c;
	CHECK_INT(build(&c, a, b, "only-b", CMP_NORM_ABS), 0);
	CHECK_INT(c.total[0], 0);
	CHECK_INT(c.total[1], 7);
	CHECK(at(&c, "main;new") != FT_NONE);
	CHECK(at(&c, "main;io") == FT_NONE);
	compare_free(&c);
	/* Both: either side's own paths. */
	CHECK_INT(build(&c, a, b, "only-a\nonly-b", CMP_NORM_ABS), 0);
	CHECK_INT(c.total[0], 11);
	CHECK_INT(c.total[1], 7);
	compare_free(&c);
	/* With another filter first: focus io leaves io;read only in A. */
	CHECK_INT(build(&c, a, b, "focus io\nonly-a", CMP_NORM_ABS), 0);
	CHECK_INT(c.total[0], 6);
	CHECK(at(&c, "main;old") == FT_NONE);
	compare_free(&c);
	/* Robust normalisation: A is scaled as the whole A was (k of the
	 * whole comparison), the verdicts are those of the whole. */
	ft_compare w;
	CHECK_INT(build(&w, a, b, "", CMP_NORM_ROBUST), 0);
	CHECK_INT(build(&c, a, b, "only-a", CMP_NORM_ROBUST), 0);
	CHECK(c.norm_factor == w.norm_factor);
	CHECK(c.nverdict == w.nverdict);
	compare_free(&w);
	compare_free(&c);
	profile_free(a);
	profile_free(b);
	intern_unref(names);
}

TEST(only_filters_parse)
{
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, "only-a", &err), 0);
	CHECK_INT(filters_add_line(&f, "only_b", &err), 0);
	CHECK_INT(f.n, 2);
	CHECK_INT(f.v[0].kind, FILTER_ONLY_A);
	CHECK_INT(f.v[1].kind, FILTER_ONLY_B);
	CHECK_STR(filter_kind_name(FILTER_ONLY_A), "only-a");
	CHECK(strcmp(f.v[0].pattern, "") == 0);
	filters_free(&f);
}

int
main(void)
{
	RUN(only_a_keeps_what_vanished);
	RUN(only_b_and_both);
	RUN(only_filters_parse);
	return unit_report();
}
