/* load_stackprof.c - Ruby's stackprof profiles as JSON (what
 * `stackprof --json FILE.dump` prints, or StackProf::Report#print_json):
 *
 *   {"version": 1.2, "mode": "cpu", "interval": 1000, "samples": 94,
 *    "gc_samples": 3, "missed_samples": 0, "metadata": {},
 *    "frames": {"139904836893920": {"name": "Integer#times", "file":
 *               "<cfunc>", "line": null, "total_samples": 38,
 *               "samples": 17, "edges": {...}, "lines": {...}}, ...},
 *    "raw": [11, id, id, ..., 3, 2, id, id, 1, ...],
 *    "raw_timestamp_deltas": [27223, 23865, ...]}
 *
 * `frames` is keyed by a frame's id (an address, as a string).  `raw`
 * (recorded with StackProf.run(raw: true)) is the samples in order, each
 * a stack: its height, that many frame ids root first, then how many
 * samples in a row had it.  `raw_timestamp_deltas` has one number per
 * sample: microseconds since the sample before (the first: since the
 * start), so the samples' times are their running sums: the timeline
 * (timeline.h), from 0 to the last sample.
 *
 * Modes: cpu and wall sample every `interval` microseconds of CPU or
 * wall time: the values are samples (a count).  object samples every
 * `interval`-th allocation: the values are objects, samples times the
 * interval (exact for interval 1, stackprof's default in that mode).
 *
 * Without `raw` (recorded without raw: true), only the frames table
 * tells: each frame's own samples; its callers are not kept, so each
 * method is drawn as a root frame with its self samples (a warning says
 * so).  A stack naming a frame id the table lacks is skipped and counted
 * (--strict: refused).  Frame names are stackprof's ("Object#alpha",
 * "block in Object#work"); the details panel shows FILE:LINE.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/xalloc.h"
#include "input/json.h"
#include "input/loader.h"
#include "profile/timeline.h"

#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 256, init)

struct spframe {
	uint64_t id;
	uint32_t name;
	int64_t samples;
};

struct sp {
	const char *path;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_intern *names;
	ft_arena *arena;
	struct spframe *frames; size_t nframes, cframes;
	ft_frame_where *where; size_t nwhere, cwhere;
	uint64_t *raw; size_t nraw, craw;
	int64_t *deltas; size_t ndeltas, cdeltas;
	int have_raw, have_deltas;
	/* The top-level member being read (set on entering it): the hot
	 * path, one call per number of raw, compares no key. */
	enum { IN_OTHER, IN_FRAMES, IN_RAW, IN_DELTAS } in;
	char mode[16];
	int have_mode;
	int64_t interval, samples, gc_samples, missed;
	int have_interval, have_samples;
};

/* An unsigned integer's text (a frame id, a number of raw). */
static int
parse_u64(const char *s, size_t n, uint64_t *out)
{
	uint64_t x = 0;
	if (n == 0 || n > 20)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' || __builtin_mul_overflow(x, 10, &x) ||
		    __builtin_add_overflow(x, (uint64_t)(s[i] - '0'), &x))
			return -1;
	}
	*out = x;
	return 0;
}

static enum json_mode
sp_enter(void *ctx, ft_json *j, enum json_type t)
{
	struct sp *S = ctx;
	size_t d = json_depth(j);
	if (d == 0) {
		if (t != JSON_OBJ)
			json_fail(j, "a stackprof profile is a JSON object");
		return JSON_DESCEND;
	}
	if (d == 1) {
		S->in = IN_OTHER;
		if (t == JSON_OBJ && json_key_is(j, 0, "frames"))
			S->in = IN_FRAMES;
		else if (t == JSON_ARR && json_key_is(j, 0, "raw"))
			S->in = IN_RAW;
		else if (t == JSON_ARR && json_key_is(j, 0, "raw_timestamp_deltas"))
			S->in = IN_DELTAS;
		return S->in != IN_OTHER ? JSON_DESCEND : JSON_SKIP;
	}
	if (d == 2 && S->in == IN_FRAMES)
		return JSON_COLLECT;
	return JSON_SKIP;
}

static int
top_int(ft_json *j, const json_val *v, int64_t *out, int *have, const char *what)
{
	if (v->type == JSON_NULL)
		return 0;
	if (json_int(v, out) != 0 || *out < 0)
		return json_fail(j, "%s is not a non-negative integer", what);
	if (have != NULL)
		*have = 1;
	return 0;
}

