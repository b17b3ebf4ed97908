/* load_callgrind.c - callgrind profiles (valgrind --tool=callgrind, also
 * cachegrind and the tools writing its format: xdebug, ...), as described
 * in valgrind's docs/callgrind-format ("Callgrind Format Specification").
 *
 * The file is a weighted call graph, not stacks: each function's self cost
 * (its cost lines), and for each call arc the inclusive cost of the calls
 * (the cost line after "calls=").  Read here:
 *   - headers "events:" (each event is a sample type, in its order),
 *     "positions:" (one or two position columns: "instr", "line" or
 *     "instr line"), "summary:"/"totals:" (the tree's total is checked
 *     against it);
 *     other headers ("creator:", "cmd:", "desc:", ...) are skipped;
 *   - name compression "(id) name" / "(id)" for ob/cob, fl/fi/fe/cfi/cfl/
 *     jfi and fn/cfn/jfn (one table each, as the specification says);
 *   - subposition compression ("+N", "-N", "*") and hexadecimal positions
 *     and costs; missing costs are zero;
 *   - "calls=" then the call's cost line; "jump="/"jcnd=" and their
 *     position lines are skipped (they carry no cost).
 * A function is its name in its object (ob= for the caller, cob= for a
 * callee, which, like cfi=, applies to the next cfn= only), so the two
 * "(below main)" of ld.so and libc stay apart; fi=/fe= (inlined code) do
 * not change the function, as in KCachegrind.
 *
 * The call tree is built as speedscope's and gprof2dot's readers of the
 * format see the graph: a function's cost is split among its callers in
 * proportion to the calls' inclusive costs, and every call of a function
 * is assumed to spend its time as the average call does.  From each root
 * (a function whose self plus outgoing calls exceed what its callers pay
 * for it: main's callers, constructors, the dynamic linker's entry), the
 * walk gives a node its weight, split between its self cost and the calls
 * it makes in proportion to the graph's numbers, in integers by largest
 * remainder (so a node's self and its children add up to its weight
 * exactly, and the tree's total is the sum of the self costs).  A call to
 * a function already on the path (recursion) becomes a leaf frame of the
 * callee, not walked again; a call of a function to itself is left out
 * (its inclusive cost is already in the function's).  When calls pay more
 * for a function than its own lines and calls hold (_Exit, which never
 * returns: the call's cost has its last instructions; cache events), the
 * callee takes the calls' figure, and the tree's total is callgrind's
 * summary (--info: callers_pay_more).  A flame graph of a
 * call graph is an estimate: per-function self and total costs match
 * callgrind_annotate's (within rounding) when there is no recursion.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/loader.h"

#define CG_MAX_EVENTS 64
#define CG_MAX_ID 0x1000000        /* name compression ids kept in arrays */
#define CG_MAX_NODES (4u << 20)    /* the tree stops growing here */

typedef struct cg_func {
	uint32_t name;  /* intern id */
	uint32_t obj;   /* object name id + 1, 0 none */
	uint32_t nout;  /* out arcs, after grouping */
	uint32_t first; /* first out arc, after grouping */
	uint32_t next;  /* hash chain */
	int on_path;
} cg_func;

typedef struct cg_arc {
	uint32_t from, to;
	uint32_t next;  /* hash chain */
} cg_arc;

/* name compression: id -> intern id + 1 (0: undefined) */
typedef struct cg_names {
	uint32_t *ids;
	size_t n;
} cg_names;

typedef struct cg {
	ft_profile *p;
	ft_source *src;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_diag *err;
	int nev, npos;
	int have_events;
	char evnames[CG_MAX_EVENTS][32];
	ft_val summary[CG_MAX_EVENTS];
	int have_summary;
	cg_names fl, fn, ob;
	cg_func *funcs;
	size_t nfuncs, cfuncs;
	ft_val *fself;      /* [func * nev + e] */
	uint32_t *fhash;    /* func hash heads */
	size_t fmask;
	cg_arc *arcs;
	size_t narcs, carcs;
	ft_val *acost;      /* [arc * nev + e] */
	uint32_t *ahash;
	size_t amask;
	uint32_t cur;       /* current function, UINT32_MAX none */
	uint32_t cur_obj;   /* ob= (name id + 1) */
	uint32_t call_obj;  /* cob= for the next cfn= (0: the current ob) */
	uint32_t callee;    /* cfn= function, UINT32_MAX none */
	int in_call;        /* a calls= line wants its cost line */
	long call_line;
	long ncalls, nrec, njumps, ncost;
	ft_val vals[CG_MAX_EVENTS];
} cg;

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static void
bad_line(cg *C, const char *reason, const char *s, size_t n)
{
	C->rep->invalid++;
	if (C->rep->invalid == 1) {
		diag_set(&C->rep->first_bad, "%s:%ld: %s", source_name(C->src),
		    source_lineno(C->src), reason);
		diag_append_text(&C->rep->first_bad, s, n);
	}
}

