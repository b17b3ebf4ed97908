/* reload.c - background loads for --watch (see reload.h).
 *
 * One thread at a time.  The thread owns nothing the main thread reads:
 * it loads into profiles of its own, then writes a byte to the pipe.  The
 * main thread joins it in reloader_take() and takes the results; the
 * pipe is the only synchronisation needed (join orders the memory).
 *
 * The thread also notes each file's identity, size and time (its
 * fingerprint) before and after it reads: when they agree the load saw
 * one state of the file, and a later change that leaves the same
 * fingerprint (a watch event for bytes this load already read) starts no
 * load that could only find nothing new.
 *
 * Quitting never waits for a load: a thread still running when the
 * reloader is freed (a re-fetch from a server that stalls, a path swapped
 * for something that blocks) is told to stop and left to free its
 * reloader itself when it ends, under the mutex that decides which side
 * frees it.
 */
#include "input/reload.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "input/fetch.h"

/* What stat() says of a file, to tell whether it changed. */
struct fp {
	int ok; /* stat() succeeded (never for a URL) */
	dev_t dev;
	ino_t ino;
	mode_t mode;
	off_t size;
	struct timespec mtime;
};

struct ft_reloader {
	char *files[2];
	int n;
	ft_load_opts o;
	ft_fetch_opts fo;  /* o.fetch points here: a copy, as the thread may
	                    * outlive the caller's */
	int pipe[2];
	pthread_t th;
	int running;   /* a thread was started and not joined */
	int pending;   /* another load was asked for meanwhile */
	ft_intern *names; /* the copy the running load fills */
	/* Results, written by the thread before it signals. */
	ft_profile *out[2];
	int ok;
	ft_diag err;
	struct fp before[2], after[2];
	int stable;    /* the running load's files did not change while read */
	/* Of the last load taken: */
	int last_stable;
	int have_seen; /* it was stable: seen[] is what it read */
	struct fp seen[2];
	/* Quitting while a load runs (reloader_free): */
	pthread_mutex_t mu;
	int done;      /* the thread has finished its work (under mu) */
	int abandoned; /* the thread frees the reloader (under mu) */
	atomic_int stop;
};

static void
fp_take(const char *path, struct fp *f)
{
	struct stat st;
	memset(f, 0, sizeof(*f));
	if (fetch_is_url(path) || stat(path, &st) != 0)
		return;
	*f = (struct fp){.ok = 1, .dev = st.st_dev, .ino = st.st_ino, .mode = st.st_mode,
	    .size = st.st_size, .mtime = st.st_mtim};
}

static int
fp_same(const struct fp *a, const struct fp *b)
{
	return a->ok && b->ok && a->dev == b->dev && a->ino == b->ino && a->mode == b->mode &&
	    a->size == b->size && a->mtime.tv_sec == b->mtime.tv_sec &&
	    a->mtime.tv_nsec == b->mtime.tv_nsec;
}

static void
free_results(ft_reloader *r)
{
	for (int i = 0; i < r->n; i++) {
		if (r->out[i] != NULL)
			profile_free(r->out[i]);
		r->out[i] = NULL;
	}
}

/* Everything but a running thread's results. */
static void
destroy(ft_reloader *r)
{
	if (r->names != NULL)
		intern_unref(r->names);
	if (r->pipe[0] >= 0) {
		close(r->pipe[0]);
		close(r->pipe[1]);
	}
	for (int i = 0; i < r->n; i++)
		free(r->files[i]);
	pthread_mutex_destroy(&r->mu);
	free(r);
}

static void *
load_thread(void *arg)
{
	ft_reloader *r = arg;
	ft_intern *names = r->names;
	r->ok = 1;
	for (int i = 0; i < r->n; i++)
		fp_take(r->files[i], &r->before[i]);
	for (int i = 0; i < r->n; i++) {
		ft_load_report rep;
		r->out[i] = load_file(r->files[i], names, &r->o, &rep, &r->err);
		if (r->out[i] == NULL) {
			r->ok = 0;
			for (int k = 0; k < i; k++) {
				profile_free(r->out[k]);
				r->out[k] = NULL;
			}
			break;
		}
	}
	r->stable = 1;
	for (int i = 0; i < r->n; i++) {
		fp_take(r->files[i], &r->after[i]);
		if (!fetch_is_url(r->files[i]) && !fp_same(&r->before[i], &r->after[i]))
			r->stable = 0;
	}
	pthread_mutex_lock(&r->mu);
	r->done = 1;
	int abandoned = r->abandoned;
	pthread_mutex_unlock(&r->mu);
	if (abandoned) {
		free_results(r);
		destroy(r);
		return NULL;
	}
	ssize_t w;
	do
		w = write(r->pipe[1], "x", 1);
	while (w < 0 && errno == EINTR);
	return NULL;
}

