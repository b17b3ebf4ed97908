/* reload.c - background loads for --watch (see reload.h).
 *
 * One thread at a time.  The thread owns nothing the main thread reads:
 * it loads into profiles of its own, then writes a byte to the pipe.  The
 * main thread joins it in reloader_take() and takes the results; the
 * pipe is the only synchronisation needed (join orders the memory).
 */
#include "input/reload.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"

struct ft_reloader {
	const char *const *files;
	int n;
	ft_load_opts o;
	int pipe[2];
	pthread_t th;
	int running;   /* a thread was started and not joined */
	int pending;   /* another load was asked for meanwhile */
	ft_intern *names; /* the copy the running load fills */
	/* Results, written by the thread before it signals. */
	ft_profile *out[2];
	int ok;
	ft_diag err;
};

static void *
load_thread(void *arg)
{
	ft_reloader *r = arg;
	ft_intern *names = r->names;
	r->ok = 1;
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
	r->files = files;
	r->n = n;
	r->o = *o;
	r->o.progress = NULL;
	r->o.progress_ctx = NULL;
	r->o.whole_lines = 1;
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
		pthread_join(r->th, NULL);
		for (int i = 0; i < r->n; i++)
			if (r->out[i] != NULL)
				profile_free(r->out[i]);
	}
	if (r->names != NULL)
		intern_unref(r->names);

	if (r->pipe[0] >= 0) {
		close(r->pipe[0]);
		close(r->pipe[1]);
	}
	free(r);
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

void
reloader_start(ft_reloader *r, ft_intern *names)
{
	if (r->running) {
		r->pending = 1;
		return;
	}
	if (r->pipe[0] < 0)
		return;
	memset(r->out, 0, sizeof(r->out));
	r->ok = 0;
	r->pending = 0;
	r->names = intern_copy(names);
	if (pthread_create(&r->th, NULL, load_thread, r) == 0) {
		r->running = 1;
	} else {
		intern_unref(r->names);
		r->names = NULL;
	}
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
	return rc;
}
