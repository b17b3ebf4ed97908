/* test_diffstat.c - the comparison's statistics (ops/diffstat.h).  Also a
 * driver for tests/stats-reference.py, which checks the p-values and the
 * Benjamini-Hochberg q against scipy:
 *   test_diffstat --pvalue X N P RHO     prints the p-value
 *   test_diffstat --bh P1 P2 ...         prints the q-values ("nan" in: filtered out)
 *   test_diffstat --fit A1 B1 A2 B2 ...  fits k, rho and tau to the count
 *       pairs and tests each: prints "k rho tau", then per pair
 *       "rho_n p q verdict" (q "nan": filtered out)
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

/* Node's --cpu-prof of stats-burn.js (tests/data/compare-stats), self
 * samples of parse, lookup, hash, render, compress, checksum and main. */
static const uint64_t node_same1[7] = {3059, 2451, 2004, 1464, 1005, 486, 39};
static const uint64_t node_same2[7] = {3305, 2598, 2140, 1685, 1079, 570, 11};
static const uint64_t node_slow[7] = {4279, 2783, 2153, 1577, 1076, 556, 11};

TEST(count_floor_covers_small_noisy_function)
{
	/* Two same-speed runs: main's 39 vs 11 is far beyond a binomial
	 * (z = -4.2), while the six big functions scatter less than one, so
	 * rho is 0 and the old model (rho alone) called main faster. */
	ds_fit f = ds_fit_counts(node_same1, node_same2, 7, 10508, 11388);
	CHECK(f.robust);
	CHECK_INT(f.nfit, 6);
	CHECK(f.rho == 0);
	/* k: the median of the six ratios; tau: 1.4826 x the median of
	 * |b - k a| over them, (18.358 + 41.789) / 2 (by hand in python). */
	CHECK(fabs(f.k - 1.0770251390969312) < 1e-12);
	CHECK(fabs(f.tau - 44.587033872155544) < 1e-9);
	ds_result r[7];
	ds_test_all(node_same1, node_same2, 7, &f, r);
	for (int i = 0; i < 7; i++)
		CHECK(r[i].verdict != DS_SLOWER && r[i].verdict != DS_FASTER);
	/* A medium function (checksum, 1056 samples) is tested at its floor:
	 * rho_n from (tau / (1 + k))^2; main (50) at the cap min(p0, 1 - p0)
	 * / (1 + that). */
	double p0 = f.k / (1 + f.k), fl = f.tau / (1 + f.k);
	double want = (fl * fl / (1056 * p0 * (1 - p0)) - 1) / 1055;
	CHECK(want > 0);
	CHECK(fabs(ds_rho_of(1056, &f) - want) < 1e-15);
	CHECK(fabs(ds_rho_of(50, &f) - (1 - p0) / (2 - p0)) < 1e-15);
	CHECK(r[6].p > 0.05);
	/* The old model: the same k and rho, no floor: main is faster. */
	ds_fit old = f;
	old.tau = 0;
	ds_result o[7];
	ds_test_all(node_same1, node_same2, 7, &old, o);
	CHECK_INT(o[6].verdict, DS_FASTER);
	/* The big functions keep their own spread: the floor is below
	 * their binomial variance, so their p does not move. */
	CHECK(ds_rho_of(6364, &f) == 0);
	CHECK(r[0].p == o[0].p);
}

TEST(count_floor_keeps_real_slowdown)
{
	/* parse 30% slower (Node, same1 against slow): parse alone slower,
	 * main (39 vs 11 again) not called faster. */
	ds_fit f = ds_fit_counts(node_same1, node_slow, 7, 10508, 12435);
	CHECK(f.tau > 0);
	ds_result r[7];
	ds_test_all(node_same1, node_slow, 7, &f, r);
	CHECK_INT(r[0].verdict, DS_SLOWER);
	for (int i = 1; i < 7; i++)
		CHECK(r[i].verdict != DS_SLOWER && r[i].verdict != DS_FASTER);
	/* Go's runtime/pprof, same3 against slow (100 Hz: few samples):
	 * parse's 403 -> 475 is still found. */
	uint64_t a[6] = {403, 330, 249, 189, 132, 65}, b[6] = {475, 314, 250, 193, 122, 60};
	ds_fit g = ds_fit_counts(a, b, 6, 1368, 1414);
	CHECK(g.tau > 0);
	ds_result s[6];
	ds_test_all(a, b, 6, &g, s);
	CHECK_INT(s[0].verdict, DS_SLOWER);
	for (int i = 1; i < 6; i++)
		CHECK(s[i].verdict != DS_SLOWER && s[i].verdict != DS_FASTER);
}

TEST(rho_of_is_capped)
{
	/* A huge floor on a few samples: rho_n stops at the widest unimodal
	 * beta-binomial (alpha = beta = 1 at p0 = 1/2: rho 1/3), where every
	 * split is as likely: p = 1. */
	ds_fit f = {.k = 1, .rho = 0, .tau = 1000, .robust = 1, .nfit = 3};
	CHECK(fabs(ds_rho_of(10, &f) - 1.0 / 3) < 1e-15);
	CHECK(fabs(ds_pvalue(0, 10, 0.5, ds_rho_of(10, &f)) - 1) < 1e-9);
	/* No floor, no robust fit: rho itself; one sample cannot widen. */
	ds_fit g = {.k = 2, .rho = 0.01, .tau = 0};
	CHECK(ds_rho_of(100, &g) == 0.01);
	f.rho = 0.001;
	CHECK(ds_rho_of(1, &f) == 0.001);
	/* need: the floor asks for more samples than the binomial alone. */
	f.rho = 0;
	ds_result u = ds_test(30, 40, &f);
	ds_fit h = f;
	h.tau = 0;
	CHECK(isfinite(u.need) && u.need > ds_test(30, 40, &h).need);
	CHECK_INT(u.verdict, DS_UNSURE);
}

int
main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "--fit") == 0 && argc % 2 == 0) {
		size_t m = (size_t)(argc - 2) / 2;
		uint64_t *a = calloc(m + 1, sizeof(*a)), *b = calloc(m + 1, sizeof(*b));
		double ta = 0, tb = 0;
		for (size_t i = 0; i < m; i++) {
			a[i] = strtoull(argv[2 + 2 * i], NULL, 10);
			b[i] = strtoull(argv[3 + 2 * i], NULL, 10);
			ta += (double)a[i];
			tb += (double)b[i];
		}
		ds_fit f = ds_fit_counts(a, b, m, ta, tb);
		ds_result *r = calloc(m + 1, sizeof(*r));
		ds_test_all(a, b, m, &f, r);
		printf("%.17g %.17g %.17g\n", f.k, f.rho, f.tau);
		for (size_t i = 0; i < m; i++)
			printf("%.17g %.17g %.17g %s\n", ds_rho_of(a[i] + b[i], &f), r[i].p, r[i].q,
			    ds_verdict_name(r[i].verdict));
		free(a);
		free(b);
		free(r);
		return 0;
	}
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
	RUN(count_floor_covers_small_noisy_function);
	RUN(count_floor_keeps_real_slowdown);
	RUN(rho_of_is_capped);
	return unit_report();
}
