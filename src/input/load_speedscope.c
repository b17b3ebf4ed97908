/* load_speedscope.c - speedscope's JSON file format into a call tree.
 *
 * The format (speedscope's file-format-spec.ts, schema
 * https://www.speedscope.app/file-format-schema.json): `shared.frames`
 * ({name, file?, line?, col?}) and `profiles`, each `sampled` (`samples`:
 * stacks of frame indices, root first; `weights`) or `evented` (`events`:
 * {type "O"|"C", frame, at} in time order, closes matching the innermost
 * open frame).  Keys may come in any order (`shared` often comes last), so
 * profiles are kept as compact arrays and resolved at the end.
 *
 * Several profiles: one value column per distinct unit ("none" is a
 * count); profiles sharing a unit are threads (profile_thread_root, named
 * after the profile: --group thread shows them, the default merges them) (files flametui wrote, exporter "flametui", have
 * one column per profile: its sample types).  Weights are kept exactly: fractional values
 * raise the profile's decimal scale (at most FT_MAX_SCALE places).  An
 * evented profile's frame gets the time between events while it is the
 * innermost open one; frames still open at the end close at endValue.
 *
 * Time (timeline.h), for profiles whose unit is a time unit: a sampled
 * profile's samples follow each other from startValue, sample i at
 * startValue + the weights before it (speedscope's time order); an evented
 * profile's stretches between events are its samples, each at its start
 * (`at`) with its length as weight.  The bounds are the profiles'
 * startValue and endValue (the earliest and the latest).  Profiles in
 * other units (none, bytes) have no time: their samples are counted as
 * without one; a file with no timed profile has no timeline.
 *
 * Spans (spans.h): when every profile is evented in one time unit, each
 * O/C pair is a span from its open to its close (a frame still open at
 * the end closes at endValue), at the tree node of its call path, and
 * startValue is the spans' origin.  A file flametui wrote with evented
 * profiles (a trace's threads, --export speedscope) has them as threads
 * of one column, each under its thread frame (the profile's name), as
 * the trace had them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "input/json.h"
#include "input/loader.h"
#include "profile/relabel.h"
#include "profile/spans.h"
#include "profile/timeline.h"
#include "base/xalloc.h"

#define NONE UINT32_MAX

#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 256, init)

struct sframe { uint32_t name; };

struct sevent { uint32_t frame; int open; int64_t at; };

struct sprof {
	int evented, have_type;
	char unit[16];
	char *name;            /* malloc'd, or NULL */
	int64_t start, end;    /* at the loader's scale */
	int have_end;
	uint32_t *fr; size_t nfr, cfr;      /* sample frames, concatenated */
	size_t *off; size_t noff, coff;     /* sample i: fr[off[i] .. off[i+1]) */
	int64_t *w; size_t nw, cw;
	struct sevent *ev; size_t nev, cev;
	int column;
};

struct ss {
	const char *path;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_intern *names;
	ft_arena *arena;
	struct sframe *frames; size_t nframes, cframes;
	ft_frame_where *where; size_t nwhere, cwhere;
	struct sprof *profs; size_t nprofs, cprofs;
	int scale;             /* decimals of every stored value */
	int ours;              /* written by flametui: a profile per sample type */
	int64_t active;        /* activeProfileIndex */
	uint64_t untimed;      /* samples kept without a time */
	int no_spans;          /* a time that is no ns: the spans dropped */
};

/* Multiply every stored value by 10^k (the scale grows). */
static int
rescale(struct ss *S, int k)
{
	int64_t f = 1;
	for (int i = 0; i < k; i++)
		f *= 10;
	for (size_t p = 0; p < S->nprofs; p++) {
		struct sprof *P = &S->profs[p];
		int64_t *vals[] = {&P->start, &P->end};
		for (int i = 0; i < 2; i++)
			if (__builtin_mul_overflow(*vals[i], f, vals[i]))
				return -1;
		for (size_t i = 0; i < P->nw; i++)
			if (__builtin_mul_overflow(P->w[i], f, &P->w[i]))
				return -1;
		for (size_t i = 0; i < P->nev; i++)
			if (__builtin_mul_overflow(P->ev[i].at, f, &P->ev[i].at))
				return -1;
	}
	S->scale += k;
	return 0;
}

