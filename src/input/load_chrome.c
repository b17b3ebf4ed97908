/* load_chrome.c - Chrome/Node CPU profiles (.cpuprofile) and Chrome
 * trace-event JSON into a call tree.
 *
 * .cpuprofile (node --cpu-prof, DevTools "Save profile"): `nodes` (id,
 * callFrame, children or parent), `samples` (node ids) and `timeDeltas`
 * (microseconds).  Sample i lasts from its timestamp to the next one's;
 * the last one the mean interval (DevTools' CPUProfileDataModel: the
 * samples' span over their number less one), a lone one to `endTime`;
 * samples out of time order
 * are sorted first, as DevTools does.  Columns: cpu (microseconds, the
 * default) and samples (count).  The `(root)` node is the tree's root;
 * `(program)`, `(idle)` and `(garbage collector)` stay top-level frames
 * as DevTools' Top-Down table shows them.  A frame is the function name
 * (`(anonymous)` when empty); its origin `url:line:col` (1-based) goes to
 * the details panel, or into the name with --lines.
 *
 * Trace events (chrome://tracing, the Performance panel, clang
 * -ftime-trace, node --trace-events-enabled): the array form or an object
 * with `traceEvents`; an array missing its closing bracket is accepted
 * (Chrome writes such files), one cut inside an event is accepted with a
 * warning.  If the trace holds sampled CPU profiles (`Profile` and
 * `ProfileChunk` events, or a legacy `CpuProfile`) those are the profile,
 * one per thread; otherwise the duration events are: `B`/`E` pairs and `X`
 * complete events, nested per thread by time, each frame weighted by its
 * self time (time in it minus time in the events nested in it).  A frame
 * is the event name, plus args.detail when it is a string (clang's "Source
 * foo.h").  Each thread's stacks start at profile_thread_root() (named by
 * `thread_name` and `process_name` metadata), so --group shows threads,
 * processes or neither.  The duration events are kept as spans
 * (profile/spans.h: start, end, node) for the flame chart, time ranges
 * and the speedscope export's evented profiles.
 *
 * Memory: the parsed events, never the text (json.c streams it).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "profile/idmap.h"
#include "profile/spans.h"
#include "profile/timeline.h"
#include "input/json.h"
#include "profile/labels.h"
#include "input/loader.h"
#include "profile/relabel.h"
#include "base/xalloc.h"

#define NONE UINT32_MAX

#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 256, init)

/* Spans and marks, one per duration event (tens of megabytes for a big
 * recording), are big arrays (xalloc.h: huge pages where the kernel
 * offers them, growth by mremap): far fewer page faults. */
#define BIGPUSH(arr, n, cap, init) do {                                     \
		if ((n) == (cap))                                               \
			(arr) = big_grow((arr), &(cap), sizeof(*(arr)));        \
		(arr)[(n)++] = init;                                            \
	} while (0)

static void *
big_grow(void *p, size_t *cap, size_t size)
{
	size_t nc = grow_cap(*cap, *cap + 1, 1024);
	if (nc > SIZE_MAX / size)
		return xreallocarray(p, nc, size); /* reports the overflow */
	p = xbig_realloc(p, *cap * size, nc * size);
	*cap = nc;
	return p;
}

/* One node of a Chrome CPU profile. */
struct cnode {
	int64_t id;
	int64_t parent_id;   /* from a "parent" member, or -1 */
	uint32_t parent;     /* index, resolved at the end */
	uint32_t name;       /* intern id */
	int64_t hits;        /* hitCount, used only without samples */
	uint32_t ft;         /* tree node, NONE until resolved */
	int is_root;         /* "(root)" */
	int native;          /* url "native ...": V8's natives, hidden */
};

struct kid { uint32_t parent; int64_t child; };

/* One CPU profile: a .cpuprofile, or one Profile id of a trace. */
struct cprof {
	struct cnode *nodes; size_t nn, cn;
	ft_idmap ids;
	struct kid *kids; size_t nk, ck;
	int64_t *samples; size_t ns, cs;
	int64_t *deltas; size_t nd, cd;
	int64_t *stamps; size_t nst, cst; /* the old format's timestamps */
	int64_t start, end;
	int have_start, have_end;
	int64_t start_s, end_s;  /* startTime/endTime read as seconds, in
	                          * microseconds (the old format's unit) */
	int have_start_s, have_end_s;
	int old;                 /* the old format: a "head" tree */
	int64_t next_id;         /* ids for old nodes without one */
	uint32_t thread;     /* traces: thread index */
	uint64_t key;        /* traces: hash of pid and profile id */
};

struct thread {
	int64_t pid, tid;
	int str_pid, str_tid;  /* given as strings (hashed above) */
	uint32_t name, pname; /* intern ids or NONE */
	uint32_t node;        /* root frame in the tree */
	int64_t last_ns;      /* latest timestamp seen */
};

/* The legacy global samples (Hermes, old Chrome): "samples" entries name
 * a frame of the "stackFrames" dictionary, whose parents make the stack. */
struct gframe {
	const char *id; size_t idlen; /* the dictionary key, in the arena */
	uint32_t name;                /* intern id */
	const char *parent; size_t plen; /* NULL at a root */
	uint32_t up;                  /* index of the parent, resolved at the end */
};
struct gsample {
	uint32_t thread;
	const char *sf; size_t sflen; /* in the arena */
	int64_t weight;
};

/* A duration: X event, or a matched B/E pair. */
struct span {
	uint32_t thread, name, seq;
	int64_t start, end;  /* nanoseconds */
};

/* A B or E event before matching. */
struct mark {
	uint32_t thread, name, seq;
	int64_t ts;
	int begin;
};

struct ch {
	const char *path;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_intern *names;
	ft_arena *arena;       /* where strings */
	ft_frame_where *where; size_t nwhere, cwhere;
	int trace;             /* trace-event input (else .cpuprofile) */

	struct cprof prof;     /* .cpuprofile */
	struct cprof *profs; size_t nprofs, cprofs;
	ft_idmap prof_ids;

	struct thread *threads; size_t nthreads, cthreads;
	ft_idmap thread_ids;
	int64_t last_pid, last_tid; /* the last numeric (pid, tid) seen ... */
	uint32_t last_thread;       /* ... and its thread, NONE before one */
	char last_text[48];         /* ... as written: pid text, NUL, tid text */
	size_t last_plen, last_tlen;
	struct span *spans; size_t nspans, cspans;
	struct mark *marks; size_t nmarks, cmarks;
	struct gframe *gframes; size_t ngframes, cgframes;
	ft_idmap gframe_ids;   /* hash of the key text -> gframe */
	struct gsample *gsamples; size_t ngsamples, cgsamples;
	uint32_t seq;
	int frac_ns;           /* some timestamp is not a whole microsecond */
	long ignored;          /* events of other phases */
	/* clang -ftime-trace's summary lanes: one X event per lane, "Total
	 * NAME" at ts 0 with args {count, "avg ms"}, the sum of NAME's
	 * events; not time spent, left out of the tree (summary_lanes). */
	long nsummary;
	/* Duration events that cannot be used, counted apart: they go to
	 * the report only when the duration events make the profile (not
	 * when a CPU profile or global samples win over them). */
	long span_invalid;
	ft_diag span_first_bad;
	int64_t summary_us;    /* the longest one (Total ExecuteCompiler) */
	ft_diag *err;
};

