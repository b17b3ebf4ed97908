/* load_firefox.c - the Firefox Profiler's formats into a call tree.
 *
 * Two formats (firefox-devtools/profiler, docs-developer/CHANGELOG-formats.md):
 *
 * PROCESSED (what samply writes as profile.json.gz and the Firefox Profiler
 * downloads; meta.preprocessedProfileVersion, absent in the first ones):
 * per thread `samples` {stack, time or timeDeltas (50), weight, weightType
 * samples | tracing-ms | bytes} and the tables as columns of arrays:
 * stackTable {prefix, or prefixOffset (66: 0 a root, k the stack i - k),
 * frame}, frameTable {func, address, lib (70)}, funcTable {name (a string
 * index), resource}, resourceTable {lib, name}; strings in the thread's
 * stringArray (stringTable in the oldest), in shared.stringArray from 56;
 * the tables in `shared` from 60; libs per thread before 41, then at the
 * top.  A version above FF_PROCESSED_MAX is refused.
 *
 * GECKO (Firefox 59-63 exports, meta.version): per thread tables as
 * {schema: {column: position}, data: [rows]} (samples {stack, time},
 * stackTable {prefix, frame}, frameTable {location}), strings in the
 * thread's stringTable, subprocesses nested in `processes` (each a gecko
 * profile with its own meta.startTime), libs with start/end addresses
 * (in the oldest a JSON string).
 *
 * Frames: the function's name; an unsymbolicated frame (a name "0x..." with
 * an address in a library: samply's default, or a gecko location
 * "0xADDR" inside a lib's range) is named from samply's PROFILE.syms.json
 * sidecar when it knows the address, else from the library on this
 * machine when it is the same build (codeId = the file's GNU build id, or
 * breakpadId = its debug id: symbolize.h), else `lib+0xOFFSET`.
 *
 * One tree: each thread's stacks start at its profile_thread_root() (named
 * from the thread and process names, pid and tid).  Columns: one per
 * weight type in order of first use.  Sample times (ms, relative to
 * meta.startTime; a subprocess's shifted by its own startTime) go into the
 * timeline.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/xalloc.h"
#include "input/json.h"
#include "input/loader.h"
#include "input/symbolize.h"
#include "profile/relabel.h"
#include "profile/timeline.h"

#define FF_PROCESSED_MAX 70
#define FF_GECKO_MAX 36
#define NUL INT64_MIN       /* null in an integer column */
#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 64, init)
#define GROW 8              /* values kept per gecko row */

struct col { int64_t *v; size_t n, cap; };
struct dcol { double *v; size_t n, cap; };
struct strs { const char **s; uint32_t *len; size_t n, cap; };

/* Processed columns, per thread or shared. */
enum { C_PREFIX, C_PREFIXOFF, C_SFRAME, C_FFUNC, C_FADDR, C_FLIB, C_FNAME,
	C_FRES, C_RLIB, C_RNAME, NCOLS };
static const struct { const char *table, *col; } colnames[NCOLS] = {
	{"stackTable", "prefix"}, {"stackTable", "prefixOffset"},
	{"stackTable", "frame"}, {"frameTable", "func"}, {"frameTable", "address"},
	{"frameTable", "lib"}, {"funcTable", "name"}, {"funcTable", "resource"},
	{"resourceTable", "lib"}, {"resourceTable", "name"},
};

struct tables {
	struct col c[NCOLS];
	int have[NCOLS];
	struct strs str;
};

struct lib {
	const char *name, *path, *debug_name, *breakpad, *code_id; /* arena */
	int64_t start, end; /* gecko: the lib's addresses, end 0 when unknown */
};

struct libs { struct lib *v; size_t n, cap; int seen; };

/* Gecko rows: GROW numbers a row (NAN: null or absent). */
struct rows { double *v; size_t n, cap; };
enum { G_STACK, G_FRAME, G_SAMP, NG };
enum { S_PREFIX, S_FRAME, S_LOCATION, S_STACK, S_TIME, S_WEIGHT, NS };

struct proc {
	int parent;
	double start;
	int have_start;
	int64_t version;
	struct libs libs;
};

struct thread {
	int proc;
	const char *name, *pname;
	int64_t pid, tid;
	const char *label;  /* threads[k], processes[i].threads[k] */
	struct tables t;
	struct libs libs;
	struct col stack;
	struct dcol time;
	int deltas;        /* times are timeDeltas */
	struct col w;      /* at the loader's scale */
	char wtype[16];
	int gecko;
	struct rows g[NG];
	int sch[NS];
	int column;
};

struct symrow { int64_t rva; uint32_t str; };
struct symlib {
	const char *debug_name, *debug_id, *code_id;
	uint32_t *syms; size_t nsyms, csyms;      /* symbol_table: string index */
	struct symrow *known; size_t nknown, cknown;
};

struct ff {
	const char *path;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_intern *names;
	ft_arena *arena;
	struct proc *procs; size_t nprocs, cprocs;
	int cur_proc[17];
	struct thread *th; size_t nth, cth;
	struct tables shared;
	int64_t pversion;  /* preprocessedProfileVersion, -1 absent */
	int nesting;       /* inside a thread given as JSON text */
	/* The column array being read (its elements all go one place): set
	 * when it starts, so that its values skip the path's keys. */
	size_t arr_depth;
	enum { A_NONE, A_INT, A_TIME, A_WEIGHT, A_STR } arr_kind;
	struct col *arr_col;
	int *arr_have;
	struct strs *arr_strs;
	int scale;
	ft_symbolizer *sym;
	/* samply's sidecar */
	struct symlib *sl; size_t nsl, csl;
	struct strs sstr;
	char sidecar[4096];
	long side_named, side_asked, bin_asked;
};

/* --- reading ------------------------------------------------------------------- */

static struct thread *
cur_thread(struct ff *F)
{
	return F->nth > 0 ? &F->th[F->nth - 1] : NULL;
}

static int
rescale(struct ff *F, int k)
{
	int64_t f = 1;
	for (int i = 0; i < k; i++)
		f *= 10;
	for (size_t t = 0; t < F->nth; t++)
		for (size_t i = 0; i < F->th[t].w.n; i++)
			if (__builtin_mul_overflow(F->th[t].w.v[i], f, &F->th[t].w.v[i]))
				return -1;
	F->scale += k;
	return 0;
}