/* A number at the loader's scale, raising the scale when it needs more
 * decimals. */
static int
number(struct ss *S, ft_json *j, const json_val *v, int64_t *out, const char *what)
{
	if (v == NULL || v->type != JSON_NUM)
		return json_fail(j, "%s is not a number", what);
	int d = json_decimals(v->s, v->n);
	if (d > FT_MAX_SCALE) {
		if (S->rep->rounded++ == 0)
			json_where(j, &S->rep->first_rounded, "%s has more than %d decimals; "
			    "rounded", what, FT_MAX_SCALE);
		d = FT_MAX_SCALE;
	}
	if (d > S->scale && rescale(S, d - S->scale) != 0)
		return json_fail(j, "values too large for %d decimals", d);
	if (json_fixed(v->s, v->n, S->scale, out, NULL) != 0)
		return json_fail(j, "%s out of range", what);
	return 0;
}

static struct sprof *
cur_prof(struct ss *S, ft_json *j)
{
	int64_t i = json_cur(j)->seg[1].index;
	while ((size_t)i >= S->nprofs) {
		struct sprof P = {0};
		snprintf(P.unit, sizeof(P.unit), "none");
		PUSH(S->profs, S->nprofs, S->cprofs, P);
	}
	return &S->profs[i];
}

static int
add_frame(struct ss *S, ft_json *j, const json_val *v)
{
	size_t nl, fl = 0;
	const char *name = json_get_str(v, "name", &nl);
	if (name == NULL)
		return json_fail(j, "a frame needs a name");
	const char *file = json_get_str(v, "file", &fl);
	int64_t line = -1, col = -1;
	json_int(json_get(v, "line"), &line);
	json_int(json_get(v, "col"), &col);
	char loc[1200];
	int ll = 0;
	if (file != NULL && fl > 0) {
		int cl = (int)(fl > 1000 ? 1000 : fl);
		if (line >= 0 && col >= 0)
			ll = snprintf(loc, sizeof(loc), "%.*s:%" PRId64 ":%" PRId64, cl, file, line, col);
		else if (line >= 0)
			ll = snprintf(loc, sizeof(loc), "%.*s:%" PRId64, cl, file, line);
		else
			ll = snprintf(loc, sizeof(loc), "%.*s", cl, file);
	}
	uint32_t id = intern_get_joined(S->names, name, nl, loc,
	    S->o->lines && ll > 0 ? (size_t)ll : 0, FT_KIND_NONE);
	if (ll > 0) {
		ft_frame_where w = {id, arena_strndup(S->arena, loc, (size_t)ll)};
		PUSH(S->where, S->nwhere, S->cwhere, w);
	}
	PUSH(S->frames, S->nframes, S->cframes, ((struct sframe){id}));
	return 0;
}

static int
frame_index(ft_json *j, const json_val *v, uint32_t *out)
{
	int64_t i;
	if (json_int(v, &i) != 0 || i < 0 || i >= (int64_t)NONE)
		return json_fail(j, "a frame index must be a non-negative integer");
	*out = (uint32_t)i;
	return 0;
}

static int
add_sample(struct ss *S, ft_json *j, const json_val *v)
{
	struct sprof *P = cur_prof(S, j);
	if (v->type != JSON_ARR)
		return json_fail(j, "a sample is an array of frame indices");
	PUSH(P->off, P->noff, P->coff, P->nfr);
	for (const json_val *k = v->kids; k != NULL; k = k->next) {
		uint32_t f = 0;
		if (frame_index(j, k, &f) != 0)
			return -1;
		PUSH(P->fr, P->nfr, P->cfr, f);
	}
	return 0;
}

static int
add_event(struct ss *S, ft_json *j, const json_val *v)
{
	struct sprof *P = cur_prof(S, j);
	size_t tl;
	const char *t = json_get_str(v, "type", &tl);
	struct sevent e;
	if (t == NULL || tl != 1 || (t[0] != 'O' && t[0] != 'C'))
		return json_fail(j, "an event's type must be \"O\" or \"C\"");
	e.open = t[0] == 'O';
	if (frame_index(j, json_get(v, "frame"), &e.frame) != 0 ||
	    number(S, j, json_get(v, "at"), &e.at, "at") != 0)
		return -1;
	if (P->nev > 0 && e.at < P->ev[P->nev - 1].at)
		return json_fail(j, "events are out of time order");
	PUSH(P->ev, P->nev, P->cev, e);
	return 0;
}

