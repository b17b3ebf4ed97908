/* load_ghcprof.c - GHC's cost-centre profiling report (`prog +RTS -p` or
 * `-P` writes prog.prof) into a call tree.
 *
 * The report is a title, the totals ("total time = 0.02 secs (23 ticks @
 * 1000 us, 1 processor)", "total alloc = 59,542,424 bytes"), a flat table
 * of the costliest cost centres, and then the cost-centre tree: after a
 * header naming its columns ("COST CENTRE MODULE SRC no. entries %time
 * %alloc %time %alloc [ticks bytes]"), one line per cost-centre stack,
 * indented one space per level below its parent.  The text columns are the
 * cost centre, its module and its source span (which may hold blanks:
 * "<no location info>"); the numbers are read from the end of the line.
 *
 * A frame is MODULE.COSTCENTRE (as inferno-collapse-ghcprof names them);
 * each line's individual figures are the node's self:
 * - with -P (ticks and bytes columns): two sample types, `ticks` (count)
 *   and `alloc` (bytes);
 * - with -p (percentages only): `time` and `alloc` as the individual
 *   %time and %alloc, in percent with one decimal (GHC prints one).
 * Sibling lines with the same name (one cost centre entered from two
 * places of the same parent) are one frame, as in a folded file.
 * The flat table is not read: the tree holds the same costs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/loader.h"
#include "base/xalloc.h"

#define GHC_MAX_DEPTH 100000

typedef struct gp {
	ft_profile *p;
	ft_source *src;
	ft_load_report *rep;
	ft_diag *err;
	int in_tree;      /* the tree's header has been read */
	int ticks;        /* it has ticks and bytes columns (-P) */
	uint32_t *stack;  /* node per depth */
	size_t depth, cstack;
	char title[256];  /* "total time = ..." */
	long lines;
} gp;

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static void
bad(gp *G, const char *reason, const char *s, size_t n)
{
	G->rep->invalid++;
	if (G->rep->invalid == 1) {
		diag_set(&G->rep->first_bad, "%s:%ld: %s", source_name(G->src),
		    source_lineno(G->src), reason);
		diag_append_text(&G->rep->first_bad, s, n);
	}
}

/* Does l[0..n) hold word k as a whole blank-separated word? */
static int
has_word(const char *l, size_t n, const char *k)
{
	size_t kl = strlen(k);
	for (size_t i = 0; i + kl <= n; i++)
		if (memcmp(l + i, k, kl) == 0 && (i == 0 || is_blank(l[i - 1])) &&
		    (i + kl == n || is_blank(l[i + kl])))
			return 1;
	return 0;
}

/* A non-negative integer (GHC prints no separators in the tree) or, with
 * tenths != 0, a number with at most one decimal as tenths. */
static int
parse_num(const char *s, size_t n, int tenths, ft_val *v)
{
	ft_val x = 0;
	size_t i = 0;
	int digits = 0, dec = -1;
	for (; i < n; i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			if (x > (INT64_MAX - 9) / 10)
				return -1;
			x = x * 10 + (s[i] - '0');
			digits++;
			if (dec >= 0)
				dec++;
		} else if (s[i] == '.' && tenths && dec < 0) {
			dec = 0;
		} else {
			return -1;
		}
	}
	if (digits == 0 || dec > 1 || dec == 0)
		return -1;
	if (tenths && dec < 0) {
		if (x > INT64_MAX / 10)
			return -1;
		x *= 10;
	}
	*v = x;
	return 0;
}

