/* file_watch.c - change detection for --watch (see file_watch.h). */
#include "input/file_watch.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/inotify.h>
#endif

#include "input/fetch.h"
#include "input/source.h"
#include "base/xalloc.h"

struct ft_watch {
	char *path;
	char *base;        /* file name inside its directory */
	int url;
	double interval;   /* URL: seconds between fetches */
	double next;       /* URL / polling: monotonic time of the next check */
	int fd;            /* inotify, or -1 */
	struct stat st;    /* as last seen */
	int have_st;
};

static double
mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
stat_now(const ft_watch *w, struct stat *st)
{
	return stat(w->path, st) == 0 ? 1 : 0;
}

ft_watch *
watch_new(const char *path, double interval)
{
	ft_watch *w = xcalloc(1, sizeof(*w));
	w->path = xstrdup(path);
	w->fd = -1;
	w->url = fetch_is_url(path);
	w->interval = interval > 0 ? interval : 1;
	if (w->interval > FETCH_SECONDS_MAX)
		w->interval = FETCH_SECONDS_MAX;
	w->next = mono() + (w->url ? w->interval : 1);
	if (w->url)
		return w;
	w->have_st = stat_now(w, &w->st);
	const char *slash = strrchr(path, '/');
	w->base = xstrdup(slash != NULL ? slash + 1 : path);
#if defined(__linux__)
	char *dir = slash != NULL ? xstrndup(path, (size_t)(slash - path) + (slash == path)) :
	    xstrdup(".");
	w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w->fd >= 0 && inotify_add_watch(w->fd, dir, IN_MODIFY | IN_CLOSE_WRITE |
	    IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_FROM) < 0) {
		close(w->fd);
		w->fd = -1;
	}
	free(dir);
#endif
	return w;
}

void
watch_free(ft_watch *w)
{
	if (w == NULL)
		return;
	if (w->fd >= 0)
		close(w->fd);
	free(w->path);
	free(w->base);
	free(w);
}

int
watch_fd(const ft_watch *w)
{
	return w->fd;
}

int
watch_timeout_ms(const ft_watch *w)
{
	if (w->fd >= 0)
		return -1;
	double left = w->next - mono();
	if (!(left > 0))
		return 0;
	/* Clamped: (int) of a double past INT_MAX is undefined, and a
	 * negative poll() timeout waits forever.  Waking early is harmless:
	 * watch_check() says "no change" until next. */
	return left < (double)(INT_MAX / 1000 - 1) ? (int)(left * 1000) + 1 : INT_MAX - 1;
}

/* Read every queued inotify event; 1 if one names our file. */
static int
drain(ft_watch *w)
{
	int hit = 0;
#if defined(__linux__)
	char buf[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
	for (;;) {
		ssize_t n = read(w->fd, buf, sizeof(buf));
		if (n <= 0)
			break;
		for (char *p = buf; p < buf + n;) {
			struct inotify_event *e = (struct inotify_event *)(void *)p;
			if (e->len > 0 && strcmp(e->name, w->base) == 0)
				hit = 1;
			p += sizeof(*e) + e->len;
		}
	}
#endif
	return hit;
}

int
watch_check(ft_watch *w)
{
	if (w->url) {
		if (mono() < w->next)
			return 0;
		w->next = mono() + w->interval;
		return 1;
	}
	if (w->fd >= 0) {
		if (!drain(w))
			return 0;
	} else {
		if (mono() < w->next)
			return 0;
		w->next = mono() + 1;
	}
	struct stat st;
	int have = stat_now(w, &st);
	if (!have) {
		/* Gone (deleted, or being replaced): said once; reported as
		 * changed when it is back. */
		int was = w->have_st;
		w->have_st = 0;
		return was ? -1 : 0;
	}
	int changed = !w->have_st || st.st_ino != w->st.st_ino || st.st_dev != w->st.st_dev ||
	    st.st_size != w->st.st_size || st.st_mtim.tv_sec != w->st.st_mtim.tv_sec ||
	    st.st_mtim.tv_nsec != w->st.st_mtim.tv_nsec;
	w->st = st;
	w->have_st = 1;
	return changed;
}

const char *
watch_not_regular(const ft_watch *w)
{
	if (w->url || !w->have_st || S_ISREG(w->st.st_mode))
		return NULL;
	return source_file_kind(w->st.st_mode);
}
