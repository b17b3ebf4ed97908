/* compare.h - two profiles as one: the core of the comparison views.
 *
 * compare_build() merges profile A (before) and B (after) into a "union"
 * profile matched by call path: one node per path that exists in either,
 * column 0 = A, column 1 = B, a value of 0 where a side lacks the path.
 * Both inputs must share one name table (load them with the same
 * ft_intern) so ids compare.  Names of two files are matched by
 * compare_match_key() (kinds, offsets, argument lists at bracket depth 0
 * and real library versions ".so.6", "-2.31" ignored), one to one only:
 * a name of A and a name of B merge when nothing else of either side has
 * their key, so no value moves between two functions of one side
 * (--exact-names: exactly, except that a pprof inlined frame
 * always matches the plain function, as in folded exports); the two
 * columns of one differential file match exactly.  Both views (side by side, differential) and
 * the exports draw from the union, so a node id means the same call path
 * everywhere and selection/zoom stay in step for free.
 *
 * Normalisation (--normalize) scales A by total(B) / total(A) in exact
 * 64x64->128 bit integer arithmetic and rounds by hierarchical largest
 * remainder: the root gets exactly B's total, and each node's scaled total
 * is split between its own self value and its children so that every
 * part is its exact scaled value rounded down or up and the parts add up
 * (truncating per stack, as inferno's diff-folded --normalize does, left
 * A short of B by up to one unit per stack: a false delta at the root).
 *
 * Colour (compare_color): red where B grew, blue where it shrank, grey when
 * equal; intensity is |delta| / the largest |delta| of any non-root node in
 * the same basis (total delta by default, self delta on request), so the
 * root's large sum does not wash every other frame out.
 *
 * No I/O, no UI.  Nothing recurses on tree depth.
 */
#ifndef FT_COMPARE_H
#define FT_COMPARE_H

#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "ops/diffstat.h"
#include "ops/layout.h"
#include "profile/profile.h"

#define CMP_A 0 /* union column of the "before" profile */
#define CMP_B 1 /* union column of the "after" profile */

/* Presence bits per union node. */
#define CMP_IN_A 1
#define CMP_IN_B 2

enum cmp_width { CMP_W_B = 0, CMP_W_A, CMP_W_MAX, CMP_W_SUM, CMP_W_COUNT };

/* How A is scaled before comparing (ft_compare_opts.norm):
 * CMP_NORM_FLAG: as .normalize says (B's total, or none);
 * ROBUST: by k, the B/A ratio of an unchanged function (diffstat.h; none
 * when no test is possible: bytes); ABS: none (k = 1: the same work or
 * the same duration); TOTAL: by total(B) / total(A); RATE: per second,
 * by B's recorded duration over A's (none when either has none; two time
 * ranges of one file: their lengths). */
enum cmp_norm {
	CMP_NORM_FLAG = 0, CMP_NORM_ROBUST, CMP_NORM_ABS, CMP_NORM_TOTAL, CMP_NORM_RATE,
	CMP_NORM_COUNT
};
enum cmp_basis { CMP_BASIS_TOTAL = 0, CMP_BASIS_SELF };

typedef struct ft_compare {
	ft_profile *u;        /* the union (owned) */
	const char *src[2];   /* file names of A and B (in u's arena) */
	const char *type[2];  /* sample type names of the chosen columns */
	ft_val total[2];      /* root totals (A after normalisation) */
	ft_val raw_total_a;   /* A's total before normalisation */
	int normalized;
	/* What A was normalised by: NULL for B's total, else the text of
	 * ft_compare_opts.norm_by (in u's arena). */
	const char *norm_by;
	uint8_t *presence;    /* per node: CMP_IN_A | CMP_IN_B */
	ft_val *wmax;         /* per node: max(selfA, selfB) + children's wmax */
	ft_val *wsum;         /* per node: total A + total B (CMP_W_SUM) */
	/* per node: A's total of the paths under it (itself included) that
	 * vanished, with no B left (the elided graph: compare_elided_widths) */
	ft_val *welided;
	ft_val max_dtotal;    /* largest |total B - total A| over non-root nodes */
	ft_val max_dself;     /* largest |self B - self A| over non-root nodes */
	uint32_t only[2];     /* nodes present only in A / only in B */
	/* The union before collapse-recursion and invert, when they are on:
	 * the regressions table is that of the unflattened, upright profiles
	 * (owned; NULL otherwise, then u serves). */
	ft_profile *tu;
	/* Name matching (compare_match_key): per name id of the inputs, the
	 * union's name (ids >= numap: themselves); loose counts the A names
	 * renamed to the one B name of the same key (one to one only, see
	 * union_names), loose_ids lists them (their B names: umap[id]),
	 * loose_ex is the first A name and the B name it matched (FT_NONE if
	 * none). */
	uint32_t *umap, numap;
	uint32_t loose, loose_ex[2];
	uint32_t *loose_ids;
	int strip_root;       /* the root frames were dropped for matching */
	/* Most of A's and of B's total lie under root frames only that side
	 * has: a hint for --strip-root; root_ex: the widest such root node of
	 * each side (FT_NONE if none). */
	int roots_differ;
	uint32_t root_ex[2];
	int units_differ;     /* sample type names or units differ */
	/* Nodes whose total delta B - A does not fit 64 bits (compare_delta
	 * saturates it), and the first of them (FT_NONE if none). */
	uint32_t saturated, sat_first;
	/* Label keys of either side (pprof labels: u->labels carries both
	 * sides' entries, column A and B; values never normalised). */
	int label_keys;
	/* Verdicts of the functions' self samples (diffstat.h): per union
	 * name id (< nverdict) an enum ds_verdict, and the fit they were made
	 * under; verdict is NULL when no test was possible (notest: why). */
	uint8_t *verdict;
	double *vp, *vq;      /* per name id: p and q (NAN: not tested) */
	uint32_t nverdict;
	ds_fit fit;
	const char *notest;
	/* The normalisation asked for (enum cmp_norm) and the factor A was
	 * scaled by (1 when none); norm_note says why a mode fell back to
	 * none ("no durations"), else NULL. */
	int norm;
	double norm_factor;
	const char *norm_note;
	/* The fraction A was scaled by when one was given (a factor of
	 * ft_compare_opts: k, durations, range lengths), else 0. */
	ft_val scale_num, scale_den;
	/* The totals of A (scaled as A is) and B before any filter: shares
	 * after a filter are of these (as pprof's), headers say "N of WHOLE
	 * (P%)" when they differ from total[] (issue 24 item 4). */
	ft_val whole[2];
} ft_compare;

