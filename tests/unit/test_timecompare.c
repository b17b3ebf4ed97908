/* test_timecompare.c - range against range (ops/timecompare.h) on a
 * trace's spans: each range the spans' self time cut to it, A scaled per
 * second (B's length over A's), no verdict test on traced durations, and
 * another mode when asked.  The expected figures are worked out by hand
 * from the events listed above the test. */
#include <stdlib.h>

#include "helpers.h"
#include "ops/timecompare.h"
#include "profile/intern.h"
#include "unit.h"

/* Self of function name on side (CMP_A, CMP_B) in the comparison's
 * regressions table; -1 when absent. */
static long long
self_of(const ft_compare *c, const char *name, int side)
{
	ft_regress *r;
	uint32_t n = compare_regressions(c, CMP_BASIS_SELF, &r);
	long long v = -1;
	for (uint32_t i = 0; i < n; i++)
		if (strcmp(intern_str(c->u->names, r[i].name), name) == 0)
			v = (long long)r[i].self[side];
	free(r);
	return v;
}

/* The trace-event text t loaded (NULL: a failed CHECK). */
static ft_profile *
trace(const char *t)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	return p;
}

/* One thread: main 100-200 us (B/E), in it parse 110-140 and eval
 * 150-190 (X).  Origin 100 us, the trace 100 us long.  Range A [0, 25 us):
 * 100-125, main 25 less parse's 15: main 10, parse 15 (25 us).  Range B
 * [25 us, end): 125-200, 75 us long: main 75 - 15 - 40 = 20, parse 15,
 * eval 40 (75 us).  Per second, A x 75/25 = 3: main 30, parse 45. */
TEST(trace_ranges)
{
	const char *t = "[{\"name\":\"main\",\"ph\":\"B\",\"pid\":1,\"tid\":7,\"ts\":100},"
	    "{\"name\":\"parse\",\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":110,\"dur\":30},"
	    "{\"name\":\"eval\",\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":150,\"dur\":40},"
	    "{\"ph\":\"E\",\"pid\":1,\"tid\":7,\"ts\":200}]";
	ft_profile *p = trace(t);
	if (p == NULL)
		return;
	ft_diag err;
	CHECK(p->traced && p->timeline == NULL && p->spans != NULL);
	CHECK_INT(timecompare_length(p, 0, 25000), 25000);
	CHECK_INT(timecompare_length(p, 25000, INT64_MAX), 75000);
	CHECK_INT(timecompare_length(p, 200000, 300000), 0);
	ft_compare c;
	ft_profile *pa, *pb;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	CHECK_INT(timecompare_build(&c, p, 0, 0, 25000, 25000, INT64_MAX, &o, NULL,
	    &pa, &pb, &err), 0);
	CHECK_INT(c.norm, CMP_NORM_RATE);
	CHECK_INT(c.raw_total_a, 25);
	CHECK_INT(c.total[0], 75);
	CHECK_INT(c.total[1], 75);
	CHECK_STR(c.norm_by, "range length (B 0.000075 s / A 0.000025 s)");
	CHECK_INT(self_of(&c, "main", CMP_A), 30);
	CHECK_INT(self_of(&c, "parse", CMP_A), 45);
	CHECK_INT(self_of(&c, "main", CMP_B), 20);
	CHECK_INT(self_of(&c, "parse", CMP_B), 15);
	CHECK_INT(self_of(&c, "eval", CMP_B), 40);
	CHECK_INT(self_of(&c, "eval", CMP_A), 0);
	/* Span lengths are no counts: no test, whatever divides them. */
	CHECK(c.verdict == NULL);
	CHECK_STR(c.notest, "traced durations, not sample counts");
	CHECK_STR(pa->source, "t.json [time 0-0.000025 s]");
	CHECK_STR(pb->source, "t.json [time 0.000025-end s]");
	CHECK_INT(pa->duration_ns, 25000);
	CHECK_INT(pb->duration_ns, 75000);
	compare_free(&c);
	profile_free(pa);
	profile_free(pb);
	/* Absolute: A as recorded. */
	ft_compare_opts ab = {.sort = FT_SORT_NAME, .norm = CMP_NORM_ABS};
	CHECK_INT(timecompare_build(&c, p, 0, 0, 25000, 25000, INT64_MAX, &ab, NULL,
	    &pa, &pb, &err), 0);
	CHECK_INT(c.norm, CMP_NORM_ABS);
	CHECK_INT(c.total[0], 25);
	CHECK_INT(self_of(&c, "parse", CMP_A), 15);
	compare_free(&c);
	profile_free(pa);
	profile_free(pb);
	/* A range past the end: said, nothing built. */
	CHECK_INT(timecompare_build(&c, p, 0, 0, 25000, 200000, 300000, &o, NULL,
	    &pa, &pb, &err), -1);
	CHECK(strstr(err.msg, "time range B 0.0002-0.0003 s has no time") != NULL);
	CHECK(strstr(err.msg, "from its first event's start") != NULL);
	CHECK(pa == NULL && pb == NULL);
	profile_free(p);
}

/* Two traces compared as files: no test either (trace-edge.json's
 * lengths all divide by 5 us and were tested as counts before). */
TEST(traced_files)
{
	const char *t = "[{\"name\":\"a\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":500},"
	    "{\"name\":\"b\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":600,\"dur\":250}]";
	ft_profile *a = trace(t);
	if (a == NULL)
		return;
	ft_diag err;
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME, .norm = CMP_NORM_ROBUST};
	CHECK_INT(compare_build(&c, a, 0, a, 0, &o, &err), 0);
	CHECK(c.verdict == NULL);
	CHECK_STR(c.notest, "traced durations, not sample counts");
	CHECK_STR(c.norm_note, "robust: no test possible, so no k");
	compare_free(&c);
	profile_free(a);
}

int
main(void)
{
	RUN(trace_ranges);
	RUN(traced_files);
	return unit_report();
}
