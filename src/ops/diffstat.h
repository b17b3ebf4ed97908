/* diffstat.h - is a change between two profiles real?  The statistics of a
 * comparison, as pure functions (no I/O, no profile types).
 *
 * Under "no change" a function's samples in B follow, given n = a + b, a
 * binomial with success chance p0 = k / (1 + k), where k is the expected
 * B/A ratio of an unchanged function.  k is estimated robustly, as RNA-seq
 * analysis does for library sizes: the median of the per-function B/A
 * ratios over functions with at least DS_FIT_MIN samples on both sides (at
 * least DS_FIT_FUNCS of them), else B/A of the totals; one big regression
 * then does not make every other function look faster.
 *
 * Real runs scatter more than a binomial, in two ways.  In proportion: the
 * test is a beta-binomial with intra-class correlation rho (variance
 * n p0 (1-p0) (1 + (n-1) rho)), rho fitted so that the median |z| over the
 * fitting functions is 0.6745 (the median of |N(0,1)|); rho = 0 when they
 * scatter no more than a binomial.  And in counts: samples move between a
 * function and its caller or callee from run to run (V8 gives a call
 * site's samples to either side), a count-scale noise whose size does not
 * grow with the function, so a small function can swing by more than its
 * binomial spread while the big ones scatter less than theirs.  Its scale
 * tau is the robust spread of the count differences b - k a over the same
 * fitting functions (1.4826 x their median |b - k a|, in samples of B, 0
 * without a robust k), and no function's b, given n, is taken to vary less
 * than (tau / (1 + k))^2 (b - k a = (1 + k) b - k n): each function is
 * tested with its own rho_n = max(rho, ((tau / (1 + k))^2 / (n p0 (1-p0))
 * - 1) / (n - 1)), at most p / (1 + p) for p = min(p0, 1 - p0) (alpha
 * and beta >= 1: the widest beta-binomial that is still unimodal).  A
 * variance floor in the manner of the "fudge factor" s0 of SAM (Tusher et
 * al. 2001): the big functions keep their own (binomial) spread, so a real
 * change in them is found as before.
 *
 * p: exact two-sided, scipy.stats.binomtest's rule: the sum of the
 * probabilities of all outcomes no more likely than the observed one (with
 * a relative tolerance of 1e-7).  q: Benjamini-Hochberg over the functions
 * that could reach p < 0.05 at all (independent filtering by n).
 *
 * Verdicts: slower / faster when q < 0.05; same when the 95% interval of
 * the ratio (B/A over k) lies within [0.9, 1.1]; unsure otherwise, with
 * the number of samples (a + b) that would pin the ratio to +-10%.
 */
#ifndef FT_DIFFSTAT_H
#define FT_DIFFSTAT_H

#include <stddef.h>
#include <stdint.h>

#define DS_FIT_MIN 20   /* samples on both sides for a function to fit k */
#define DS_FIT_FUNCS 3  /* functions needed for the robust k */
#define DS_ALPHA 0.05   /* significance level of q */
#define DS_SAME_BAND 0.10 /* "same": the ratio's interval within +-10% */

enum ds_verdict {
	DS_NOTEST = 0, /* no counts: no test possible */
	DS_SAME,
	DS_UNSURE,
	DS_SLOWER,     /* B took more: grew beyond noise */
	DS_FASTER,
};

/* How k, rho and tau were found. */
typedef struct ds_fit {
	double k;      /* expected B/A of an unchanged function */
	double rho;    /* over-dispersion (intra-class correlation), >= 0 */
	double tau;    /* count-scale noise: robust sd of b - k a, >= 0 */
	int robust;    /* k is the median ratio (1) or B/A of the totals (0) */
	uint32_t nfit; /* functions the median and rho were taken over */
} ds_fit;

typedef struct ds_result {
	double p, q;      /* q is NAN when the function was filtered out */
	double ratio;     /* (b/a) / k; INFINITY when a == 0 */
	double lo, hi;    /* 95% interval of the ratio */
	enum ds_verdict verdict;
	double need;      /* unsure: samples (a + b) that would tell; INFINITY
	                   * when the run-to-run spread alone is too wide */
} ds_result;

/* Exact two-sided p-value of x successes in n trials with chance p, under
 * a beta-binomial of intra-class correlation rho (0: the binomial). */
double ds_pvalue(uint64_t x, uint64_t n, double p, double rho);

/* Benjamini-Hochberg: q[i] for the m p-values p[i]; p[i] NAN (filtered
 * out) gives q[i] NAN and does not count in m. */
void ds_bh(const double *p, size_t m, double *q);

/* k, rho and tau from per-function counts a[i], b[i] (i < m) and the totals. */
ds_fit ds_fit_counts(const uint64_t *a, const uint64_t *b, size_t m,
    double total_a, double total_b);

/* The intra-class correlation a function of n = a + b samples is tested
 * with: rho, or more to give b the floor variance (tau / (1 + k))^2. */
double ds_rho_of(uint64_t n, const ds_fit *f);

/* Test one count pair under a fit (q left NAN; ds_test_all sets it). */
ds_result ds_test(uint64_t a, uint64_t b, const ds_fit *f);

/* Test m pairs, BH over them, verdicts: out[i] for (a[i], b[i]). */
void ds_test_all(const uint64_t *a, const uint64_t *b, size_t m,
    const ds_fit *f, ds_result *out);

/* "slower", "faster", "same", "unsure", "-" (no test). */
const char *ds_verdict_name(enum ds_verdict v);

#endif