static int
weight(struct ff *F, ft_json *j, const json_val *v, int64_t *out)
{
	if (v->type == JSON_NULL) {
		*out = NUL;
		return 0;
	}
	if (v->type != JSON_NUM)
		return json_fail(j, "a sample weight is not a number");
	/* Whole numbers (samply's counts): no decimals to weigh. */
	if (v->n <= 15) {
		uint64_t m = 0;
		size_t i = 0;
		while (i < v->n && v->s[i] >= '0' && v->s[i] <= '9')
			m = m * 10 + (uint64_t)(v->s[i++] - '0');
		if (i == v->n && i > 0) {
			int64_t x = (int64_t)m;
			for (int k = 0; k < F->scale; k++)
				if (__builtin_mul_overflow(x, 10, &x))
					return json_fail(j, "a sample weight is out of range");
			*out = x;
			return 0;
		}
	}
	int d = json_decimals(v->s, v->n);
	if (d > FT_MAX_SCALE) {
		if (F->rep->rounded++ == 0)
			json_where(j, &F->rep->first_rounded, "a weight has more than %d "
			    "decimals; rounded", FT_MAX_SCALE);
		d = FT_MAX_SCALE;
	}
	if (d > F->scale && rescale(F, d - F->scale) != 0)
		return json_fail(j, "weights too large for %d decimals", d);
	if (json_fixed(v->s, v->n, F->scale, out, NULL) != 0 || *out < 0)
		return json_fail(j, "a sample weight is negative or out of range");
	return 0;
}

/* An integer column's element: an integer or null. */
static int
intval(ft_json *j, const json_val *v, int64_t *out)
{
	if (v->type == JSON_NULL) {
		*out = NUL;
		return 0;
	}
	if (json_int(v, out) != 0 || *out == NUL)
		return json_fail(j, "not an integer or null");
	return 0;
}

/* A JSON number's value: plain decimals ("12.375") without strtod, whose
 * exactness costs more than the rest of a sample: the first 19 digits
 * (beyond them a time moves by less than 1e-18 of itself), then one
 * division by an exact power of ten.  Exponents: strtod. */