static enum json_mode
ss_enter(void *ctx, ft_json *j, enum json_type t)
{
	size_t d = json_depth(j);
	if (d == 0) {
		if (t != JSON_OBJ)
			json_fail(j, "a speedscope file is an object");
		return JSON_DESCEND;
	}
	if (d == 1) {
		/* Profiles are indexed by their array position (cur_prof):
		 * anything but an array there is refused, not walked. */
		if (json_key_is(j, 0, "profiles") && t != JSON_ARR) {
			json_fail(j, "profiles must be an array");
			return JSON_SKIP;
		}
		return json_key_is(j, 0, "shared") || json_key_is(j, 0, "profiles") ?
		    JSON_DESCEND : JSON_SKIP;
	}
	if (json_key_is(j, 0, "shared"))
		return d == 2 && json_key_is(j, 1, "frames") ? JSON_DESCEND :
		    d == 3 && json_key_is(j, 1, "frames") ? JSON_COLLECT : JSON_SKIP;
	/* profiles */
	if (d == 2) {
		if (t != JSON_OBJ) {
			json_fail(j, "a profile is an object");
			return JSON_SKIP;
		}
		cur_prof(ctx, j);
		return JSON_DESCEND;
	}
	if (d == 3 && (json_key_is(j, 2, "samples") || json_key_is(j, 2, "weights") ||
	    json_key_is(j, 2, "events")))
		return JSON_DESCEND;
	if (d == 4 && (json_key_is(j, 2, "samples") || json_key_is(j, 2, "events")))
		return JSON_COLLECT;
	return JSON_SKIP;
}

static int
ss_value(void *ctx, ft_json *j, const json_val *v)
{
	struct ss *S = ctx;
	size_t d = json_depth(j);
	if (d == 1 && json_key_is(j, 0, "exporter") && v->type == JSON_STR)
		S->ours = strncmp(v->s, "flametui", 8) == 0;
	if (d == 1 && json_key_is(j, 0, "activeProfileIndex") && json_int(v, &S->active) != 0)
		S->active = 0;
	if (d == 3 && json_key_is(j, 0, "shared"))
		return add_frame(S, j, v);
	if (d < 3 || !json_key_is(j, 0, "profiles"))
		return 0;
	struct sprof *P = cur_prof(S, j);
	if (d == 3) {
		if (json_key_is(j, 2, "type")) {
			if (v->type == JSON_STR && strcmp(v->s, "evented") == 0)
				P->evented = 1;
			else if (v->type != JSON_STR || strcmp(v->s, "sampled") != 0)
				return json_fail(j, "unknown profile type (sampled or evented)");
			P->have_type = 1;
		} else if (json_key_is(j, 2, "unit")) {
			static const char *units[] = {"none", "nanoseconds", "microseconds",
			    "milliseconds", "seconds", "bytes"};
			size_t k = 0;
			while (k < 6 && (v->type != JSON_STR || strcmp(v->s, units[k]) != 0))
				k++;
			if (k == 6)
				return json_fail(j, "unknown unit (none, nanoseconds, microseconds, "
				    "milliseconds, seconds or bytes)");
			snprintf(P->unit, sizeof(P->unit), "%s", units[k]);
		} else if (json_key_is(j, 2, "name") && v->type == JSON_STR) {
			free(P->name);
			P->name = xstrndup(v->s, v->n);
		} else if (json_key_is(j, 2, "startValue")) {
			return number(S, j, v, &P->start, "startValue");
		} else if (json_key_is(j, 2, "endValue")) {
			P->have_end = 1;
			return number(S, j, v, &P->end, "endValue");
		}
		return 0;
	}
	if (d == 4 && json_key_is(j, 2, "samples"))
		return add_sample(S, j, v);
	if (d == 4 && json_key_is(j, 2, "events"))
		return add_event(S, j, v);
	if (d == 4 && json_key_is(j, 2, "weights")) {
		int64_t w;
		if (number(S, j, v, &w, "a weight") != 0)
			return -1;
		if (w < 0)
			return json_fail(j, "negative weight (a sample weight is never "
			    "below 0)");
		PUSH(P->w, P->nw, P->cw, w);
	}
	return 0;
}