/* A bad line: fatal with --strict, else counted.  -1 when fatal. */
static int
fail(cg *C, const char *reason, const char *s, size_t n)
{
	bad_line(C, reason, s, n);
	if (C->o->strict) {
		*C->err = C->rep->first_bad;
		return -1;
	}
	return 0;
}

static uint64_t
mix2(uint32_t a, uint32_t b)
{
	uint64_t h = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ull;
	return h ^ (h >> 29);
}

static void
func_rehash(cg *C)
{
	size_t cap = (C->fmask + 1) * 2;
	if (cap < 1024)
		cap = 1024;
	free(C->fhash);
	C->fhash = xmalloc(cap * sizeof(uint32_t));
	memset(C->fhash, 0xff, cap * sizeof(uint32_t));
	C->fmask = cap - 1;
	for (size_t i = 0; i < C->nfuncs; i++) {
		size_t h = mix2(C->funcs[i].name, C->funcs[i].obj) & C->fmask;
		C->funcs[i].next = C->fhash[h];
		C->fhash[h] = (uint32_t)i;
	}
}

static uint32_t
func_get(cg *C, uint32_t name, uint32_t obj)
{
	if (C->fhash != NULL) {
		size_t h = mix2(name, obj) & C->fmask;
		for (uint32_t i = C->fhash[h]; i != UINT32_MAX; i = C->funcs[i].next)
			if (C->funcs[i].name == name && C->funcs[i].obj == obj)
				return i;
	}
	if (C->nfuncs == C->cfuncs) {
		C->cfuncs = C->cfuncs ? C->cfuncs * 2 : 256;
		C->funcs = xrealloc(C->funcs, C->cfuncs * sizeof(cg_func));
		C->fself = xrealloc(C->fself, C->cfuncs * (size_t)C->nev * sizeof(ft_val));
	}
	uint32_t i = (uint32_t)C->nfuncs++;
	C->funcs[i] = (cg_func){.name = name, .obj = obj, .next = UINT32_MAX};
	memset(C->fself + (size_t)i * C->nev, 0, (size_t)C->nev * sizeof(ft_val));
	if (C->fhash == NULL || C->nfuncs * 2 > C->fmask + 1) {
		func_rehash(C);
	} else {
		size_t h = mix2(name, obj) & C->fmask;
		C->funcs[i].next = C->fhash[h];
		C->fhash[h] = i;
	}
	return i;
}

static void
arc_rehash(cg *C)
{
	size_t cap = (C->amask + 1) * 2;
	if (cap < 1024)
		cap = 1024;
	free(C->ahash);
	C->ahash = xmalloc(cap * sizeof(uint32_t));
	memset(C->ahash, 0xff, cap * sizeof(uint32_t));
	C->amask = cap - 1;
	for (size_t i = 0; i < C->narcs; i++) {
		size_t h = mix2(C->arcs[i].from, C->arcs[i].to) & C->amask;
		C->arcs[i].next = C->ahash[h];
		C->ahash[h] = (uint32_t)i;
	}
}

static uint32_t
arc_get(cg *C, uint32_t from, uint32_t to)
{
	if (C->ahash != NULL) {
		size_t h = mix2(from, to) & C->amask;
		for (uint32_t i = C->ahash[h]; i != UINT32_MAX; i = C->arcs[i].next)
			if (C->arcs[i].from == from && C->arcs[i].to == to)
				return i;
	}
	if (C->narcs == C->carcs) {
		C->carcs = C->carcs ? C->carcs * 2 : 256;
		C->arcs = xrealloc(C->arcs, C->carcs * sizeof(cg_arc));
		C->acost = xrealloc(C->acost, C->carcs * (size_t)C->nev * sizeof(ft_val));
	}
	uint32_t i = (uint32_t)C->narcs++;
	C->arcs[i] = (cg_arc){.from = from, .to = to, .next = UINT32_MAX};
	memset(C->acost + (size_t)i * C->nev, 0, (size_t)C->nev * sizeof(ft_val));
	if (C->ahash == NULL || C->narcs * 2 > C->amask + 1) {
		arc_rehash(C);
	} else {
		size_t h = mix2(from, to) & C->amask;
		C->arcs[i].next = C->ahash[h];
		C->ahash[h] = i;
	}
	return i;
}