static double
num(const json_val *v)
{
	static const double p10[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
		1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
	const char *c = v->s;
	size_t n = v->n, i = 0;
	int neg = i < n && c[i] == '-';
	i += (size_t)neg;
	uint64_t m = 0;
	int digits = 0, frac = 0;
	for (; i < n && c[i] >= '0' && c[i] <= '9'; i++, digits++)
		m = m * 10 + (uint64_t)(c[i] - '0');
	if (digits > 19)
		return strtod(v->s, NULL);
	if (i < n && c[i] == '.')
		for (i++; i < n && c[i] >= '0' && c[i] <= '9'; i++)
			if (digits < 19 && frac < 22) {
				m = m * 10 + (uint64_t)(c[i] - '0');
				digits++;
				frac++;
			}
	if (i != n)
		return strtod(v->s, NULL);
	double d = (double)m / p10[frac];
	return neg ? -d : d;
}

static void
add_str(struct ff *F, struct strs *S, const json_val *v)
{
	const char *s = v->type == JSON_STR ? arena_strndup(F->arena, v->s, v->n) : "";
	size_t n = v->type == JSON_STR ? v->n : 0;
	if (S->n == S->cap) {
		S->cap = grow_cap(S->cap, S->n + 1, 256);
		S->s = xreallocarray(S->s, S->cap, sizeof(*S->s));
		S->len = xreallocarray(S->len, S->cap, sizeof(*S->len));
	}
	S->s[S->n] = s;
	S->len[S->n++] = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

static int64_t
num_or(const json_val *v, int64_t dflt)
{
	int64_t x;
	if (v != NULL && v->type == JSON_NUM && json_int(v, &x) == 0)
		return x;
	return dflt;
}

static const char *
str_or_null(struct ff *F, const json_val *o, const char *k)
{
	size_t n;
	const char *s = json_get_str(o, k, &n);
	return s != NULL ? arena_strndup(F->arena, s, n) : NULL;
}

static void
add_lib(struct ff *F, struct libs *L, const json_val *v)
{
	struct lib l = {.start = 0};
	if (v->type == JSON_OBJ) {
		l.name = str_or_null(F, v, "name");
		l.path = str_or_null(F, v, "path");
		l.debug_name = str_or_null(F, v, "debugName");
		l.breakpad = str_or_null(F, v, "breakpadId");
		l.code_id = str_or_null(F, v, "codeId");
		l.start = num_or(json_get(v, "start"), 0);
		l.end = num_or(json_get(v, "end"), 0);
		if (l.path == NULL && l.name != NULL && strchr(l.name, '/') != NULL)
			l.path = l.name; /* the oldest: name is the path */
		if (l.name != NULL && strrchr(l.name, '/') != NULL)
			l.name = strrchr(l.name, '/') + 1;
	}
	L->seen = 1;
	PUSH(L->v, L->n, L->cap, l);
}

/* The oldest gecko profiles give libs as JSON text. */
static int
libs_value(void *ctx, ft_json *j, const json_val *v)
{
	void **c = ctx;
	if (json_depth(j) == 1)
		add_lib(c[0], c[1], v);
	return 0;
}

static enum json_mode
libs_enter(void *ctx, ft_json *j, enum json_type t)
{
	(void)ctx;
	(void)t;
	return json_depth(j) == 0 ? JSON_DESCEND : JSON_COLLECT;
}

static void
libs_text(struct ff *F, struct libs *L, const json_val *v)
{
	ft_source *s = source_open_mem(v->s, v->n, F->path);
	void *c[2] = {F, L};
	json_handler h = {.enter = libs_enter, .value = libs_value};
	ft_diag e = {{0}};
	if (json_stream(s, &h, c, NULL, &e) != 0)
		load_report_warn(F->rep, "%s: libs is JSON text that does not parse "
		    "(addresses stay unnamed): %s", F->path, e.msg);
	source_close(s);
}

static int ff_value(void *ctx, ft_json *j, const json_val *v);
static enum json_mode ff_enter(void *ctx, ft_json *j, enum json_type t);
static int ff_leave(void *ctx, ft_json *j, enum json_type t);

/* A thread or a subprocess the oldest gecko profiles give as JSON text:
 * read as {"KEY":[TEXT]} with the same handler (KEY threads or
 * processes). */
static int
nested_text(struct ff *F, ft_json *j, const char *key, const json_val *v)
{
	if (F->nesting > 0)
		return json_fail(j, "%s given as JSON text inside JSON text", key);
	size_t kl = strlen(key), n = v->n + kl + 8;
	char *buf = xmalloc(n);
	int k = snprintf(buf, n, "{\"%s\":[", key);
	memcpy(buf + k, v->s, v->n);
	memcpy(buf + k + v->n, "]}", 2);
	ft_source *s = source_open_mem(buf, (size_t)k + v->n + 2, F->path);
	json_handler h = {.enter = ff_enter, .value = ff_value, .leave = ff_leave};
	ft_diag e = {{0}};
	int saved = F->cur_proc[1];
	F->nesting++;
	int rc = json_stream(s, &h, F, NULL, &e);
	F->nesting--;
	F->cur_proc[1] = saved;
	source_close(s);
	free(buf);
	if (rc != 0)
		return json_fail(j, "in this %s given as JSON text: %s", key, e.msg);
	return 0;
}

/* Where the current path is: b the steps the processes chain takes,
 * *proc its process. */
static size_t
route(struct ff *F, ft_json *j, int *proc)
{
	const json_path *p = json_cur(j);
	size_t b = 0, d = json_depth(j);
	int pr = 0;
	while (d > b + 2 && json_key_is(j, b, "processes") && !p->seg[b + 1].is_key) {
		b += 2;
		pr = F->cur_proc[b / 2 < 16 ? b / 2 : 16];
	}
	*proc = pr;
	return b;
}

static int
table_col(ft_json *j, size_t at_table, size_t at_col)
{
	for (int c = 0; c < NCOLS; c++)
		if (json_key_is(j, at_table, colnames[c].table) &&
		    json_key_is(j, at_col, colnames[c].col))
			return c;
	return -1;
}

static int
is_gtable(ft_json *j, size_t at)
{
	return json_key_is(j, at, "samples") || json_key_is(j, at, "stackTable") ||
	    json_key_is(j, at, "frameTable");
}

static enum json_mode ff_enter_path(struct ff *F, ft_json *j, enum json_type t);

/* What the elements of the array starting here are, when they all go to
 * one place. */
static void
array_target(struct ff *F, ft_json *j)
{
	size_t d = json_depth(j);
	int proc;
	size_t b = route(F, j, &proc);
	size_t r = d - b;
	struct thread *T = cur_thread(F);
	F->arr_kind = A_NONE;
	if (json_key_is(j, b, "shared")) {
		if (r == 2 && json_key_is(j, b + 1, "stringArray")) {
			F->arr_kind = A_STR;
			F->arr_strs = &F->shared.str;
		} else if (r == 3 && table_col(j, b + 1, b + 2) >= 0) {
			int c = table_col(j, b + 1, b + 2);
			F->arr_kind = A_INT;
			F->arr_col = &F->shared.c[c];
			F->arr_have = &F->shared.have[c];
		}
	} else if (json_key_is(j, b, "threads") && T != NULL) {
		if (r == 3 && (json_key_is(j, b + 2, "stringArray") ||
		    json_key_is(j, b + 2, "stringTable"))) {
			F->arr_kind = A_STR;
			F->arr_strs = &T->t.str;
		} else if (r == 4 && json_key_is(j, b + 2, "samples")) {
			if (json_key_is(j, b + 3, "stack")) {
				F->arr_kind = A_INT;
				F->arr_col = &T->stack;
				F->arr_have = NULL;
			} else if (json_key_is(j, b + 3, "time") ||
			    json_key_is(j, b + 3, "timeDeltas")) {
				T->deltas = json_key_is(j, b + 3, "timeDeltas");
				F->arr_kind = A_TIME;
			} else if (json_key_is(j, b + 3, "weight")) {
				F->arr_kind = A_WEIGHT;
			}
		} else if (r == 4) {
			int c = table_col(j, b + 2, b + 3);
			if (c >= 0) {
				F->arr_kind = A_INT;
				F->arr_col = &T->t.c[c];
				F->arr_have = &T->t.have[c];
			}
		}
	}
	if (F->arr_kind != A_NONE)
		F->arr_depth = d;
}

static enum json_mode
ff_enter(void *ctx, ft_json *j, enum json_type t)
{
	struct ff *F = ctx;
	enum json_mode m = ff_enter_path(F, j, t);
	if (m == JSON_DESCEND && t == JSON_ARR && json_depth(j) > 0)
		array_target(F, j);
	return m;
}

static int
ff_leave(void *ctx, ft_json *j, enum json_type t)
{
	struct ff *F = ctx;
	if (F->arr_kind != A_NONE && json_depth(j) <= F->arr_depth)
		F->arr_kind = A_NONE;
	return 0;
}

static enum json_mode
ff_enter_path(struct ff *F, ft_json *j, enum json_type t)
{
	size_t d = json_depth(j);
	if (d == 0) {
		if (t != JSON_OBJ)
			json_fail(j, "a Firefox profile is an object");
		return JSON_DESCEND;
	}
	int proc;
	size_t b = route(F, j, &proc);
	size_t r = d - b;
	if (r == 1)
		return json_key_is(j, b, "meta") || json_key_is(j, b, "threads") ||
		    json_key_is(j, b, "shared") || json_key_is(j, b, "libs") ||
		    json_key_is(j, b, "processes") ? JSON_DESCEND : JSON_SKIP;
	if (json_key_is(j, b, "processes")) {
		if (r == 2 && t == JSON_OBJ) {
			if (b / 2 + 1 > 15) {
				json_fail(j, "processes nested more than 15 deep");
				return JSON_SKIP;
			}
			struct proc P = {.parent = proc, .version = -1};
			PUSH(F->procs, F->nprocs, F->cprocs, P);
			F->cur_proc[b / 2 + 1] = (int)F->nprocs - 1;
			return JSON_DESCEND;
		}
		return JSON_SKIP;
	}
	if (json_key_is(j, b, "libs"))
		return r == 2 ? JSON_COLLECT : JSON_SKIP;
	if (json_key_is(j, b, "meta"))
		return JSON_SKIP;
	if (json_key_is(j, b, "shared")) {
		if (r == 2)
			return json_key_is(j, b + 1, "stringArray") ||
			    json_key_is(j, b + 1, "stackTable") || json_key_is(j, b + 1, "frameTable") ||
			    json_key_is(j, b + 1, "funcTable") ||
			    json_key_is(j, b + 1, "resourceTable") ? JSON_DESCEND : JSON_SKIP;
		return r == 3 && table_col(j, b + 1, b + 2) >= 0 ? JSON_DESCEND : JSON_SKIP;
	}
	/* threads */
	if (r == 2) {
		if (t != JSON_OBJ)
			return JSON_SKIP;
		struct thread T = {.proc = proc, .pid = -1, .tid = -1};
		/* Its path for messages: processes[i].threads[k]. */
		char lab[128];
		size_t ll = 0;
		for (size_t k = 0; k + 1 < d && ll < sizeof(lab) - 40; k += 2)
			ll += (size_t)snprintf(lab + ll, sizeof(lab) - ll, "%s%s[%" PRId64 "]",
			    k > 0 ? "." : "", k + 2 < d ? "processes" : "threads",
			    json_cur(j)->seg[k + 1].index);
		T.label = arena_strndup(F->arena, lab, ll);
		for (int i = 0; i < NS; i++)
			T.sch[i] = -1;
		PUSH(F->th, F->nth, F->cth, T);
		return JSON_DESCEND;
	}
	if (r == 3)
		return json_key_is(j, b + 2, "stringArray") ||
		    json_key_is(j, b + 2, "stringTable") || json_key_is(j, b + 2, "libs") ||
		    json_key_is(j, b + 2, "funcTable") || json_key_is(j, b + 2, "resourceTable") ||
		    is_gtable(j, b + 2) ? JSON_DESCEND : JSON_SKIP;
	if (r == 4) {
		if (json_key_is(j, b + 2, "libs"))
			return JSON_COLLECT;
		if (is_gtable(j, b + 2) && json_key_is(j, b + 3, "schema"))
			return JSON_COLLECT;
		if (is_gtable(j, b + 2) && json_key_is(j, b + 3, "data"))
			return JSON_DESCEND;
		if (json_key_is(j, b + 2, "samples") && (json_key_is(j, b + 3, "stack") ||
		    json_key_is(j, b + 3, "time") || json_key_is(j, b + 3, "timeDeltas") ||
		    json_key_is(j, b + 3, "weight")))
			return JSON_DESCEND;
		return table_col(j, b + 2, b + 3) >= 0 ? JSON_DESCEND : JSON_SKIP;
	}
	if (r == 5 && is_gtable(j, b + 2) && json_key_is(j, b + 3, "data"))
		return JSON_COLLECT;
	return JSON_SKIP;
}

static int
gtable(ft_json *j, size_t at)
{
	return json_key_is(j, at, "samples") ? G_SAMP : json_key_is(j, at, "stackTable") ?
	    G_STACK : G_FRAME;
}

static int
ff_value(void *ctx, ft_json *j, const json_val *v)
{
	struct ff *F = ctx;
	size_t d = json_depth(j);
	if (d == 0)
		return 0;
	if (F->arr_kind != A_NONE && d == F->arr_depth + 1) {
		int64_t x;
		struct thread *T = cur_thread(F);
		switch (F->arr_kind) {
		case A_INT:
			if (intval(j, v, &x) != 0)
				return -1;
			if (F->arr_have != NULL)
				*F->arr_have = 1;
			PUSH(F->arr_col->v, F->arr_col->n, F->arr_col->cap, x);
			return 0;
		case A_TIME: {
			double t = v->type == JSON_NUM ? num(v) : NAN;
			PUSH(T->time.v, T->time.n, T->time.cap, t);
			return 0;
		}
		case A_WEIGHT:
			if (weight(F, j, v, &x) != 0)
				return -1;
			PUSH(T->w.v, T->w.n, T->w.cap, x);
			return 0;
		case A_STR:
			add_str(F, F->arr_strs, v);
			return 0;
		default:
			break;
		}
	}
	int proc;
	size_t b = route(F, j, &proc);
	size_t r = d - b;
	struct proc *P = &F->procs[proc];
	if (json_key_is(j, b, "meta")) {
		if (r != 2)
			return 0;
		if (json_key_is(j, b + 1, "preprocessedProfileVersion") && proc == 0) {
			if (json_int(v, &F->pversion) != 0 || F->pversion < 0)
				return json_fail(j, "preprocessedProfileVersion is not a "
				    "version number");
			if (F->pversion > FF_PROCESSED_MAX)
				return json_fail(j, "processed profile version %" PRId64 " is "
				    "newer than the versions flametui reads (up to %d)",
				    F->pversion, FF_PROCESSED_MAX);
		} else if (json_key_is(j, b + 1, "version")) {
			if (json_int(v, &P->version) != 0 || P->version < 0)
				return json_fail(j, "meta.version is not a version number");
		} else if (json_key_is(j, b + 1, "startTime") && v->type == JSON_NUM) {
			P->start = num(v);
			P->have_start = 1;
		}
		return 0;
	}
	if (json_key_is(j, b, "libs")) {
		if (r == 1 && v->type == JSON_STR)
			libs_text(F, &P->libs, v);
		else if (r == 2)
			add_lib(F, &P->libs, v);
		return 0;
	}
	if (json_key_is(j, b, "processes")) {
		if (r == 2 && v->type == JSON_STR)
			return nested_text(F, j, "processes", v);
		return 0;
	}
	if (json_key_is(j, b, "shared")) {
		if (r == 3 && json_key_is(j, b + 1, "stringArray")) {
			add_str(F, &F->shared.str, v);
			return 0;
		}
		int c = r == 4 ? table_col(j, b + 1, b + 2) : -1;
		if (c < 0)
			return 0;
		int64_t x;
		if (intval(j, v, &x) != 0)
			return -1;
		F->shared.have[c] = 1;
		PUSH(F->shared.c[c].v, F->shared.c[c].n, F->shared.c[c].cap, x);
		return 0;
	}
	if (!json_key_is(j, b, "threads"))
		return 0;
	if (r == 2) {
		if (v->type == JSON_STR)
			return nested_text(F, j, "processes", v); /* a whole subprocess */
		return 0;
	}
	struct thread *T = cur_thread(F);
	if (T == NULL)
		return 0;
	if (r == 3) {
		if (json_key_is(j, b + 2, "name") && v->type == JSON_STR)
			T->name = arena_strndup(F->arena, v->s, v->n);
		else if (json_key_is(j, b + 2, "processName") && v->type == JSON_STR)
			T->pname = arena_strndup(F->arena, v->s, v->n);
		else if (json_key_is(j, b + 2, "pid") || json_key_is(j, b + 2, "tid")) {
			int64_t x = -1;
			if (v->type == JSON_NUM)
				json_int(v, &x);
			else if (v->type == JSON_STR) {
				char *e;
				long long y = strtoll(v->s, &e, 10);
				if (v->n > 0 && *e == '\0')
					x = y;
			}
			*(json_key_is(j, b + 2, "pid") ? &T->pid : &T->tid) = x;
		}
		return 0;
	}
	if (r == 4 && (json_key_is(j, b + 2, "stringArray") ||
	    json_key_is(j, b + 2, "stringTable"))) {
		add_str(F, &T->t.str, v);
		return 0;
	}
	if (r == 4 && json_key_is(j, b + 2, "libs")) {
		add_lib(F, &T->libs, v);
		return 0;
	}
	if (r == 4 && json_key_is(j, b + 2, "samples") && json_key_is(j, b + 3, "weightType")) {
		if (v->type != JSON_STR || (strcmp(v->s, "samples") != 0 &&
		    strcmp(v->s, "tracing-ms") != 0 && strcmp(v->s, "bytes") != 0))
			return json_fail(j, "unknown weightType (samples, tracing-ms or bytes)");
		snprintf(T->wtype, sizeof(T->wtype), "%s", v->s);
		return 0;
	}
	if (r == 4 && is_gtable(j, b + 2) && json_key_is(j, b + 3, "schema")) {
		if (v->type != JSON_OBJ)
			return json_fail(j, "a schema is an object of column positions");
		static const struct { int g; const char *k; int s; } sk[] = {
			{G_STACK, "prefix", S_PREFIX}, {G_STACK, "frame", S_FRAME},
			{G_FRAME, "location", S_LOCATION}, {G_SAMP, "stack", S_STACK},
			{G_SAMP, "time", S_TIME}, {G_SAMP, "weight", S_WEIGHT},
		};
		int g = gtable(j, b + 2);
		T->gecko = 1;
		for (size_t i = 0; i < sizeof(sk) / sizeof(sk[0]); i++) {
			int64_t x;
			if (sk[i].g == g && json_get(v, sk[i].k) != NULL) {
				if (json_int(json_get(v, sk[i].k), &x) != 0 || x < 0 || x >= GROW)
					return json_fail(j, "schema: %s's position must be 0 to %d",
					    sk[i].k, GROW - 1);
				T->sch[sk[i].s] = (int)x;
			}
		}
		return 0;
	}
	if (r == 5 && is_gtable(j, b + 2) && json_key_is(j, b + 3, "data")) {
		if (v->type != JSON_ARR)
			return json_fail(j, "a gecko table row is an array");
		struct rows *R = &T->g[gtable(j, b + 2)];
		T->gecko = 1;
		if (R->n + GROW > R->cap) {
			R->cap = grow_cap(R->cap, R->n + GROW, 64 * GROW);
			R->v = xreallocarray(R->v, R->cap, sizeof(double));
		}
		size_t k = 0;
		for (const json_val *e = v->kids; e != NULL && k < GROW; e = e->next, k++)
			R->v[R->n + k] = e->type == JSON_NUM ? num(e) : NAN;
		for (; k < GROW; k++)
			R->v[R->n + k] = NAN;
		R->n += GROW;
		return 0;
	}
	if (r != 5)
		return 0;
	if (json_key_is(j, b + 2, "samples")) {
		int64_t x;
		if (json_key_is(j, b + 3, "stack")) {
			if (intval(j, v, &x) != 0)
				return -1;
			PUSH(T->stack.v, T->stack.n, T->stack.cap, x);
		} else if (json_key_is(j, b + 3, "time") || json_key_is(j, b + 3, "timeDeltas")) {
			T->deltas = json_key_is(j, b + 3, "timeDeltas");
			double t = v->type == JSON_NUM ? num(v) : NAN;
			PUSH(T->time.v, T->time.n, T->time.cap, t);
		} else if (json_key_is(j, b + 3, "weight")) {
			if (weight(F, j, v, &x) != 0)
				return -1;
			PUSH(T->w.v, T->w.n, T->w.cap, x);
		}
		return 0;
	}
	int c = table_col(j, b + 2, b + 3);
	if (c < 0)
		return 0;
	int64_t x;
	if (intval(j, v, &x) != 0)
		return -1;
	T->t.have[c] = 1;
	PUSH(T->t.c[c].v, T->t.c[c].n, T->t.c[c].cap, x);
	return 0;
}

/* --- samply's .syms.json sidecar ----------------------------------------------- */

static enum json_mode
side_enter(void *ctx, ft_json *j, enum json_type t)
{
	struct ff *F = ctx;
	size_t d = json_depth(j);
	if (d == 0)
		return t == JSON_OBJ ? JSON_DESCEND : JSON_SKIP;
	if (d == 1)
		return json_key_is(j, 0, "data") || json_key_is(j, 0, "string_table") ?
		    JSON_DESCEND : JSON_SKIP;
	if (json_key_is(j, 0, "data")) {
		if (d == 2) {
			struct symlib L = {.debug_name = NULL};
			PUSH(F->sl, F->nsl, F->csl, L);
			return JSON_DESCEND;
		}
		if (d == 3)
			return json_key_is(j, 2, "symbol_table") ||
			    json_key_is(j, 2, "known_addresses") ? JSON_DESCEND : JSON_SKIP;
		if (d == 4)
			return JSON_COLLECT;
	}
	return JSON_SKIP;
}

static int
side_value(void *ctx, ft_json *j, const json_val *v)
{
	struct ff *F = ctx;
	size_t d = json_depth(j);
	if (d == 2 && json_key_is(j, 0, "string_table")) {
		add_str(F, &F->sstr, v);
		return 0;
	}
	if (!json_key_is(j, 0, "data") || F->nsl == 0)
		return 0;
	struct symlib *L = &F->sl[F->nsl - 1];
	if (d == 3 && v->type == JSON_STR) {
		const char *s = arena_strndup(F->arena, v->s, v->n);
		if (json_key_is(j, 2, "debug_name"))
			L->debug_name = s;
		else if (json_key_is(j, 2, "debug_id"))
			L->debug_id = s;
		else if (json_key_is(j, 2, "code_id"))
			L->code_id = s;
	} else if (d == 4 && json_key_is(j, 2, "symbol_table")) {
		int64_t s;
		if (json_int(json_get(v, "symbol"), &s) != 0 || s < 0 || s > UINT32_MAX)
			return json_fail(j, "a symbol needs its string index");
		PUSH(L->syms, L->nsyms, L->csyms, (uint32_t)s);
	} else if (d == 4 && json_key_is(j, 2, "known_addresses")) {
		int64_t a, i;
		if (v->type != JSON_ARR || v->count != 2 || json_int(v->kids, &a) != 0 ||
		    json_int(v->kids->next, &i) != 0 || i < 0 || i > UINT32_MAX)
			return json_fail(j, "a known address is [rva, symbol index]");
		struct symrow s = {.rva = a, .str = (uint32_t)i};
		PUSH(L->known, L->nknown, L->cknown, s);
	}
	return 0;
}

/* PROFILE.syms.json beside the profile: the path with its last extension
 * replaced (samply's Path::with_extension("syms.json")). */
static void
load_sidecar(struct ff *F)
{
	const char *p = F->path;
	if (p == NULL || strcmp(p, "-") == 0 || strstr(p, "://") != NULL)
		return;
	const char *slash = strrchr(p, '/'), *dot = strrchr(p, '.');
	size_t stem = dot != NULL && (slash == NULL || dot > slash + 1) ?
	    (size_t)(dot - p) : strlen(p);
	if (stem + 11 >= sizeof(F->sidecar))
		return;
	memcpy(F->sidecar, p, stem);
	memcpy(F->sidecar + stem, ".syms.json", 11);
	ft_diag e = {{0}};
	ft_source *s = source_open(F->sidecar, &e);
	if (s == NULL) {
		F->sidecar[0] = '\0';
		return;
	}
	json_handler h = {.enter = side_enter, .value = side_value};
	if (json_stream(s, &h, F, NULL, &e) != 0) {
		load_report_warn(F->rep, "%s: not read: %s", F->sidecar, e.msg);
		F->nsl = 0;
		F->sidecar[0] = '\0';
	}
	source_close(s);
}

static int
id_eq(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return 0;
	for (;; a++, b++) {
		while (*a == '-')
			a++;
		while (*b == '-')
			b++;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		if (*a == '\0')
			return 1;
	}
}

static const char *
side_lookup(struct ff *F, const struct lib *l, int64_t rva)
{
	for (size_t i = 0; i < F->nsl; i++) {
		struct symlib *L = &F->sl[i];
		if (!id_eq(L->debug_id, l->breakpad) && !id_eq(L->code_id, l->code_id))
			continue;
		size_t lo = 0, hi = L->nknown;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (L->known[mid].rva < rva)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < L->nknown && L->known[lo].rva == rva && L->known[lo].str < L->nsyms &&
		    L->syms[L->known[lo].str] < F->sstr.n)
			return F->sstr.s[L->syms[L->known[lo].str]];
	}
	return NULL;
}

/* --- building ------------------------------------------------------------------ */

/* The name of an unsymbolicated frame at rva in lib l. */
static uint32_t
addr_name(struct ff *F, const struct lib *l, int64_t rva)
{
	F->side_asked += F->nsl > 0;
	const char *n = F->nsl > 0 ? side_lookup(F, l, rva) : NULL;
	if (n != NULL)
		F->side_named++;
	if (n == NULL && l->path != NULL && (l->code_id != NULL || l->breakpad != NULL)) {
		if (F->sym == NULL)
			F->sym = symbolizer_new();
		n = symbolizer_name_rva(F->sym, l->path, l->code_id, l->breakpad, (uint64_t)rva);
	}
	if (n != NULL)
		return intern_get(F->names, n, strlen(n), FT_KIND_NONE);
	char buf[600];
	const char *ln = l->name != NULL ? l->name : l->debug_name != NULL ? l->debug_name :
	    "?";
	int k = snprintf(buf, sizeof(buf), "%.500s+0x%" PRIx64, ln, (uint64_t)rva);
	return intern_get(F->names, buf, (size_t)k, FT_KIND_NONE);
}

static int
is_hex_name(const char *s, size_t n)
{
	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (size_t i = 2; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

struct build {
	struct ff *F;
	ft_profile *p;
	ft_diag *err;
	uint32_t *memo;   /* stack -> node, per thread */
	uint32_t *fname;  /* frame -> name id (NONE: not yet) */
	const struct tables *fname_for; /* the tables fname is of */
	ft_val vals[64];  /* a sample's values: zero but its column's */
	int64_t *chain;   /* stack_node's walk */
	size_t cchain;
	ft_stackset stacks;
};

#define NONE UINT32_MAX

static int
fail_at(struct build *B, size_t ti, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int
fail_at(struct build *B, size_t ti, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_set(B->err, "%s: %s: %s", B->F->path, B->F->th[ti].label, msg);
	return -1;
}

static const struct libs *
libs_of(struct ff *F, struct thread *T)
{
	if (T->libs.seen)
		return &T->libs;
	for (int p = T->proc;; p = F->procs[p].parent) {
		if (F->procs[p].libs.seen || p == 0)
			return &F->procs[p].libs;
	}
}

/* Processed: the name of frame f. */
static int
proc_frame(struct build *B, size_t ti, struct thread *T, const struct tables *X,
    const struct strs *S, int64_t f, uint32_t *out)
{
	struct ff *F = B->F;
	if (f < 0 || (size_t)f >= X->c[C_FFUNC].n)
		return fail_at(B, ti, "stackTable refers to frame %" PRId64 "; the frameTable "
		    "has %zu", f, X->c[C_FFUNC].n);
	if (B->fname[f] != NONE) {
		*out = B->fname[f];
		return 0;
	}
	int64_t fn = X->c[C_FFUNC].v[f];
	if (fn < 0 || (size_t)fn >= X->c[C_FNAME].n)
		return fail_at(B, ti, "frameTable.func[%" PRId64 "] = %" PRId64 "; the funcTable "
		    "has %zu", f, fn, X->c[C_FNAME].n);
	int64_t si = X->c[C_FNAME].v[fn];
	if (si < 0 || (size_t)si >= S->n)
		return fail_at(B, ti, "funcTable.name[%" PRId64 "] = %" PRId64 "; the string "
		    "table has %zu", fn, si, S->n);
	const char *nm = S->s[si];
	size_t nl = S->len[si];
	int64_t addr = (size_t)f < X->c[C_FADDR].n ? X->c[C_FADDR].v[f] : NUL;
	int64_t lib = NUL;
	if (X->have[C_FLIB])
		lib = (size_t)f < X->c[C_FLIB].n ? X->c[C_FLIB].v[f] : NUL;
	else if ((size_t)fn < X->c[C_FRES].n) {
		int64_t res = X->c[C_FRES].v[fn];
		if (res >= 0 && (size_t)res < X->c[C_RLIB].n)
			lib = X->c[C_RLIB].v[res];
	}
	const struct libs *L = libs_of(F, T);
	if (is_hex_name(nm, nl) && addr >= 0 && lib >= 0 && (size_t)lib < L->n)
		*out = addr_name(F, &L->v[lib], addr);
	else
		*out = intern_get(F->names, nm, nl, FT_KIND_NONE);
	B->fname[f] = *out;
	return 0;
}

/* Gecko: the name of frame f (its location string; an address in a lib
 * becomes lib+0xOFFSET). */
static int
gecko_frame(struct build *B, size_t ti, struct thread *T, int64_t f, uint32_t *out)
{
	struct ff *F = B->F;
	size_t nf = T->g[G_FRAME].n / GROW;
	if (f < 0 || (size_t)f >= nf)
		return fail_at(B, ti, "stackTable refers to frame %" PRId64 "; the frameTable "
		    "has %zu", f, nf);
	if (B->fname[f] != NONE) {
		*out = B->fname[f];
		return 0;
	}
	double loc = T->sch[S_LOCATION] >= 0 ?
	    T->g[G_FRAME].v[(size_t)f * GROW + T->sch[S_LOCATION]] : NAN;
	if (!(loc >= 0 && loc < (double)T->t.str.n) || loc != floor(loc))
		return fail_at(B, ti, "frameTable row %" PRId64 ": location is not a string "
		    "index (the string table has %zu)", f, T->t.str.n);
	const char *nm = T->t.str.s[(size_t)loc];
	size_t nl = T->t.str.len[(size_t)loc];
	const struct libs *L = libs_of(F, T);
	if (is_hex_name(nm, nl) && nl <= 18) {
		uint64_t a = strtoull(nm + 2, NULL, 16);
		for (size_t i = 0; i < L->n; i++)
			if (L->v[i].end > L->v[i].start && a >= (uint64_t)L->v[i].start &&
			    a < (uint64_t)L->v[i].end) {
				*out = B->fname[f] = addr_name(F, &L->v[i],
				    (int64_t)(a - (uint64_t)L->v[i].start));
				return 0;
			}
	}
	*out = B->fname[f] = intern_get(F->names, nm, nl, FT_KIND_NONE);
	return 0;
}

/* The node of stack s under base: its prefix chain walked up to a known
 * node, then down. */
static int
stack_node(struct build *B, size_t ti, struct thread *T, const struct tables *X,
    const struct strs *S, uint32_t base, int64_t s, size_t nstacks, uint32_t *out)
{
	size_t n = 0;
	int64_t cur = s;
	while (cur >= 0 && B->memo[cur] == NONE) {
		if (n == nstacks)
			return fail_at(B, ti, "stackTable: the prefixes of stack %" PRId64 " go "
			    "round in a circle", s);
		PUSH(B->chain, n, B->cchain, cur);
		int64_t pre;
		if (T->gecko) {
			double v = T->sch[S_PREFIX] >= 0 ?
			    T->g[G_STACK].v[(size_t)cur * GROW + T->sch[S_PREFIX]] : NAN;
			pre = v == v ? (int64_t)v : NUL;
			if (v == v && (v != floor(v) || v < 0))
				pre = (int64_t)nstacks;
		} else if (X->have[C_PREFIXOFF]) {
			int64_t k = (size_t)cur < X->c[C_PREFIXOFF].n ? X->c[C_PREFIXOFF].v[cur] : 0;
			pre = k == 0 ? NUL : k > 0 && k <= cur ? cur - k : (int64_t)nstacks;
		} else {
			pre = (size_t)cur < X->c[C_PREFIX].n ? X->c[C_PREFIX].v[cur] : NUL;
		}
		if (pre != NUL && (pre < 0 || (size_t)pre >= nstacks))
			return fail_at(B, ti, "stackTable: the prefix of stack %" PRId64 " is not "
			    "a stack (the table has %zu)", cur, nstacks);
		cur = pre == NUL ? -1 : pre;
	}
	uint32_t node = cur >= 0 ? B->memo[cur] : base;
	while (n > 0) {
		int64_t st = B->chain[--n];
		int64_t f;
		uint32_t name = 0;
		if (T->gecko) {
			double v = T->sch[S_FRAME] >= 0 ?
			    T->g[G_STACK].v[(size_t)st * GROW + T->sch[S_FRAME]] : NAN;
			f = v == v && v == floor(v) ? (int64_t)v : -1;
			if (gecko_frame(B, ti, T, f, &name) != 0)
				return -1;
		} else {
			f = (size_t)st < X->c[C_SFRAME].n ? X->c[C_SFRAME].v[st] : -1;
			if (proc_frame(B, ti, T, X, S, f, &name) != 0)
				return -1;
		}
		node = B->memo[st] = profile_child(B->p, node, name);
	}
	*out = node;
	return 0;
}

static int
build_thread(struct build *B, size_t ti, ft_timeline *tl, double shift)
{
	struct ff *F = B->F;
	struct thread *T = &F->th[ti];
	const struct tables *X = T->gecko || T->t.have[C_SFRAME] || !F->shared.have[C_SFRAME] ?
	    &T->t : &F->shared;
	const struct strs *S = T->t.str.n > 0 || F->shared.str.n == 0 ? &T->t.str : &F->shared.str;
	size_t nstacks, nframes, nsamp;
	if (T->stack.n == 0 && T->g[G_SAMP].n == 0)
		return 0; /* no samples: nothing to check */
	if (T->gecko) {
		if (T->sch[S_STACK] < 0 || T->sch[S_FRAME] < 0 || T->sch[S_LOCATION] < 0)
			return fail_at(B, ti, "a gecko thread needs the schemas of samples "
			    "(stack), stackTable (frame) and frameTable (location)");
		nstacks = T->g[G_STACK].n / GROW;
		nframes = T->g[G_FRAME].n / GROW;
		nsamp = T->g[G_SAMP].n / GROW;
	} else {
		if (!X->have[C_SFRAME] || !X->have[C_FFUNC] || !X->have[C_FNAME])
			return fail_at(B, ti, "missing tables: a processed profile needs "
			    "stackTable.frame, frameTable.func and funcTable.name (in the "
			    "thread, or in shared from version 60)");
		if (!X->have[C_PREFIX] && !X->have[C_PREFIXOFF])
			return fail_at(B, ti, "stackTable has neither prefix nor prefixOffset");
		nstacks = X->c[C_SFRAME].n;
		nframes = X->c[C_FFUNC].n;
		nsamp = T->stack.n;
		if (T->time.n != 0 && T->time.n != nsamp)
			return fail_at(B, ti, "samples has %zu stacks but %zu times", nsamp,
			    T->time.n);
		if (T->w.n != 0 && T->w.n != nsamp)
			return fail_at(B, ti, "samples has %zu stacks but %zu weights", nsamp,
			    T->w.n);
	}
	B->memo = xreallocarray(B->memo, nstacks + 1, sizeof(uint32_t));
	memset(B->memo, 0xff, (nstacks + 1) * sizeof(uint32_t));
	/* Frame names: per thread, but once for all when the tables are
	 * shared (their libs are the profile's). */
	if (X != &F->shared || B->fname_for != X) {
		B->fname = xreallocarray(B->fname, nframes + 1, sizeof(uint32_t));
		memset(B->fname, 0xff, (nframes + 1) * sizeof(uint32_t));
		B->fname_for = X;
	}
	ft_thread th = {.comm = T->pname, .comm_len = T->pname ? strlen(T->pname) : 0,
		.thread = T->name, .thread_len = T->name ? strlen(T->name) : 0,
		.pid = T->pid, .tid = T->tid, .comm_root = 0};
	uint32_t base = FT_ROOT;
	int64_t one = 1;
	for (int i = 0; i < F->scale; i++)
		one *= 10;
	double t = 0;
	for (size_t i = 0; i < nsamp; i++) {
		int64_t s, w = one;
		double tm = NAN;
		if (T->gecko) {
			const double *row = &T->g[G_SAMP].v[i * GROW];
			double v = row[T->sch[S_STACK]];
			if (v != v)
				continue; /* a sample without a stack */
			s = v == floor(v) && v >= 0 && v < 4e18 ? (int64_t)v : -1;
			if (T->sch[S_TIME] >= 0)
				tm = row[T->sch[S_TIME]];
			if (T->sch[S_WEIGHT] >= 0 && row[T->sch[S_WEIGHT]] == row[T->sch[S_WEIGHT]])
				w = (int64_t)llround(row[T->sch[S_WEIGHT]] * (double)one);
		} else {
			s = T->stack.v[i];
			if (T->time.n > 0) {
				tm = T->time.v[i];
				if (T->deltas)
					tm = t += tm;
			}
			if (T->w.n > 0 && T->w.v[i] != NUL)
				w = T->w.v[i];
			if (s == NUL)
				continue;
		}
		if (s < 0 || (size_t)s >= nstacks)
			return fail_at(B, ti, "samples: stack %" PRId64 " is out of range (the "
			    "stackTable has %zu)", s, nstacks);
		if (base == FT_ROOT)
			base = profile_thread_root(B->p, &th);
		uint32_t node = FT_ROOT;
		if (stack_node(B, ti, T, X, S, base, s, nstacks, &node) != 0)
			return -1;
		B->vals[T->column] = w;
		int rc = profile_add_self(B->p, node, B->vals, B->err);
		B->vals[T->column] = 0;
		if (rc != 0)
			return -1;
		F->rep->valid++;
		if (stackset_add(&B->stacks, node))
			F->rep->stacks++;
		double ns = (tm + shift) * 1e6;
		if (tl != NULL && tm == tm && ns > -9e18 && ns < 9e18 &&
		    timeline_add(tl, (int64_t)llround(ns), node, w, T->column) == 0)
			;
		else if (tl != NULL)
			tl->untimed++;
	}
	return 0;
}

static void
tables_free(struct tables *X)
{
	for (int c = 0; c < NCOLS; c++)
		free(X->c[c].v);
	free(X->str.s);
	free(X->str.len);
}

static void
ff_free(struct ff *F)
{
	for (size_t i = 0; i < F->nth; i++) {
		struct thread *T = &F->th[i];
		tables_free(&T->t);
		free(T->libs.v);
		free(T->stack.v);
		free(T->time.v);
		free(T->w.v);
		for (int g = 0; g < NG; g++)
			free(T->g[g].v);
	}
	for (size_t i = 0; i < F->nprocs; i++)
		free(F->procs[i].libs.v);
	for (size_t i = 0; i < F->nsl; i++) {
		free(F->sl[i].syms);
		free(F->sl[i].known);
	}
	free(F->sl);
	free(F->sstr.s);
	free(F->sstr.len);
	free(F->procs);
	free(F->th);
	tables_free(&F->shared);
	symbolizer_free(F->sym);
	arena_free(F->arena);
	intern_unref(F->names);
}

static int
sym_cmp(const void *a, const void *b)
{
	const struct symrow *x = a, *y = b;
	return x->rva < y->rva ? -1 : x->rva > y->rva;
}

ft_profile *
load_firefox(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct ff F = {0};
	F.path = source_name(src);
	F.o = o;
	F.rep = rep;
	F.names = names != NULL ? intern_ref(names) : intern_new();
	F.arena = arena_new();
	F.pversion = -1;
	rep->what = "sample";
	struct proc root = {.parent = 0, .version = -1};
	PUSH(F.procs, F.nprocs, F.cprocs, root);
	json_handler h = {.enter = ff_enter, .value = ff_value, .leave = ff_leave};
	struct build B = {.F = &F, .err = err};
	ft_profile *p = NULL;
	if (json_stream(src, &h, &F, NULL, err) != 0)
		goto fail;
	int gecko = 0;
	for (size_t i = 0; i < F.nth; i++)
		gecko |= F.th[i].gecko;
	int64_t gv = F.procs[0].version;
	if (gecko && F.pversion < 0 && gv > FF_GECKO_MAX) {
		diag_set(err, "%s: gecko profile version %" PRId64 " is newer than the versions "
		    "flametui reads (up to %d)", F.path, gv, FF_GECKO_MAX);
		goto fail;
	}
	if (F.nth == 0) {
		diag_set(err, "%s: a Firefox profile without threads: no samples found", F.path);
		goto fail;
	}
	load_sidecar(&F);
	for (size_t i = 0; i < F.nsl; i++)
		qsort(F.sl[i].known, F.sl[i].nknown, sizeof(struct symrow), sym_cmp);
	/* Columns: one per weight type, in order of first use. */
	int colof[3] = {-1, -1, -1}, ncols = 0, order[3];
	for (size_t i = 0; i < F.nth; i++) {
		struct thread *T = &F.th[i];
		int k = strcmp(T->wtype, "tracing-ms") == 0 ? 1 :
		    strcmp(T->wtype, "bytes") == 0 ? 2 : 0;
		if (colof[k] < 0) {
			order[ncols] = k;
			colof[k] = ncols++;
		}
		T->column = colof[k];
	}
	p = profile_new(F.names, ncols);
	p->scale = F.scale;
	B.p = p;
	for (int c = 0; c < ncols; c++)
		profile_set_type(p, c, order[c] == 0 ? "samples" : order[c] == 1 ? "time" : "space",
		    order[c] == 0 ? "count" : order[c] == 1 ? "milliseconds" : "bytes");
	ft_timeline *tl = timeline_new(0, -1);
	p->timeline = tl;
	for (size_t i = 0; i < F.nth; i++) {
		double shift = 0;
		const struct proc *P = &F.procs[F.th[i].proc];
		if (F.th[i].proc != 0 && P->have_start && F.procs[0].have_start)
			shift = P->start - F.procs[0].start;
		if (build_thread(&B, i, tl, shift) != 0)
			goto fail;
	}
	if (rep->valid == 0) {
		diag_set(err, "%s: the threads have no samples", F.path);
		goto fail;
	}
	if (tl->n == 0) {
		timeline_free(tl);
		p->timeline = NULL;
	}
	p->format = gecko ? "gecko" : "firefox";
	profile_set_source(p, F.path);
	size_t at = 0;
	char *sm = rep->summary;
	size_t cap = sizeof(rep->summary);
	if (gecko)
		at += (size_t)snprintf(sm + at, cap - at, "gecko_version=%" PRId64 "\n", gv);
	else
		at += (size_t)snprintf(sm + at, cap - at, "processed_version=%" PRId64 "%s\n",
		    F.pversion < 0 ? 0 : F.pversion, F.pversion < 0 ? " (before "
		    "preprocessedProfileVersion)" : "");
	at += (size_t)snprintf(sm + at, cap - at, "threads=%zu\n", F.nth);
	if (F.sidecar[0] != '\0' && at < cap)
		at += (size_t)snprintf(sm + at, cap - at, "symbols_sidecar=%ld of %ld frames "
		    "named from %s\n", F.side_named, F.side_asked, F.sidecar);
	if (at < cap)
		symbolizer_summary(F.sym, sm + at, cap - at);
	if (profile_finish(p, o->sort, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", F.path, d.msg);
		goto fail;
	}
	free(B.memo);
	free(B.fname);
	free(B.chain);
	stackset_free(&B.stacks);
	ff_free(&F);
	return p;
fail:
	profile_free(p);
	free(B.memo);
	free(B.fname);
	free(B.chain);
	stackset_free(&B.stacks);
	ff_free(&F);
	return NULL;
}
