/* export_speedscope.c - speedscope JSON writer (see export_speedscope.h).
 *
 * Names are bytes from untrusted files; JSON wants valid UTF-8, so invalid
 * bytes are written as U+FFFD and control characters as \u00XX escapes.
 * The exporter field is "flametui": load_speedscope.c reads such files
 * back with one column per profile (a round trip keeps the sample types),
 * where other producers' same-unit profiles are threads.
 *
 * Time order (issue 25 part 7): a column that the profile's timeline
 * holds whole (its samples' weights add up to every node's self value:
 * not after a filter, nor for a JFR recording's allocation columns) is
 * written as its samples in time order, each with its own weight, as
 * speedscope's time order view lays a sampled profile out; a time-unit
 * column's startValue is the recording's start in that unit.  Other
 * columns are one sample per node, as before.
 *
 * A profile without time that kept its samples' order (profile/order.h:
 * a folded file's lines, a pprof file's samples, loaded for this export)
 * is written in that order, each sample with its own value, as speedscope
 * itself imports such files: its Time Order view then shows what
 * flametui's flame chart does.
 *
 * Spans (profile/spans.h: a trace's duration events, a speedscope file's
 * evented profiles) are written as evented profiles instead, one per
 * thread (a root child that holds no span itself; spans at the root's
 * children, as a speedscope file's single profile, are one profile with
 * an empty name): each span opened (`O`) at its start and closed (`C`) at
 * its end, in nesting order (the spans' stored order: a span closes
 * before the next one that is not inside it opens), startValue the
 * thread's first start (the recording's stated start when earlier),
 * endValue its last end, in the value column's time unit.
 */
#include "export/export_speedscope.h"

#include <stdlib.h>
#include <string.h>

#include "profile/intern.h"
#include "profile/order.h"
#include "profile/spans.h"
#include "profile/timeline.h"
#include "base/utf8.h"
#include "base/xalloc.h"

static void
put_json_str(FILE *out, const char *s, size_t n)
{
	fputc('"', out);
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			fputc('\\', out);
			fputc(c, out);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(out, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			fputc(c, out);
			i++;
		} else {
			uint32_t cp;
			size_t l = utf8_decode(s + i, n - i, &cp);
			if (l == 0) {
				fputs("\xef\xbf\xbd", out);
				i++;
			} else {
				fwrite(s + i, 1, l, out);
				i += l;
			}
		}
	}
	fputc('"', out);
}

static const char *
ss_unit(const char *u)
{
	static const char *known[] = {"nanoseconds", "microseconds", "milliseconds",
	    "seconds", "bytes"};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(u, known[i]) == 0)
			return known[i];
	if (strcmp(u, "ns") == 0)
		return "nanoseconds";
	if (strcmp(u, "us") == 0)
		return "microseconds";
	if (strcmp(u, "ms") == 0)
		return "milliseconds";
	if (strcmp(u, "s") == 0)
		return "seconds";
	return "none";
}

/* ns per unit of a speedscope time unit, 0 for none and bytes. */
static int64_t
unit_ns(const char *u)
{
	return strcmp(u, "nanoseconds") == 0 ? 1 : strcmp(u, "microseconds") == 0 ?
	    1000 : strcmp(u, "milliseconds") == 0 ? 1000000 :
	    strcmp(u, "seconds") == 0 ? 1000000000 : 0;
}

/* ns as a decimal number of units of u ns each (exact, at most 9
 * decimals). */
static void
ns_text(char *buf, size_t cap, int64_t ns, int64_t u)
{
	int64_t w = ns / u, f = ns % u;
	const char *sign = ns < 0 ? "-" : "";
	if (w < 0)
		w = -w;
	if (f < 0)
		f = -f;
	if (f == 0) {
		snprintf(buf, cap, "%s%lld", sign, (long long)w);
		return;
	}
	int digits = 0;
	for (int64_t k = u; k > 1; k /= 10)
		digits++;
	char t[24];
	snprintf(t, sizeof(t), "%09lld", (long long)f); /* f < u <= 1e9 */
	char *d = t + 9 - digits;
	size_t k = strlen(d);
	while (k > 1 && d[k - 1] == '0')
		d[--k] = '\0';
	snprintf(buf, cap, "%s%lld.%s", sign, (long long)w, d);
}

/* Sample i's weight in column c: its weight in its column, 1 in the count
 * column. */
static uint64_t
tl_weight(const ft_timeline *tl, uint32_t i, int c)
{
	int ci = tl->cols != NULL ? tl->cols[i] : tl->col;
	uint64_t v = ci == c ? (tl->w != NULL ? tl->w[i] : 1) : 0;
	return v + (tl->count_col == c ? 1 : 0);
}

