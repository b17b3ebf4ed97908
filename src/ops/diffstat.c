/* diffstat.c - the statistics of a comparison (see diffstat.h).
 *
 * Probabilities are summed in log space from lgamma; a two-sided p-value
 * sums, on each side of the mode, the outcomes no more likely than the
 * observed one (the pmf is unimodal: binomial and beta-binomial alike),
 * walking outward until the terms no longer change the sum, so the work
 * is about the spread of the distribution, not n.
 */
#include "ops/diffstat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

#define DS_TOL 1e-7 /* scipy's relative tolerance for "no more likely" */
#define DS_MAD_SD 1.482602218505602 /* 1 / the median of |N(0, 1)|: MAD to sd */

/* log pmf of k successes in n trials, chance p, intra-class correlation
 * rho (beta-binomial with alpha + beta = (1 - rho) / rho; 0: binomial). */
static double
log_pmf(double k, double n, double p, double rho)
{
	double c = lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1);
	if (rho <= 0) {
		if (p <= 0)
			return k == 0 ? 0 : -INFINITY;
		if (p >= 1)
			return k == n ? 0 : -INFINITY;
		return c + k * log(p) + (n - k) * log1p(-p);
	}
	double s = (1 - rho) / rho, a = p * s, b = (1 - p) * s;
	return c + lgamma(k + a) + lgamma(n - k + b) - lgamma(n + a + b) -
	    (lgamma(a) + lgamma(b) - lgamma(a + b));
}

/* The mode: the k of the largest pmf, found by bisection on the sign of
 * pmf(k + 1) - pmf(k) (unimodal). */
