/* cmd_input.c - what the commands work on (see cmd_input.h): load the
 * profile(s) with progress on stderr, pick the sample type, apply the
 * filters, resolve --zoom and --butterfly; and the output file.  Messages
 * go to stderr here; the core modules only return errors. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "profile/timeline.h"
#include "cli/cmd_input.h"
#include "cli/cmd_msg.h"
#include "profile/demangle.h"
#include "profile/intern.h"
#include "profile/merge.h"
#include "profile/order.h"
#include "ops/timecompare.h"
#include "profile/relabel.h"
#include "profile/units.h"
#include "base/xalloc.h"

/* --- progress on stderr for slow loads ------------------------------------ */

struct progress {
	double start;
	int shown;
	const char *name;
	/* A pipe or fifo: a thread redraws "reading NAME: N bytes so far"
	 * with a spinner every 200 ms, so a stalled pipe shows it is being
	 * read (the loader's read blocks meanwhile). */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_t th;
	int ticking, stop;
	uint64_t done;
};

static double
now(void)
{
	struct timeval tv;
	gettimeofday(&tv, NULL);
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static void
progress_cb(void *ctx, uint64_t done, uint64_t size)
{
	struct progress *pr = ctx;
	if (pr->ticking) {
		pthread_mutex_lock(&pr->mu);
		pr->done = done;
		pthread_mutex_unlock(&pr->mu);
		return;
	}
	if (now() - pr->start < 0.5)
		return;
	fputc('\r', stderr); /* the line is redrawn in place */
	if (size > 0)
		cmd_msg(stderr, "flametui: loading %s: %llu MiB of %llu MiB (%d%%)",
		    pr->name, (unsigned long long)(done >> 20), (unsigned long long)(size >> 20),
		    (int)(done * 100 / size));
	else
		cmd_msg(stderr, "flametui: loading %s: %llu MiB", pr->name,
		    (unsigned long long)(done >> 20));
	pr->shown = 1;
}

/* A loader doing something before bytes come ("running perf script -i
 * FILE"): said at once, on the line the progress redraws. */
static void
status_cb(void *ctx, const char *what)
{
	struct progress *pr = ctx;
	char n[256];
	escape_text(n, sizeof(n), pr->name, strlen(pr->name), 120);
	cmd_msg(stderr, "\rflametui: %s: %s ...", strcmp(pr->name, "-") == 0 ?
	    "standard input" : n, what);
	fputs("\033[K", stderr);
	fflush(stderr);
	pr->shown = 1;
}

/* While a URL is fetched: "fetching URL ... 3 of 5 s". */
static void
fetch_progress_cb(void *ctx, const char *url, double elapsed, double expected,
    uint64_t bytes)
{
	struct progress *pr = ctx;
	char u[256];
	escape_text(u, sizeof(u), url, strlen(url), 120);
	if (bytes > 0)
		fprintf(stderr, "\rflametui: fetching %s ... %.0f s, %llu KiB\033[K", u, elapsed,
		    (unsigned long long)(bytes >> 10));
	else if (expected > 0)
		fprintf(stderr, "\rflametui: fetching %s ... %.0f of %.0f s\033[K", u,
		    elapsed < expected ? elapsed : expected, expected);
	else
		fprintf(stderr, "\rflametui: fetching %s ... %.0f s\033[K", u, elapsed);
	pr->shown = 1;
}

static void *
ticker(void *arg)
{
	struct progress *pr = arg;
	static const char spin[] = "|/-\\";
	unsigned k = 0;
	pthread_mutex_lock(&pr->mu);
	while (!pr->stop) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 200 * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&pr->cv, &pr->mu, &ts);
		if (pr->stop || now() - pr->start < 0.5)
			continue;
		char n[256];
		escape_text(n, sizeof(n), pr->name, strlen(pr->name), 120);
		fprintf(stderr, "\rflametui: reading %s: %llu bytes so far %c (Ctrl-C quits)\033[K",
		    strcmp(pr->name, "-") == 0 ? "standard input" : n,
		    (unsigned long long)pr->done, spin[k++ % 4]);
		fflush(stderr);
		pr->shown = 1;
	}
	pthread_mutex_unlock(&pr->mu);
	return NULL;
}