/* --- building ------------------------------------------------------------------ */

static int
check_frame(struct ss *S, uint32_t f, size_t prof, ft_diag *err)
{
	if (f < S->nframes)
		return 0;
	diag_set(err, "%s: profiles[%zu] refers to frame %u; shared.frames has %zu",
	    S->path, prof, f, S->nframes);
	return -1;
}

static int
add_val(ft_profile *p, uint32_t node, int col, int64_t v, ft_diag *err)
{
	ft_val vals[64] = {0};
	vals[col] = v;
	return profile_add_self(p, node, vals, err);
}

/* ns per unit of a time unit, 0 for other units. */
static int64_t
unit_ns(const char *u)
{
	return strcmp(u, "nanoseconds") == 0 ? 1 : strcmp(u, "microseconds") == 0 ?
	    1000 : strcmp(u, "milliseconds") == 0 ? 1000000 :
	    strcmp(u, "seconds") == 0 ? 1000000000 : 0;
}

/* A stored value (S->scale decimals) of profile P as ns, rounded down: -1
 * when P's unit is no time unit or the result overflows. */
static int
to_ns(const struct ss *S, const struct sprof *P, int64_t v, int64_t *ns)
{
	int64_t u = unit_ns(P->unit), div = 1;
	if (u == 0)
		return -1;
	for (int i = 0; i < S->scale; i++)
		div *= 10;
	if (u >= div)
		return __builtin_mul_overflow(v, u / div, ns) ? -1 : 0;
	int64_t d = div / u, q = v / d;
	*ns = v % d != 0 && v < 0 ? q - 1 : q;
	return 0;
}

/* p's timeline, when P's unit is a time unit (NULL otherwise), its bounds
 * widened to P's startValue and end (endValue, else `last`). */
static ft_timeline *
time_of(struct ss *S, const struct sprof *P, ft_profile *p, int64_t last)
{
	int64_t s, e;
	if (unit_ns(P->unit) == 0 || to_ns(S, P, P->start, &s) != 0 ||
	    to_ns(S, P, P->have_end ? P->end : last, &e) != 0)
		return NULL;
	ft_timeline *tl = p->timeline;
	if (tl == NULL)
		tl = p->timeline = timeline_new(0, -1);
	if (!tl->have_bounds || s < tl->start)
		tl->start = s;
	if (!tl->have_bounds || e > tl->end)
		tl->end = e;
	tl->have_bounds = 1;
	return tl;
}

/* One sample at stored time t (P's unit) into tl, or counted without time
 * (no timeline: P has no time unit; a weight beyond 32 bits). */
static void
keep_time(const struct ss *S, const struct sprof *P, ft_timeline *tl,
    uint64_t *untimed, int64_t t, uint32_t node, int64_t w)
{
	int64_t ns;
	if (tl == NULL || to_ns(S, P, t, &ns) != 0 ||
	    timeline_add(tl, ns, node, w, P->column) != 0)
		(*untimed)++;
}

static int
build_sampled(struct ss *S, size_t pi, ft_profile *p, uint32_t base,
    ft_stackset *stacks, ft_diag *err)
{
	struct sprof *P = &S->profs[pi];
	if (P->nw != 0 && P->nw != P->noff) {
		diag_set(err, "%s: profiles[%zu] has %zu samples but %zu weights", S->path,
		    pi, P->noff, P->nw);
		return -1;
	}
	int64_t one = 1;
	for (int i = 0; i < S->scale; i++)
		one *= 10;
	/* Sample i at startValue + the weights before it; the end, without
	 * endValue, the last sample's. */
	int64_t t = P->start, last = P->start;
	for (size_t i = 0; i + 1 < P->noff; i++)
		if (__builtin_add_overflow(last, P->nw ? P->w[i] : one, &last))
			last = INT64_MAX;
	ft_timeline *tl = time_of(S, P, p, last);
	for (size_t i = 0; i < P->noff; i++) {
		size_t a = P->off[i], b = i + 1 < P->noff ? P->off[i + 1] : P->nfr;
		uint32_t node = base;
		for (size_t k = a; k < b; k++) {
			if (check_frame(S, P->fr[k], pi, err) != 0)
				return -1;
			node = profile_child(p, node, S->frames[P->fr[k]].name);
		}
		int64_t w = P->nw ? P->w[i] : one;
		if (add_val(p, node, P->column, w, err) != 0)
			return -1;
		if (t == INT64_MAX)
			S->untimed++;
		else
			keep_time(S, P, tl, &S->untimed, t, node, w);
		if (__builtin_add_overflow(t, w, &t))
			t = INT64_MAX;
		S->rep->valid++;
		if (stackset_add(stacks, node))
			S->rep->stacks++;
	}
	return 0;
}

