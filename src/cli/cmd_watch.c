/* cmd_watch.c - --watch: the viewer follows its file(s).
 *
 * A watch per file (file_watch.c: inotify, else a stat poll; a URL is fetched
 * again every interval) wakes the TUI, which sleeps in poll() between
 * keys (tui.c), so an idle viewer costs nothing.  A change starts a load
 * in a background thread (reload.c) while the old tree stays on screen;
 * when it is done the view takes the new tree (view_reload: zoom,
 * selection, filters, search, tables follow by call path) and the header
 * says when and how many samples came.  A load that fails (the file is
 * half written: a truncated gzip member, an incomplete protobuf) keeps
 * the old tree and says so; the next change tries again.  So does a URL
 * that cannot be fetched again (said as such), and a file deleted or
 * moved away (said when it goes; read again when it is back).  A last line
 * without its newline is not read until it is complete.
 *
 * "+N" is what the file brought since the viewer last had all of it:
 * when a load read a file that changed while it read (appends that go
 * on), the next load's +N counts from before that one, so a run of
 * appends never ends on a "+0" that only says the last load found what
 * the one before had already read.  A path that is no longer a regular
 * file (a FIFO put in its place) is reported and not read.  Quitting
 * never waits for a load or a re-fetch (reloader_free).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cmd_watch.h"
#include "cli/cmd_msg.h"
#include "cli/cmd_input.h"
#include "input/fetch.h"
#include "input/reload.h"
#include "profile/units.h"
#include "input/file_watch.h"

struct follow {
	ft_view *v;
	const ft_cmdline *o;
	ft_watch *w[2];
	int nw;
	ft_reloader *r;
	ft_fetch_opts fo;
	/* The trees this loaded and the view uses (the first generation
	 * belongs to ft_input); freed when the next replaces them. */
	ft_profile *own[2];
	char note[DIAG_MAX + 400]; /* header text (the profile's note) */
	char last[DIAG_MAX + 400]; /* what the last reload said (note without
	                            * the recording's figures) */
	int paused, missed;        /* p: changes are not loaded; one came */
	/* The last load taken read a file that changed meanwhile (not
	 * reloader_stable): the next "+N" counts from chain_base, the total
	 * before that load, not from that load's total. */
	int chained;
	ft_val chain_base;
	const char *orig_note;     /* the file's own note, kept after ours */
	char *orig_copy;
};

/* The total the header's "+N" compares: column col of the view's base,
 * or B's total in a comparison. */
static ft_val
current_total(const ft_view *v)
{
	if (v->cmp != NULL)
		return v->cmp->total[1];
	return v->base != NULL ? profile_total(v->base, FT_ROOT, v->col) : 0;
}

static void
stamp(char *buf, size_t cap)
{
	time_t t = time(NULL);
	struct tm tm;
	localtime_r(&t, &tm);
	strftime(buf, cap, "%H:%M:%S", &tm);
}

/* Point the drawn trees' note at ours (render.c shows it in the header). */
static void
show_note(struct follow *f)
{
	ft_view *v = f->v;
	if (v->cmp != NULL) {
		view_message(v, f->note);
		return;
	}
	if (v->base != NULL)
		v->base->note = f->note;
	if (v->prof != NULL)
		v->prof->note = f->note;
}

/* src into dst[cap], cut to fit. */
static void
copy_text(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);
	if (n >= cap)
		n = cap - 1;
	memmove(dst, src, n);
	dst[n] = '\0';
}

/* The header text: ours, then the file's own note.  A recording puts
 * its figures first. */
static void
set_note(struct follow *f)
{
	copy_text(f->last, sizeof(f->last), f->note);
	if (f->o->live != NULL || f->paused) {
		char st[160] = "";
		if (f->o->live != NULL) {
			f->o->live->status(f->o->live->ctx, st, sizeof(st));
			if (!f->o->live->recording(f->o->live->ctx))
				snprintf(st + strlen(st), sizeof(st) - strlen(st), "; q quits");
		}
		snprintf(f->note, sizeof(f->note), "%s%s%s", st, st[0] != '\0' ? "; " : "",
		    f->paused ? "paused (p resumes); " : "");
		size_t n = strlen(f->note);
		copy_text(f->note + n, sizeof(f->note) - n, f->last);
	}
	if (f->orig_note != NULL) {
		size_t n = strlen(f->note);
		snprintf(f->note + n, sizeof(f->note) - n, "; %s", f->orig_note);
	}
	show_note(f);
}

/* A load error without the file name in front (the header has it). */
static const char *
reason(const struct follow *f, const char *msg)
{
	for (int i = 0; i < f->nw; i++) {
		size_t n = strlen(f->o->files[i]);
		if (strncmp(msg, f->o->files[i], n) == 0 && msg[n] == ':' && msg[n + 1] == ' ')
			return msg + n + 2;
	}
	return msg;
}

