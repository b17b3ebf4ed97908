/* load_instruments.c - a deep copy of macOS Instruments' call tree (select
 * the tree's root, Edit > Deep Copy, or Cmd+Shift+C: tab-separated text on
 * the clipboard) into a call tree.
 *
 * The first line names the columns, tab-separated:
 *   Weight\tSelf Weight\t\tSymbol Name          (Time Profiler, 10 to 15)
 *   Weight\tSelf Weight\tSymbol Names           (Instruments 16)
 *   Running Time\tSelf (ms)\t\tSymbol Name      (Instruments 7)
 *   Bytes Used\tCount\t\tSymbol Name            (Allocations)
 * Then one row per call-tree node, depth first: the symbol's leading
 * blanks are its depth (counted from the first row's, which Instruments 16
 * indents too), its weight the node's total with its share of the whole:
 * "4273.0ms   99.9%", "2.45 s   49.7%", "96.08 Gc  100.0%" (cycles),
 * " 429.93 MB     100.0%".
 *
 * Values: the weight column, which is inclusive: a node's self is its
 * weight less its children's (never below zero: Instruments rounds each
 * figure for display, so children may add up to a little more than their
 * parent; those rows are counted in --info).  Time in nanoseconds (ns, µs,
 * ms, s, min), cycles as a count (cycles, Kc, Mc, Gc, Tc: powers of 1000),
 * bytes (Bytes, KB, MB, GB, TB: powers of 1024, rounded to a byte).  The
 * figures are Instruments' rounded ones: a deep copy keeps no samples.
 * Rows with the same symbol under one parent are one frame.  A row whose
 * weight does not read, or that is more than one level deeper than the row
 * before, is skipped and counted (--strict: refused at its line).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/loader.h"

#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 64, init)

enum { K_NONE, K_TIME, K_CYCLES, K_BYTES, K_COUNT };

struct level {
	uint32_t node;
	int64_t weight, kids;
};

typedef struct ins {
	size_t unit;	/* the index in units[] of the last row's unit */
	ft_profile *p;
	ft_source *src;
	ft_load_report *rep;
	int wcol, scol;         /* the weight's and the symbol's columns */
	int bytes_col;          /* the weight column is "Bytes Used" */
	int kind;               /* K_*, from the first weight read */
	long base;              /* the first row's leading blanks; -1 before */
	struct level *st; size_t depth, cst;
	long over;              /* rows whose children outweigh them */
	char header[128];
} ins;

static void
bad(ins *I, const char *reason, const char *s, size_t n)
{
	if (I->rep->invalid++ == 0) {
		diag_set(&I->rep->first_bad, "%s:%ld: %s", source_name(I->src),
		    source_lineno(I->src), reason);
		diag_append_text(&I->rep->first_bad, s, n);
	}
}

/* Field k of a tab-separated line: *f, *fn; 0, or -1 when absent. */
static int
field(const char *l, size_t n, int k, const char **f, size_t *fn)
{
	size_t i = 0;
	for (int c = 0; c < k; c++) {
		const char *t = memchr(l + i, '\t', n - i);
		if (t == NULL)
			return -1;
		i = (size_t)(t - l) + 1;
	}
	const char *t = memchr(l + i, '\t', n - i);
	*f = l + i;
	*fn = (t != NULL ? (size_t)(t - l) : n) - i;
	return 0;
}

static int
field_is(const char *f, size_t n, const char *s)
{
	return n == strlen(s) && memcmp(f, s, n) == 0;
}

/* A unit: its name, kind and size in the kind's base; p10 is the size's
 * power of ten when it is one (a value then scales without a division),
 * otherwise -1. */
struct unit { const char *name; int kind; int64_t num; int p10; };

static const struct unit units[] = {
	{"ns", K_TIME, 1, 0}, {"\xc2\xb5s", K_TIME, 1000, 3}, {"\xce\xbcs", K_TIME, 1000, 3},
	{"us", K_TIME, 1000, 3}, {"ms", K_TIME, 1000000, 6}, {"s", K_TIME, 1000000000, 9},
	{"min", K_TIME, 60000000000LL, -1}, {"h", K_TIME, 3600000000000LL, -1},
	{"cycles", K_CYCLES, 1, 0}, {"c", K_CYCLES, 1, 0}, {"Kc", K_CYCLES, 1000, 3},
	{"Mc", K_CYCLES, 1000000, 6}, {"Gc", K_CYCLES, 1000000000, 9},
	{"Tc", K_CYCLES, 1000000000000LL, 12},
	{"Bytes", K_BYTES, 1, 0}, {"bytes", K_BYTES, 1, 0}, {"B", K_BYTES, 1, 0},
	{"KB", K_BYTES, 1024, -1}, {"MB", K_BYTES, 1048576, -1},
	{"GB", K_BYTES, 1073741824, -1}, {"TB", K_BYTES, 1099511627776LL, -1},
};
#define NUNITS (sizeof(units) / sizeof(units[0]))