static int
sp_frame(struct sp *S, ft_json *j, const json_val *v)
{
	size_t kl;
	const char *k = json_key(j, 1, &kl);
	uint64_t id;
	if (k == NULL || parse_u64(k, kl, &id) != 0)
		return json_fail(j, "a frame's id is not an unsigned integer");
	if (v->type != JSON_OBJ)
		return json_fail(j, "a frame is not an object");
	size_t nl = 0, fl = 0;
	const char *name = json_get_str(v, "name", &nl);
	if (name == NULL) {
		name = "(unknown)";
		nl = strlen(name);
	}
	int64_t samples = 0, line = -1;
	const json_val *s = json_get(v, "samples");
	if (s != NULL && (json_int(s, &samples) != 0 || samples < 0))
		return json_fail(j, "a frame's samples is not a non-negative integer");
	const json_val *lv = json_get(v, "line");
	if (lv != NULL && (json_int(lv, &line) != 0 || line < 0))
		line = -1;
	uint32_t nm = intern_get(S->names, name, nl, FT_KIND_NONE);
	const char *file = json_get_str(v, "file", &fl);
	if (file != NULL && fl > 0) {
		char loc[1100];
		int cl = (int)(fl > 1000 ? 1000 : fl);
		int ll = line >= 0 ? snprintf(loc, sizeof(loc), "%.*s:%" PRId64, cl, file, line) :
		    snprintf(loc, sizeof(loc), "%.*s", cl, file);
		ft_frame_where w = {.name = nm, .where = arena_strndup(S->arena, loc, (size_t)ll)};
		PUSH(S->where, S->nwhere, S->cwhere, w);
	}
	struct spframe f = {.id = id, .name = nm, .samples = samples};
	PUSH(S->frames, S->nframes, S->cframes, f);
	return 0;
}

static int
sp_value(void *ctx, ft_json *j, const json_val *v)
{
	struct sp *S = ctx;
	size_t d = json_depth(j);
	if (d == 2 && S->in == IN_FRAMES)
		return sp_frame(S, j, v);
	if (d == 2 && S->in == IN_RAW) {
		uint64_t x;
		if (v->type != JSON_NUM || parse_u64(v->s, v->n, &x) != 0)
			return json_fail(j, "raw holds something other than a non-negative integer");
		PUSH(S->raw, S->nraw, S->craw, x);
		return 0;
	}
	if (d == 2 && S->in == IN_DELTAS) {
		int64_t x;
		if (json_int(v, &x) != 0 || x < 0)
			return json_fail(j, "a timestamp delta is not a non-negative integer");
		PUSH(S->deltas, S->ndeltas, S->cdeltas, x);
		return 0;
	}
	if (d != 1)
		return 0;
	if (json_key_is(j, 0, "mode")) {
		if (v->type != JSON_STR)
			return json_fail(j, "mode is not a string");
		if (v->n >= sizeof(S->mode))
			return json_fail(j, "unknown mode (cpu, wall and object are known)");
		memcpy(S->mode, v->s, v->n);
		S->mode[v->n] = '\0';
		S->have_mode = 1;
		return 0;
	}
	if (json_key_is(j, 0, "interval"))
		return top_int(j, v, &S->interval, &S->have_interval, "interval");
	if (json_key_is(j, 0, "samples"))
		return top_int(j, v, &S->samples, &S->have_samples, "samples");
	if (json_key_is(j, 0, "gc_samples"))
		return top_int(j, v, &S->gc_samples, NULL, "gc_samples");
	if (json_key_is(j, 0, "missed_samples"))
		return top_int(j, v, &S->missed, NULL, "missed_samples");
	return 0;
}

static int
sp_leave(void *ctx, ft_json *j, enum json_type t)
{
	struct sp *S = ctx;
	if (json_depth(j) == 1) {
		if (t == JSON_ARR && S->in == IN_RAW)
			S->have_raw = 1;
		else if (t == JSON_ARR && S->in == IN_DELTAS)
			S->have_deltas = 1;
		S->in = IN_OTHER;
	}
	return 0;
}

static int
cmp_frame(const void *a, const void *b)
{
	uint64_t x = ((const struct spframe *)a)->id, y = ((const struct spframe *)b)->id;
	return x < y ? -1 : x > y;
}