static int
build_evented(struct ss *S, size_t pi, ft_profile *p, uint32_t base,
    ft_stackset *stacks, ft_diag *err)
{
	struct sprof *P = &S->profs[pi];
	struct open { uint32_t frame, node, span; } *st = NULL;
	size_t n = 0, cap = 0;
	int64_t last = P->start;
	int rc = -1;
	ft_spans *sp = p->spans;
	ft_timeline *tl = time_of(S, P, p, P->nev > 0 ? P->ev[P->nev - 1].at : P->start);
	for (size_t i = 0; i <= P->nev; i++) {
		int64_t at = i < P->nev ? P->ev[i].at : P->have_end ? P->end : last;
		if (at < last && i == P->nev)
			at = last;
		if (n > 0 && at > last) {
			int64_t d;
			if (__builtin_sub_overflow(at, last, &d)) {
				diag_set(err, "%s: profiles[%zu].events[%zu]: the time since the "
				    "last event overflows 64 bits", S->path, pi, i);
				goto out;
			}
			if (add_val(p, st[n - 1].node, P->column, d, err) != 0)
				goto out;
			keep_time(S, P, tl, &S->untimed, last, st[n - 1].node, d);
			if (stackset_add(stacks, st[n - 1].node))
				S->rep->stacks++;
		}
		if (at > last)
			last = at;
		int64_t ns = 0;
		if (sp != NULL && to_ns(S, P, last, &ns) != 0)
			S->no_spans = 1;
		if (i == P->nev) {
			/* Frames still open close at the end. */
			while (sp != NULL && n > 0)
				spans_set_end(sp, st[--n].span, ns);
			break;
		}
		const struct sevent *e = &P->ev[i];
		if (check_frame(S, e->frame, pi, err) != 0)
			goto out;
		if (e->open) {
			uint32_t node = profile_child(p, n > 0 ? st[n - 1].node : base,
			    S->frames[e->frame].name);
			uint32_t k = NONE;
			if (sp != NULL && spans_add(sp, ns, ns, node) == 0)
				k = sp->n - 1;
			else
				S->no_spans = 1;
			PUSH(st, n, cap, ((struct open){e->frame, node, k}));
			S->rep->valid++;
		} else if (n == 0 || st[n - 1].frame != e->frame) {
			diag_set(err, "%s: profiles[%zu].events[%zu]: closes frame %u but the "
			    "innermost open frame is %s", S->path, pi, i, e->frame,
			    n == 0 ? "none" : "another");
			goto out;
		} else {
			n--;
			if (sp != NULL && st[n].span != NONE)
				spans_set_end(sp, st[n].span, ns);
		}
	}
	rc = 0;
out:
	free(st);
	return rc;
}

static const char *
unit_of(const char *u)
{
	return strcmp(u, "none") == 0 ? "count" : u;
}

static void
ss_free(struct ss *S)
{
	for (size_t i = 0; i < S->nprofs; i++) {
		struct sprof *P = &S->profs[i];
		free(P->name);
		free(P->fr);
		free(P->off);
		free(P->w);
		free(P->ev);
	}
	free(S->profs);
	free(S->frames);
	free(S->where);
	arena_free(S->arena);
	intern_unref(S->names);
}