/* A number (decimal or "0x" hex) at s[*i..n); 0 with *v, -1 if none or
 * too large. */
static int
number(const char *s, size_t n, size_t *i, uint64_t *v)
{
	size_t k = *i;
	uint64_t x = 0;
	if (k + 1 < n && s[k] == '0' && (s[k + 1] == 'x' || s[k + 1] == 'X')) {
		size_t d = k + 2;
		for (k = d; k < n; k++) {
			int c = s[k];
			int h = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
			if (h < 0)
				break;
			if (x >> 60)
				return -1;
			x = x << 4 | (uint64_t)h;
		}
		if (k == d)
			return -1;
	} else {
		size_t d = k;
		for (; k < n && s[k] >= '0' && s[k] <= '9'; k++) {
			if (x > (UINT64_MAX - (uint64_t)(s[k] - '0')) / 10)
				return -1;
			x = x * 10 + (uint64_t)(s[k] - '0');
		}
		if (k == d)
			return -1;
	}
	*i = k;
	*v = x;
	return 0;
}

/* "(id) name", "(id)" or "name" in s[0..n) for table t: the intern id of
 * the name, or UINT32_MAX with *why set.  File names (t == &C->fl) are
 * not kept, only their ids checked: 0 for them. */
static uint32_t
name_spec(cg *C, cg_names *t, const char *s, size_t n, const char **why)
{
	while (n > 0 && is_blank(*s)) {
		s++;
		n--;
	}
	while (n > 0 && is_blank(s[n - 1]))
		n--;
	if (n >= 2 && s[0] == '(' && s[1] >= '0' && s[1] <= '9') {
		size_t i = 1;
		uint64_t id;
		if (number(s, n, &i, &id) != 0 || i >= n || s[i] != ')') {
			*why = "bad name compression, want `(ID) name` or `(ID)`";
			return UINT32_MAX;
		}
		if (id >= CG_MAX_ID) {
			*why = "name compression id too large";
			return UINT32_MAX;
		}
		i++;
		while (i < n && is_blank(s[i]))
			i++;
		if (i == n) {
			if (id >= t->n || t->ids[id] == 0) {
				*why = "name compression id used before its definition";
				return UINT32_MAX;
			}
			return t->ids[id] - 1;
		}
		uint32_t nm = t == &C->fl ? 0 : intern_get(C->p->names, s + i, n - i,
		    FT_KIND_NONE);
		if (id >= t->n) {
			size_t m = t->n ? t->n : 64;
			while (m <= id)
				m *= 2;
			t->ids = xrealloc(t->ids, m * sizeof(uint32_t));
			memset(t->ids + t->n, 0, (m - t->n) * sizeof(uint32_t));
			t->n = m;
		}
		t->ids[id] = nm + 1; /* a redefinition wins, as in KCachegrind */
		return nm;
	}
	if (t == &C->fl)
		return 0;
	if (n == 0)
		return intern_get(C->p->names, "???", 3, FT_KIND_NONE);
	return intern_get(C->p->names, s, n, FT_KIND_NONE);
}

/* "events: A B C" */
static int
events_line(cg *C, const char *s, size_t n, const char *line, size_t len)
{
	char names[CG_MAX_EVENTS][32];
	int k = 0;
	size_t i = 0;
	while (i < n) {
		while (i < n && is_blank(s[i]))
			i++;
		size_t a = i;
		while (i < n && !is_blank(s[i]))
			i++;
		if (i == a)
			break;
		if (k == CG_MAX_EVENTS)
			return fail(C, "more than 64 event types", line, len) ? -1 : 1;
		size_t l = i - a < 31 ? i - a : 31;
		memcpy(names[k], s + a, l);
		names[k][l] = '\0';
		k++;
	}
	if (k == 0)
		return fail(C, "no event types", line, len) ? -1 : 1;
	if (C->have_events) {
		int same = k == C->nev;
		for (int e = 0; same && e < k; e++)
			same = strcmp(names[e], C->evnames[e]) == 0;
		if (!same) {
			diag_set(C->err, "%s:%ld: a second part with other event types",
			    source_name(C->src), source_lineno(C->src));
			diag_append_text(C->err, line, len);
			return -1;
		}
		return 0;
	}
	C->have_events = 1;
	C->nev = k;
	memcpy(C->evnames, names, sizeof(names));
	return 0;
}