static const struct spframe *
find_frame(const struct sp *S, uint64_t id)
{
	size_t lo = 0, hi = S->nframes;
	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;
		if (S->frames[m].id < id)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < S->nframes && S->frames[lo].id == id ? &S->frames[lo] : NULL;
}

/* A stack of raw skipped: "FILE: raw[AT]: WHAT X". */
static void
bad(struct sp *S, size_t at, const char *what, uint64_t x, const char *after)
{
	if (S->rep->invalid++ == 0)
		diag_set(&S->rep->first_bad, "%s: raw[%zu]: %s%" PRIu64 "%s", S->path, at,
		    what, x, after);
}

/* The raw stacks into p; the timeline from the deltas when there is one
 * per sample.  0, or -1 with err set. */
static int
build_raw(struct sp *S, ft_profile *p, int64_t mult, ft_stackset *stacks, ft_diag *err)
{
	/* The samples raw holds, to match the deltas against. */
	uint64_t nsamples = 0;
	for (size_t i = 0; i < S->nraw;) {
		uint64_t h = S->raw[i];
		if (h >= S->nraw - i - 1)
			break;
		uint64_t c = S->raw[i + h + 1];
		if (__builtin_add_overflow(nsamples, c, &nsamples))
			break;
		i += h + 2;
	}
	ft_timeline *tl = NULL;
	if (S->have_deltas && S->ndeltas == nsamples && nsamples > 0) {
		tl = p->timeline = timeline_new(0, -1);
		tl->start = 0;
		tl->have_bounds = 1;
	} else if (S->have_deltas) {
		load_report_warn(S->rep, "%s: raw_timestamp_deltas has %zu times for %" PRIu64
		    " samples: no timeline", S->path, S->ndeltas, nsamples);
	}
	int64_t t = 0; /* microseconds */
	size_t ti = 0;
	for (size_t i = 0; i < S->nraw;) {
		size_t at = i;
		uint64_t h = S->raw[i];
		if (h == 0 || h >= S->nraw - i - 1) {
			bad(S, at, "a stack of height ", h, " does not fit in raw");
			break;
		}
		uint64_t c = S->raw[i + h + 1];
		uint32_t node = FT_ROOT;
		for (uint64_t k = 0; k < h; k++) {
			const struct spframe *f = find_frame(S, S->raw[i + 1 + k]);
			if (f == NULL) {
				bad(S, i + 1 + k, "frame id ", S->raw[i + 1 + k],
				    " is not in the frames table");
				node = FT_NONE;
				break;
			}
			node = profile_child(p, node, f->name);
		}
		i += h + 2;
		int64_t w;
		if (node != FT_NONE && (c > INT64_MAX || __builtin_mul_overflow((int64_t)c, mult, &w))) {
			bad(S, at + h + 1, "sample count ", c, " too large");
			node = FT_NONE;
		}
		/* The times pass even for a skipped stack. */
		for (uint64_t k = 0; tl != NULL && k < c; k++) {
			if (__builtin_add_overflow(t, S->deltas[ti++], &t) || t > INT64_MAX / 1000) {
				diag_set(err, "%s: raw_timestamp_deltas: the time overflows", S->path);
				return -1;
			}
			if (node != FT_NONE && timeline_add(tl, t * 1000, node, mult, 0) != 0)
				tl->untimed++;
		}
		if (node == FT_NONE)
			continue;
		S->rep->valid++;
		if (c == 0)
			continue;
		ft_val v = w;
		if (profile_add_self(p, node, &v, err) != 0) {
			ft_diag dg = *err;
			diag_set(err, "%s: %s", S->path, dg.msg);
			return -1;
		}
		if (stackset_add(stacks, node))
			S->rep->stacks++;
	}
	if (tl != NULL)
		tl->end = t * 1000;
	return 0;
}

