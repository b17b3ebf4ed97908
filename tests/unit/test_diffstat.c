/* test_diffstat.c - the comparison's statistics (ops/diffstat.h).  Also a
 * driver for tests/stats-reference.py, which checks the p-values and the
 * Benjamini-Hochberg q against scipy:
 *   test_diffstat --pvalue X N P RHO     prints the p-value
 *   test_diffstat --bh P1 P2 ...         prints the q-values ("nan" in: filtered out)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/diffstat.h"
#include "unit.h"

TEST(binomial_pvalues)
{
	/* Exact values: binomtest(3, 10, 0.5) = 0.34375, (0, 10) = 2/1024. */
	CHECK(fabs(ds_pvalue(3, 10, 0.5, 0) - 0.34375) < 1e-12);
	CHECK(fabs(ds_pvalue(0, 10, 0.5, 0) - 2.0 / 1024) < 1e-15);
	CHECK(ds_pvalue(5, 10, 0.5, 0) == 1);
	CHECK(ds_pvalue(0, 0, 0.5, 0) == 1);
	/* Far out in a big n: tiny, not 0 nor NaN. */
	double p = ds_pvalue(1000, 100000, 0.5, 0);
	CHECK(p >= 0 && p < 1e-300);
	/* Over-dispersion widens the test. */
	CHECK(ds_pvalue(620, 1000, 0.5, 0.01) > ds_pvalue(620, 1000, 0.5, 0));
}

TEST(bh)
{
	double p[5] = {0.01, 0.04, NAN, 0.03, 0.5}, q[5];
	ds_bh(p, 5, q);
	/* m = 4: 0.01*4/1 = 0.04; 0.03*4/2 = 0.06; 0.04*4/3 = 0.0533 -> 0.0533; 0.5. */
	CHECK(fabs(q[0] - 0.04) < 1e-12);
	CHECK(fabs(q[3] - 0.04 * 4 / 3) < 1e-12);
	CHECK(fabs(q[1] - 0.04 * 4 / 3) < 1e-12);
	CHECK(isnan(q[2]));
	CHECK(fabs(q[4] - 0.5) < 1e-12);
}

TEST(fit_is_robust)
{
	/* Five functions unchanged at B/A = 2 (B recorded twice as long) and
	 * one 30% slower: k is 2, not pulled up by the slower one. */
	uint64_t a[6] = {1000, 800, 600, 400, 300, 500}, b[6] = {2000, 1600, 1200, 800, 600, 1300};
	ds_fit f = ds_fit_counts(a, b, 6, 3600, 7500);
	CHECK(f.robust);
	CHECK(fabs(f.k - 2) < 1e-9);
	ds_result r[6];
	ds_test_all(a, b, 6, &f, r);
	CHECK_INT(r[5].verdict, DS_SLOWER);
	for (int i = 0; i < 5; i++)
		CHECK(r[i].verdict == DS_SAME || r[i].verdict == DS_UNSURE);
	/* With raw totals k would be 2.08 and the unchanged look faster. */
	CHECK(f.k < 7500.0 / 3600);
}

TEST(overdispersion_absorbs_run_noise)
{
	/* Same-speed runs that scatter more than sampling noise (259 vs 205
	 * on a real pair): rho > 0 and no verdict of change. */
	uint64_t a[8] = {259, 1500, 1200, 900, 700, 600, 400, 300};
	uint64_t b[8] = {205, 1560, 1150, 940, 660, 640, 380, 320};
	ds_fit f = ds_fit_counts(a, b, 8, 5859, 5855);
	CHECK(f.rho > 0);
	ds_result r[8];
	ds_test_all(a, b, 8, &f, r);
	for (int i = 0; i < 8; i++)
		CHECK(r[i].verdict != DS_SLOWER && r[i].verdict != DS_FASTER);
	/* Few samples: unsure, with how many would tell. */
	ds_result u = ds_test(3, 5, &f);
	CHECK(isfinite(u.need) || isinf(u.need));
	CHECK(strcmp(ds_verdict_name(DS_UNSURE), "unsure") == 0);
}

int
main(int argc, char **argv)
{
	if (argc == 6 && strcmp(argv[1], "--pvalue") == 0) {
		printf("%.17g\n", ds_pvalue(strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10),
		    strtod(argv[4], NULL), strtod(argv[5], NULL)));
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--bh") == 0) {
		int m = argc - 2;
		double *p = calloc((size_t)m + 1, sizeof(double)), *q = calloc((size_t)m + 1, sizeof(double));
		for (int i = 0; i < m; i++)
			p[i] = strcmp(argv[i + 2], "nan") == 0 ? NAN : strtod(argv[i + 2], NULL);
		ds_bh(p, (size_t)m, q);
		for (int i = 0; i < m; i++)
			printf("%.17g\n", q[i]);
		free(p);
		free(q);
		return 0;
	}
	RUN(binomial_pvalues);
	RUN(bh);
	RUN(fit_is_robust);
	RUN(overdispersion_absorbs_run_noise);
	return unit_report();
}