/* Costs (after the positions) at s[i..n) into C->vals.  0, or the reason. */
static const char *
costs(cg *C, const char *s, size_t n, size_t i)
{
	memset(C->vals, 0, (size_t)C->nev * sizeof(ft_val));
	int k = 0;
	for (;;) {
		while (i < n && is_blank(s[i]))
			i++;
		if (i == n)
			return NULL;
		if (k == C->nev)
			return "more costs than event types";
		uint64_t v;
		if (number(s, n, &i, &v) != 0 || (i < n && !is_blank(s[i])))
			return "a cost is not a number";
		if (v > INT64_MAX)
			return "cost too large";
		C->vals[k++] = (ft_val)v;
	}
}

/* A cost line: npos subpositions, then costs.  0, or the reason. */
static const char *
cost_line(cg *C, const char *s, size_t n)
{
	size_t i = 0;
	for (int p = 0; p < C->npos; p++) {
		while (i < n && is_blank(s[i]))
			i++;
		if (i == n)
			return p == 0 ? "no position" : NULL; /* a position only */
		if (s[i] == '*') {
			i++;
		} else {
			if (s[i] == '+' || s[i] == '-')
				i++;
			uint64_t v;
			if (number(s, n, &i, &v) != 0)
				return "a position is not a number, +N, -N or *";
		}
		if (i < n && !is_blank(s[i]))
			return "a position is not a number, +N, -N or *";
	}
	return costs(C, s, n, i);
}

static int
add_vals(ft_val *to, const ft_val *v, int n)
{
	for (int e = 0; e < n; e++)
		if (__builtin_add_overflow(to[e], v[e], &to[e]))
			return -1;
	return 0;
}

static int
overflow(cg *C)
{
	diag_set(C->err, "%s:%ld: costs add up past 64 bits", source_name(C->src),
	    source_lineno(C->src));
	return -1;
}

/* key=value specification lines.  1 when s is one (handled), 0 when not,
 * -1 fatal. */
static int
spec_line(cg *C, const char *line, size_t len)
{
	size_t k = 0;
	while (k < len && ((line[k] >= 'a' && line[k] <= 'z') || (line[k] >= 'A' && line[k] <= 'Z')))
		k++;
	if (k == 0 || k == len || line[k] != '=')
		return 0;
	const char *v = line + k + 1;
	size_t vn = len - k - 1;
	const char *why = NULL;
	uint32_t nm;
#define IS(x) (k == sizeof(x) - 1 && memcmp(line, x, k) == 0)
	if (IS("fn")) {
		if ((nm = name_spec(C, &C->fn, v, vn, &why)) == UINT32_MAX)
			return fail(C, why, line, len) ? -1 : 1;
		C->cur = func_get(C, nm, C->cur_obj);
	} else if (IS("cfn")) {
		if ((nm = name_spec(C, &C->fn, v, vn, &why)) == UINT32_MAX)
			return fail(C, why, line, len) ? -1 : 1;
		C->callee = func_get(C, nm, C->call_obj ? C->call_obj : C->cur_obj);
		C->call_obj = 0;
	} else if (IS("jfn")) {
		if (name_spec(C, &C->fn, v, vn, &why) == UINT32_MAX)
			return fail(C, why, line, len) ? -1 : 1;
	} else if (IS("ob")) {
		if ((nm = name_spec(C, &C->ob, v, vn, &why)) == UINT32_MAX)
			return fail(C, why, line, len) ? -1 : 1;
		C->cur_obj = nm + 1;
	} else if (IS("cob")) {
		if ((nm = name_spec(C, &C->ob, v, vn, &why)) == UINT32_MAX)
			return fail(C, why, line, len) ? -1 : 1;
		C->call_obj = nm + 1;
	} else if (IS("fl") || IS("fi") || IS("fe") || IS("cfi") || IS("cfl") || IS("jfi")) {
		if (name_spec(C, &C->fl, v, vn, &why) == UINT32_MAX)
			return fail(C, why, line, len) ? -1 : 1;
	} else if (IS("calls")) {
		size_t i = 0;
		uint64_t cnt;
		while (i < vn && is_blank(v[i]))
			i++;
		if (number(v, vn, &i, &cnt) != 0)
			return fail(C, "calls= without a count", line, len) ? -1 : 1;
		if (C->cur == UINT32_MAX || C->callee == UINT32_MAX)
			return fail(C, C->cur == UINT32_MAX ? "calls= before any fn=" :
			    "calls= without a cfn= before it", line, len) ? -1 : 1;
		C->in_call = 1;
		C->call_line = source_lineno(C->src);
	} else if (IS("jump") || IS("jcnd")) {
		C->njumps++; /* its position line follows: no cost */
	} else {
		C->rep->comment++; /* a specification this reader has no use for */
		return 1;
	}
#undef IS
	C->rep->valid++;
	return 1;
}