ft_profile *
load_stackprof(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct sp S = {.path = source_name(src), .o = o, .rep = rep, .interval = 0};
	ft_profile *p = profile_new(names, 1);
	S.names = p->names;
	S.arena = arena_new();
	rep->what = "stack";
	ft_stackset stacks = {0};
	json_handler h = {.enter = sp_enter, .value = sp_value, .leave = sp_leave};
	if (json_stream(src, &h, &S, NULL, err) != 0)
		goto fail;
	if (!S.have_mode) {
		diag_set(err, "%s: a stackprof profile without \"mode\"", S.path);
		goto fail;
	}
	int object = strcmp(S.mode, "object") == 0;
	if (!object && strcmp(S.mode, "cpu") != 0 && strcmp(S.mode, "wall") != 0) {
		diag_set(err, "%s: stackprof mode \"%s\": only cpu, wall and object are known",
		    S.path, S.mode);
		goto fail;
	}
	if (S.nframes == 0) {
		diag_set(err, "%s: a stackprof profile with an empty frames table: no samples "
		    "(the block ran too briefly, or interval is too long)", S.path);
		goto fail;
	}
	qsort(S.frames, S.nframes, sizeof(*S.frames), cmp_frame);
	for (size_t i = 1; i < S.nframes; i++)
		if (S.frames[i].id == S.frames[i - 1].id) {
			diag_set(err, "%s: frame id %" PRIu64 " appears twice in frames", S.path,
			    S.frames[i].id);
			goto fail;
		}
	int64_t mult = 1;
	if (object && S.have_interval && S.interval > 1)
		mult = S.interval;
	profile_set_type(p, 0, object ? "objects" : "samples", "count");
	if (S.have_raw && S.nraw > 0) {
		if (build_raw(&S, p, mult, &stacks, err) != 0)
			goto fail;
		if (rep->valid == 0) {
			diag_set(err, "%s: no usable stack in raw (first problem: %s)", S.path,
			    rep->first_bad.msg[0] != '\0' ? rep->first_bad.msg : "none");
			goto fail;
		}
		if (o->strict && rep->invalid > 0) {
			*err = rep->first_bad;
			goto fail;
		}
	} else {
		for (size_t i = 0; i < S.nframes; i++) {
			int64_t w;
			if (S.frames[i].samples == 0)
				continue;
			if (__builtin_mul_overflow(S.frames[i].samples, mult, &w)) {
				diag_set(err, "%s: frame %" PRIu64 ": samples too large", S.path,
				    S.frames[i].id);
				goto fail;
			}
			uint32_t node = profile_child(p, FT_ROOT, S.frames[i].name);
			ft_val v = w;
			if (profile_add_self(p, node, &v, err) != 0) {
				ft_diag dg = *err;
				diag_set(err, "%s: %s", S.path, dg.msg);
				goto fail;
			}
			if (stackset_add(&stacks, node))
				rep->stacks++;
			rep->valid++;
		}
		load_report_warn(rep, "%s: no raw stacks (recorded without StackProf.run(raw: "
		    "true)): each method is a root frame with its own samples; its callers "
		    "are not in the file", S.path);
	}
	snprintf(rep->summary, sizeof(rep->summary), "stackprof_mode=%s\ninterval=%" PRId64
	    "%s\nsamples_in_file=%" PRId64 "\ngc_samples=%" PRId64 "\nmissed_samples=%"
	    PRId64 "\nframes_in_file=%zu\nstacks_from=%s", S.mode, S.interval,
	    object ? " (allocations per sample)" : " (microseconds)", S.samples,
	    S.gc_samples, S.missed, S.nframes, S.have_raw && S.nraw > 0 ? "raw" :
	    "the frames table (no raw)");
	if (S.nwhere > 0 && S.nwhere <= UINT32_MAX)
		profile_set_where(p, S.where, (uint32_t)S.nwhere);
	p->format = "stackprof";
	profile_set_source(p, S.path);
	if (profile_finish(p, o->sort, 0, err) != 0) {
		ft_diag dg = *err;
		diag_set(err, "%s: %s", S.path, dg.msg);
		goto fail;
	}
	/* The file's own count of samples against the stacks'. */
	ft_val tot = profile_total(p, FT_ROOT, 0);
	int64_t said;
	if (S.have_samples && rep->invalid == 0 && S.have_raw && S.nraw > 0 &&
	    !__builtin_mul_overflow(S.samples, mult, &said) && tot != said)
		load_report_warn(rep, "%s: the stacks add up to %lld %s, \"samples\" says %"
		    PRId64, S.path, (long long)tot, object ? "objects" : "samples", said);
	goto out;
fail:
	profile_free(p);
	p = NULL;
out:
	free(S.frames);
	free(S.where);
	free(S.raw);
	free(S.deltas);
	arena_free(S.arena);
	stackset_free(&stacks);
	return p;
}