typedef struct ft_compare_opts {
	int normalize;        /* scale A to B's total */
	enum ft_sort sort;    /* child order of the union (weight: by B) */
	int strip_root;       /* drop each side's root frames, match below */
	int exact_names;      /* match names exactly (no compare_match_key) */
	/* > 0 both: A scaled by scale_num / scale_den instead of by the
	 * totals (two time ranges: B's length / A's, ops/timecompare.h), and
	 * norm_by says by what ("range length (B 1 s / A 2 s)"). */
	ft_val scale_num, scale_den;
	char norm_by[96];
	int norm;             /* enum cmp_norm */
	/* What a per-second normalisation (CMP_NORM_RATE) divides by, in
	 * the headers: NULL "duration" (each recording's, pprof's
	 * durationNanos), "range length" for two time ranges of one file
	 * (their trees' duration_ns: ops/timecompare.h).  A static string. */
	const char *rate_by;
} ft_compare_opts;

/* The key two frame names are matched by in a comparison of two files:
 * the name without a trailing `+0x1a` offset and without a C++ argument
 * list cut at its `(` as stackcollapse-perf does (`Run()` = `Run`; not
 * `(anonymous namespace)`, a Go receiver `pkg.(*T).f` or `f (file:12)`);
 * `[unknown]`, `(unknown)` and `unknown` are one name; a module name
 * (`[libc.so.6]`, `/lib/x86_64-linux-gnu/libc-2.31.so`) is its base name
 * without versions (`libc.so`).  Frame kinds (`_[k]`, `_[j]`, inline) are
 * not part of it.  Writes at most cap - 1 bytes to out; returns the
 * length.  Only used for matching: the union shows B's name (else A's). */
size_t compare_match_key(const char *s, size_t n, char *out, size_t cap);

/* Pick the column of A and B to compare.  want (--sample-type, NAME or
 * INDEX, may be NULL) is resolved on each side.  Without it B's default
 * type is used, and in A the type of the same name when there is one, else
 * A's default.  Returns 0, or -1 with err set (unknown type, or the two
 * columns have different units; a folded file has no real unit and
 * compares with any). */
int compare_pick_columns(const ft_profile *a, const ft_profile *b,
    const char *want, int *ca, int *cb, ft_diag *err);

/* Build the union of column ca of a and column cb of b (a may equal b: a
 * two-column differential file).  a and b must share their name table and
 * be finished.  Returns 0, or -1 with err set (overflow, different tables).
 * The inputs are not changed or kept. */
int compare_build(ft_compare *c, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_diag *err);

void compare_free(ft_compare *c);

struct ft_filters;

/* compare_build() after applying the filters f (filters.h; NULL or
 * empty: none) to each side alike.  The filtered copies are temporary. */
int compare_build_filtered(ft_compare *c, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o,
    const struct ft_filters *f, ft_diag *err);

/* Width source of the differential graph. */
ft_widths compare_widths(const ft_compare *c, enum cmp_width w);

/* Name of a normalisation mode: "robust", "absolute", "total", "per second";
 * cmp_norm_parse() the reverse (also "rate", "none", "abs"), -1 if none. */
const char *compare_norm_name(int norm);
int compare_norm_parse(const char *s);

/* ns >= 0 as seconds, "12.34" (to the nanosecond, trailing zeros
 * dropped), "end" for INT64_MAX: the lengths in headers. */
void compare_secs(char *buf, size_t cap, int64_t ns);

/* Short name of a width source: "B", "A", "max(A,B)", "A+B". */
const char *compare_width_name(enum cmp_width w);