/* Did a load fail because a URL could not be fetched (not because what
 * came is incomplete)?  Fetch errors name the URL fetched, which may be
 * the one watched with its default path or ?seconds= added. */
static int
fetch_failed(const struct follow *f, const char *msg)
{
	int urls = 0;
	for (int i = 0; i < f->nw; i++)
		urls += fetch_is_url(f->o->files[i]);
	return urls > 0 && (strncmp(msg, "http://", 7) == 0 || strncmp(msg, "https://", 8) == 0);
}

static int
apply(struct follow *f, ft_profile **np)
{
	ft_view *v = f->v;
	const ft_cmdline *o = f->o;
	ft_diag err = {{0}};
	ft_val before = f->chained ? f->chain_base : current_total(v);
	ft_profile *keep[2] = {NULL, NULL};
	int rc;
	if (v->cmp != NULL) {
		for (int i = 0; i < f->nw; i++)
			np[i] = cmd_postload(o, np[i], NULL, &err);
		if (np[0] == NULL || (f->nw > 1 && np[1] == NULL)) {
			for (int i = 0; i < f->nw; i++)
				if (np[i] != NULL)
					profile_free(np[i]);
			rc = -1;
		} else {
			rc = view_reload(v, np[0], NULL, f->nw > 1 ? np[1] : NULL, &err);
			keep[0] = np[0];
			keep[1] = f->nw > 1 ? np[1] : NULL;
		}
	} else if (v->raw != NULL) {
		rc = view_reload(v, NULL, np[0], NULL, &err); /* the view owns it */
	} else {
		ft_profile *p = cmd_postload(o, np[0], NULL, &err);
		rc = p == NULL ? -1 : view_reload(v, p, NULL, NULL, &err);
		keep[0] = p;
	}
	char when[16], delta[96];
	stamp(when, sizeof(when));
	if (rc != 0) {
		snprintf(f->note, sizeof(f->note), "reload at %s failed: %s", when,
		    reason(f, err.msg));
		set_note(f);
		for (int i = 0; i < 2; i++)
			if (keep[i] != NULL && keep[i] != f->own[i])
				profile_free(keep[i]);
		return V_REDRAW;
	}
	for (int i = 0; i < 2; i++) {
		if (f->own[i] != NULL)
			profile_free(f->own[i]);
		f->own[i] = keep[i];
	}
	f->chained = !reloader_stable(f->r);
	f->chain_base = before;
	ft_val after = current_total(v);
	const ft_profile *p = v->prof;
	int col = v->cmp != NULL ? CMP_B : v->col;
	ft_val d = after - before;
	char h[64];
	units_human(h, sizeof(h), p, col, d < 0 ? -d : d);
	const char *unit = p->types[col].unit;
	int count = strcmp(unit, "count") == 0 || unit[0] == '\0';
	snprintf(delta, sizeof(delta), "%s%s%s%s", d < 0 ? "-" : "+", h, count ? " " : "",
	    count ? p->types[col].name : "");
	snprintf(f->note, sizeof(f->note), "reloaded %s, %s", when, delta);
	set_note(f);
	return V_REDRAW;
}

static int
follow_wake(void *ctx, int *fds, int max, int *timeout_ms)
{
	struct follow *f = ctx;
	int n = 0;
	*timeout_ms = -1;
	for (int i = 0; i < f->nw && n < max; i++) {
		if (watch_fd(f->w[i]) >= 0)
			fds[n++] = watch_fd(f->w[i]);
		int t = watch_timeout_ms(f->w[i]);
		if (t >= 0 && (*timeout_ms < 0 || t < *timeout_ms))
			*timeout_ms = t;
	}
	if (n < max && reloader_fd(f->r) >= 0)
		fds[n++] = reloader_fd(f->r);
	/* A recording's header counts the seconds. */
	if (f->o->live != NULL && f->o->live->recording(f->o->live->ctx) &&
	    (*timeout_ms < 0 || *timeout_ms > 1000))
		*timeout_ms = 1000;
	return n;
}

/* Load the files again, unless one is no longer a regular file: that is
 * said in the header and nothing is opened (a FIFO would block). */
static int
start(struct follow *f)
{
	for (int i = 0; i < f->nw; i++) {
		const char *kind = watch_not_regular(f->w[i]);
		if (kind == NULL)
			continue;
		const char *name = f->o->files[i], *slash = strrchr(name, '/');
		char when[16];
		stamp(when, sizeof(when));
		snprintf(f->note, sizeof(f->note), "%s: %s is now %s, not a regular file: "
		    "not read", when, slash != NULL ? slash + 1 : name, kind);
		set_note(f);
		return V_REDRAW;
	}
	reloader_start(f->r, f->v->prof->names);
	return 0;
}

