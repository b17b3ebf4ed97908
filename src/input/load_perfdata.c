/* load_perfdata.c - perf.data (perf record's binary file, magic
 * "PERFILE2"), read through `perf script` when perf is installed: its text
 * goes through a pipe into the perf script loader (load_perf.c), so the
 * profile is exactly what `perf script -i FILE | flametui -` gives.
 *
 * The fields are named (-F), as `flametui record` names them for the off-
 * CPU case: the thread (comm, pid/tid) for --group, the time for the heat
 * map, the period and the event for the sample types, and each frame's
 * address, symbol and library; not the symbol offsets (+0x1a), which the
 * perf loader strips anyway and which cost perf time to print.
 *
 * perf reads a file by its name and seeks in it: a plain regular file is
 * given to perf as it is; anything else (standard input, a fetched URL, a
 * gzip'd perf.data) is first copied whole to a temporary file, removed
 * once perf has ended.  Without perf the message
 * says what to install.  perf's standard error is kept (in an unlinked
 * temporary file) and its last line is the reason given when perf fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/loader.h"
#include "input/spawn.h"

#define PERF_FIELDS "comm,pid,tid,time,period,event,ip,sym,dso"

static int
tmpfile_in(char *path, size_t cap, const char *what)
{
	const char *dir = getenv("TMPDIR");
	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	snprintf(path, cap, "%s/flametui-%s.XXXXXX", dir, what);
	int fd = mkstemp(path);
	if (fd >= 0)
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	return fd;
}

/* Copy the rest of src (decoded) to fd. */
static int
spool(ft_source *src, int fd, ft_diag *err)
{
	const char *d;
	long n;
	while ((n = source_next(src, &d, err)) > 0) {
		while (n > 0) {
			ssize_t w = write(fd, d, (size_t)n);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0) {
				diag_set(err, "%s: cannot write a temporary copy for perf: %s",
				    source_name(src), strerror(errno));
				return -1;
			}
			d += w;
			n -= w;
		}
	}
	return n < 0 ? -1 : 0;
}

/* The last line of fd's text that says something (perf's standard error),
 * into buf; "" when there is none. */
static void
last_line(int fd, char *buf, size_t cap)
{
	char tail[2048];
	buf[0] = '\0';
	off_t end = lseek(fd, 0, SEEK_END);
	if (end <= 0)
		return;
	off_t from = end > (off_t)sizeof(tail) - 1 ? end - (off_t)sizeof(tail) + 1 : 0;
	ssize_t n = pread(fd, tail, (size_t)(end - from), from);
	if (n <= 0)
		return;
	tail[n] = '\0';
	char *e = tail + n;
	while (e > tail && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' '))
		*--e = '\0';
	char *s = e;
	while (s > tail && s[-1] != '\n')
		s--;
	size_t len = (size_t)(e - s);
	if (len >= cap)
		len = cap - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
}

ft_profile *
load_perfdata(ft_source *src, const char *path, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err)
{
	char perf[4096];
	const char *name = source_name(src);
	if (!spawn_find_exec("perf", perf, sizeof(perf))) {
		diag_set(err, "%s: perf.data (perf record's binary file) is read through "
		    "`perf script`, and perf not found: apt-get install linux-perf (Ubuntu: "
		    "linux-tools-generic), or convert it where perf is: perf script -i FILE "
		    "| flametui -", name);
		return NULL;
	}
	struct stat st;
	int direct = path != NULL && strcmp(path, "-") != 0 && !fetch_is_url(path) &&
	    !source_is_gzip(src) && stat(path, &st) == 0 && S_ISREG(st.st_mode);
	char copy[4096] = "";
	if (!direct) {
		int fd = tmpfile_in(copy, sizeof(copy), "perfdata");
		if (fd < 0) {
			diag_set(err, "%s: cannot make a temporary copy for perf in %s: %s", name,
			    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", strerror(errno));
			return NULL;
		}
		if (o->status != NULL)
			o->status(o->progress_ctx, "copying perf.data for perf script");
		int r = spool(src, fd, err);
		close(fd);
		if (r != 0) {
			unlink(copy);
			return NULL;
		}
	}
	const char *file = direct ? path : copy;
	char logp[4096];
	int log = tmpfile_in(logp, sizeof(logp), "perflog");
	if (log >= 0)
		unlink(logp);
	char *av[] = {perf, "script", "-i", (char *)file, "-F", PERF_FIELDS, NULL};
	if (o->status != NULL) {
		char what[512];
		snprintf(what, sizeof(what), "running perf script -i %s", direct ? path : "(a copy)");
		o->status(o->progress_ctx, what);
	}
	int out;
	pid_t pid = spawn_reader(perf, av, log, &out);
	if (pid < 0) {
		diag_set(err, "%s: cannot run %s: %s", name, perf, strerror(errno));
		if (log >= 0)
			close(log);
		if (!direct)
			unlink(copy);
		return NULL;
	}
	ft_source *txt = source_open_fd(out, name);
	if (o->progress != NULL)
		source_set_progress(txt, o->progress, o->progress_ctx);
	ft_diag lerr = {{0}};
	ft_profile *p = load_perf(txt, names, o, rep, &lerr);
	if (p == NULL)
		kill(pid, SIGTERM); /* it may still be writing */
	source_close(txt);
	int rc = spawn_wait(pid);
	if (!direct)
		unlink(copy);
	char why[DIAG_MAX / 2] = "";
	if (log >= 0) {
		last_line(log, why, sizeof(why));
		close(log);
	}
	if (rc == 127 && p == NULL) {
		diag_set(err, "%s: cannot run %s", name, perf);
		return NULL;
	}
	if (rc != 0 && (p == NULL || rep->valid == 0)) {
		profile_free(p);
		diag_set(err, "%s: perf script failed (exit status %d)", name, rc);
		if (why[0] != '\0')
			diag_append_text(err, why, strlen(why));
		return NULL;
	}
	if (p == NULL) {
		*err = lerr;
		return NULL;
	}
	if (rc != 0) {
		load_report_warn(rep, "%s: perf script ended with exit status %d%s%.200s", name,
		    rc, why[0] != '\0' ? ": " : "", why);
	}
	p->format = "perf.data";
	snprintf(rep->summary + strlen(rep->summary), sizeof(rep->summary) - strlen(rep->summary),
	    "%sread_through=%s script -i %s -F " PERF_FIELDS,
	    rep->summary[0] != '\0' ? "\n" : "", perf, direct ? "FILE" : "(a temporary copy)");
	return p;
}