static const int64_t pow10s[] = {1, 10, 100, 1000, 10000, 100000, 1000000,
	10000000, 100000000, 1000000000, 10000000000LL, 100000000000LL,
	1000000000000LL};

/* A weight cell, "4273.0ms   99.9%" or "2.45 s  49.7%": its value in
 * the unit's base (ns, cycles, bytes) and kind.  0, or -1. */
static int
weight(const char *s, size_t n, int64_t *out, int *kind, size_t *last)
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	int64_t m = 0;
	int dec = -1, digits = 0;
	for (; i < n && ((s[i] >= '0' && s[i] <= '9') || (s[i] == '.' && dec < 0)); i++) {
		if (s[i] == '.') {
			dec = 0;
			continue;
		}
		if (__builtin_mul_overflow(m, 10, &m) || __builtin_add_overflow(m, s[i] - '0', &m))
			return -1;
		digits++;
		if (dec >= 0)
			dec++;
	}
	if (digits == 0 || dec > 9)
		return -1;
	if (dec < 0)
		dec = 0;
	while (i < n && s[i] == ' ')
		i++;
	size_t u = i;
	while (i < n && s[i] != ' ' && s[i] != '\t')
		i++;
	size_t ul = i - u;
	/* After the unit, nothing or a share ("99.9%", U+2007 before it). */
	int64_t f = 1;
	int k = K_COUNT, e10 = 0;
	if (ul > 0 && s[i - 1] == '%') {
		i = u;  /* a bare number then its share: a count */
		ul = 0;
	}
	if (ul > 0) {
		/* The rows before's unit first: most rows have it. */
		size_t j = *last;
		if (j >= NUNITS || !field_is(s + u, ul, units[j].name)) {
			for (j = 0; j < NUNITS && !field_is(s + u, ul, units[j].name); j++)
				;
			if (j == NUNITS)
				return -1;
			*last = j;
		}
		f = units[j].num;
		k = units[j].kind;
		e10 = units[j].p10;
	}
	int64_t v;
	/* A power-of-ten unit at least as fine as the decimals: exact,
	 * m * 10^(e10 - dec), without a division. */
	if (e10 >= dec) {
		if (__builtin_mul_overflow(m, pow10s[e10 - dec], &v))
			return -1;
		*out = v;
		*kind = k;
		return 0;
	}
	int64_t p10 = pow10s[dec];
	/* m * f / 10^dec, rounded half up (bytes: "429.93 MB"), as
	 * (m / 10^dec) * f + (m % 10^dec) * f / 10^dec. */
	int64_t q = m / p10, r = m % p10, a;
	if (__builtin_mul_overflow(q, f, &v) || __builtin_mul_overflow(r, f, &a) ||
	    __builtin_add_overflow(v, (a + p10 / 2) / p10, &v))
		return -1;
	*out = v;
	*kind = k;
	return 0;
}

/* Close the levels deeper than d: each one's self is its weight less its
 * children's, added to its parent's children. */
static int
close_to(ins *I, size_t d, ft_diag *err)
{
	while (I->depth > d) {
		struct level *L = &I->st[--I->depth];
		ft_val self = L->weight - L->kids;
		if (self < 0) {
			I->over++;
			self = 0;
		}
		if (self > 0 && profile_add_self(I->p, L->node, &self, err) != 0)
			return -1;
		if (I->depth > 0 && __builtin_add_overflow(I->st[I->depth - 1].kids, L->weight,
		    &I->st[I->depth - 1].kids)) {
			diag_set(err, "weights too large");
			return -1;
		}
	}
	return 0;
}

static int
header(ins *I, const char *l, size_t n, ft_diag *err)
{
	I->wcol = I->scol = -1;
	const char *f;
	size_t fn;
	for (int k = 0; field(l, n, k, &f, &fn) == 0; k++) {
		if (I->wcol < 0 && (field_is(f, fn, "Weight") || field_is(f, fn, "Running Time") ||
		    field_is(f, fn, "Bytes Used"))) {
			I->wcol = k;
			I->bytes_col = field_is(f, fn, "Bytes Used");
			snprintf(I->header, sizeof(I->header), "%.*s", (int)fn, f);
		}
		if (I->scol < 0 && (field_is(f, fn, "Symbol Name") || field_is(f, fn, "Symbol Names")))
			I->scol = k;
	}
	if (I->wcol < 0 || I->scol < 0) {
		diag_set(err, "%s:%ld: not the header of an Instruments deep copy (a "
		    "\"Weight\", \"Running Time\" or \"Bytes Used\" column and a \"Symbol "
		    "Name\" column, tab-separated)", source_name(I->src), source_lineno(I->src));
		diag_append_text(err, l, n);
		return -1;
	}
	return 0;
}