/* One line of the tree. */
static int
tree_line(gp *G, const char *l, size_t n)
{
	size_t ind = 0;
	while (ind < n && l[ind] == ' ')
		ind++;
	/* Blank-separated words, at most 64 (the span may hold a few). */
	const char *w[64];
	size_t wl[64];
	int nw = 0;
	for (size_t i = ind; i < n && nw < 64;) {
		while (i < n && is_blank(l[i]))
			i++;
		if (i >= n)
			break;
		size_t s = i;
		while (i < n && !is_blank(l[i]))
			i++;
		w[nw] = l + s;
		wl[nw++] = i - s;
	}
	int nnum = G->ticks ? 8 : 6;
	if (nw < 2 + nnum) {
		bad(G, "a cost-centre line with too few columns: ", l, n);
		return 0;
	}
	ft_val num[8];
	for (int k = 0; k < nnum; k++) {
		int col = nw - nnum + k; /* no. entries %t %a %t %a [ticks bytes] */
		int pct = k >= 2 && k < 6;
		if (parse_num(w[col], wl[col], pct, &num[k]) != 0) {
			bad(G, "a cost-centre line whose numbers do not read: ", l, n);
			return 0;
		}
	}
	if (ind > G->depth || ind > GHC_MAX_DEPTH) {
		bad(G, "a cost-centre line indented more than one level below the one before: ",
		    l, n);
		return 0;
	}
	/* MODULE.COSTCENTRE */
	size_t len = wl[1] + 1 + wl[0];
	char buf[1024];
	char *name = len < sizeof(buf) ? buf : xmalloc(len + 1);
	memcpy(name, w[1], wl[1]);
	name[wl[1]] = '.';
	memcpy(name + wl[1] + 1, w[0], wl[0]);
	uint32_t id = intern_get(G->p->names, name, len, FT_KIND_NONE);
	if (name != buf)
		free(name);
	uint32_t parent = ind == 0 ? FT_ROOT : G->stack[ind - 1];
	uint32_t node = profile_child(G->p, parent, id);
	if (ind + 1 > G->cstack) {
		G->cstack = G->cstack ? 2 * G->cstack : 64;
		G->stack = xreallocarray(G->stack, G->cstack, sizeof(uint32_t));
	}
	G->stack[ind] = node;
	G->depth = ind + 1;
	ft_val v[2];
	if (G->ticks) {
		v[0] = num[6];
		v[1] = num[7];
	} else {
		v[0] = num[2];
		v[1] = num[3];
	}
	if (profile_add_self(G->p, node, v, G->err) != 0) {
		ft_diag d = *G->err;
		diag_set(G->err, "%s:%ld: %s", source_name(G->src), source_lineno(G->src), d.msg);
		return -1;
	}
	G->rep->valid++;
	return 0;
}

static int
one_line(gp *G, const char *l, size_t n)
{
	while (n > 0 && is_blank(l[n - 1]))
		n--;
	size_t i = 0;
	while (i < n && is_blank(l[i]))
		i++;
	if (i == n) {
		G->rep->blank++;
		return 0;
	}
	if (!G->in_tree) {
		if (n - i >= 10 && memcmp(l + i, "total time", 10) == 0 && G->title[0] == '\0')
			snprintf(G->title, sizeof(G->title), "%.*s", (int)(n - i), l + i);
		/* The tree's header: the flat table's has no "no." column. */
		if (n - i >= 11 && memcmp(l + i, "COST CENTRE", 11) == 0 && has_word(l, n, "no.") &&
		    has_word(l, n, "entries")) {
			G->in_tree = 1;
			G->ticks = has_word(l, n, "ticks") && has_word(l, n, "bytes");
		}
		return 0;
	}
	return tree_line(G, l, n);
}

ft_profile *
load_ghcprof(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	gp G = {.p = profile_new(names, 2), .src = src, .rep = rep, .err = err};
	G.p->format = "ghc-prof";
	profile_set_source(G.p, source_name(src));
	rep->what = "line";
	const char *line;
	size_t len;
	int rc;
	while ((rc = source_getline(src, &line, &len, err)) == 1) {
		rep->lines++;
		if (one_line(&G, line, len) != 0) {
			rc = -1;
			break;
		}
		if (o->strict && rep->invalid > 0) {
			*err = rep->first_bad;
			rc = -1;
			break;
		}
	}
	if (rc == 0 && rep->valid == 0) {
		if (!G.in_tree)
			diag_set(err, "%s: a GHC profiling report without its cost-centre tree "
			    "(no \"COST CENTRE ... no. entries\" header)", source_name(src));
		else if (rep->invalid > 0)
			diag_set(err, "%s: no cost-centre line read (first problem: %s)",
			    source_name(src), rep->first_bad.msg);
		else
			diag_set(err, "%s: a GHC profiling report with an empty cost-centre tree",
			    source_name(src));
		rc = -1;
	}
	free(G.stack);
	if (rc != 0) {
		profile_free(G.p);
		return NULL;
	}
	if (G.ticks) {
		profile_set_type(G.p, 0, "ticks", "count");
		profile_set_type(G.p, 1, "alloc", "bytes");
	} else {
		G.p->scale = 1;
		profile_set_type(G.p, 0, "time", "percent");
		profile_set_type(G.p, 1, "alloc", "percent");
	}
	snprintf(rep->summary, sizeof(rep->summary), "ghc_columns=%s\nghc_totals=%s",
	    G.ticks ? "ticks and bytes (+RTS -P)" : "percentages only (+RTS -p)",
	    G.title[0] ? G.title : "(not given)");
	if (profile_finish(G.p, o->sort, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", source_name(src), d.msg);
		profile_free(G.p);
		return NULL;
	}
	return G.p;
}