/* "name: value" header lines.  1 handled, 0 not one, -1 fatal. */
static int
header_line(cg *C, const char *line, size_t len)
{
	size_t k = 0;
	while (k < len && ((line[k] >= 'a' && line[k] <= 'z') || (line[k] >= 'A' && line[k] <= 'Z') ||
	    (line[k] >= '0' && line[k] <= '9') || line[k] == '_' || line[k] == '-'))
		k++;
	if (k == 0 || k == len || line[k] != ':')
		return 0;
	const char *v = line + k + 1;
	size_t vn = len - k - 1;
#define IS(x) (k == sizeof(x) - 1 && memcmp(line, x, k) == 0)
	if (IS("events")) {
		int r = events_line(C, v, vn, line, len);
		if (r != 0)
			return r < 0 ? -1 : 1;
		if (C->cfuncs > 0 || C->carcs > 0) {
			/* fn= and cfn= before the events (no costs yet) */
			C->fself = xrealloc(C->fself, C->cfuncs * (size_t)C->nev * sizeof(ft_val) + 1);
			memset(C->fself, 0, C->cfuncs * (size_t)C->nev * sizeof(ft_val));
			C->acost = xrealloc(C->acost, C->carcs * (size_t)C->nev * sizeof(ft_val) + 1);
			memset(C->acost, 0, C->carcs * (size_t)C->nev * sizeof(ft_val));
		}
	} else if (IS("positions")) {
		int np = 0;
		size_t i = 0;
		while (i < vn) {
			while (i < vn && is_blank(v[i]))
				i++;
			size_t a = i;
			while (i < vn && !is_blank(v[i]))
				i++;
			if (i == a)
				break;
			if ((i - a == 5 && memcmp(v + a, "instr", 5) == 0) ||
			    (i - a == 4 && memcmp(v + a, "line", 4) == 0))
				np++;
			else
				return fail(C, "positions: other than instr and line", line, len) ? -1 : 1;
		}
		if (np == 0 || np > 2)
			return fail(C, "positions: other than instr and line", line, len) ? -1 : 1;
		C->npos = np;
	} else if (IS("summary") || IS("totals")) {
		if (!C->have_events)
			return fail(C, "summary: before events:", line, len) ? -1 : 1;
		const char *why = costs(C, v, vn, 0);
		if (why != NULL)
			return fail(C, why, line, len) ? -1 : 1;
		if (!C->have_summary || IS("summary"))
			memcpy(C->summary, C->vals, (size_t)C->nev * sizeof(ft_val));
		C->have_summary = 1;
	} else {
		C->rep->comment++; /* version, creator, cmd, pid, part, desc, event... */
		return 1;
	}
#undef IS
	C->rep->valid++;
	return 1;
}

static int
one_line(cg *C, const char *line, size_t len)
{
	while (len > 0 && (line[len - 1] == '\r' || is_blank(line[len - 1])))
		len--;
	size_t i = 0;
	while (i < len && is_blank(line[i]))
		i++;
	if (i == len) {
		C->rep->blank++;
		return 0;
	}
	if (line[i] == '#') {
		C->rep->comment++;
		return 0;
	}
	char c = line[0];
	if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*') {
		if (!C->have_events) {
			/* cachegrind without events: cannot be read */
			return fail(C, "a cost line before the events: header", line, len);
		}
		const char *why = cost_line(C, line, len);
		if (why != NULL) {
			C->in_call = 0;
			return fail(C, why, line, len);
		}
		if (C->in_call) {
			C->in_call = 0;
			C->ncalls++;
			if (C->callee == C->cur) {
				C->nrec++;
			} else {
				uint32_t a = arc_get(C, C->cur, C->callee);
				if (add_vals(C->acost + (size_t)a * C->nev, C->vals, C->nev) != 0)
					return overflow(C);
			}
		} else {
			if (C->cur == UINT32_MAX)
				return fail(C, "a cost line before any fn=", line, len);
			if (add_vals(C->fself + (size_t)C->cur * C->nev, C->vals, C->nev) != 0)
				return overflow(C);
			C->ncost++;
		}
		C->rep->valid++;
		return 0;
	}
	if (C->in_call) {
		C->in_call = 0;
		if (fail(C, "calls= not followed by its cost line", line, len) != 0)
			return -1;
	}
	int r = spec_line(C, line, len);
	if (r == 0)
		r = header_line(C, line, len);
	if (r == 0)
		return fail(C, "not a callgrind line", line, len);
	return r < 0 ? -1 : 0;
}