ft_profile *
load_speedscope(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct ss S = {0};
	S.path = source_name(src);
	S.o = o;
	S.rep = rep;
	S.names = names != NULL ? intern_ref(names) : intern_new();
	S.arena = arena_new();
	rep->what = "sample";
	json_handler h = {.enter = ss_enter, .value = ss_value};
	ft_profile *p = NULL;
	ft_stackset stacks = {0};
	if (json_stream(src, &h, &S, NULL, err) != 0)
		goto fail;
	if (S.nprofs == 0) {
		diag_set(err, "%s: a speedscope file without profiles: no stacks found", S.path);
		goto fail;
	}
	/* Columns: one per distinct unit, in order of first use. */
	const char *cols[64];
	int ncols = 0, per[64] = {0}, evcol[64] = {0};
	int spans = 1;
	for (size_t i = 0; i < S.nprofs; i++) {
		struct sprof *P = &S.profs[i];
		if (!P->have_type) {
			diag_set(err, "%s: profiles[%zu] has no type", S.path, i);
			goto fail;
		}
		int c = 0;
		/* flametui's evented profiles are threads of one column. */
		while (c < ncols && ((S.ours && !(P->evented && evcol[c])) ||
		    strcmp(cols[c], P->unit) != 0))
			c++;
		if (c == ncols) {
			if (ncols == 64) {
				diag_set(err, "%s: too many units", S.path);
				goto fail;
			}
			evcol[ncols] = P->evented;
			cols[ncols++] = P->unit;
		}
		P->column = c;
		per[c]++;
	}
	p = profile_new(S.names, ncols);
	p->scale = S.scale;
	/* Every profile evented: the values are its events' durations. */
	p->traced = S.nprofs > 0;
	for (size_t i = 0; i < S.nprofs; i++)
		p->traced &= S.profs[i].evented != 0;
	/* Spans when every profile is evented in one time unit. */
	for (size_t i = 0; i < S.nprofs; i++)
		spans &= S.profs[i].evented && S.profs[i].column == 0 &&
		    unit_ns(S.profs[i].unit) != 0;
	if (spans) {
		int64_t s0;
		p->spans = spans_new();
		for (size_t i = 0; i < S.nprofs; i++) {
			if (to_ns(&S, &S.profs[i], S.profs[i].start, &s0) != 0)
				S.no_spans = 1;
			else if (!p->spans->have_origin || s0 < p->spans->origin)
				p->spans->origin = s0;
			p->spans->have_origin = 1;
		}
	}
	for (int c = 0; c < ncols; c++) {
		const char *nm = cols[c];
		for (size_t i = 0; i < S.nprofs; i++)
			if (S.profs[i].column == c && per[c] == 1 && S.profs[i].name != NULL &&
			    S.profs[i].name[0] != '\0')
				nm = S.profs[i].name;
		if (nm == cols[c])
			nm = strcmp(nm, "none") == 0 ? "samples" : strcmp(nm, "bytes") == 0 ?
			    "space" : "time";
		profile_set_type(p, c, nm, unit_of(cols[c]));
	}
	for (size_t i = 0; i < S.nprofs; i++) {
		struct sprof *P = &S.profs[i];
		uint32_t base = FT_ROOT;
		if (per[P->column] > 1 || (S.ours && P->evented && P->name != NULL &&
		    P->name[0] != '\0')) {
			char buf[64];
			const char *nm = P->name;
			size_t nl = nm != NULL ? strlen(nm) : 0;
			if (nl == 0) {
				nl = (size_t)snprintf(buf, sizeof(buf), "profile %zu", i);
				nm = buf;
			}
			ft_thread th = {NULL, 0, nm, nl, -1, -1, 0};
			base = profile_thread_root(p, &th);
		}
		if ((P->evented ? build_evented(&S, i, p, base, &stacks, err) :
		    build_sampled(&S, i, p, base, &stacks, err)) != 0)
			goto fail;
	}
	if (rep->valid == 0) {
		diag_set(err, "%s: the profiles have no samples or events", S.path);
		goto fail;
	}
	if (p->timeline != NULL)
		p->timeline->untimed = S.untimed;
	if (S.no_spans) {
		spans_free(p->spans);
		p->spans = NULL;
	}
	if (S.nwhere > 0 && S.nwhere <= UINT32_MAX)
		profile_set_where(p, S.where, (uint32_t)S.nwhere);
	p->format = "speedscope";
	profile_set_source(p, S.path);
	p->deftype = S.active >= 0 && S.active < (int64_t)S.nprofs ?
	    S.profs[S.active].column : 0;
	if (profile_finish(p, o->sort, p->deftype, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", S.path, d.msg);
		goto fail;
	}
	stackset_free(&stacks);
	ss_free(&S);
	return p;
fail:
	profile_free(p);
	stackset_free(&stacks);
	ss_free(&S);
	return NULL;
}
