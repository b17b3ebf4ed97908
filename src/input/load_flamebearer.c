/* load_flamebearer.c - Pyroscope's flamebearer JSON (the /pyroscope/render
 * and render-diff answers, Grafana's "export as JSON", Pyroscope's own
 * export):
 *
 *   {"version": 1,
 *    "flamebearer": {"names": ["total", "main", ...],
 *                    "levels": [[0, 988, 0, 0], [0, 988, 0, 1], ...],
 *                    "numTicks": 988, "maxSelf": 771},
 *    "metadata": {"format": "single", "units": "samples",
 *                 "sampleRate": 100, "spyName": "gospy", ...}}
 *
 * Each level is one row of the flame graph, its bars laid end to end: in
 * the "single" format four numbers per bar (offset from the end of the
 * previous bar of the row, total, self, index into names), in the
 * "double" format of render-diff seven (left offset, total and self, the
 * same for the right side, then the name).  A bar's parent is the bar of
 * the row above whose span holds its start (for "double" the spans are
 * the two sides' added, as Pyroscope draws a diff).  The bar of level 0
 * ("total") is the root.
 *
 * Values: each bar's self.  A "double" file is a two-column differential
 * profile (left = before, the baseline; right = after), opened as a
 * comparison.  The unit comes from metadata.units (samples, objects,
 * bytes, nanoseconds...).
 *
 * Grafana Pyroscope's query API (querier.v1 SelectMergeStacktraces, what
 * its own UI fetches, and Diff) answers with the same levels in protobuf's
 * JSON form:
 *
 *   {"flamegraph": {"names": [...], "levels": [{"values": ["0", "988",
 *                   "0", "0"]}, ...], "total": "988", "maxSelf": "771"}}
 *
 * int64 numbers as strings, a level an object whose "values" may be left
 * out when empty, "total" for numTicks; a diff (FlameGraphDiff) has
 * "leftTicks" and "rightTicks" and seven numbers per bar.  The answer
 * states no unit (the query names the profile type): its values are
 * read as "value", a count.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/json.h"
#include "input/loader.h"

#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 256, init)

struct level {
	int64_t *v;
	size_t n;
};

struct fb {
	const char *path;
	ft_intern *names;
	uint32_t *ids; size_t nids, cids;   /* names as intern ids */
	struct level *levels; size_t nlevels, clevels;
	int64_t num_ticks;
	int have_ticks;
	int64_t ticks[2];      /* leftTicks, rightTicks */
	int have_lr;
	int querier;           /* the "flamegraph" form of the query API */
	char format[16];
	char units[32];
	int have_meta_format;
};

/* The top-level member holding the levels: "flamebearer", or the query
 * API's "flamegraph". */
static int
fb_key(const ft_json *j)
{
	return json_key_is(j, 0, "flamebearer") || json_key_is(j, 0, "flamegraph");
}

/* An integer, or one written as a string (protobuf's JSON for int64):
 * the text read as json_int() reads a number's. */
static int
fb_int(const json_val *v, int64_t *out)
{
	if (v->type != JSON_STR)
		return json_int(v, out);
	int r = 0;
	return json_fixed(v->s, v->n, 0, out, &r) != 0 || r != 0 ? -1 : 0;
}

static enum json_mode
fb_enter(void *ctx, ft_json *j, enum json_type t)
{
	size_t d = json_depth(j);
	if (d == 0) {
		if (t != JSON_OBJ)
			json_fail(j, "flamebearer JSON is an object");
		return JSON_DESCEND;
	}
	if (d == 1 && t == JSON_OBJ && fb_key(j)) {
		((struct fb *)ctx)->querier |= json_key_is(j, 0, "flamegraph");
		return JSON_DESCEND;
	}
	if (d == 1 && t == JSON_OBJ && json_key_is(j, 0, "metadata"))
		return JSON_COLLECT;
	if (d == 2 && t == JSON_ARR && fb_key(j) &&
	    (json_key_is(j, 1, "names") || json_key_is(j, 1, "levels")))
		return JSON_DESCEND;
	if (d == 3 && fb_key(j) && json_key_is(j, 1, "levels"))
		return JSON_COLLECT;
	return JSON_SKIP;
}