static uint64_t
mode_of(uint64_t n, double p, double rho)
{
	uint64_t lo = 0, hi = n;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (log_pmf((double)mid + 1, (double)n, p, rho) > log_pmf((double)mid, (double)n, p, rho))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Sum of pmf(k) * e^-ref for k from `from` stepping by dir (+1 or -1)
 * while 0 <= k <= n, until the terms stop counting. */
static double
tail_sum(uint64_t from, int dir, uint64_t n, double p, double rho, double ref)
{
	double sum = 0;
	for (uint64_t k = from;; k += (uint64_t)(int64_t)dir) {
		double t = exp(log_pmf((double)k, (double)n, p, rho) - ref);
		sum += t;
		if (t < sum * 1e-17 || t == 0)
			break;
		if ((dir < 0 && k == 0) || (dir > 0 && k == n))
			break;
	}
	return sum;
}

/* The first k on the side of the mode toward `dir` whose pmf is at most
 * lim (log), or n + 1 / UINT64_MAX when none is. */
static uint64_t
first_at_most(uint64_t mode, int dir, uint64_t n, double p, double rho, double lim)
{
	/* Monotone on each side: bisection. */
	uint64_t lo, hi;
	if (dir > 0) {
		if (log_pmf((double)n, (double)n, p, rho) > lim)
			return n + 1;
		lo = mode;
		hi = n;
		while (lo < hi) {
			uint64_t mid = lo + (hi - lo) / 2;
			if (log_pmf((double)mid, (double)n, p, rho) <= lim)
				hi = mid;
			else
				lo = mid + 1;
		}
		return lo;
	}
	if (log_pmf(0, (double)n, p, rho) > lim)
		return UINT64_MAX;
	lo = 0;
	hi = mode;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo + 1) / 2;
		if (log_pmf((double)mid, (double)n, p, rho) <= lim)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

double
ds_pvalue(uint64_t x, uint64_t n, double p, double rho)
{
	if (n == 0 || x > n)
		return 1;
	if (p <= 0 || p >= 1)
		return (p <= 0 ? x == 0 : x == n) ? 1 : 0;
	double lx = log_pmf((double)x, (double)n, p, rho);
	double lim = lx + log1p(DS_TOL);
	uint64_t m = mode_of(n, p, rho);
	double ref = lx;
	double s;
	if (x == m)
		return 1;
	if (x < m) {
		s = tail_sum(x, -1, n, p, rho, ref);
		uint64_t y = first_at_most(m, 1, n, p, rho, lim);
		if (y <= n)
			s += tail_sum(y, 1, n, p, rho, ref);
	} else {
		s = tail_sum(x, 1, n, p, rho, ref);
		uint64_t y = first_at_most(m, -1, n, p, rho, lim);
		if (y != UINT64_MAX)
			s += tail_sum(y, -1, n, p, rho, ref);
	}
	double pv = s * exp(ref);
	return pv > 1 ? 1 : pv;
}

struct pidx {
	double p;
	size_t i;
};

static int
cmp_pidx(const void *a, const void *b)
{
	const struct pidx *x = a, *y = b;
	return x->p < y->p ? -1 : x->p > y->p ? 1 : (x->i > y->i) - (x->i < y->i);
}

void
ds_bh(const double *p, size_t m, double *q)
{
	struct pidx *v = xcalloc(m ? m : 1, sizeof(*v));
	size_t k = 0;
	for (size_t i = 0; i < m; i++) {
		q[i] = NAN;
		if (!isnan(p[i]))
			v[k++] = (struct pidx){.p = p[i], .i = i};
	}
	qsort(v, k, sizeof(*v), cmp_pidx);
	double run = 1;
	for (size_t j = k; j-- > 0;) {
		double t = v[j].p * (double)k / (double)(j + 1);
		if (t < run)
			run = t;
		q[v[j].i] = run;
	}
	free(v);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double
median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The median |z| of the fitting functions under (p0, rho). */
static double
median_z(const uint64_t *a, const uint64_t *b, size_t m, double p0, double rho, double *tmp)
{
	size_t k = 0;
	for (size_t i = 0; i < m; i++) {
		if (a[i] < DS_FIT_MIN || b[i] < DS_FIT_MIN)
			continue;
		double n = (double)(a[i] + b[i]);
		double sd = sqrt(n * p0 * (1 - p0) * (1 + (n - 1) * rho));
		tmp[k++] = fabs((double)b[i] - n * p0) / sd;
	}
	return k ? median(tmp, k) : 0;
}

/* The widest beta-binomial of chance p that stays unimodal (alpha and
 * beta >= 1): wider, it would make "every sample on one side" likelier
 * than the expected split, which no longer describes noise. */
static double
rho_cap(double p)
{
	double m = p < 1 - p ? p : 1 - p;
	return m > 0 ? m / (1 + m) : 0;
}

ds_fit
ds_fit_counts(const uint64_t *a, const uint64_t *b, size_t m, double total_a, double total_b)
{
	ds_fit f = {.k = total_a > 0 ? total_b / total_a : 1, .rho = 0, .tau = 0, .robust = 0,
	    .nfit = 0};
	double *r = xcalloc(m ? m : 1, sizeof(*r));
	size_t k = 0;
	for (size_t i = 0; i < m; i++)
		if (a[i] >= DS_FIT_MIN && b[i] >= DS_FIT_MIN)
			r[k++] = (double)b[i] / (double)a[i];
	f.nfit = (uint32_t)k;
	if (k >= DS_FIT_FUNCS) {
		f.k = median(r, k);
		f.robust = 1;
	}
	if (k >= DS_FIT_FUNCS && f.k > 0) {
		double p0 = f.k / (1 + f.k);
		const double target = 0.6745; /* the median of |N(0, 1)| */
		if (median_z(a, b, m, p0, 0, r) > target) {
			double lo = 0, hi = rho_cap(p0);
			for (int it = 0; it < 100; it++) {
				double mid = (lo + hi) / 2;
				if (median_z(a, b, m, p0, mid, r) > target)
					lo = mid;
				else
					hi = mid;
			}
			f.rho = hi;
		}
		/* The count-scale floor: the robust spread (MAD about 0,
		 * scaled to a normal's sd) of b - k a over the same functions. */
		size_t j = 0;
		for (size_t i = 0; i < m; i++)
			if (a[i] >= DS_FIT_MIN && b[i] >= DS_FIT_MIN)
				r[j++] = fabs((double)b[i] - f.k * (double)a[i]);
		f.tau = DS_MAD_SD * median(r, j);
	}
	free(r);
	return f;
}

double
ds_rho_of(uint64_t n, const ds_fit *f)
{
	double k = f->k > 0 ? f->k : 1, p0 = k / (1 + k), rho = f->rho > 0 ? f->rho : 0;
	double nn = (double)n, v = nn * p0 * (1 - p0);
	if (n > 1 && f->tau > 0 && v > 0) {
		/* b's variance given n at least (tau / (1 + k))^2: b - k a =
		 * (1 + k) b - k n. */
		double fl = f->tau / (1 + k);
		double r = (fl * fl / v - 1) / (nn - 1);
		if (r > rho)
			rho = r;
	}
	double cap = rho_cap(p0);
	return rho > cap ? cap : rho;
}

/* The smallest p-value n trials can give (every sample on one side). */
static double
best_p(uint64_t n, double p0, double rho)
{
	double a = ds_pvalue(0, n, p0, rho), b = ds_pvalue(n, n, p0, rho);
	return a < b ? a : b;
}

ds_result
ds_test(uint64_t a, uint64_t b, const ds_fit *f)
{
	ds_result r = {.p = 1, .q = NAN, .ratio = 1, .lo = 0, .hi = INFINITY,
	    .verdict = DS_UNSURE, .need = INFINITY};
	uint64_t n = a + b;
	double k = f->k > 0 ? f->k : 1, p0 = k / (1 + k), rho = f->rho > 0 ? f->rho : 0;
	r.ratio = a > 0 ? ((double)b / (double)a) / k : INFINITY;
	if (n == 0)
		return r;
	double rn = ds_rho_of(n, f);
	r.p = ds_pvalue(b, n, p0, rn);
	/* The 95% interval of the share of B, widened by rho_n, as a ratio. */
	double ph = (double)b / (double)n, nn = (double)n;
	double se = sqrt((ph * (1 - ph) > 0 ? ph * (1 - ph) : 0.25 / nn) *
	    (1 + (nn - 1) * rn) / nn);
	double plo = ph - 1.96 * se, phi = ph + 1.96 * se;
	r.lo = plo <= 0 ? 0 : plo >= 1 ? INFINITY : plo / (1 - plo) / k;
	r.hi = phi >= 1 ? INFINITY : phi <= 0 ? 0 : phi / (1 - phi) / k;
	/* Samples that would pin the ratio to +-10%: the odds' relative
	 * half-width 1.96 sqrt((1 + (n-1) rho) / (n p (1-p))) at ln 1.1, and
	 * under the floor 1.96 (tau / (1 + k)) / (n p (1-p)) at ln 1.1. */
	double pp = ph > 0 && ph < 1 ? ph : p0;
	double c = pow(log1p(DS_SAME_BAND) / 1.96, 2) * pp * (1 - pp);
	r.need = rho >= c ? INFINITY : ceil((1 - rho) / (c - rho));
	double fl = f->tau > 0 ? f->tau / (1 + k) : 0;
	double nf = ceil(sqrt(fl * fl / (pp * (1 - pp) * c)));
	if (nf > r.need)
		r.need = nf;
	return r;
}

void
ds_test_all(const uint64_t *a, const uint64_t *b, size_t m, const ds_fit *f, ds_result *out)
{
	double *p = xcalloc(m ? m : 1, sizeof(*p)), *q = xcalloc(m ? m : 1, sizeof(*q));
	double k = f->k > 0 ? f->k : 1, p0 = k / (1 + k);
	for (size_t i = 0; i < m; i++) {
		out[i] = ds_test(a[i], b[i], f);
		/* Independent filtering: only what could reach significance
		 * counts in the correction. */
		uint64_t n = a[i] + b[i];
		p[i] = n > 0 && best_p(n, p0, ds_rho_of(n, f)) < DS_ALPHA ? out[i].p : NAN;
	}
	ds_bh(p, m, q);
	for (size_t i = 0; i < m; i++) {
		ds_result *r = &out[i];
		r->q = q[i];
		if (!isnan(r->q) && r->q < DS_ALPHA)
			r->verdict = r->ratio > 1 ? DS_SLOWER : DS_FASTER;
		else if (r->lo >= 1 - DS_SAME_BAND && r->hi <= 1 + DS_SAME_BAND)
			r->verdict = DS_SAME;
		else
			r->verdict = DS_UNSURE;
	}
	free(p);
	free(q);
}

const char *
ds_verdict_name(enum ds_verdict v)
{
	switch (v) {
	case DS_SAME: return "same";
	case DS_UNSURE: return "unsure";
	case DS_SLOWER: return "slower";
	case DS_FASTER: return "faster";
	default: return "-";
	}
}