/* The "elided" graph's widths (as the elided flame graphs of FlameScope
 * and CPython's benchmarks): what vanished from A to B.  A node whose B
 * total is 0 while A's is not is as wide as A's total there; a node B
 * still has is as wide as the vanished paths below it, so only the
 * vanished paths and their callers are drawn, in A's values. */
ft_widths compare_elided_widths(const ft_compare *c);

/* B - A of node n in a basis (saturating: never overflows). */
ft_val compare_delta(const ft_compare *c, uint32_t n, enum cmp_basis b);

/* -1 shrank, 0 unchanged, +1 grew. */
int compare_sign(ft_val delta);

/* Intensity of a delta in [0, 1] relative to maxabs (0 when maxabs <= 0). */
double compare_intensity(ft_val delta, ft_val maxabs);

/* 0xRRGGBB for a delta: grey when 0, red (grew) or blue (shrank) deeper
 * with |delta| / maxabs. */
uint32_t compare_color(ft_val delta, ft_val maxabs);

/* Colour of node n in a basis, scaled by the matching largest delta. */
uint32_t compare_node_color(const ft_compare *c, uint32_t n, enum cmp_basis b);

/* Palettes of the verdict colours: red/blue, or colour-blind safe
 * orange/blue (grey for no significant change in both). */
enum cmp_palette { CMP_PAL_REDBLUE = 0, CMP_PAL_COLORBLIND };

/* The verdict of node n's function (DS_NOTEST when no test was made). */
enum ds_verdict compare_node_verdict(const ft_compare *c, uint32_t n);

/* -1, 0, +1: the direction node n is drawn in by its function's verdict
 * (0 when its change is not significant). */
int compare_verdict_sign(const ft_compare *c, uint32_t n);

/* 0xRRGGBB of a verdict direction (sign) at intensity t in [0, 1]: grey
 * for 0, else a pale to deep red (orange) for +1, blue for -1. */
uint32_t compare_verdict_rgb(int sign, double t, enum cmp_palette pal);

/* Colour of node n by its function's verdict (grey when not significant),
 * deeper with |delta| of n in the basis over the largest |delta|. */
uint32_t compare_verdict_color(const ft_compare *c, uint32_t n, enum cmp_basis b,
    enum cmp_palette pal);

/* Largest |delta| over non-root nodes in a basis. */
ft_val compare_max_delta(const ft_compare *c, enum cmp_basis b);

/* Union node at the path of node n of profile p (same name table), or
 * FT_NONE when the path is not in the union. */
uint32_t compare_map_node(const ft_compare *c, const ft_profile *p, uint32_t n);

/* --- regressions: the function table of both sides -------------------- */

typedef struct ft_regress {
	uint32_t name;
	ft_val self[2], total[2]; /* [CMP_A], [CMP_B]; totals count each stack once */
} ft_regress;

/* All functions with a non-zero value on either side, sorted by the
 * absolute change in the basis (ties: the other basis, then name).
 * Returns the count; *out is malloc'd. */
uint32_t compare_regressions(const ft_compare *c, enum cmp_basis b,
    ft_regress **out);

/* Move the rows whose verdict is slower or faster to the front, keeping
 * the order within each part (significance first, then size). */
void compare_regressions_by_verdict(const ft_compare *c, ft_regress *r, uint32_t n);

/* The verdict, p and q of the function name (DS_NOTEST, NAN, NAN when no
 * test was made). */
enum ds_verdict compare_name_verdict(const ft_compare *c, uint32_t name, double *p,
    double *q);

/* p or q as the tables print it: "0.031", "<1e-300", "-" for NAN. */
void compare_fmt_p(char *buf, size_t cap, double p);

/* Re-sort an existing table. */
void compare_regressions_sort(const ft_compare *c, ft_regress *r, uint32_t n,
    enum cmp_basis b);

/* The widest union node named name in width source w (FT_NONE if none). */
uint32_t compare_widest_named(const ft_compare *c, uint32_t name,
    ft_widths w);

/* delta as a percentage of a: "+12.5%", "-100%", "new" (a == 0, d != 0),
 * "0%" (both zero).  Returns buf. */
char *compare_pct(char *buf, size_t cap, ft_val a, ft_val delta);

/* The regressions table as text (--top N A B): a header with both files
 * and totals, then the first n rows (0 = all), exact values.  Returns 0,
 * or -1 on a write error. */
int compare_write_top(const ft_compare *c, enum cmp_basis b, long n, FILE *out);

/* The same, without the rows compare_row_hidden() hides. */
int compare_write_top_min(const ft_compare *c, enum cmp_basis b, long n,
    double min_change, double min_share, FILE *out);

/* Whether a row is hidden by a minimum change (percent of A's value in the
 * basis; a new or vanished function always passes) or a minimum share
 * (percent of A's and of B's total: hidden when below on both sides); 0
 * turns either off. */
int compare_row_hidden(const ft_compare *c, const ft_regress *r, enum cmp_basis b,
    double min_change, double min_share);

#endif