/* Start the ticker for a pipe or fifo (not a regular file: its size is
 * known and its reads do not stall). */
static void
progress_start(struct progress *pr, const char *path)
{
	struct stat st;
	int fifo = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) == 0 && S_ISFIFO(st.st_mode) :
	    stat(path, &st) == 0 && S_ISFIFO(st.st_mode);
	if (!fifo)
		return;
	pthread_mutex_init(&pr->mu, NULL);
	pthread_cond_init(&pr->cv, NULL);
	pr->ticking = 1;
	if (pthread_create(&pr->th, NULL, ticker, pr) != 0) {
		pr->ticking = 0;
		pthread_cond_destroy(&pr->cv);
		pthread_mutex_destroy(&pr->mu);
	}
}

static void
progress_end(struct progress *pr)
{
	if (pr->ticking) {
		pthread_mutex_lock(&pr->mu);
		pr->stop = 1;
		pthread_cond_signal(&pr->cv);
		pthread_mutex_unlock(&pr->mu);
		pthread_join(pr->th, NULL);
		pthread_cond_destroy(&pr->cv);
		pthread_mutex_destroy(&pr->mu);
		pr->ticking = 0;
	}
	if (pr->shown)
		fprintf(stderr, "\r\033[K");
}

/* A warning or note about the input: to stderr now, and the first one
 * kept in `in` for the viewer (in may be NULL). */