static void
copy_str(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static int
fb_value(void *ctx, ft_json *j, const json_val *v)
{
	struct fb *F = ctx;
	size_t d = json_depth(j);
	if (d == 1 && json_key_is(j, 0, "metadata")) {
		size_t n;
		const char *s = json_get_str(v, "format", &n);
		if (s != NULL) {
			copy_str(F->format, sizeof(F->format), s, n);
			F->have_meta_format = 1;
		}
		if ((s = json_get_str(v, "units", &n)) != NULL)
			copy_str(F->units, sizeof(F->units), s, n);
		return 0;
	}
	if (!fb_key(j))
		return 0;
	if (d == 2) {
		size_t n;
		int lr = json_key_is(j, 1, "rightTicks");
		/* Old servers put format and units in the flamebearer. */
		if ((json_key_is(j, 1, "numTicks") || json_key_is(j, 1, "total")) &&
		    fb_int(v, &F->num_ticks) == 0)
			F->have_ticks = 1;
		else if (F->querier && (lr || json_key_is(j, 1, "leftTicks"))) {
			if (fb_int(v, &F->ticks[lr]) != 0)
				return json_fail(j, "leftTicks or rightTicks is not an integer");
			F->have_lr = 1;
		}
		else if (json_key_is(j, 1, "format") && v->type == JSON_STR && !F->have_meta_format)
			copy_str(F->format, sizeof(F->format), v->s, v->n);
		else if (json_key_is(j, 1, "units") && v->type == JSON_STR && F->units[0] == '\0')
			copy_str(F->units, sizeof(F->units), v->s, v->n);
		(void)n;
		return 0;
	}
	if (d == 3 && json_key_is(j, 1, "names")) {
		if (v->type != JSON_STR)
			return json_fail(j, "a name is not a string");
		if (F->nids >= UINT32_MAX - 1)
			return json_fail(j, "too many names");
		uint32_t id = intern_get(F->names, v->s, v->n, FT_KIND_NONE);
		PUSH(F->ids, F->nids, F->cids, id);
		return 0;
	}
	if (d == 3 && json_key_is(j, 1, "levels")) {
		/* The query API: {"values": [...]}, {} when empty. */
		static const json_val none = {.type = JSON_ARR};
		const json_val *a = v;
		if (v->type == JSON_OBJ && F->querier && (a = json_get(v, "values")) == NULL)
			a = &none;
		if (a->type != JSON_ARR)
			return json_fail(j, F->querier ? "a level is not an object with "
			    "\"values\", an array" : "a level is not an array");
		struct level L = {0};
		size_t cap = 0;
		for (const json_val *k = a->kids; k != NULL; k = k->next) {
			int64_t x;
			if (fb_int(k, &x) != 0) {
				free(L.v);
				return json_fail(j, "a level holds a value that is not an integer");
			}
			PUSH(L.v, L.n, cap, x);
		}
		PUSH(F->levels, F->nlevels, F->clevels, L);
		return 0;
	}
	return 0;
}

/* One bar: where it starts and ends (the two sides added for "double"),
 * its tree node. */
struct bar {
	int64_t x, end;
	uint32_t node;
};

static const char *
unit_of(const char *units)
{
	if (strcmp(units, "bytes") == 0)
		return "bytes";
	if (strstr(units, "nanoseconds") != NULL)
		return "nanoseconds";
	return "count"; /* samples, objects, goroutines, lock_samples */
}

ft_profile *
load_flamebearer(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct fb F = {.path = source_name(src)};
	ft_profile *p = profile_new(names, 1);
	F.names = p->names;
	rep->what = "bar";
	json_handler h = {.enter = fb_enter, .value = fb_value};
	struct bar *prev = NULL, *cur = NULL;
	size_t nprev = 0, ncur = 0, cprev = 0, ccur = 0;
	ft_stackset stacks = {0};
	if (json_stream(src, &h, &F, NULL, err) != 0)
		goto fail;
	if (F.querier && F.format[0] == '\0')
		snprintf(F.format, sizeof(F.format), "%s", F.have_lr ? "double" : "single");
	int dbl = strcmp(F.format, "double") == 0;
	if (F.format[0] != '\0' && !dbl && strcmp(F.format, "single") != 0) {
		diag_set(err, "%s: flamebearer format \"%s\": only single and double are known",
		    F.path, F.format);
		goto fail;
	}
	if (F.nlevels == 0 || F.nids == 0) {
		diag_set(err, "%s: a flamebearer without levels or names: no stacks found", F.path);
		goto fail;
	}
	size_t w = dbl ? 7 : 4; /* numbers per bar */
	const char *units = F.units[0] != '\0' ? F.units : F.querier ? "value" : "samples";
	if (dbl) {
		profile_set_nvals(p, 2);
		profile_set_type(p, 0, "before", unit_of(units));
		profile_set_type(p, 1, "after", unit_of(units));
		p->differential = 1;
		p->deftype = 1;
	} else {
		profile_set_type(p, 0, units, unit_of(units));
	}
	for (size_t l = 0; l < F.nlevels; l++) {
		const struct level *L = &F.levels[l];
		if (L->n % w != 0) {
			diag_set(err, "%s: level %zu holds %zu numbers, not bars of %zu", F.path, l,
			    L->n, w);
			goto fail;
		}
		ncur = 0;
		int64_t xl = 0, xr = 0; /* the end of the previous bar, per side */
		size_t up = 0;
		for (size_t b = 0; b < L->n; b += w) {
			const int64_t *v = L->v + b;
			int64_t name = v[w - 1];
			int64_t x, end, self[2];
			int ok = name >= 0 && (uint64_t)name < F.nids;
			int64_t sl = 0, el = 0, sr = 0, er = 0;
			ok = ok && v[0] >= 0 && v[1] >= 0 && v[2] >= 0 &&
			    !__builtin_add_overflow(xl, v[0], &sl) &&
			    !__builtin_add_overflow(sl, v[1], &el);
			self[0] = v[2];
			self[1] = 0;
			if (dbl)
				ok = ok && v[3] >= 0 && v[4] >= 0 && v[5] >= 0 &&
				    !__builtin_add_overflow(xr, v[3], &sr) &&
				    !__builtin_add_overflow(sr, v[4], &er);
			if (!ok || __builtin_add_overflow(sl, sr, &x) ||
			    __builtin_add_overflow(el, er, &end)) {
				if (rep->invalid++ == 0)
					diag_set(&rep->first_bad, "%s: level %zu, bar %zu: a negative or "
					    "too large number, or a name index out of range", F.path, l,
					    b / w);
				continue;
			}
			xl = el;
			if (dbl) {
				xr = er;
				self[1] = v[5];
			}
			/* The parent: the bar of the row above holding x. */
			uint32_t node;
			if (l == 0) {
				node = FT_ROOT;
			} else {
				while (up < nprev && prev[up].end <= x &&
				    !(prev[up].x == x && prev[up].end == x))
					up++;
				if (up == nprev || prev[up].x > x) {
					if (rep->invalid++ == 0)
						diag_set(&rep->first_bad, "%s: level %zu, bar %zu: no bar "
						    "of the level above holds it", F.path, l, b / w);
					continue;
				}
				node = profile_child(p, prev[up].node, F.ids[name]);
			}
			struct bar br = {.x = x, .end = end, .node = node};
			PUSH(cur, ncur, ccur, br);
			ft_val vals[2] = {self[0], self[1]};
			if (vals[0] != 0 || vals[1] != 0) {
				if (profile_add_self(p, node, vals, err) != 0) {
					ft_diag dg = *err;
					diag_set(err, "%s: %s", F.path, dg.msg);
					goto fail;
				}
				if (stackset_add(&stacks, node))
					rep->stacks++;
			}
			rep->valid++;
		}
		struct bar *t = prev;
		prev = cur;
		cur = t;
		size_t tc = cprev;
		cprev = ccur;
		ccur = tc;
		nprev = ncur;
	}
	if (rep->valid == 0) {
		diag_set(err, "%s: the flamebearer has no usable bars (first problem: %s)", F.path,
		    rep->first_bad.msg);
		goto fail;
	}
	if (o->strict && rep->invalid > 0) {
		*err = rep->first_bad;
		goto fail;
	}
	snprintf(rep->summary, sizeof(rep->summary), "flamebearer_format=%s\nunits=%s\n"
	    "levels=%zu\nnames_in_file=%zu\nnum_ticks=%" PRId64 "%s", dbl ? "double" : "single",
	    units, F.nlevels, F.nids, F.num_ticks, F.querier ? "\nshape=Grafana Pyroscope's "
	    "query API (\"flamegraph\"): it states no unit" : "");
	p->format = "flamebearer";
	profile_set_source(p, F.path);
	if (profile_finish(p, o->sort, p->deftype, err) != 0) {
		ft_diag dg = *err;
		diag_set(err, "%s: %s", F.path, dg.msg);
		goto fail;
	}
	/* numTicks is the root's total (both sides' for "double"). */
	if (F.have_ticks) {
		ft_val t = profile_total(p, FT_ROOT, 0);
		if (dbl && __builtin_add_overflow(t, profile_total(p, FT_ROOT, 1), &t))
			t = -1;
		if (t != F.num_ticks)
			load_report_warn(rep, "%s: the bars add up to %lld, %s says %" PRId64,
			    F.path, (long long)t, F.querier ? "total" : "numTicks", F.num_ticks);
	}
	/* A query API diff: each side's total. */
	for (int s = 0; dbl && F.have_lr && s < 2; s++) {
		ft_val t = profile_total(p, FT_ROOT, s);
		if (t != F.ticks[s])
			load_report_warn(rep, "%s: the %s bars add up to %lld, %s says %" PRId64,
			    F.path, s ? "right" : "left", (long long)t,
			    s ? "rightTicks" : "leftTicks", F.ticks[s]);
	}
	goto out;
fail:
	profile_free(p);
	p = NULL;
out:
	for (size_t l = 0; l < F.nlevels; l++)
		free(F.levels[l].v);
	free(F.levels);
	free(F.ids);
	free(prev);
	free(cur);
	stackset_free(&stacks);
	return p;
}