/* 1 when p's timeline holds column c whole: its samples' weights add up to
 * every node's self value. */
static int
tl_covers(const ft_profile *p, int c)
{
	const ft_timeline *tl = p->timeline;
	if (tl == NULL || tl->n == 0)
		return 0;
	uint64_t *sum = xcalloc(p->nnodes ? p->nnodes : 1, sizeof(uint64_t));
	int ok = 1;
	for (uint32_t i = 0; i < tl->n && ok; i++) {
		if (tl->leaf[i] >= p->nnodes)
			ok = 0;
		else if (__builtin_add_overflow(sum[tl->leaf[i]], tl_weight(tl, i, c),
		    &sum[tl->leaf[i]]))
			ok = 0;
	}
	for (uint32_t n = 0; n < p->nnodes && ok; n++) {
		ft_val v = profile_self(p, n, c);
		ok = v >= 0 && (uint64_t)v == sum[n];
	}
	free(sum);
	return ok;
}

static const int64_t *cmp_t;

static int
cmp_time(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	if (cmp_t[x] != cmp_t[y])
		return cmp_t[x] < cmp_t[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* The timeline's samples by time (ties in file order): malloc'd. */
static uint32_t *
tl_order(const ft_timeline *tl)
{
	uint32_t *ord = xreallocarray(NULL, tl->n ? tl->n : 1, sizeof(uint32_t));
	for (uint32_t i = 0; i < tl->n; i++)
		ord[i] = i;
	if (tl->backwards) {
		cmp_t = tl->t;
		qsort(ord, tl->n, sizeof(uint32_t), cmp_time);
		cmp_t = NULL;
	}
	return ord;
}

static void
put_stack(const ft_profile *p, uint32_t n, const uint32_t *frame, uint32_t *path,
    int *first, FILE *out)
{
	uint32_t d = profile_path(p, n, path);
	fputs(*first ? "\n[" : ",\n[", out);
	*first = 0;
	for (uint32_t i = 0; i < d; i++)
		fprintf(out, i ? ",%u" : "%u", frame[path[i]]);
	fputc(']', out);
}

/* Column c as its samples in time order (tl_covers). */
static void
put_timed(const ft_profile *p, int c, const uint32_t *ord, const uint32_t *frame,
    uint32_t *path, FILE *out)
{
	const ft_timeline *tl = p->timeline;
	const char *unit = ss_unit(p->types[c].unit);
	int64_t u = unit_ns(unit);
	char sv[48], ev[48], v[48];
	ft_val total = profile_total(p, FT_ROOT, c);
	if (u > 0) {
		/* The recording's start in the unit; the end at least the
		 * start + the weights (speedscope's span of the samples). */
		int64_t s = tl->have_bounds ? tl->start : tl->tmin;
		int64_t e = timeline_end(tl), se;
		if (s > tl->tmin)
			s = tl->tmin;
		int64_t unit_val = u;
		for (int i = 0; i < p->scale; i++)
			unit_val /= 10;
		if (unit_val > 0 && !__builtin_mul_overflow(total, unit_val, &se) &&
		    !__builtin_add_overflow(se, s, &se) && se > e)
			e = se;
		ns_text(sv, sizeof(sv), s, u);
		ns_text(ev, sizeof(ev), e, u);
	} else {
		snprintf(sv, sizeof(sv), "0");
		val_format(ev, sizeof(ev), total, p->scale);
	}
	fprintf(out, ",\"unit\":\"%s\",\"startValue\":%s,\"endValue\":%s,\n\"samples\":[",
	    unit, sv, ev);
	int first = 1;
	for (uint32_t k = 0; k < tl->n; k++)
		if (tl_weight(tl, ord[k], c) != 0)
			put_stack(p, tl->leaf[ord[k]], frame, path, &first, out);
	fputs("],\n\"weights\":[", out);
	first = 1;
	for (uint32_t k = 0; k < tl->n; k++) {
		uint64_t w = tl_weight(tl, ord[k], c);
		if (w == 0)
			continue;
		val_format(v, sizeof(v), (ft_val)w, p->scale);
		fprintf(out, first ? "%s" : ",%s", v);
		first = 0;
	}
	fputs("]}", out);
}

/* Column c as the samples in the order they came (order.h); samples of
 * value 0 in it are left out. */
static void
put_ordered(const ft_profile *p, int c, const uint32_t *frame, uint32_t *path, FILE *out)
{
	const ft_order *o = p->sample_order;
	char ev[48], v[48];
	val_format(ev, sizeof(ev), profile_total(p, FT_ROOT, c), p->scale);
	fprintf(out, ",\"unit\":\"%s\",\"startValue\":0,\"endValue\":%s,\n\"samples\":[",
	    ss_unit(p->types[c].unit), ev);
	int first = 1;
	for (uint32_t i = 0; i < o->n; i++)
		if (o->v[(size_t)i * (size_t)o->nv + (size_t)c] != 0)
			put_stack(p, o->leaf[i], frame, path, &first, out);
	fputs("],\n\"weights\":[", out);
	first = 1;
	for (uint32_t i = 0; i < o->n; i++) {
		ft_val w = o->v[(size_t)i * (size_t)o->nv + (size_t)c];
		if (w == 0)
			continue;
		val_format(v, sizeof(v), w, p->scale);
		fprintf(out, first ? "%s" : ",%s", v);
		first = 0;
	}
	fputs("]}", out);
}

/* 1 when p's spans can be written as evented profiles: some, and column
 * 0 (the only one spans have) in a time unit. */
static int
spans_evented(const ft_profile *p)
{
	return p->spans != NULL && p->spans->n > 0 && p->nvals == 1 &&
	    unit_ns(ss_unit(p->types[0].unit)) > 0;
}

static const uint32_t *cmp_key;

static int
cmp_group(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	if (cmp_key[x] != cmp_key[y])
		return cmp_key[x] < cmp_key[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* One O or C event. */
static void
put_event(FILE *out, int *first, char type, uint32_t frame, int64_t ns, int64_t u)
{
	char at[48];
	ns_text(at, sizeof(at), ns, u);
	fprintf(out, "%s{\"type\":\"%c\",\"frame\":%u,\"at\":%s}", *first ? "\n" :
	    ",\n", type, frame, at);
	*first = 0;
}

/* The spans as evented profiles, one per thread (see the top). */
static void
put_spans(const ft_profile *p, const uint32_t *frame, FILE *out)
{
	const ft_spans *sp = p->spans;
	const char *unit = ss_unit(p->types[0].unit);
	int64_t u = unit_ns(unit);
	uint32_t nn = p->nnodes;
	/* The root child above each node; which nodes hold spans. */
	uint32_t *top = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	uint8_t *has = xcalloc(nn ? nn : 1, 1);
	top[0] = FT_ROOT;
	for (uint32_t n = 1; n < nn; n++)
		top[n] = p->nodes[n].parent == FT_ROOT ? n : top[p->nodes[n].parent];
	for (uint32_t i = 0; i < sp->n; i++)
		if (sp->node[i] < nn)
			has[sp->node[i]] = 1;
	/* Group key per span: its thread's rank of first appearance. */
	uint32_t *rank = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	memset(rank, 0xff, sizeof(uint32_t) * (nn ? nn : 1));
	uint32_t *key = xmalloc(sizeof(uint32_t) * sp->n);
	uint32_t *ord = xmalloc(sizeof(uint32_t) * sp->n);
	uint32_t nthreads = 0, ngood = 0;
	for (uint32_t i = 0; i < sp->n; i++) {
		if (sp->node[i] >= nn)
			continue;
		uint32_t t = top[sp->node[i]];
		if (has[t])
			t = FT_ROOT;
		if (rank[t] == UINT32_MAX)
			rank[t] = nthreads++;
		key[i] = rank[t];
		ord[ngood++] = i;
	}
	cmp_key = key;
	qsort(ord, ngood, sizeof(uint32_t), cmp_group);
	cmp_key = NULL;
	uint32_t *st = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 1));
	for (uint32_t a = 0; a < ngood;) {
		uint32_t b = a;
		while (b < ngood && key[ord[b]] == key[ord[a]])
			b++;
		uint32_t t = top[sp->node[ord[a]]];
		if (has[t])
			t = FT_ROOT;
		int64_t s0 = sp->start[ord[a]], e0 = sp->end[ord[a]];
		for (uint32_t k = a; k < b; k++) {
			if (sp->start[ord[k]] < s0)
				s0 = sp->start[ord[k]];
			if (sp->end[ord[k]] > e0)
				e0 = sp->end[ord[k]];
		}
		if (sp->have_origin && sp->origin < s0)
			s0 = sp->origin;
		char sv[48], ev[48];
		ns_text(sv, sizeof(sv), s0, u);
		ns_text(ev, sizeof(ev), e0, u);
		fprintf(out, "%s\n{\"type\":\"evented\",\"name\":", a ? "," : "");
		if (t == FT_ROOT)
			fputs("\"\"", out);
		else
			put_json_str(out, intern_str(p->names, p->nodes[t].name),
			    intern_len(p->names, p->nodes[t].name));
		fprintf(out, ",\"unit\":\"%s\",\"startValue\":%s,\"endValue\":%s,\n"
		    "\"events\":[", unit, sv, ev);
		int first = 1;
		uint32_t n = 0;
		for (uint32_t k = a; k < b; k++) {
			uint32_t i = ord[k], node = sp->node[i];
			uint32_t par = p->nodes[node].parent;
			/* Close what s is not inside: down to its parent's span. */
			while (n > 0 && sp->node[st[n - 1]] != par) {
				n--;
				put_event(out, &first, 'C', frame[p->nodes[sp->node[st[n]]].name],
				    sp->end[st[n]], u);
			}
			put_event(out, &first, 'O', frame[p->nodes[node].name], sp->start[i], u);
			if (n <= p->max_depth)
				st[n++] = i;
		}
		while (n > 0) {
			n--;
			put_event(out, &first, 'C', frame[p->nodes[sp->node[st[n]]].name],
			    sp->end[st[n]], u);
		}
		fputs("]}", out);
		a = b;
	}
	free(st);
	free(ord);
	free(key);
	free(rank);
	free(has);
	free(top);
}

int
export_speedscope(const ft_profile *p, int col, FILE *out, ft_diag *err)
{
	if (profile_check_stack_frames(p, "the speedscope export", err) != 0)
		return -1;
	uint32_t nnames = intern_count(p->names);
	uint32_t *frame = xreallocarray(NULL, nnames ? nnames : 1, sizeof(uint32_t));
	memset(frame, 0xff, sizeof(uint32_t) * (nnames ? nnames : 1));
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 1));
	uint32_t nframes = 0;
	int plain = p->format != NULL && strcmp(p->format, "pprof") == 0;
	const char *base = strrchr(p->source, '/');
	base = base != NULL ? base + 1 : p->source;

	fputs("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n", out);
	fputs("\"exporter\":\"flametui\",\"name\":", out);
	put_json_str(out, base, strlen(base));
	fprintf(out, ",\"activeProfileIndex\":%d,\n\"shared\":{\"frames\":[", col);
	/* Frames in first-use order over the tree (node order). */
	for (uint32_t n = 1; n < p->nnodes; n++) {
		uint32_t id = p->nodes[n].name;
		if (frame[id] != UINT32_MAX)
			continue;
		frame[id] = nframes++;
		/* Kinds as name suffixes, except for pprof input (the folded
		 * export's convention, so the two exports agree). */
		const char *suf = plain ? "" : kind_suffix(intern_kind(p->names, id));
		size_t nl = intern_len(p->names, id), sl = strlen(suf);
		char *name = xmalloc(nl + sl + 1);
		memcpy(name, intern_str(p->names, id), nl);
		memcpy(name + nl, suf, sl);
		fputs(nframes > 1 ? ",\n{\"name\":" : "\n{\"name\":", out);
		put_json_str(out, name, nl + sl);
		free(name);
		const char *w = profile_frame_where(p, id);
		if (w != NULL) {
			fputs(",\"file\":", out);
			put_json_str(out, w, strlen(w));
		}
		fputc('}', out);
	}
	fputs("]},\n\"profiles\":[", out);
	if (spans_evented(p)) {
		put_spans(p, frame, out);
		goto done;
	}
	char v[48], end[48];
	uint32_t *ord = p->timeline != NULL ? tl_order(p->timeline) : NULL;
	for (int c = 0; c < p->nvals; c++) {
		fprintf(out, "%s\n{\"type\":\"sampled\",\"name\":", c ? "," : "");
		put_json_str(out, p->types[c].name, strlen(p->types[c].name));
		if (ord != NULL && tl_covers(p, c)) {
			put_timed(p, c, ord, frame, path, out);
			continue;
		}
		if (ord == NULL && p->sample_order != NULL && !p->sample_order->lost &&
		    c < p->sample_order->nv) {
			put_ordered(p, c, frame, path, out);
			continue;
		}
		val_format(end, sizeof(end), profile_total(p, FT_ROOT, c), p->scale);
		fprintf(out, ",\"unit\":\"%s\",\"startValue\":0,\"endValue\":%s,\n\"samples\":[",
		    ss_unit(p->types[c].unit), end);
		int first = 1;
		for (uint32_t n = 1; n < p->nnodes; n++)
			if (profile_self(p, n, c) != 0)
				put_stack(p, n, frame, path, &first, out);
		fputs("],\n\"weights\":[", out);
		first = 1;
		for (uint32_t n = 1; n < p->nnodes; n++) {
			if (profile_self(p, n, c) == 0)
				continue;
			val_format(v, sizeof(v), profile_self(p, n, c), p->scale);
			fprintf(out, first ? "%s" : ",%s", v);
			first = 0;
		}
		fputs("]}", out);
	}
	free(ord);
done:
	fputs("]}\n", out);
	free(frame);
	free(path);
	if (fflush(out) != 0 || ferror(out)) {
		diag_set(err, "write error");
		return -1;
	}
	return 0;
}