static int
follow_woke(void *ctx)
{
	struct follow *f = ctx;
	int changed = 0, flags = 0, gone = -1;
	for (int i = 0; i < f->nw; i++) {
		int c = watch_check(f->w[i]);
		if (c > 0)
			changed = 1;
		else if (c < 0)
			gone = i;
	}
	if (gone >= 0) {
		/* Deleted or moved away: the last tree read stays; say so
		 * (a file put back, or a new one in its place, is read). */
		char when[16];
		stamp(when, sizeof(when));
		snprintf(f->note, sizeof(f->note), "%s: %s is gone (deleted or moved); "
		    "showing what was read, waiting for it to come back", when,
		    f->o->files[gone]);
		set_note(f);
		flags |= V_REDRAW;
	}
	if (changed && f->paused)
		f->missed = 1;
	else if (changed)
		flags |= start(f);
	ft_profile *np[2] = {NULL, NULL};
	ft_diag err = {{0}};
	int t = reloader_take(f->r, np, &err);
	if (t > 0) {
		flags |= apply(f, np);
	} else if (t < 0) {
		char when[16];
		stamp(when, sizeof(when));
		if (fetch_failed(f, err.msg)) {
			/* The message names the URL as fetched (the header
			 * has it): what went wrong follows it. */
			const char *why = strstr(err.msg, ": ");
			snprintf(f->note, sizeof(f->note), "%s: fetching again failed (%s); "
			    "showing the last profile fetched, trying again in %ld s", when,
			    why != NULL ? why + 2 : err.msg,
			    f->o->seconds > 0 ? (long)f->o->seconds : 10L);
		} else
			snprintf(f->note, sizeof(f->note), "%s: waiting for a complete file (%s)",
			    when, reason(f, err.msg));
		set_note(f);
		flags |= V_REDRAW;
	}
	if (reloader_pending(f->r) && !f->paused)
		flags |= start(f);
	if (t == 0 && f->o->live != NULL) {
		copy_text(f->note, sizeof(f->note), f->last);
		set_note(f);
		flags |= V_REDRAW;
	}
	return flags;
}

/* q while recording stops the recording and keeps the view. */
static int
follow_quit(void *ctx)
{
	struct follow *f = ctx;
	const ft_live *l = f->o->live;
	if (l == NULL || !l->recording(l->ctx))
		return 1;
	l->stop(l->ctx);
	copy_text(f->note, sizeof(f->note), f->last);
	set_note(f);
	return 0;
}

/* p: stop or go on loading the changes (a recording goes on). */
static void
follow_pause(void *ctx)
{
	struct follow *f = ctx;
	f->paused = !f->paused;
	if (!f->paused && f->missed) {
		f->missed = 0;
		start(f);
	}
	copy_text(f->note, sizeof(f->note), f->last);
	set_note(f);
}

int
cmd_watch_run(ft_view *v, ft_input *in, const ft_cmdline *o)
{
	struct follow f;
	memset(&f, 0, sizeof(f));
	f.v = v;
	f.o = o;
	f.nw = o->nfiles;
	f.fo = (ft_fetch_opts){.seconds = o->seconds, .timeout = o->timeout};
	double interval = o->seconds > 0 ? (double)o->seconds : 10;
	for (int i = 0; i < f.nw; i++)
		f.w[i] = watch_new(o->files[i], interval);
	ft_load_opts lo = {.strict = o->strict, .sort = o->sort, .lines = o->lines,
	    .fetch = &f.fo, .demangled = 1 + o->demangle}; /* perf cuts names as the first load did */
	f.r = reloader_new(o->files, f.nw, &lo);
	const ft_profile *p0 = v->cmp != NULL ? NULL : v->prof;
	if (p0 != NULL && p0->note != NULL)
		f.orig_note = f.orig_copy = strdup(p0->note);
	ft_diag err = {{0}};
	ft_tui_opts to = {.color = o->color, .mouse = o->mouse, .wake = follow_wake,
	    .woke = follow_woke, .quit = follow_quit, .pause = follow_pause, .wctx = &f};
	int rc = 0;
	(void)in;
	v->hints = 1;
	if (tui_run(v, &to, &err) != 0) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		rc = 1;
	}
	/* The view still points at our trees: let it go first.  A load
	 * still running is not waited for (a stalled re-fetch, item 19 of
	 * issue 24): it stops and frees itself. */
	reloader_free(f.r);
	for (int i = 0; i < f.nw; i++)
		watch_free(f.w[i]);
	if (v->base != NULL && v->base->note == f.note)
		v->base->note = NULL;
	if (v->prof != NULL && v->prof->note == f.note)
		v->prof->note = NULL;
	view_free(v);
	memset(v, 0, sizeof(*v));
	for (int i = 0; i < 2; i++)
		if (f.own[i] != NULL)
			profile_free(f.own[i]);
	free(f.orig_copy);
	return rc;
}