ft_reloader *
reloader_new(const char *const *files, int n, const ft_load_opts *o)
{
	ft_reloader *r = xcalloc(1, sizeof(*r));
	r->n = n;
	for (int i = 0; i < n; i++)
		r->files[i] = xstrdup(files[i]);
	r->o = *o;
	if (o->fetch != NULL)
		r->fo = *o->fetch;
	else
		r->fo = (ft_fetch_opts){.seconds = -1};
	r->fo.progress = NULL;
	r->fo.progress_ctx = NULL;
	atomic_init(&r->stop, 0);
	r->fo.stop = &r->stop;
	r->o.fetch = &r->fo;
	r->o.progress = NULL;
	r->o.progress_ctx = NULL;
	r->o.whole_lines = 1;
	r->o.regular_only = 1;
	pthread_mutex_init(&r->mu, NULL);
	if (pipe(r->pipe) != 0) {
		r->pipe[0] = r->pipe[1] = -1;
	} else {
		fcntl(r->pipe[0], F_SETFD, FD_CLOEXEC);
		fcntl(r->pipe[1], F_SETFD, FD_CLOEXEC);
		fcntl(r->pipe[0], F_SETFL, O_NONBLOCK);
	}
	return r;
}

void
reloader_free(ft_reloader *r)
{
	if (r == NULL)
		return;
	if (r->running) {
		pthread_mutex_lock(&r->mu);
		int done = r->done;
		if (!done) {
			r->abandoned = 1;
			atomic_store(&r->stop, 1);
		}
		pthread_mutex_unlock(&r->mu);
		if (!done) {
			pthread_detach(r->th); /* it frees r when it ends */
			return;
		}
		pthread_join(r->th, NULL);
		free_results(r);
	}
	destroy(r);
}

int
reloader_pending(const ft_reloader *r)
{
	return r->pending && !r->running;
}

int
reloader_fd(const ft_reloader *r)
{
	return r->pipe[0];
}

ft_intern *
intern_copy(ft_intern *t)
{
	ft_intern *c = intern_new(); /* id 0 is "all" in every table */
	uint32_t n = intern_count(t);
	for (uint32_t i = 1; i < n; i++)
		intern_get(c, intern_str(t, i), intern_len(t, i), intern_kind(t, i));
	return c;
}

/* Every file is as the last load, which saw one state of each, read it. */
static int
unchanged(const ft_reloader *r)
{
	if (!r->have_seen)
		return 0;
	for (int i = 0; i < r->n; i++) {
		struct fp now;
		fp_take(r->files[i], &now);
		if (!fp_same(&now, &r->seen[i]))
			return 0;
	}
	return 1;
}

int
reloader_start(ft_reloader *r, ft_intern *names)
{
	if (r->running) {
		r->pending = 1;
		return 1;
	}
	r->pending = 0;
	if (r->pipe[0] < 0 || unchanged(r))
		return 0;
	memset(r->out, 0, sizeof(r->out));
	r->ok = 0;
	r->done = 0;
	r->names = intern_copy(names);
	if (pthread_create(&r->th, NULL, load_thread, r) == 0) {
		r->running = 1;
		return 1;
	}
	intern_unref(r->names);
	r->names = NULL;
	return 0;
}

int
reloader_take(ft_reloader *r, ft_profile **out, ft_diag *err)
{
	char b;
	if (!r->running || read(r->pipe[0], &b, 1) != 1)
		return 0;
	pthread_join(r->th, NULL);
	r->running = 0;
	int rc = r->ok ? 1 : -1;
	if (r->ok)
		for (int i = 0; i < r->n; i++)
			out[i] = r->out[i];
	else
		*err = r->err;
	memset(r->out, 0, sizeof(r->out));
	intern_unref(r->names); /* the profiles hold their own references */
	r->names = NULL;
	r->last_stable = r->stable;
	r->have_seen = r->stable;
	for (int i = 0; i < r->n; i++)
		r->seen[i] = r->after[i];
	return rc;
}

int
reloader_stable(const ft_reloader *r)
{
	return r->last_stable;
}