static void
bad(struct ch *C, ft_json *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A duration event (X, B, E) that cannot be used: counted apart. */
static void
bad_span(struct ch *C, ft_json *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void
bad_span(struct ch *C, ft_json *j, const char *fmt, ...)
{
	char m[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m, sizeof(m), fmt, ap);
	va_end(ap);
	if (C->span_invalid++ == 0)
		json_where(j, &C->span_first_bad, "%s", m);
}

/* A record that cannot be used: counted, the first one remembered. */
static void
bad(struct ch *C, ft_json *j, const char *fmt, ...)
{
	char m[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m, sizeof(m), fmt, ap);
	va_end(ap);
	if (C->rep->invalid++ == 0)
		json_where(j, &C->rep->first_bad, "%s", m);
}

static uint64_t
hash_bytes(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static uint64_t
mix(uint64_t a, uint64_t b)
{
	uint64_t h = 1469598103934665603ull;
	h = hash_bytes(h, (const char *)&a, sizeof(a));
	return hash_bytes(h, (const char *)&b, sizeof(b));
}

/* --- CPU profile nodes ----------------------------------------------------- */

static void
add_where(struct ch *C, uint32_t name, const char *s, size_t n)
{
	ft_frame_where w = {name, arena_strndup(C->arena, s, n)};
	PUSH(C->where, C->nwhere, C->cwhere, w);
}

/* A callFrame into an interned frame name and its origin. */
static uint32_t
call_frame(struct ch *C, const json_val *cf, int *is_root, int line_base)
{
	size_t fl = 0, ul = 0;
	const char *fn = json_get_str(cf, "functionName", &fl);
	const char *url = json_get_str(cf, "url", &ul);
	int64_t line = -1, col = -1;
	if (json_int(json_get(cf, "lineNumber"), &line) == 0)
		line -= line_base;
	if (json_int(json_get(cf, "columnNumber"), &col) == 0)
		col -= line_base;
	if (fn == NULL || fl == 0) {
		fn = "(anonymous)";
		fl = strlen(fn);
	}
	*is_root = fl == 6 && memcmp(fn, "(root)", 6) == 0 && (url == NULL || ul == 0);
	char loc[1200];
	int ll = 0;
	if (url != NULL && ul > 0) {
		if (line >= 0 && col >= 0)
			ll = snprintf(loc, sizeof(loc), "%.*s:%" PRId64 ":%" PRId64,
			    (int)(ul > 1000 ? 1000 : ul), url, line + 1, col + 1);
		else if (line >= 0)
			ll = snprintf(loc, sizeof(loc), "%.*s:%" PRId64,
			    (int)(ul > 1000 ? 1000 : ul), url, line + 1);
		else
			ll = snprintf(loc, sizeof(loc), "%.*s", (int)(ul > 1000 ? 1000 : ul), url);
	}
	uint32_t id = intern_get_joined(C->names, fn, fl, loc,
	    C->o->lines && ll > 0 ? (size_t)ll : 0, FT_KIND_NONE);
	if (ll > 0)
		add_where(C, id, loc, (size_t)ll);
	return id;
}

/* A node (id, its call frame, its parent's id or -1) into P. */
static int
put_node(struct ch *C, struct cprof *P, ft_json *j, int64_t id, const json_val *cf,
    int64_t parent_id, int64_t hits, int line_base, uint32_t *at_out)
{
	if (idmap_get(&P->ids, (uint64_t)id) != NONE)
		return json_fail(j, "node id %" PRId64 " appears twice", id);
	if (P->nn >= NONE - 1)
		return json_fail(j, "too many nodes");
	struct cnode n = {.id = id, .parent_id = parent_id, .parent = NONE, .hits = hits,
	    .ft = NONE};
	n.name = call_frame(C, cf, &n.is_root, line_base);
	size_t ul = 0;
	const char *url = json_get_str(cf, "url", &ul);
	n.native = url != NULL && ul > 7 && memcmp(url, "native ", 7) == 0;
	uint32_t at = (uint32_t)P->nn;
	PUSH(P->nodes, P->nn, P->cn, n);
	idmap_put(&P->ids, (uint64_t)id, at);
	*at_out = at;
	return 0;
}

/* One element of `nodes`. */
static int
add_node(struct ch *C, struct cprof *P, ft_json *j, const json_val *v)
{
	int64_t id;
	const json_val *cf = json_get(v, "callFrame");
	if (v->type != JSON_OBJ || json_int(json_get(v, "id"), &id) != 0 ||
	    cf == NULL || cf->type != JSON_OBJ)
		return json_fail(j, "a profile node needs an integer id and a callFrame");
	int64_t parent_id = -1, hits = 0;
	const json_val *par = json_get(v, "parent");
	if (par != NULL && json_int(par, &parent_id) != 0)
		return json_fail(j, "node %" PRId64 ": parent is not an integer", id);
	json_int(json_get(v, "hitCount"), &hits);
	uint32_t at;
	if (put_node(C, P, j, id, cf, parent_id, hits, 0, &at) != 0)
		return -1;
	const json_val *kids = json_get(v, "children");
	if (kids != NULL && kids->type == JSON_ARR) {
		for (const json_val *k = kids->kids; k != NULL; k = k->next) {
			struct kid kd = {at, 0};
			if (json_int(k, &kd.child) != 0)
				return json_fail(j, "node %" PRId64 ": children must be integers", id);
			PUSH(P->kids, P->nk, P->ck, kd);
		}
	}
	return 0;
}

/* The old format's "head": a tree of nodes holding their call frame's
 * members (functionName, url, lineNumber 1-based) and their children as
 * objects; walked with a stack of its own. */
static int
add_head(struct ch *C, struct cprof *P, ft_json *j, const json_val *head)
{
	struct hw { const json_val *v; int64_t parent; } *st = NULL;
	size_t n = 0, cap = 0;
	struct hw h0 = {head, -1};
	PUSH(st, n, cap, h0);
	P->old = 1;
	int rc = 0;
	while (n > 0 && rc == 0) {
		struct hw w = st[--n];
		if (w.v->type != JSON_OBJ) {
			rc = json_fail(j, "a head node is not an object");
			break;
		}
		int64_t id;
		if (json_int(json_get(w.v, "id"), &id) != 0)
			id = INT64_MAX - P->next_id++; /* very old files have no ids */
		int64_t hits = 0;
		json_int(json_get(w.v, "hitCount"), &hits);
		uint32_t at;
		if (put_node(C, P, j, id, w.v, w.parent, hits, 1, &at) != 0) {
			rc = -1;
			break;
		}
		const json_val *kids = json_get(w.v, "children");
		if (kids != NULL && kids->type == JSON_ARR)
			for (const json_val *k = kids->kids; k != NULL; k = k->next) {
				struct hw c = {k, id};
				PUSH(st, n, cap, c);
			}
	}
	free(st);
	return rc;
}

static int
add_int(ft_json *j, const json_val *v, int64_t **arr, size_t *n, size_t *cap,
    const char *what)
{
	int64_t x;
	if (json_int(v, &x) != 0)
		return json_fail(j, "%s must hold integers", what);
	PUSH(*arr, *n, *cap, x);
	return 0;
}

/* Resolve parents: children lists and parent ids to indices. */
static int
link_nodes(struct ch *C, struct cprof *P, ft_diag *err)
{
	for (size_t i = 0; i < P->nk; i++) {
		uint32_t c = idmap_get(&P->ids, (uint64_t)P->kids[i].child);
		if (c == NONE) {
			diag_set(err, "%s: profile node %" PRId64 " lists an unknown child %"
			    PRId64, C->path, P->nodes[P->kids[i].parent].id, P->kids[i].child);
			return -1;
		}
		P->nodes[c].parent = P->kids[i].parent;
	}
	for (size_t i = 0; i < P->nn; i++) {
		if (P->nodes[i].parent_id < 0)
			continue;
		uint32_t p = idmap_get(&P->ids, (uint64_t)P->nodes[i].parent_id);
		if (p == NONE) {
			diag_set(err, "%s: profile node %" PRId64 " has an unknown parent %"
			    PRId64, C->path, P->nodes[i].id, P->nodes[i].parent_id);
			return -1;
		}
		P->nodes[i].parent = p;
	}
	return 0;
}

/* The tree node of profile node i under base, creating the path from the
 * nearest resolved ancestor down (iterative; a parent cycle is an error). */
static uint32_t
resolve(struct ch *C, struct cprof *P, ft_profile *p, uint32_t base, uint32_t i,
    uint32_t **stk, size_t *cstk, ft_diag *err)
{
	size_t n = 0;
	uint32_t k = i;
	while (k != NONE && P->nodes[k].ft == NONE) {
		if (n >= P->nn) {
			diag_set(err, "%s: profile node %" PRId64 " is its own ancestor",
			    C->path, P->nodes[i].id);
			return NONE;
		}
		PUSH(*stk, n, *cstk, k);
		k = P->nodes[k].parent;
	}
	uint32_t node = k == NONE ? base : P->nodes[k].ft;
	while (n > 0) {
		struct cnode *c = &P->nodes[(*stk)[--n]];
		if ((c->is_root && c->parent == NONE) || c->native)
			c->ft = node; /* natives: their samples go to the caller */
		else
			c->ft = node = profile_child(p, node, c->name);
	}
	return node;
}

struct order { int64_t t; size_t i; };

static int
cmp_order(const void *a, const void *b)
{
	const struct order *x = a, *y = b;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* p's timeline (timeline.h), made on the first profile with samples: each
 * sample's time and weight (microseconds in column 0, 1 in the samples
 * column); the bounds are the profiles' startTime and endTime (the
 * earliest and the latest when a trace holds several). */
static ft_timeline *
time_start(ft_profile *p, const struct cprof *P)
{
	ft_timeline *tl = p->timeline;
	if (tl == NULL) {
		tl = p->timeline = timeline_new(0, 1);
		tl->idle_rule = FT_IDLE_V8;
	}
	int64_t s, e;
	if (P->have_start && P->have_end &&
	    !__builtin_mul_overflow(P->start, 1000, &s) &&
	    !__builtin_mul_overflow(P->end, 1000, &e)) {
		if (!tl->have_bounds || s < tl->start)
			tl->start = s;
		if (!tl->have_bounds || e > tl->end)
			tl->end = e;
		tl->have_bounds = 1;
	}
	return tl;
}

/* Add a CPU profile's samples under base: vals[0] microseconds, vals[1]
 * the sample count. */
static int
add_cprof(struct ch *C, struct cprof *P, ft_profile *p, uint32_t base,
    ft_stackset *stacks, ft_diag *err)
{
	uint32_t *stk = NULL;
	size_t cstk = 0;
	int rc = -1;
	struct order *ord = NULL;
	if (link_nodes(C, P, err) != 0)
		return -1;
	if (P->nd != P->ns && P->ns > 0) {
		diag_set(err, "%s: %zu samples but %zu timeDeltas", C->path, P->ns, P->nd);
		return -1;
	}
	if (P->ns == 0) {
		/* No samples: hitCount per node, as counts only. */
		for (size_t i = 0; i < P->nn; i++) {
			if (P->nodes[i].hits <= 0)
				continue;
			uint32_t node = resolve(C, P, p, base, (uint32_t)i, &stk, &cstk, err);
			ft_val v[2] = {0, P->nodes[i].hits};
			if (node == NONE || profile_add_self(p, node, v, err) != 0)
				goto out;
			C->rep->valid++;
			if (stackset_add(stacks, node))
				C->rep->stacks++;
		}
		rc = 0;
		goto out;
	}
	/* Timestamps; sorted when some delta is negative. */
	ord = xreallocarray(NULL, P->ns, sizeof(*ord));
	int64_t t = P->start;
	int sorted = 1;
	for (size_t i = 0; i < P->ns; i++) {
		if (__builtin_add_overflow(t, P->deltas[i], &t)) {
			diag_set(err, "%s: timeDeltas overflow", C->path);
			goto out;
		}
		if (P->deltas[i] < 0 && i > 0)
			sorted = 0;
		ord[i] = (struct order){t, i};
	}
	if (!sorted)
		qsort(ord, P->ns, sizeof(*ord), cmp_order);
	ft_timeline *tl = time_start(p, P);
	/* The last sample lasts the mean interval, (last - first) / (n - 1)
	 * rounded half up, as DevTools' CPUProfileDataModel weights it (it
	 * appends last + the average interval to the timestamps); a lone
	 * sample lasts to endTime. */
	int64_t lastw = 0;
	if (P->ns >= 2) {
		uint64_t span = (uint64_t)ord[P->ns - 1].t - (uint64_t)ord[0].t;
		uint64_t gaps = (uint64_t)P->ns - 1;
		lastw = (int64_t)(span / gaps + (span % gaps >= gaps - span % gaps ? 1 : 0));
	}
	for (size_t k = 0; k < P->ns; k++) {
		size_t i = ord[k].i;
		int64_t w = k + 1 == P->ns && P->ns >= 2 ? lastw : 0;
		if ((k + 1 < P->ns && __builtin_sub_overflow(ord[k + 1].t, ord[k].t, &w)) ||
		    (k + 1 == P->ns && P->ns == 1 && P->have_end && P->end > ord[k].t &&
		    __builtin_sub_overflow(P->end, ord[k].t, &w))) {
			diag_set(err, "%s: sample %zu lasts until %s, which overflows 64 "
			    "bits", C->path, ord[k].i, k + 1 < P->ns ? "the next sample" :
			    "endTime");
			goto out;
		}
		uint32_t at = idmap_get(&P->ids, (uint64_t)P->samples[i]);
		if (at == NONE) {
			/* Skipped and counted (its time too), as DevTools
			 * draws the file. */
			if (C->rep->invalid++ == 0)
				diag_set(&C->rep->first_bad, "%s: sample %zu refers to unknown "
				    "node %" PRId64 " (skipped)", C->path, i, P->samples[i]);
			continue;
		}
		uint32_t node = resolve(C, P, p, base, at, &stk, &cstk, err);
		if (node == NONE)
			goto out;
		ft_val v[2] = {w, 1};
		if (profile_add_self(p, node, v, err) != 0)
			goto out;
		int64_t ns;
		if (tl != NULL && (__builtin_mul_overflow(ord[k].t, 1000, &ns) ||
		    timeline_add(tl, ns, node, w, 0) != 0))
			tl->untimed++;
		C->rep->valid++;
		if (stackset_add(stacks, node))
			C->rep->stacks++;
	}
	rc = 0;
out:
	free(ord);
	free(stk);
	return rc;
}

static void
cprof_free(struct cprof *P)
{
	free(P->nodes);
	free(P->kids);
	free(P->samples);
	free(P->deltas);
	free(P->stamps);
	idmap_free(&P->ids);
}

/* --- .cpuprofile streaming ----------------------------------------------------- */

static enum json_mode
cpu_enter(void *ctx, ft_json *j, enum json_type t)
{
	size_t d = json_depth(j);
	if (d == 0) {
		if (t != JSON_OBJ)
			json_fail(j, "a .cpuprofile is an object");
		return JSON_DESCEND;
	}
	if (d == 1 && t == JSON_ARR && (json_key_is(j, 0, "nodes") ||
	    json_key_is(j, 0, "samples") || json_key_is(j, 0, "timeDeltas") ||
	    json_key_is(j, 0, "timestamps")))
		return JSON_DESCEND;
	if (d == 1 && t == JSON_OBJ && json_key_is(j, 0, "head"))
		return JSON_COLLECT;
	if (d == 2 && json_key_is(j, 0, "nodes"))
		return JSON_COLLECT;
	return JSON_SKIP;
}

static int
cpu_value(void *ctx, ft_json *j, const json_val *v)
{
	struct ch *C = ctx;
	struct cprof *P = &C->prof;
	size_t d = json_depth(j);
	if (d == 1) {
		/* startTime and endTime: microseconds, or seconds in the old
		 * format (which may come after them: both are kept). */
		int64_t x;
		if (json_key_is(j, 0, "startTime")) {
			if (json_int(v, &P->start) == 0)
				P->have_start = 1;
			if (v->type == JSON_NUM && json_fixed(v->s, v->n, 6, &x, NULL) == 0) {
				P->start_s = x;
				P->have_start_s = 1;
			}
		} else if (json_key_is(j, 0, "endTime")) {
			if (json_int(v, &P->end) == 0)
				P->have_end = 1;
			if (v->type == JSON_NUM && json_fixed(v->s, v->n, 6, &x, NULL) == 0) {
				P->end_s = x;
				P->have_end_s = 1;
			}
		} else if (json_key_is(j, 0, "head")) {
			return add_head(C, P, j, v);
		}
		return 0;
	}
	if (d != 2)
		return 0;
	if (json_key_is(j, 0, "nodes"))
		return add_node(C, P, j, v);
	if (json_key_is(j, 0, "samples"))
		return add_int(j, v, &P->samples, &P->ns, &P->cs, "samples");
	if (json_key_is(j, 0, "timeDeltas"))
		return add_int(j, v, &P->deltas, &P->nd, &P->cd, "timeDeltas");
	if (json_key_is(j, 0, "timestamps"))
		return add_int(j, v, &P->stamps, &P->nst, &P->cst, "timestamps");
	return 0;
}

/* The old format (v8-profiler, Node <= 10 tooling): startTime and endTime
 * in seconds, absolute timestamps in microseconds instead of timeDeltas;
 * DevTools reads it so (CPUProfileDataModel's legacy branch).  0, or -1
 * with err. */
static int
old_times(struct ch *C, struct cprof *P, ft_diag *err)
{
	if (!P->old)
		return 0;
	P->have_start = P->have_start_s;
	P->start = P->start_s;
	P->have_end = P->have_end_s;
	P->end = P->end_s;
	if (P->nd > 0)
		return 0; /* converted already: timeDeltas given */
	if (P->nst == 0) {
		P->ns = 0; /* no times: hitCount */
		return 0;
	}
	if (P->nst != P->ns) {
		diag_set(err, "%s: %zu samples but %zu timestamps", C->path, P->ns, P->nst);
		return -1;
	}
	if (!P->have_start)
		P->start = P->stamps[0];
	int64_t prev = P->start;
	for (size_t i = 0; i < P->nst; i++) {
		int64_t d;
		if (__builtin_sub_overflow(P->stamps[i], prev, &d)) {
			diag_set(err, "%s: timestamps overflow", C->path);
			return -1;
		}
		PUSH(P->deltas, P->nd, P->cd, d);
		prev = P->stamps[i];
	}
	return 0;
}

/* --- trace events ------------------------------------------------------------- */

/* pid or tid: an integer, or a string (hashed; kept as a name). */
static int
trace_id(struct ch *C, const json_val *v, int64_t *id, uint32_t *name)
{
	*name = NONE;
	if (v == NULL) {
		*id = 0;
		return 0;
	}
	if (json_int(v, id) == 0)
		return 0;
	if (v->type == JSON_STR) {
		*id = (int64_t)(hash_bytes(1469598103934665603ull, v->s, v->n) >> 1);
		*name = intern_get(C->names, v->s, v->n, FT_KIND_NONE);
		return 0;
	}
	return -1;
}

/* The members of a trace event that trace_event() reads (json.c builds
 * only these: JSON_FIELDS); parents before their members. */
enum {
	F_PH, F_NAME, F_PID, F_TID, F_TS, F_DUR, F_ID, F_ARGS,
	F_ARGS_NAME, F_DETAIL, F_DATA,     /* args.name, args.detail, args.data */
	F_START, F_END, F_CPUPROFILE, F_DELTAS, /* args.data.* */
	F_AVG_MS, F_COUNT,                 /* args["avg ms"], args.count */
	F_TDUR,
	NFIELDS
};

static const json_field trace_fields[NFIELDS] = {
	[F_PH] = {"ph", -1}, [F_NAME] = {"name", -1}, [F_PID] = {"pid", -1},
	[F_TID] = {"tid", -1}, [F_TS] = {"ts", -1}, [F_DUR] = {"dur", -1},
	[F_ID] = {"id", -1}, [F_ARGS] = {"args", -1},
	[F_ARGS_NAME] = {"name", F_ARGS}, [F_DETAIL] = {"detail", F_ARGS},
	[F_DATA] = {"data", F_ARGS},
	[F_START] = {"startTime", F_DATA}, [F_END] = {"endTime", F_DATA},
	[F_CPUPROFILE] = {"cpuProfile", F_DATA}, [F_DELTAS] = {"timeDeltas", F_DATA},
	[F_AVG_MS] = {"avg ms", F_ARGS}, [F_COUNT] = {"count", F_ARGS},
	[F_TDUR] = {"tdur", -1},
};

/* The members of a legacy sample that global_sample() reads, found in
 * one pass over it (the first of a repeated key, as json_get()). */
struct evf { const json_val *ph, *name, *pid, *tid, *ts, *dur, *id, *args; };

static void
ev_fields(const json_val *ev, struct evf *f)
{
	memset(f, 0, sizeof(*f));
	for (const json_val *v = ev->kids; v != NULL; v = v->next) {
		const char *k = v->key;
		const json_val **slot = NULL;
		switch (v->keylen) {
		case 2:
			slot = k[0] == 'p' && k[1] == 'h' ? &f->ph : k[0] == 't' && k[1] == 's' ?
			    &f->ts : k[0] == 'i' && k[1] == 'd' ? &f->id : NULL;
			break;
		case 3:
			slot = memcmp(k, "pid", 3) == 0 ? &f->pid : memcmp(k, "tid", 3) == 0 ?
			    &f->tid : memcmp(k, "dur", 3) == 0 ? &f->dur : NULL;
			break;
		case 4:
			slot = memcmp(k, "name", 4) == 0 ? &f->name :
			    memcmp(k, "args", 4) == 0 ? &f->args : NULL;
			break;
		default:
			break;
		}
		if (slot != NULL && *slot == NULL)
			*slot = v;
	}
}

/* A string value's text, or NULL. */
static const char *
str_of(const json_val *v, size_t *n)
{
	if (v == NULL || v->type != JSON_STR)
		return NULL;
	if (n != NULL)
		*n = v->n;
	return v->s;
}

static uint32_t
thread_of(struct ch *C, ft_json *j, const json_val *pidv, const json_val *tidv)
{
	int64_t pid, tid;
	uint32_t pn, tn;
	/* Events come in runs of one thread: the same numbers as written
	 * are the same thread, unparsed. */
	int numtext = pidv != NULL && tidv != NULL && pidv->type == JSON_NUM &&
	    tidv->type == JSON_NUM && pidv->n + tidv->n + 1 < sizeof(C->last_text);
	if (numtext && C->last_thread != NONE && pidv->n == C->last_plen &&
	    tidv->n == C->last_tlen && memcmp(pidv->s, C->last_text, pidv->n) == 0 &&
	    memcmp(tidv->s, C->last_text + pidv->n + 1, tidv->n) == 0)
		return C->last_thread;
	if (trace_id(C, pidv, &pid, &pn) != 0 || trace_id(C, tidv, &tid, &tn) != 0) {
		bad(C, j, "pid or tid is neither a number nor a string");
		return NONE;
	}
	/* Events come in runs of one thread: the last one first. */
	int numeric = pn == NONE && tn == NONE;
	if (numeric && C->last_thread != NONE && pid == C->last_pid && tid == C->last_tid)
		return C->last_thread;
	uint64_t key = mix((uint64_t)pid, (uint64_t)tid);
	uint32_t at = idmap_get(&C->thread_ids, key);
	if (at == NONE) {
		struct thread th = {pid, tid, pn != NONE, tn != NONE, tn, pn, NONE, INT64_MIN};
		at = (uint32_t)C->nthreads;
		PUSH(C->threads, C->nthreads, C->cthreads, th);
		idmap_put(&C->thread_ids, key, at);
	}
	if (numeric) {
		C->last_pid = pid;
		C->last_tid = tid;
		C->last_thread = at;
		C->last_plen = C->last_tlen = SIZE_MAX;
		if (numtext) {
			memcpy(C->last_text, pidv->s, pidv->n);
			memcpy(C->last_text + pidv->n + 1, tidv->s, tidv->n);
			C->last_plen = pidv->n;
			C->last_tlen = tidv->n;
		}
	}
	return at;
}

/* A timestamp in nanoseconds (the file has microseconds). */
static int
ts_ns(struct ch *C, const json_val *v, int64_t *out)
{
	/* Hermes writes timestamps as strings of digits. */
	if (v == NULL || (v->type != JSON_NUM && v->type != JSON_STR))
		return -1;
	int r = 0;
	if (json_fixed(v->s, v->n, 3, out, &r) != 0)
		return -1;
	if (*out % 1000 != 0)
		C->frac_ns = 1;
	return 0;
}

/* Frame name of a duration event: name, plus args.detail when a string. */
static uint32_t
event_name(struct ch *C, const json_val *const *f)
{
	size_t nl = 0, dl = 0;
	const char *name = str_of(f[F_NAME], &nl);
	if (name == NULL) {
		name = "(unnamed)";
		nl = strlen(name);
	}
	const char *detail = str_of(f[F_DETAIL], &dl);
	return intern_get_joined(C->names, name, nl, detail,
	    detail != NULL ? dl : 0, FT_KIND_NONE);
}

/* The CPU profile of a Profile/ProfileChunk event (by pid and id). */
static struct cprof *
profile_of(struct ch *C, ft_json *j, const json_val *const *f, uint32_t thread,
    int legacy)
{
	const json_val *idv = f[F_ID];
	uint64_t key = 0;
	if (idv != NULL && (idv->type == JSON_STR || idv->type == JSON_NUM))
		key = hash_bytes(1469598103934665603ull, idv->s, idv->n);
	key = mix(key, (uint64_t)C->threads[thread].pid);
	/* A legacy CpuProfile event holds a whole profile of its thread: two
	 * of them without an id (a main thread and a worker) are two
	 * profiles. */
	if (legacy && idv == NULL)
		key = mix(key, (uint64_t)C->threads[thread].tid) ^ 1;
	uint32_t at = idmap_get(&C->prof_ids, key);
	if (at == NONE) {
		struct cprof P = {0};
		P.thread = thread;
		P.key = key;
		at = (uint32_t)C->nprofs;
		PUSH(C->profs, C->nprofs, C->cprofs, P);
		idmap_put(&C->prof_ids, key, at);
	}
	return &C->profs[at];
}

static int
take_array(struct ch *C, ft_json *j, const json_val *arr, struct cprof *P, int nodes,
    int64_t **dst, size_t *n, size_t *cap, const char *what)
{
	if (arr == NULL)
		return 0;
	if (arr->type != JSON_ARR)
		return json_fail(j, "%s is not an array", what);
	for (const json_val *v = arr->kids; v != NULL; v = v->next) {
		if (nodes) {
			if (add_node(C, P, j, v) != 0)
				return -1;
		} else if (add_int(j, v, dst, n, cap, what) != 0) {
			return -1;
		}
	}
	return 0;
}

/* Profile, ProfileChunk and the legacy CpuProfile event. */
static int
sampled_event(struct ch *C, ft_json *j, const json_val *const *f, const char *name,
    uint32_t thread)
{
	struct cprof *P = profile_of(C, j, f, thread, strcmp(name, "CpuProfile") == 0);
	if (strcmp(name, "Profile") == 0)
		P->thread = thread; /* chunks come from a sampler thread */
	int64_t t;
	if (json_int(f[F_START], &t) == 0 && !P->have_start) {
		P->start = t;
		P->have_start = 1;
	}
	if (json_int(f[F_END], &t) == 0) {
		P->end = t;
		P->have_end = 1;
	}
	const json_val *cp = f[F_CPUPROFILE];
	const json_val *deltas = f[F_DELTAS];
	if (deltas == NULL)
		deltas = json_get(cp, "timeDeltas");
	if (strcmp(name, "CpuProfile") == 0 && cp != NULL) {
		if (json_int(json_get(cp, "startTime"), &t) == 0) {
			P->start = t;
			P->have_start = 1;
		}
		if (json_int(json_get(cp, "endTime"), &t) == 0) {
			P->end = t;
			P->have_end = 1;
		}
	}
	if (take_array(C, j, json_get(cp, "nodes"), P, 1, NULL, NULL, NULL, "nodes") != 0 ||
	    take_array(C, j, json_get(cp, "samples"), P, 0, &P->samples, &P->ns, &P->cs,
	    "samples") != 0 ||
	    take_array(C, j, deltas, P, 0, &P->deltas, &P->nd, &P->cd, "timeDeltas") != 0)
		return -1;
	if (P->ns != P->nd)
		return json_fail(j, "%zu samples but %zu timeDeltas so far", P->ns, P->nd);
	return 0;
}

/* CPU profiles and global samples win over duration events (load_trace):
 * once the trace has either, duration events are still checked (counted
 * when bad) but no longer kept, and those kept so far are dropped. */
static int
spans_unused(struct ch *C)
{
	if (C->nprofs == 0 && C->ngsamples == 0)
		return 0;
	if (C->spans != NULL || C->marks != NULL) {
		xbig_free(C->spans, C->cspans * sizeof(*C->spans));
		xbig_free(C->marks, C->cmarks * sizeof(*C->marks));
		C->spans = NULL;
		C->marks = NULL;
		C->nspans = C->cspans = C->nmarks = C->cmarks = 0;
	}
	return 1;
}

/* Is this X event one of clang -ftime-trace's summary lanes?  clang
 * (llvm/lib/Support/TimeProfiler.cpp) writes, after the real events, one
 * fake thread per section name holding a single event "Total NAME" at ts
 * 0 whose dur is the sum of NAME's events and whose args are exactly
 * {count, "avg ms"}.  Summed with the real thread they count the same time
 * many times over (18 s for a 3.15 s compile), so they are left out and
 * counted (--info summary_lanes). */
static int
summary_lane(struct ch *C, const json_val *const *f, const char *name)
{
	int64_t ts, dur, count;
	if (name == NULL || strncmp(name, "Total ", 6) != 0 || f[F_AVG_MS] == NULL ||
	    f[F_AVG_MS]->type != JSON_NUM || json_int(f[F_COUNT], &count) != 0 ||
	    json_int(f[F_TS], &ts) != 0 || ts != 0 || json_int(f[F_DUR], &dur) != 0 ||
	    dur < 0)
		return 0;
	if (C->nsummary++ == 0 || dur > C->summary_us)
		C->summary_us = dur;
	return 1;
}

/* One trace event: its fields (json.c, JSON_FIELDS). */
static int
trace_event(void *ctx, ft_json *j, const json_val *const *f)
{
	struct ch *C = ctx;
	size_t phl = 0;
	const char *ph = str_of(f[F_PH], &phl);
	const char *name = str_of(f[F_NAME], NULL);
	if (ph == NULL || phl != 1) {
		bad(C, j, "event without a one-letter ph");
		return 0;
	}
	uint32_t th = thread_of(C, j, f[F_PID], f[F_TID]);
	if (th == NONE)
		return 0;
	int64_t ts = 0, dur = 0;
	switch (ph[0]) {
	case 'M': {
		size_t n;
		const char *s = str_of(f[F_ARGS_NAME], &n);
		if (name == NULL || s == NULL)
			return 0;
		if (strcmp(name, "thread_name") == 0)
			C->threads[th].name = intern_get(C->names, s, n, FT_KIND_NONE);
		else if (strcmp(name, "process_name") == 0)
			C->threads[th].pname = intern_get(C->names, s, n, FT_KIND_NONE);
		return 0;
	}
	case 'P': case 'I': case 'i':
		if (name != NULL && (strcmp(name, "Profile") == 0 ||
		    strcmp(name, "ProfileChunk") == 0 || strcmp(name, "CpuProfile") == 0))
			return sampled_event(C, j, f, name, th);
		C->ignored++;
		return 0;
	case 'X':
		if (summary_lane(C, f, name))
			return 0;
		if (f[F_DUR] == NULL && f[F_TDUR] != NULL) {
			/* Chrome writes an event still running when the
			 * trace was taken with its thread time only. */
			bad_span(C, j, "X event unfinished when the trace was taken "
			    "(a tdur, no dur)");
			return 0;
		}
		if (ts_ns(C, f[F_TS], &ts) != 0 || ts_ns(C, f[F_DUR], &dur) != 0 || dur < 0) {
			bad_span(C, j, "X event without a numeric ts and a non-negative dur");
			return 0;
		}
		if (__builtin_add_overflow(ts, dur, &dur)) {
			bad_span(C, j, "X event ends past the largest timestamp");
			return 0;
		}
		if (spans_unused(C))
			return 0;
		BIGPUSH(C->spans, C->nspans, C->cspans,
		    ((struct span){th, event_name(C, f), C->seq++, ts, dur}));
		if (dur > C->threads[th].last_ns)
			C->threads[th].last_ns = dur;
		return 0;
	case 'B': case 'E':
		if (ts_ns(C, f[F_TS], &ts) != 0) {
			bad_span(C, j, "%c event without a numeric ts", ph[0]);
			return 0;
		}
		if (spans_unused(C))
			return 0;
		BIGPUSH(C->marks, C->nmarks, C->cmarks, ((struct mark){th,
		    ph[0] == 'B' ? event_name(C, f) : NONE, C->seq++, ts, ph[0] == 'B'}));
		if (ts > C->threads[th].last_ns)
			C->threads[th].last_ns = ts;
		return 0;
	default:
		C->ignored++;
		return 0;
	}
}

/* The text of an id given as a number or a string ("sf": 1, "1": {...}),
 * copied into the arena; -1 when it is neither. */
static int
id_text(struct ch *C, const json_val *v, const char **out, size_t *n)
{
	if (v == NULL || (v->type != JSON_NUM && v->type != JSON_STR))
		return -1;
	*out = arena_strndup(C->arena, v->s, v->n);
	*n = v->n;
	return 0;
}

static uint32_t
gframe_find(const struct ch *C, const char *id, size_t n)
{
	uint32_t at = idmap_get(&C->gframe_ids, hash_bytes(1469598103934665603ull, id, n));
	if (at == NONE || C->gframes[at].idlen != n || memcmp(C->gframes[at].id, id, n) != 0)
		return NONE;
	return at;
}

/* One entry of the stackFrames dictionary: "ID": {name, parent, ...}. */
static int
global_frame(struct ch *C, ft_json *j, const json_val *v)
{
	size_t kl;
	const char *k = json_key(j, 1, &kl);
	if (v->type != JSON_OBJ || k == NULL) {
		bad(C, j, "a stack frame is not an object");
		return 0;
	}
	uint64_t h = hash_bytes(1469598103934665603ull, k, kl);
	if (idmap_get(&C->gframe_ids, h) != NONE)
		return json_fail(j, "stack frame id repeated (or two ids hash alike)");
	struct gframe f = {arena_strndup(C->arena, k, kl), kl, 0, NULL, 0, NONE};
	size_t nl = 0;
	const char *name = json_get_str(v, "name", &nl);
	if (name == NULL) {
		name = "(unnamed)";
		nl = strlen(name);
	}
	f.name = intern_get(C->names, name, nl, FT_KIND_NONE);
	const json_val *par = json_get(v, "parent");
	if (par != NULL && par->type != JSON_NULL && id_text(C, par, &f.parent, &f.plen) != 0) {
		bad(C, j, "a stack frame's parent is neither a number nor a string");
		return 0;
	}
	idmap_put(&C->gframe_ids, h, (uint32_t)C->ngframes);
	PUSH(C->gframes, C->ngframes, C->cgframes, f);
	return 0;
}

/* One entry of the samples array: {pid, tid, sf, weight, ...}. */
static int
global_sample(struct ch *C, ft_json *j, const json_val *v)
{
	if (v->type != JSON_OBJ) {
		bad(C, j, "a sample is not an object");
		return 0;
	}
	struct evf f;
	ev_fields(v, &f);
	struct gsample g = {0, NULL, 0, 1};
	if (id_text(C, json_get(v, "sf"), &g.sf, &g.sflen) != 0) {
		bad(C, j, "sample without an sf (stack frame id)");
		return 0;
	}
	const json_val *w = json_get(v, "weight");
	/* Hermes writes numbers as strings of digits. */
	if (w != NULL && ((w->type != JSON_NUM && w->type != JSON_STR) ||
	    json_fixed(w->s, w->n, 0, &g.weight, NULL) != 0 || g.weight < 0)) {
		bad(C, j, "sample weight is not a non-negative integer");
		return 0;
	}
	if ((g.thread = thread_of(C, j, f.pid, f.tid)) == NONE)
		return 0;
	PUSH(C->gsamples, C->ngsamples, C->cgsamples, g);
	return 0;
}

/* Is the current value a trace event: [ ev, ... ] or
 * { "traceEvents": [ ev, ... ], ... }? */
static int
at_event(ft_json *j)
{
	size_t d = json_depth(j);
	return (d == 1 && json_key(j, 0, &(size_t){0}) == NULL) ||
	    (d == 2 && json_key_is(j, 0, "traceEvents"));
}

static enum json_mode
trace_enter(void *ctx, ft_json *j, enum json_type t)
{
	size_t d = json_depth(j);
	if (d == 0)
		return JSON_DESCEND;
	if (at_event(j)) {
		if (t == JSON_OBJ)
			return JSON_FIELDS; /* trace_fields, then trace_event() */
		bad(ctx, j, "a trace event is not an object");
		return JSON_SKIP;
	}
	if (d == 1 && json_key_is(j, 0, "traceEvents") && t == JSON_ARR)
		return JSON_DESCEND;
	/* The legacy global samples and their stack frame dictionary. */
	if (d == 1 && ((json_key_is(j, 0, "samples") && t == JSON_ARR) ||
	    (json_key_is(j, 0, "stackFrames") && t == JSON_OBJ)))
		return JSON_DESCEND;
	if (d == 2 && (json_key_is(j, 0, "samples") || json_key_is(j, 0, "stackFrames")))
		return JSON_COLLECT;
	return JSON_SKIP;
}

static int
trace_value(void *ctx, ft_json *j, const json_val *v)
{
	struct ch *C = ctx;
	size_t d = json_depth(j);
	if (at_event(j)) { /* a scalar where an event should be */
		bad(C, j, "a trace event is not an object");
		return 0;
	}
	if (d == 2 && json_key_is(j, 0, "samples"))
		return global_sample(C, j, v);
	if (d == 2 && json_key_is(j, 0, "stackFrames"))
		return global_frame(C, j, v);
	if (d == 0 && v->type != JSON_OBJ && v->type != JSON_ARR)
		return json_fail(j, "a trace is an array or an object");
	return 0;
}

/* --- duration events to stacks ------------------------------------------------- */

static int
cmp_mark(const void *a, const void *b)
{
	const struct mark *x = a, *y = b;
	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Nesting order: by thread, start, longer first, then file order. */
static int
cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* B/E pairs into spans: E closes the latest open B of its thread; a B
 * never closed ends at the thread's last timestamp. */
static void
match_marks(struct ch *C)
{
	if (C->nmarks == 0)
		return;
	qsort(C->marks, C->nmarks, sizeof(*C->marks), cmp_mark);
	size_t *open = NULL, nopen = 0, copen = 0;
	long unmatched = 0, unclosed = 0;
	for (size_t i = 0; i <= C->nmarks; i++) {
		if (i == C->nmarks || (i > 0 && C->marks[i].thread != C->marks[i - 1].thread)) {
			while (nopen > 0) {
				const struct mark *m = &C->marks[open[--nopen]];
				int64_t end = C->threads[m->thread].last_ns;
				BIGPUSH(C->spans, C->nspans, C->cspans,
				    ((struct span){m->thread, m->name, m->seq, m->ts, end}));
				unclosed++;
			}
			if (i == C->nmarks)
				break;
		}
		const struct mark *m = &C->marks[i];
		if (m->begin) {
			PUSH(open, nopen, copen, i);
		} else if (nopen == 0) {
			unmatched++;
		} else {
			const struct mark *b = &C->marks[open[--nopen]];
			BIGPUSH(C->spans, C->nspans, C->cspans,
			    ((struct span){b->thread, b->name, b->seq, b->ts, m->ts}));
		}
	}
	free(open);
	if (unmatched > 0 || unclosed > 0) {
		if (C->rep->invalid == 0)
			diag_set(&C->rep->first_bad, "%s: %ld E event%s without a B, %ld B "
			    "event%s never ended (closed at the thread's last timestamp)",
			    C->path, unmatched, unmatched == 1 ? "" : "s", unclosed,
			    unclosed == 1 ? "" : "s");
		C->rep->invalid += unmatched + unclosed;
	}
}

/* Root of thread th's stacks: a thread frame ("name-pid/tid") that
 * --group keeps, merges into its process ("process-pid") or drops
 * (relabel.h).  Names from thread_name / process_name metadata. */
static uint32_t
thread_node(struct ch *C, ft_profile *p, uint32_t th)
{
	struct thread *t = &C->threads[th];
	if (t->node != NONE)
		return t->node;
	uint32_t pn = t->pname;
	for (size_t i = 0; pn == NONE && i < C->nthreads; i++)
		if (C->threads[i].pid == t->pid)
			pn = C->threads[i].pname;
	ft_thread r = {NULL, 0, NULL, 0, t->str_pid ? -1 : t->pid,
	    t->str_tid ? -1 : t->tid, 0};
	if (pn != NONE) {
		r.comm = intern_str(C->names, pn);
		r.comm_len = intern_len(C->names, pn);
	}
	if (t->name != NONE) {
		r.thread = intern_str(C->names, t->name);
		r.thread_len = intern_len(C->names, t->name);
	}
	t->node = profile_thread_root(p, &r);
	return t->node;
}

/* The global samples into the tree: each sample's frame and its parents
 * in the stackFrames dictionary, root first, under its thread's frame;
 * weight = its "weight" (1 when absent) in the samples column. */
static int
add_global(struct ch *C, ft_profile *p, ft_stackset *stacks, ft_diag *err)
{
	for (size_t i = 0; i < C->ngframes; i++) {
		struct gframe *f = &C->gframes[i];
		if (f->parent == NULL)
			continue;
		f->up = gframe_find(C, f->parent, f->plen);
		if (f->up == NONE) {
			diag_set(err, "%s: stack frame %.*s: its parent %.*s is not in stackFrames",
			    C->path, (int)(f->idlen > 60 ? 60 : f->idlen), f->id,
			    (int)(f->plen > 60 ? 60 : f->plen), f->parent);
			return -1;
		}
	}
	ft_idmap nodes = {0}; /* (thread, frame) -> node */
	uint32_t *chain = NULL;
	size_t cchain = 0;
	int rc = 0;
	for (size_t i = 0; i < C->ngsamples && rc == 0; i++) {
		const struct gsample *g = &C->gsamples[i];
		uint32_t fi = gframe_find(C, g->sf, g->sflen);
		if (fi == NONE) {
			if (C->rep->invalid++ == 0)
				diag_set(&C->rep->first_bad, "%s: samples[%zu]: sf %.*s is not in "
				    "stackFrames", C->path, i, (int)(g->sflen > 60 ? 60 : g->sflen),
				    g->sf);
			continue;
		}
		uint64_t key = mix(g->thread, fi);
		uint32_t node = idmap_get(&nodes, key);
		if (node == NONE) {
			size_t n = 0;
			for (uint32_t at = fi; at != NONE; at = C->gframes[at].up) {
				if (n > C->ngframes) {
					diag_set(err, "%s: stack frame %.*s: its parents form a loop",
					    C->path, (int)(g->sflen > 60 ? 60 : g->sflen), g->sf);
					rc = -1;
					break;
				}
				if (n == cchain) {
					cchain = grow_cap(cchain, n + 1, 64);
					chain = xreallocarray(chain, cchain, sizeof(uint32_t));
				}
				chain[n++] = at;
			}
			if (rc != 0)
				break;
			node = thread_node(C, p, g->thread);
			while (n-- > 0)
				node = profile_child(p, node, C->gframes[chain[n]].name);
			idmap_put(&nodes, key, node);
		}
		ft_val w = g->weight;
		if (profile_add_self(p, node, &w, err) != 0) {
			ft_diag d = *err;
			diag_set(err, "%s: %s", C->path, d.msg);
			rc = -1;
			break;
		}
		C->rep->valid++;
		if (stackset_add(stacks, node))
			C->rep->stacks++;
	}
	free(chain);
	idmap_free(&nodes);
	return rc;
}

/* Spans into the tree: a stack of open spans per thread; each span adds
 * its length to its frame and takes it from its parent's self time.  A
 * span overlapping its parent's end is cut there. */
static int
add_spans(struct ch *C, ft_profile *p, ft_stackset *stacks, ft_diag *err)
{
	qsort(C->spans, C->nspans, sizeof(*C->spans), cmp_span);
	struct open { uint32_t node; int64_t end; } *st = NULL;
	size_t n = 0, cap = 0;
	int64_t scale = C->frac_ns ? 1 : 1000;
	long cut = 0;
	for (size_t i = 0; i < C->nspans; i++) {
		const struct span *s = &C->spans[i];
		if (i == 0 || s->thread != C->spans[i - 1].thread)
			n = 0;
		while (n > 0 && st[n - 1].end <= s->start)
			n--;
		int64_t end = s->end;
		if (n > 0 && end > st[n - 1].end) {
			end = st[n - 1].end;
			cut++;
		}
		ft_val v;
		if (__builtin_sub_overflow(end, s->start, &v)) {
			/* Its length is not a 64-bit number: malformed, not summed. */
			if (C->rep->invalid++ == 0)
				diag_set(&C->rep->first_bad, "%s: an event from %" PRId64 " to %"
				    PRId64 " ns lasts longer than 64 bits hold (skipped)",
				    C->path, s->start, end);
			continue;
		}
		v /= scale;
		ft_val neg = -v;
		uint32_t parent = n > 0 ? st[n - 1].node : thread_node(C, p, s->thread);
		uint32_t node = profile_child(p, parent, s->name);
		if (profile_add_self(p, node, &v, err) != 0 ||
		    (n > 0 && profile_add_self(p, parent, &neg, err) != 0)) {
			free(st);
			return -1;
		}
		C->rep->valid++;
		if (stackset_add(stacks, node))
			C->rep->stacks++;
		/* The span as the tree counts it (spans.h): cut at its
		 * parent's end. */
		if (p->spans == NULL)
			p->spans = spans_new();
		(void)spans_add(p->spans, s->start, end, node);
		PUSH(st, n, cap, ((struct open){node, end}));
	}
	free(st);
	if (cut > 0 && C->rep->invalid == 0)
		diag_set(&C->rep->first_bad, "%s: %ld event%s overlap their parent's end "
		    "(cut there)", C->path, cut, cut == 1 ? "" : "s");
	C->rep->invalid += cut;
	return 0;
}

/* --- entry points ----------------------------------------------------------------- */

static void
ch_free(struct ch *C)
{
	cprof_free(&C->prof);
	for (size_t i = 0; i < C->nprofs; i++)
		cprof_free(&C->profs[i]);
	free(C->profs);
	idmap_free(&C->prof_ids);
	free(C->threads);
	idmap_free(&C->thread_ids);
	xbig_free(C->spans, C->cspans * sizeof(*C->spans));
	xbig_free(C->marks, C->cmarks * sizeof(*C->marks));
	free(C->gframes);
	idmap_free(&C->gframe_ids);
	free(C->gsamples);
	free(C->where);
	arena_free(C->arena);
	intern_unref(C->names);
}

static void
ch_init(struct ch *C, ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	memset(C, 0, sizeof(*C));
	C->path = source_name(src);
	C->o = o;
	C->rep = rep;
	C->err = err;
	C->names = names != NULL ? intern_ref(names) : intern_new();
	C->arena = arena_new();
	C->last_thread = NONE;
	rep->what = "event";
}

/* Each thread's name as the label `thread` of every stack under its root
 * frame (as JFR's), so --tagfocus thread=... and the details panel's
 * breakdown work on traces; threads without a name get no label. */
static void
thread_labels(struct ch *C, ft_profile *p)
{
	ft_labelsets *ls = labelsets_new();
	uint32_t key = labelsets_str(ls, "thread", 6), unit = labelsets_str(ls, "", 0);
	uint32_t *set = xcalloc(p->nnodes ? p->nnodes : 1, sizeof(uint32_t));
	int any = 0;
	for (size_t i = 0; i < C->nthreads; i++) {
		const struct thread *t = &C->threads[i];
		if (t->node == NONE || t->name == NONE)
			continue;
		ft_label l = {key, labelsets_str(ls, intern_str(C->names, t->name),
		    intern_len(C->names, t->name)), 0, unit};
		set[t->node] = labelsets_intern(ls, &l, 1);
		any = 1;
	}
	if (any) {
		/* Parents come before children: one pass hands each set down. */
		for (uint32_t n = 1; n < p->nnodes; n++)
			if (set[n] == 0 && p->nodes[n].parent != FT_ROOT)
				set[n] = set[p->nodes[n].parent];
		p->labels = labelled_new(ls, p->nvals);
		ft_diag d;
		for (uint32_t n = 0; n < p->nnodes; n++) {
			const ft_val *row = &p->total[(size_t)n * (size_t)p->nvals];
			int nz = 0;
			for (int c = 0; c < p->nvals; c++)
				nz |= row[c] != 0;
			if (nz)
				labelled_add(p->labels, n, set[n], row, &d); /* sums of one row: no overflow */
		}
		const char **keys = arena_alloc(p->arena, sizeof(char *));
		keys[0] = profile_strdup(p, "thread", 6);
		p->label_keys = keys;
		p->nlabel_keys = 1;
	}
	free(set);
	labelsets_unref(ls);
}

/* Common end: where table, finish, strict mode. */
static ft_profile *
finish(struct ch *C, ft_profile *p, ft_diag *err)
{
	if (C->nwhere > 0 && C->nwhere <= UINT32_MAX)
		profile_set_where(p, C->where, (uint32_t)C->nwhere);
	if (C->o->strict && C->rep->invalid > 0) {
		diag_set(err, "%s", C->rep->first_bad.msg);
		profile_free(p);
		return NULL;
	}
	if (profile_finish(p, C->o->sort, p->deftype, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", C->path, d.msg);
		profile_free(p);
		return NULL;
	}
	return p;
}

ft_profile *
load_cpuprofile(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct ch C;
	ch_init(&C, src, names, o, rep, err);
	rep->what = "sample";
	json_handler h = {.enter = cpu_enter, .value = cpu_value};
	ft_profile *p = NULL;
	if (json_stream(src, &h, &C, NULL, err) != 0)
		goto out;
	if (C.prof.nn == 0) {
		diag_set(err, "%s: a .cpuprofile without nodes: no stacks found", C.path);
		goto out;
	}
	if (old_times(&C, &C.prof, err) != 0)
		goto out;
	p = profile_new(C.names, 2);
	p->format = "cpuprofile";
	profile_set_source(p, C.path);
	profile_set_type(p, 0, "cpu", "microseconds");
	profile_set_type(p, 1, "samples", "count");
	p->deftype = C.prof.ns > 0 ? 0 : 1;
	ft_stackset stacks = {0};
	int rc = add_cprof(&C, &C.prof, p, FT_ROOT, &stacks, err);
	stackset_free(&stacks);
	if (rc != 0) {
		profile_free(p);
		p = NULL;
		goto out;
	}
	if (rep->valid == 0) {
		diag_set(err, "%s: the profile has no samples", C.path);
		profile_free(p);
		p = NULL;
		goto out;
	}
	p = finish(&C, p, err);
out:
	ch_free(&C);
	return p;
}

ft_profile *
load_trace(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct ch C;
	ch_init(&C, src, names, o, rep, err);
	C.trace = 1;
	json_handler h = {.enter = trace_enter, .value = trace_value,
	    .fields = trace_fields, .nfields = NFIELDS, .record = trace_event};
	json_opts jo = {1, 0, 0};
	ft_profile *p = NULL;
	ft_stackset stacks = {0};
	if (json_stream(src, &h, &C, &jo, err) != 0)
		goto out;
	if (jo.truncated == 2) {
		if (rep->invalid++ == 0)
			diag_set(&rep->first_bad, "%s: the trace ends inside an event "
			    "(that event was dropped)", C.path);
	}
	for (size_t i = 0; i < C.nthreads; i++)
		C.threads[i].node = NONE;
	if (C.nprofs > 0) {
		p = profile_new(C.names, 2);
		profile_set_type(p, 0, "cpu", "microseconds");
		profile_set_type(p, 1, "samples", "count");
		for (size_t i = 0; i < C.nprofs; i++) {
			uint32_t base = thread_node(&C, p, C.profs[i].thread);
			if (add_cprof(&C, &C.profs[i], p, base, &stacks, err) != 0)
				goto fail;
		}
	} else if (C.ngsamples > 0) {
		p = profile_new(C.names, 1);
		profile_set_type(p, 0, "samples", "count");
		if (add_global(&C, p, &stacks, err) != 0)
			goto fail;
	} else {
		/* The duration events make the profile: what was wrong with
		 * them counts now. */
		if (C.span_invalid > 0 && rep->invalid == 0)
			rep->first_bad = C.span_first_bad;
		rep->invalid += C.span_invalid;
		match_marks(&C);
		if (C.nspans == 0) {
			if (rep->invalid > 0) {
				/* The first reason, without its file name again. */
				const char *why = rep->first_bad.msg;
				size_t pl = strlen(C.path);
				if (strncmp(why, C.path, pl) == 0 && why[pl] == ':' && why[pl + 1] == ' ')
					why += pl + 2;
				diag_set(err, "%s: no usable events: %ld rejected, the first %s", C.path,
				    rep->invalid, why);
			}
			else
				diag_set(err, "%s: no duration (B/E/X) events, CPU profile events "
				    "or samples found: no stacks", C.path);
			goto out;
		}
		p = profile_new(C.names, 1);
		profile_set_type(p, 0, "wall", C.frac_ns ? "nanoseconds" : "microseconds");
		p->traced = 1;
		if (add_spans(&C, p, &stacks, err) != 0)
			goto fail;
	}
	if (rep->valid == 0) {
		diag_set(err, "%s: the trace has no samples or events with a duration", C.path);
		goto fail;
	}
	thread_labels(&C, p);
	if (C.nsummary > 0)
		snprintf(rep->summary, sizeof(rep->summary), "summary_lanes=%ld (clang "
		    "-ftime-trace's \"Total\" lanes, left out of the total; the longest "
		    "is %" PRId64 " us)", C.nsummary, C.summary_us);
	p->format = "trace";
	profile_set_source(p, C.path);
	p->deftype = 0;
	p = finish(&C, p, err);
	goto out;
fail:
	profile_free(p);
	p = NULL;
out:
	stackset_free(&stacks);
	ch_free(&C);
	return p;
}