/* The tree: see the comment at the top. */

typedef struct cg_frame {
	uint32_t func, node;
	uint32_t k;      /* next out arc to visit */
	int marked;      /* this frame put func on the path */
	size_t w;        /* offset of the weights of [self, arc 0, arc 1...] */
} cg_frame;

/* q * w / t needs 127 bits. */
__extension__ typedef __int128 cg_i128;

typedef struct cg_split {
	uint32_t i;
	uint64_t rem;
} cg_split;

static int
split_cmp(const void *a, const void *b)
{
	const cg_split *x = a, *y = b;
	if (x->rem != y->rem)
		return x->rem > y->rem ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* out[i * ostride] for i in [0, k) = w split in proportion to q[0..k)
 * (which add up to t), in integers that add up to w (largest remainder,
 * ties to the lower index); t == 0: all of w to out[0] (the self cost). */
static void
split(ft_val w, const ft_val *q, size_t k, ft_val t, ft_val *out, size_t ostride,
    cg_split *tmp)
{
	if (t <= 0) {
		for (size_t i = 0; i < k; i++)
			out[i * ostride] = 0;
		out[0] = w; /* all self */
		return;
	}
	ft_val left = w;
	size_t m = 0; /* parts with a remainder: only they can get one more */
	for (size_t i = 0; i < k; i++) {
		uint64_t x64, rem;
		if (q[i] == 0) {
			out[i * ostride] = 0;
			continue;
		}
		if (!__builtin_mul_overflow((uint64_t)q[i], (uint64_t)w, &x64)) {
			out[i * ostride] = (ft_val)(x64 / (uint64_t)t);
			rem = x64 % (uint64_t)t;
		} else {
			cg_i128 x = (cg_i128)q[i] * w;
			out[i * ostride] = (ft_val)(x / t);
			rem = (uint64_t)(x % t);
		}
		left -= out[i * ostride];
		if (rem > 0)
			tmp[m++] = (cg_split){.i = (uint32_t)i, .rem = rem};
	}
	if (left <= 0)
		return;
	/* The remainders add up to left * t, each below t: more than left
	 * parts have one.  A few: picked one by one; many: sorted. */
	if (left <= 4) {
		for (; left > 0; left--) {
			size_t best = 0;
			for (size_t i = 1; i < m; i++)
				if (tmp[i].rem > tmp[best].rem)
					best = i; /* the first of equals: the lower index */
			out[tmp[best].i * ostride]++;
			tmp[best].rem = 0;
		}
		return;
	}
	qsort(tmp, m, sizeof(cg_split), split_cmp);
	for (size_t i = 0; i < m && left > 0; i++, left--)
		out[tmp[i].i * ostride]++;
}

static int
build_tree(cg *C, ft_diag *err, long *negroot_out)
{
	int nev = C->nev;
	size_t nf = C->nfuncs;
	/* Out arcs grouped by caller (counting sort), self calls left out. */
	uint32_t *order = xmalloc((C->narcs + 1) * sizeof(uint32_t));
	for (size_t f = 0; f < nf; f++)
		C->funcs[f].nout = 0;
	for (size_t a = 0; a < C->narcs; a++)
		C->funcs[C->arcs[a].from].nout++;
	uint32_t at = 0;
	for (size_t f = 0; f < nf; f++) {
		C->funcs[f].first = at;
		at += C->funcs[f].nout;
		C->funcs[f].nout = 0;
	}
	for (size_t a = 0; a < C->narcs; a++) {
		cg_func *F = &C->funcs[C->arcs[a].from];
		order[F->first + F->nout++] = (uint32_t)a;
	}
	/* T = self + calls out; root weight = T - calls in. */
	ft_val *T = xcalloc(nf * (size_t)nev + 1, sizeof(ft_val));
	ft_val *R = xcalloc(nf * (size_t)nev + 1, sizeof(ft_val));
	int rc = 0;
	for (size_t f = 0; f < nf && rc == 0; f++)
		if (add_vals(T + f * nev, C->fself + f * nev, nev) != 0)
			rc = -1;
	for (size_t a = 0; a < C->narcs && rc == 0; a++)
		if (add_vals(T + (size_t)C->arcs[a].from * nev, C->acost + a * nev, nev) != 0)
			rc = -1;
	if (rc != 0) {
		diag_set(err, "%s: a function's inclusive cost passes 64 bits", source_name(C->src));
		free(order);
		free(T);
		free(R);
		return -1;
	}
	memcpy(R, T, nf * (size_t)nev * sizeof(ft_val));
	for (size_t a = 0; a < C->narcs; a++)
		for (int e = 0; e < nev; e++)
			R[(size_t)C->arcs[a].to * nev + e] -= C->acost[a * nev + e];
	/* The walk, with a stack of frames; W holds each frame's split
	 * weights ([self, arc 0, arc 1, ...] x events), pushed and popped
	 * with the frames. */
	size_t cw = 1024, nw = 0;
	ft_val *W = xmalloc(cw * sizeof(ft_val));
	size_t cst = 64, nst = 0;
	cg_frame *st = xmalloc(cst * sizeof(cg_frame));
	size_t csp = 64;
	cg_split *sp = xmalloc(csp * sizeof(cg_split));
	ft_val *q = xmalloc(csp * sizeof(ft_val));
	int capped = 0;
	long negroot = 0;
	for (size_t r = 0; r < nf && rc == 0; r++) {
		int any = 0;
		for (int e = 0; e < nev; e++) {
			if (R[r * nev + e] > 0)
				any = 1;
			else if (R[r * nev + e] < 0)
				negroot++;
		}
		if (!any)
			continue;
		/* The root's weights go first on W. */
		if (nw + (size_t)nev > cw) {
			while (nw + (size_t)nev > cw)
				cw *= 2;
			W = xrealloc(W, cw * sizeof(ft_val));
		}
		size_t base = nw;
		for (int e = 0; e < nev; e++)
			W[nw++] = R[r * nev + e] > 0 ? R[r * nev + e] : 0;
		uint32_t fr = (uint32_t)r;
		uint32_t node = profile_child(C->p, FT_ROOT, C->funcs[fr].name);
		while (rc == 0) {
			/* Enter fr at node with weights W[base..base + nev). */
			cg_func *F = &C->funcs[fr];
			int leaf = F->on_path;
			if (!leaf && C->p->nnodes >= CG_MAX_NODES) {
				leaf = 1;
				capped = 1;
			}
			size_t k = leaf ? 1 : (size_t)F->nout + 1;
			size_t need = k * (size_t)nev;
			if (nw + need > cw) {
				while (nw + need > cw)
					cw *= 2;
				W = xrealloc(W, cw * sizeof(ft_val));
			}
			if (k > csp) {
				csp = k;
				sp = xrealloc(sp, csp * sizeof(cg_split));
				q = xrealloc(q, csp * sizeof(ft_val));
			}
			size_t w = nw;
			nw += need;
			for (int e = 0; e < nev; e++) {
				ft_val we = W[base + e];
				if (leaf) {
					W[w + e] = we;
					continue;
				}
				q[0] = C->fself[(size_t)fr * nev + e];
				for (size_t j = 1; j < k; j++)
					q[j] = C->acost[(size_t)order[F->first + j - 1] * nev + e];
				split(we, q, k, T[(size_t)fr * nev + e], W + w + e, (size_t)nev, sp);
			}
			if (profile_add_self(C->p, node, W + w, err) != 0) {
				rc = -1;
				break;
			}
			if (nst == cst) {
				cst *= 2;
				st = xrealloc(st, cst * sizeof(cg_frame));
			}
			st[nst++] = (cg_frame){.func = fr, .node = node, .k = leaf ? F->nout : 0,
			    .marked = !leaf, .w = w};
			if (!leaf)
				F->on_path = 1;
			/* The next call to enter, leaving the frames that are done. */
			int entered = 0;
			while (nst > 0 && !entered) {
				cg_frame *top = &st[nst - 1];
				const cg_func *G = &C->funcs[top->func];
				while (top->k < G->nout) {
					uint32_t j = top->k++;
					size_t cb = top->w + (size_t)(j + 1) * nev;
					int nz = 0;
					for (int e = 0; e < nev; e++)
						nz |= W[cb + e] != 0;
					if (!nz)
						continue;
					fr = C->arcs[order[G->first + j]].to;
					node = profile_child(C->p, top->node, C->funcs[fr].name);
					base = cb;
					entered = 1;
					break;
				}
				if (entered)
					break;
				if (top->marked)
					C->funcs[top->func].on_path = 0;
				nw = top->w;
				nst--;
			}
			if (!entered)
				break;
		}
		nw = 0;
	}
	free(q);
	free(sp);
	free(st);
	free(W);
	free(order);
	free(T);
	free(R);
	if (rc != 0)
		return -1;
	*negroot_out = negroot;
	if (capped)
		load_report_warn(C->rep, "%s: the call tree was cut at %u nodes (deeper calls are "
		    "counted as their caller's self cost)", source_name(C->src), CG_MAX_NODES);
	return 0;
}

static void
cg_free(cg *C)
{
	free(C->fl.ids);
	free(C->fn.ids);
	free(C->ob.ids);
	free(C->funcs);
	free(C->fself);
	free(C->fhash);
	free(C->arcs);
	free(C->acost);
	free(C->ahash);
}

ft_profile *
load_callgrind(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	cg C = {
		.p = profile_new(names, 1),
		.src = src,
		.o = o,
		.rep = rep,
		.err = err,
		.npos = 1,
		.cur = UINT32_MAX,
		.callee = UINT32_MAX,
	};
	C.p->format = "callgrind";
	profile_set_source(C.p, source_name(src));
	rep->what = "line";
	const char *line;
	size_t len;
	int rc;
	long negroot = 0;
	while ((rc = source_getline(src, &line, &len, err)) == 1) {
		rep->lines++;
		if (one_line(&C, line, len) != 0) {
			rc = -1;
			break;
		}
	}
	if (rc == 0 && C.in_call) {
		bad_line(&C, "calls= at the end of the input without its cost line", "", 0);
		if (o->strict) {
			*err = rep->first_bad;
			rc = -1;
		}
	}
	if (rc == 0 && (!C.have_events || C.nfuncs == 0)) {
		if (rep->invalid > 0)
			diag_set(err, "%s: no callgrind costs in %ld lines (first problem: %s)",
			    source_name(src), rep->lines, rep->first_bad.msg);
		else
			diag_set(err, "%s: no callgrind costs found (%s)", source_name(src),
			    C.have_events ? "no fn= lines" : "no events: header");
		rc = -1;
	}
	if (rc == 0) {
		profile_set_nvals(C.p, C.nev);
		for (int e = 0; e < C.nev; e++)
			profile_set_type(C.p, e, C.evnames[e], "count");
		rc = build_tree(&C, err, &negroot);
	}
	if (rc == 0) {
		snprintf(rep->summary, sizeof(rep->summary),
		    "events=%d\npositions=%d\nfunctions=%zu\ncall_arcs=%zu\ncall_lines=%ld\n"
		    "self_calls=%ld\njumps=%ld\ncallers_pay_more=%ld", C.nev, C.npos, C.nfuncs,
		    C.narcs, C.ncalls, C.nrec, C.njumps, negroot);
	}
	cg_free(&C);
	if (rc != 0) {
		profile_free(C.p);
		return NULL;
	}
	if (profile_finish(C.p, o->sort, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", source_name(src), d.msg);
		profile_free(C.p);
		return NULL;
	}
	/* The tree's total against summary: (they differ when the cost lines
	 * miss some of the program's cost, or the calls' costs disagree with
	 * their callees'). */
	for (int e = 0; C.have_summary && e < C.nev; e++) {
		ft_val t = profile_total(C.p, FT_ROOT, e);
		if (t != C.summary[e]) {
			load_report_warn(rep, "%s: the call tree's %s adds up to %lld, the file's "
			    "summary says %lld", source_name(src), C.evnames[e], (long long)t,
			    (long long)C.summary[e]);
			break;
		}
	}
	/* No stacks in the file: the tree's distinct stacks with a cost. */
	for (uint32_t n = 1; n < C.p->nnodes; n++)
		for (int e = 0; e < C.p->nvals; e++)
			if (profile_self(C.p, n, e) != 0) {
				rep->stacks++;
				break;
			}
	return C.p;
}