static void
warn(ft_input *in, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void
warn(ft_input *in, const char *fmt, ...)
{
	char buf[DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cmd_msg(stderr, "flametui: %s\n", buf);
	if (in != NULL && in->nwarn++ == 0)
		memcpy(in->warn, buf, sizeof(buf));
}

/* --unit for a profile whose format cannot tell its unit. */
static void
apply_unit(const ft_cmdline *o, ft_profile *p, ft_input *in, int quiet)
{
	if (o->unit == NULL)
		return;
	if (!p->unit_unknown) {
		if (quiet)
			return;
		warn(in, "%s: a %s profile knows its unit (%s); --unit ignored",
		    p->source, p->format, p->types[p->deftype].unit);
		return;
	}
	for (int c = 0; c < p->nvals; c++) {
		const char *name = p->types[c].name;
		if (strcmp(name, "samples") == 0)
			name = units_type_name(o->unit);
		profile_set_type(p, c, name, o->unit);
	}
}

/* --group and --demangle: p with its threads merged to o->group and its
 * names demangled (p itself when that changes nothing).  With raw
 * non-NULL and p relabelable, *raw keeps p (the viewer's group and
 * demangle keys relabel it; it may be the result itself); else p is used
 * up (the result is built in its memory). */
static ft_profile *
relabel(const ft_cmdline *o, ft_profile *p, ft_profile **raw, ft_diag *err)
{
	if (raw == NULL)
		return profile_relabel_consume(p, o->group, o->demangle, o->sort,
		    p->deftype, err);
	*raw = NULL;
	int keep = raw != NULL && profile_relabelable(p);
	if (keep)
		*raw = p;
	if (!profile_relabel_changes(p, o->group, o->demangle) ||
	    profile_relabel_inplace(p, o->group, o->demangle, o->sort, p->deftype))
		return p; /* a pure rename is done in place: no second tree */
	ft_profile *g = profile_relabel(p, o->group, o->demangle, o->sort, p->deftype, err);
	if (g == NULL && keep)
		*raw = NULL;
	if (g == NULL || !keep)
		profile_free(p);
	return g;
}

/* Load one file as it is (--unit applied, not --group or --demangle);
 * warnings about skipped or rounded lines go to stderr. */
static ft_profile *
load_as_loaded(const ft_cmdline *o, const char *path, ft_intern *names,
    ft_load_report *rep, ft_diag *err, ft_input *in, int dm_load, int keep_input)
{
	ft_load_opts lo = {0};
	lo.dm_load = dm_load;
	lo.demangled = 1 + o->demangle;
	lo.keep_input = keep_input;
	struct stat st;
	lo.reopenable = keep_input && strcmp(path, "-") != 0 && !fetch_is_url(path) &&
	    stat(path, &st) == 0 && S_ISREG(st.st_mode);
	lo.strict = o->strict;
	lo.threads = o->threads;
	lo.sort = o->sort;
	lo.lines = o->lines;
	/* A profile without time keeps its samples' order for the flame
	 * chart and for speedscope's time order view. */
	lo.keep_order = o->chart || (o->cmd == CMD_EXPORT && o->export_fmt != NULL &&
	    strcmp(o->export_fmt, "speedscope") == 0);
	struct progress pr = {.start = now(), .name = path};
	ft_fetch_opts fo = {.seconds = o->seconds, .timeout = o->timeout};
	lo.fetch = &fo;
	if (isatty(STDERR_FILENO)) {
		lo.progress = progress_cb;
		lo.progress_ctx = &pr;
		lo.status = status_cb;
		fo.progress = fetch_progress_cb;
		fo.progress_ctx = &pr;
	}
	if (strcmp(path, "-") == 0 && isatty(STDIN_FILENO))
		cmd_msg(stderr, "flametui: reading a profile from standard input, which is a "
		    "terminal: paste it and end with Ctrl-D (or give a file, or pipe one in)\n");
	if (lo.progress != NULL)
		progress_start(&pr, path);
	ft_profile *p = load_file(path, names, &lo, rep, err);
	progress_end(&pr);
	if (p == NULL)
		return NULL;
	if (rep->invalid > 0)
		warn(in, "%s: skipped %ld malformed %s%s; first: %s",
		    path, rep->invalid, rep->what ? rep->what : "line",
		    rep->invalid == 1 ? "" : "s", rep->first_bad.msg);
	if (rep->rounded > 0)
		warn(in, "%s (%ld line%s)", rep->first_rounded.msg,
		    rep->rounded, rep->rounded == 1 ? "" : "s");
	for (int i = 0; i < rep->nwarn; i++)
		warn(in, "warning: %s", rep->warn[i].msg);
	if (p->timeline != NULL && p->timeline->untimed > 0 && p->timeline->n > 0)
		warn(in, "warning: %s: %llu sample%s without a time: left out of the heat "
		    "map and of time ranges", path,
		    (unsigned long long)p->timeline->untimed,
		    p->timeline->untimed == 1 ? "" : "s");
	apply_unit(o, p, in, 0);
	if (in != NULL && rep == &in->report) { /* the file --info reports on */
		in->threads = p->nthreads;
		in->processes = profile_process_count(p);
	}
	return p;
}

/* The input of a profile demangled while loading, kept for the viewer's
 * demangle key: loaded again in another mode (cmd_again_load). */
struct again {
	unsigned char *bytes; /* NULL: read the file name again */
	size_t n;
	char *name;
	ft_intern *names;
	int lines;
	int threads;
};

static void
again_free(void *ctx)
{
	struct again *a = ctx;
	if (a == NULL)
		return;
	free(a->bytes);
	free(a->name);
	intern_unref(a->names);
	free(a);
}

static ft_profile *
again_load(void *ctx, int dm, enum ft_sort sort, int col, ft_diag *err)
{
	struct again *a = ctx;
	ft_load_opts lo = {0};
	ft_load_report rep;
	lo.sort = sort;
	lo.lines = a->lines;
	lo.dm_load = dm + 1;
	lo.threads = a->threads;
	ft_profile *p;
	if (a->bytes == NULL) {
		p = load_file(a->name, a->names, &lo, &rep, err);
	} else {
		ft_source *src = source_open_mem(a->bytes, a->n, a->name);
		p = load_source(src, FT_FMT_PPROF, a->names, &lo, &rep, err);
		source_close(src);
	}
	if (p != NULL && sort == FT_SORT_WEIGHT && col != p->deftype)
		profile_sort(p, sort, col);
	return p;
}

/* A file to read again in sample order for the viewer's flame chart
 * (cmd_order_load). */
struct ordered {
	ft_cmdline o;  /* a copy: the options it was loaded with */
	char *path;
	ft_intern *names;
};

static void
ordered_free(void *ctx)
{
	struct ordered *a = ctx;
	if (a == NULL)
		return;
	free(a->path);
	intern_unref(a->names);
	free(a);
}

void
cmd_order_free(void *ctx)
{
	ordered_free(ctx);
}

ft_profile *
cmd_order_load(void *ctx, int group, int dm, enum ft_sort sort, int col, ft_diag *err)
{
	struct ordered *a = ctx;
	ft_cmdline o = a->o;
	o.group = group;
	o.demangle = dm;
	o.sort = sort;
	ft_load_opts lo = {.keep_order = 1, .strict = o.strict, .sort = sort,
	    .lines = o.lines, .demangled = 1 + dm};
	ft_fetch_opts fo = {.seconds = o.seconds, .timeout = o.timeout};
	lo.fetch = &fo;
	ft_load_report rep;
	ft_profile *p = load_file(a->path, a->names, &lo, &rep, err);
	if (p == NULL)
		return NULL;
	if (p->sample_order == NULL || p->sample_order->lost) {
		diag_set(err, "no flame chart: %s is a %s profile, which has neither time per "
		    "sample nor samples in an order (a call graph)", p->source, p->format);
		if (p->sample_order != NULL)
			diag_set(err, "no flame chart: the order of %s's samples could not be "
			    "kept (more than 2^32 of them, or its columns changed)", p->source);
		profile_free(p);
		return NULL;
	}
	apply_unit(&o, p, NULL, 1);
	if ((p = relabel(&o, p, NULL, err)) == NULL)
		return NULL;
	if (sort == FT_SORT_WEIGHT && col != p->deftype && col >= 0 && col < p->nvals)
		profile_sort(p, sort, col);
	return p;
}

/* Names kept mangled because they demangle to more than DEMANGLE_MAX_OUT
 * bytes (demangle.h): said once, when the first such name is met. */
static void
demangle_note(ft_input *in)
{
	static int said;
	if (demangle_gave_up() == 0 || said)
		return;
	said = 1;
	warn(in, "warning: names that would demangle to more than %zu KiB of text "
	    "are kept mangled", DEMANGLE_MAX_OUT >> 10);
}

/* Load one file; --unit, --group and --demangle apply (see relabel() for
 * raw).  A loader that can demangle while building does (one tree, not
 * two); for the viewer (raw non-NULL) its input is then kept instead of
 * the tree as loaded (in->again), to load again in another mode. */
static ft_profile *
load(const ft_cmdline *o, const char *path, ft_intern *names, ft_load_report *rep,
    ft_diag *err, ft_profile **raw, ft_input *in)
{
	if (raw != NULL)
		*raw = NULL;
	/* --watch relabels what it loads again from a raw tree (cmd_watch.c). */
	int dm_load = o->demangle != FT_DEMANGLE_NONE && (raw == NULL || !o->watch) ?
	    o->demangle + 1 : 0;
	ft_profile *p = load_as_loaded(o, path, names, rep, err, in, dm_load,
	    raw != NULL && dm_load > 0);
	if (p != NULL && p->names_merged && (rep->input != NULL || rep->reopen)) {
		struct again *a = xcalloc(1, sizeof(*a));
		a->bytes = rep->input;
		a->n = rep->ninput;
		a->name = xstrdup(path);
		a->names = intern_ref(p->names);
		a->lines = o->lines;
		a->threads = o->threads;
		rep->input = NULL;
		in->again = a;
	}
	p = p != NULL ? relabel(o, p, p->names_merged ? NULL : raw, err) : NULL;
	demangle_note(in);
	return p;
}

ft_profile *
cmd_again_load(void *again, int dm, enum ft_sort sort, int col, ft_diag *err)
{
	return again_load(again, dm, sort, col, err);
}

void
cmd_again_free(void *again)
{
	again_free(again);
}

/* --merge: load every file (one name table) and sum them.  The files are
 * summed as loaded, threads and names untouched, so the sum keeps its
 * threads; --group and --demangle then apply to the sum (see relabel()
 * for raw: the viewer's group and demangle keys work on a merge too). */
static ft_profile *
load_merged(const ft_cmdline *o, ft_intern *names, ft_diag *err, ft_input *in,
    ft_profile **raw)
{
	ft_profile *ps[CMD_MAX_FILES];
	ft_load_report rep;
	int n = 0;
	if (raw != NULL)
		*raw = NULL;
	for (; n < o->nfiles; n++)
		if ((ps[n] = load_as_loaded(o, o->files[n], names, &rep, err, in, 0, 0)) == NULL)
			break;
	ft_profile *m = n == o->nfiles ? profile_merge(ps, n, o->sort, err) : NULL;
	for (int i = 0; i < n; i++)
		profile_free(ps[i]);
	m = m != NULL ? relabel(o, m, raw, err) : NULL;
	demangle_note(in);
	return m;
}

/* --sample-type NAME|INDEX: the column to show. */
static int
pick_type(const ft_profile *p, const char *want, ft_diag *err)
{
	if (want == NULL)
		return p->deftype;
	char *end;
	long i = strtol(want, &end, 10);
	if (end != want && *end == '\0') {
		if (i >= 0 && i < p->nvals)
			return (int)i;
	} else {
		for (int k = 0; k < p->nvals; k++)
			if (strcmp(p->types[k].name, want) == 0)
				return k;
	}
	char known[512] = "";
	for (int k = 0; k < p->nvals; k++) {
		size_t l = strlen(known);
		snprintf(known + l, sizeof(known) - l, "%s%d=%s", k ? ", " : "", k, p->types[k].name);
	}
	diag_set(err, "%s: no sample type '%s' (known: %s)", p->source, want, known);
	return -1;
}

/* --zoom a;b;c: the node at that path. */
static uint32_t
find_path(const ft_profile *p, const char *path, ft_diag *err)
{
	uint32_t node = FT_ROOT;
	const char *s = path;
	while (*s) {
		const char *semi = strchr(s, ';');
		size_t n = semi ? (size_t)(semi - s) : strlen(s);
		uint32_t found = FT_NONE;
		for (uint32_t c = p->nodes[node].child; c != FT_NONE; c = p->nodes[c].sibling) {
			uint32_t nm = p->nodes[c].name;
			const char *suf = kind_suffix(intern_kind(p->names, nm));
			size_t nl = intern_len(p->names, nm), sl = strlen(suf);
			if ((nl == n && memcmp(intern_str(p->names, nm), s, n) == 0) ||
			    (nl + sl == n && memcmp(intern_str(p->names, nm), s, nl) == 0 &&
			    memcmp(suf, s + nl, sl) == 0)) {
				found = c;
				break;
			}
		}
		if (found == FT_NONE) {
			diag_set(err, "--zoom: no frame at this path");
			diag_append_text(err, path, (size_t)(s - path + (long)n));
			return FT_NONE;
		}
		node = found;
		if (semi == NULL)
			break;
		s = semi + 1;
	}
	return node;
}

/* --butterfly NAME: the name id, with or without a `_[k]` style suffix. */
static uint32_t
find_function(const ft_profile *p, const char *name, ft_diag *err)
{
	size_t n = strlen(name);
	uint32_t id = intern_find(p->names, name, n, FT_KIND_NONE);
	for (int k = 1; id == UINT32_MAX && k < FT_KIND_COUNT; k++) {
		size_t sl = strlen(kind_suffix(k));
		if (n > sl && strcmp(name + n - sl, kind_suffix(k)) == 0)
			id = intern_find(p->names, name, n - sl, k);
	}
	if (id == UINT32_MAX || id == 0) {
		diag_set(err, "--butterfly: no function of this name");
		diag_append_text(err, name, n);
		return UINT32_MAX;
	}
	return id;
}

/* Load the file(s): base, and b for a comparison of two files. */
static int
input_read(ft_input *in, const ft_cmdline *o, ft_diag *err)
{
	ft_intern *names = o->nfiles >= 2 ? intern_new() : NULL;
	ft_profile *raw = NULL;
	/* Only the viewer relabels again (keys) and keeps the tree as loaded
	 * (and --dump of the flame chart, whose lanes are the threads as
	 * loaded): elsewhere the relabelled tree is built in the loaded one's
	 * memory. */
	int view = (o->nfiles == 1 || o->merge) &&
	    (o->cmd == CMD_VIEW || (o->cmd == CMD_DUMP && o->chart));
	if (o->merge) {
		in->base = load_merged(o, names, err, in, view ? &raw : NULL);
		const ft_profile *as_loaded = raw != NULL ? raw : in->base;
		if (as_loaded != NULL) {
			in->threads = as_loaded->nthreads;
			in->processes = profile_process_count(as_loaded);
		}
	} else {
		/* load() counts threads and processes before relabelling. */
		in->base = load(o, o->files[0], names, &in->report, err,
		    view ? &raw : NULL, in);
		in->have_report = o->nfiles == 1;
		/* The flame chart of a profile without time reads a file (or
		 * URL) again in sample order; standard input cannot be. */
		if (in->base != NULL && o->cmd == CMD_VIEW && o->nfiles == 1 &&
		    strcmp(o->files[0], "-") != 0) {
			struct ordered *a = xcalloc(1, sizeof(*a));
			a->o = *o;
			a->path = xstrdup(o->files[0]);
			a->names = intern_ref(in->base->names);
			in->ordered = a;
		}
	}
	in->raw = raw;
	if (in->base != NULL && !o->merge && o->nfiles == 2) {
		ft_load_report rep;
		if ((in->b = load(o, o->files[1], names, &rep, err, NULL, in)) == NULL) {
			profile_free(in->base);
			in->base = NULL;
		}
	}
	if (names != NULL)
		intern_unref(names);
	return in->base != NULL ? 0 : -1;
}

/* What a comparison cannot show faithfully, said on stderr and on the
 * viewer's status line: --normalize with nothing to scale (A's total is
 * zero), and deltas beyond 64 bits, which are shown saturated (the
 * headers count them too). */
static void
compare_warnings(ft_input *in, const ft_compare *c)
{
	const ft_profile *u = c->u;
	/* (Of the whole A: a filter such as only-b may leave none of it.) */
	if (c->normalized && c->whole[0] == 0)
		warn(in, "warning: --normalize: %s has a zero total; it is compared unscaled",
		    c->src[0]);
	if (c->saturated > 0) {
		/* Name the deepest first one: the root always overflows with it. */
		uint32_t n = c->sat_first;
		for (uint32_t i = n; i < u->nnodes; i++) {
			ft_val d;
			if (__builtin_sub_overflow(profile_total(u, i, CMP_B),
			    profile_total(u, i, CMP_A), &d))
				n = i;
		}
		warn(in, "warning: %u frame%s delta exceeds 64 bits and is shown saturated "
		    "(e.g. %s: B %lld - A %lld)", c->saturated, c->saturated == 1 ? "'s" : "s'",
		    intern_str(u->names, u->nodes[n].name),
		    (long long)profile_total(u, n, CMP_B), (long long)profile_total(u, n, CMP_A));
	}
}

/* --zoom and --butterfly in the union tree of a comparison: 1 (said)
 * when one is not there, else -1 (go on). */
static int
compare_targets(ft_input *in, const ft_cmdline *o)
{
	ft_diag err = {{0}};
	if ((o->zoom != NULL && (in->zoom = find_path(in->cmp.u, o->zoom, &err)) == FT_NONE) ||
	    (o->butterfly != NULL &&
	    (in->bfly = find_function(in->cmp.u, o->butterfly, &err)) == UINT32_MAX)) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	return -1;
}

/* Two profiles (or the two columns of a differential file): a = before,
 * b = after, sharing one name table; filters apply to both alike. */
static int
input_compare(ft_input *in, const ft_cmdline *o)
{
	ft_diag err = {{0}};
	const ft_profile *a = in->base, *b = in->b != NULL ? in->b : in->base;
	if (compare_pick_columns(a, b, o->sample_type, &in->ca, &in->cb, &err) != 0) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	const ft_vtype *ta = &a->types[in->ca], *tb = &b->types[in->cb];
	/* (The two columns of one differential file measure one thing.) */
	int differ = a != b &&
	    (strcmp(ta->name, tb->name) != 0 || strcmp(ta->unit, tb->unit) != 0);
	/* Different measures compare as shares (total) unless told; else
	 * robust unless told (issue 26: k, the ratio of unchanged functions). */
	int norm = o->norm_mode != 0 ? o->norm_mode : differ ? CMP_NORM_TOTAL :
	    o->cmd == CMD_INFO || (o->cmd == CMD_EXPORT && !cmd_export_is_svg(o)) ?
	    CMP_NORM_ABS : CMP_NORM_ROBUST;
	/* (An export writes raw values unless told, data for other tools, and
	 * --info the files' own figures.) */
	ft_compare_opts co = {.normalize = norm == CMP_NORM_TOTAL, .norm = norm,
	    .sort = o->sort, .strip_root = o->strip_root, .exact_names = o->exact_names};
	in->copts = co;
	if (compare_build_filtered(&in->cmp, a, in->ca, b, in->cb, &co, &o->filters, &err) != 0) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	in->compare = 1;
	/* Raw values of two different measures (7796 samples against 32.0 G
	 * cycles) compare nothing: shares do, unless --no-normalize. */
	if (differ && strcmp(ta->unit, tb->unit) != 0)
		warn(in, "note: comparing %s in %s with %s in %s (folded stacks "
		    "have no unit)%s", a->source, ta->unit, b->source, tb->unit,
		    in->cmp.normalized && o->normalize == 0 ? "; A is normalised to B's total "
		    "(--no-normalize: raw values)" : "");
	else if (differ)
		warn(in, "note: comparing %s (%s) with %s (%s): different sample types%s",
		    a->source, ta->name, b->source, tb->name,
		    in->cmp.normalized && o->normalize == 0 ? "; A is normalised to B's total "
		    "(--no-normalize: raw values)" : "");
	const ft_compare *c = &in->cmp;
	const ft_intern *t = c->u->names;
	if (c->loose > 0 && c->loose_ex[0] != FT_NONE)
		warn(in, "note: %u frame name%s of A matched one to one to B's ignoring kinds, "
		    "+0x offsets, argument lists and library versions (e.g. %s%s = %s%s; "
		    "--info lists them; --exact-names: exactly)",
		    c->loose, c->loose == 1 ? "" : "s", intern_str(t, c->loose_ex[0]),
		    kind_suffix(intern_kind(t, c->loose_ex[0])), intern_str(t, c->loose_ex[1]),
		    kind_suffix(intern_kind(t, c->loose_ex[1])));
	else if (c->loose > 0)
		warn(in, "note: %u frame name%s of A matched one to one to B's ignoring kinds, "
		    "+0x offsets, argument lists and library versions (--info lists them; "
		    "--exact-names: exactly)", c->loose,
		    c->loose == 1 ? "" : "s");
	if (c->roots_differ && c->root_ex[0] != FT_NONE && c->root_ex[1] != FT_NONE)
		warn(in, "note: most of A and of B is under root frames the other lacks "
		    "(e.g. %s vs %s): --strip-root matches the stacks below them",
		    intern_str(t, c->u->nodes[c->root_ex[0]].name),
		    intern_str(t, c->u->nodes[c->root_ex[1]].name));
	compare_warnings(in, &in->cmp);
	return compare_targets(in, o);
}

/* Range against range (--time-range with --time-range-b): the trees of
 * the two ranges of the one file compared, A normalised by the lengths;
 * the other filters apply to both. */
static int
input_time_compare(ft_input *in, const ft_cmdline *o)
{
	ft_diag err = {{0}};
	int64_t a0, b0, a1, b1;
	if ((in->col = pick_type(in->base, o->sample_type, &err)) < 0 ||
	    timerange_parse(o->time_a, &a0, &b0, &err) != 0 ||
	    timerange_parse(o->time_b, &a1, &b1, &err) != 0) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	in->ca = in->cb = in->col;
	/* Per second of each range unless --normalize says otherwise. */
	ft_compare_opts co = {.sort = o->sort, .strip_root = o->strip_root,
	    .exact_names = o->exact_names, .norm = o->norm_mode};
	if (timecompare_build(&in->cmp, in->base, in->col, a0, b0, a1, b1, &co,
	    &o->filters, &in->ra, &in->b, &err) != 0) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	in->copts = co;
	in->compare = 1;
	compare_warnings(in, &in->cmp);
	return compare_targets(in, o);
}

/* One profile: sample type, weight order in that type, filters, --zoom and
 * --butterfly. */
static int
input_single(ft_input *in, const ft_cmdline *o)
{
	ft_diag err = {{0}};
	if (o->diff || o->elided || o->normalize) {
		cmd_msg(stderr, "flametui: %s: --diff, --elided and --normalize compare two profiles "
		    "(give two files, or a two-column differential file)\n", in->base->source);
		return 2;
	}
	if (filters_find(&o->filters, FILTER_ONLY_A) >= 0 ||
	    filters_find(&o->filters, FILTER_ONLY_B) >= 0) {
		cmd_msg(stderr, "flametui: %s: --only-a and --only-b keep the call paths one of "
		    "two compared profiles alone has (give two files)\n", in->base->source);
		return 2;
	}
	if (o->min_change > 0 || o->min_share > 0 || o->palette != 0) {
		cmd_msg(stderr, "flametui: %s: --min-change, --min-share and --palette are for "
		    "comparing two profiles (give two files, or a two-column differential "
		    "file)\n", in->base->source);
		return 2;
	}
	if ((in->col = pick_type(in->base, o->sample_type, &err)) < 0) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	if (o->sort == FT_SORT_WEIGHT && in->col != in->base->deftype)
		profile_sort(in->base, FT_SORT_WEIGHT, in->col);
	/* Filters apply to every command: p is what all of them show. */
	if (o->filters.n > 0 &&
	    (in->p = transform_apply(in->base, &o->filters, o->sort, in->col, &err)) == NULL) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	if ((o->zoom != NULL && (in->zoom = find_path(in->p, o->zoom, &err)) == FT_NONE) ||
	    (o->butterfly != NULL &&
	    (in->bfly = find_function(in->p, o->butterfly, &err)) == UINT32_MAX)) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	return -1;
}

ft_profile *
cmd_postload(const ft_cmdline *o, ft_profile *p, ft_profile **raw, ft_diag *err)
{
	apply_unit(o, p, NULL, 1);
	return relabel(o, p, raw, err);
}

int
cmd_input_load(ft_input *in, const ft_cmdline *o)
{
	ft_diag err = {{0}};
	memset(in, 0, sizeof(*in));
	in->zoom = FT_ROOT;
	in->bfly = UINT32_MAX;
	if (input_read(in, o, &err) != 0) {
		cmd_msg(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	in->p = in->base;
	if (o->time_b != NULL)
		return input_time_compare(in, o);
	/* A differential file is a comparison, except for --info and for a
	 * plain --export (which writes its two columns back). */
	if (in->b != NULL || (in->base->differential && o->cmd != CMD_INFO &&
	    (o->cmd != CMD_EXPORT || o->normalize > 0 || cmd_export_is_svg(o))))
		return input_compare(in, o);
	return input_single(in, o);
}

void
cmd_input_free(ft_input *in)
{
	if (in->compare)
		compare_free(&in->cmp);
	if (in->p != NULL && in->p != in->base)
		profile_free(in->p);
	if (in->b != NULL)
		profile_free(in->b);
	profile_free(in->ra);
	if (in->base != NULL)
		profile_free(in->base);
	if (in->raw != NULL && in->raw != in->base)
		profile_free(in->raw);
	again_free(in->again);
	ordered_free(in->ordered);
	free(in->report.input);
	memset(in, 0, sizeof(*in));
}

FILE *
cmd_output_open(const ft_cmdline *o)
{
	if (o->out == NULL || strcmp(o->out, "-") == 0)
		return stdout;
	FILE *out = fopen(o->out, "w");
	if (out == NULL)
		cmd_msg(stderr, "flametui: %s: %s\n", o->out, strerror(errno));
	return out;
}

int
cmd_output_close(const ft_cmdline *o, FILE *out)
{
	if (out != stdout && fclose(out) != 0) {
		cmd_msg(stderr, "flametui: %s: %s\n", o->out, strerror(errno));
		return 1;
	}
	if (out == stdout && fflush(stdout) != 0)
		return 1;
	return 0;
}

int
cmd_export_is_svg(const ft_cmdline *o)
{
	return o->cmd == CMD_EXPORT && strcmp(o->export_fmt, "svg") == 0;
}