static int
row(ins *I, const char *l, size_t n, ft_diag *err)
{
	const char *sym, *w;
	size_t sn, wn;
	if (field(l, n, I->scol, &sym, &sn) != 0 || field(l, n, I->wcol, &w, &wn) != 0) {
		bad(I, "a row without its weight or symbol column", l, n);
		return 0;
	}
	size_t lead = 0;
	while (lead < sn && sym[lead] == ' ')
		lead++;
	size_t e = sn;
	while (e > lead && (sym[e - 1] == ' ' || sym[e - 1] == '\r'))
		e--;
	if (e == lead) {
		bad(I, "a row without a symbol", l, n);
		return 0;
	}
	if (I->base < 0)
		I->base = (long)lead;
	if ((long)lead < I->base) {
		bad(I, "a row indented less than the first", l, n);
		return 0;
	}
	size_t d = (size_t)((long)lead - I->base);
	if (d > I->depth) {
		bad(I, "a row more than one level deeper than the row before", l, n);
		return 0;
	}
	int64_t v;
	int k;
	if (weight(w, wn, &v, &k, &I->unit) != 0) {
		bad(I, "a weight that does not read (a number, a unit such as ms, s, Mc, "
		    "MB, then its share)", w, wn);
		return 0;
	}
	if ((I->kind != K_NONE && k != I->kind) || (I->bytes_col && k != K_BYTES) ||
	    (!I->bytes_col && k == K_BYTES)) {
		bad(I, I->bytes_col ? "a weight not in bytes under \"Bytes Used\"" :
		    "a weight in another kind of unit than the rows before", w, wn);
		return 0;
	}
	I->kind = k;
	if (close_to(I, d, err) != 0)
		return -1;
	uint32_t parent = d == 0 ? FT_ROOT : I->st[d - 1].node;
	uint32_t name = intern_get(I->p->names, sym + lead, e - lead, FT_KIND_NONE);
	struct level L = {.node = profile_child(I->p, parent, name), .weight = v};
	PUSH(I->st, I->depth, I->cst, L);
	I->rep->valid++;
	return 0;
}

ft_profile *
load_instruments(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	ins I = {.p = profile_new(names, 1), .src = src, .rep = rep, .base = -1};
	I.p->format = "instruments";
	profile_set_source(I.p, source_name(src));
	rep->what = "row";
	const char *line;
	size_t len;
	int rc, have_header = 0;
	while ((rc = source_getline(src, &line, &len, err)) == 1) {
		rep->lines++;
		size_t n = len;
		if (rep->lines == 1 && n >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0) {
			line += 3;
			n -= 3;
		}
		while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
			n--;
		if (n == 0) {
			rep->blank++;
			continue;
		}
		if (!have_header) {
			if (header(&I, line, n, err) != 0) {
				rc = -1;
				break;
			}
			have_header = 1;
			continue;
		}
		if (row(&I, line, n, err) != 0) {
			ft_diag d = *err;
			diag_set(err, "%s:%ld: %s", source_name(src), source_lineno(src), d.msg);
			rc = -1;
			break;
		}
		if (o->strict && rep->invalid > 0) {
			*err = rep->first_bad;
			rc = -1;
			break;
		}
	}
	if (rc == 0 && close_to(&I, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", source_name(src), d.msg);
		rc = -1;
	}
	if (rc == 0 && rep->valid == 0) {
		if (!have_header)
			diag_set(err, "%s: empty: no Instruments deep copy header", source_name(src));
		else if (rep->invalid > 0)
			diag_set(err, "%s: no row of the call tree read (first problem: %s)",
			    source_name(src), rep->first_bad.msg);
		else
			diag_set(err, "%s: an Instruments deep copy with its header only",
			    source_name(src));
		rc = -1;
	}
	free(I.st);
	if (rc != 0) {
		profile_free(I.p);
		return NULL;
	}
	switch (I.kind) {
	case K_TIME: profile_set_type(I.p, 0, "time", "nanoseconds"); break;
	case K_CYCLES: profile_set_type(I.p, 0, "cycles", "count"); break;
	case K_BYTES: profile_set_type(I.p, 0, "bytes_used", "bytes"); break;
	default: profile_set_type(I.p, 0, "weight", "count"); break;
	}
	snprintf(rep->summary, sizeof(rep->summary), "instruments_weight=%s (inclusive; "
	    "self = weight less the children's)\nrows_outweighed_by_children=%ld",
	    I.header, I.over);
	if (profile_finish(I.p, o->sort, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", source_name(src), d.msg);
		profile_free(I.p);
		return NULL;
	}
	rep->stacks = profile_count_stacks(I.p);
	return I.p;
}
