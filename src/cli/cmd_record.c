/* cmd_record.c - `flametui record` (see cmd_record.h).
 *
 * Two perf processes in a process group of their own: `perf record -o -`
 * (with a small ring buffer, so samples come out about as they are taken;
 * the profiled command's output goes to perf's stderr, which we keep in a
 * log) piped into `perf script -i -`.  A relay thread reads perf script's
 * text and appends it to the live file a whole sample at a time (up to the
 * last blank line), at most twice a second, so a reader never sees half a
 * stack.  The viewer follows the live file as --watch does; without a
 * viewer (--dump, --top, --export, --info, -o) the recording runs to its
 * end first.  Stopping is what Ctrl-C does to perf: SIGINT to the group,
 * then SIGKILL if it does not end.  The perf processes get SIGINT if
 * flametui dies (PR_SET_PDEATHSIG), e.g. on the SIGHUP of a dropped SSH
 * link.  The live file and its directory are removed on every path.
 */
#include "cli/cmd_record.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "cli/cmd_msg.h"
#include "cli/cmd_run.h"
#include "cli/cmd_watch.h"
#include "base/xalloc.h"
#include "input/spawn.h"
#include "ops/filters.h"

#define RELAY_BUF (1 << 16)

struct relay {
	int in;                  /* perf script's stdout */
	int out;                 /* the live file (O_APPEND) */
	pthread_mutex_t mu;
	long samples;            /* whole samples written */
	int done;                /* perf script's output ended */
	int werr;                /* a write to the live file failed (errno) */
};

static double
now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Samples in b[0..n): perf script ends each with a blank line. */
static long
count_samples(const char *b, size_t n)
{
	long k = 0;
	for (size_t i = 1; i < n; i++)
		if (b[i] == '\n' && b[i - 1] == '\n')
			k++;
	return k;
}

static int
write_all(int fd, const char *b, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, b, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		b += w;
		n -= (size_t)w;
	}
	return 0;
}

static void *
relay_run(void *arg)
{
	struct relay *r = arg;
	size_t cap = RELAY_BUF, len = 0;
	char *buf = xmalloc(cap);
	double last = 0;
	for (;;) {
		struct pollfd pf = {.fd = r->in, .events = POLLIN};
		int pr = poll(&pf, 1, 500);
		ssize_t got = 0;
		if (pr > 0) {
			if (len == cap) {
				cap *= 2;
				buf = xrealloc(buf, cap);
			}
			got = read(r->in, buf + len, cap - len);
			if (got < 0 && errno == EINTR)
				continue;
			if (got > 0)
				len += (size_t)got;
		}
		int eof = pr > 0 && got <= 0;
		double t = now_s();
		if (len > 0 && (eof || t - last >= 0.5 || len == cap)) {
			/* Up to the last blank line; at the end, everything. */
			size_t cut = 0;
			if (eof) {
				cut = len;
			} else {
				for (size_t i = len; i > 1; i--)
					if (buf[i - 1] == '\n' && buf[i - 2] == '\n') {
						cut = i;
						break;
					}
			}
			if (cut > 0) {
				long k = count_samples(buf, cut);
				if (eof && cut > 0 && buf[cut - 1] != '\n')
					k++;
				int e = write_all(r->out, buf, cut) != 0 ? errno : 0;
				memmove(buf, buf + cut, len - cut);
				len -= cut;
				last = t;
				pthread_mutex_lock(&r->mu);
				r->samples += k;
				if (e != 0 && r->werr == 0)
					r->werr = e;
				pthread_mutex_unlock(&r->mu);
			}
		}
		if (eof)
			break;
	}
	free(buf);
	pthread_mutex_lock(&r->mu);
	r->done = 1;
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

static long
relay_samples(struct relay *r, int *done)
{
	pthread_mutex_lock(&r->mu);
	long k = r->samples;
	if (done != NULL)
		*done = r->done;
	pthread_mutex_unlock(&r->mu);
	return k;
}

/* --- parsing ------------------------------------------------------------ */

static int
rec_usage(const char *fmt, const char *arg)
{
	return cmd_usage("record: ", fmt, arg);
}

/* The value of option name at argv[*i] ("--name V", "--name=V", "-xV"):
 * NULL when it is not that option; *bad set when it lacks its value. */
static const char *
opt_value(int argc, char **argv, int *i, const char *name, const char *shrt, int *bad)
{
	const char *a = argv[*i];
	size_t n = strlen(name);
	if (strncmp(a, name, n) == 0 && a[n] == '=')
		return a + n + 1;
	if (strcmp(a, name) == 0 || (shrt != NULL && strcmp(a, shrt) == 0)) {
		if (*i + 1 >= argc) {
			*bad = 1;
			return NULL;
		}
		return argv[++*i];
	}
	if (shrt != NULL && strncmp(a, shrt, strlen(shrt)) == 0 && a[strlen(shrt)] != '\0')
		return a + strlen(shrt);
	return NULL;
}

static int
valid_pids(const char *s)
{
	int digits = 0;
	for (const char *p = s; *p != '\0'; p++) {
		if (*p >= '0' && *p <= '9') {
			digits++;
		} else if (*p == ',' && digits > 0) {
			digits = 0;
		} else {
			return 0;
		}
	}
	return digits > 0;
}

int
cmd_record_parse(int argc, char **argv, ft_record *r, int (*takes_arg)(const char *opt))
{
	memset(r, 0, sizeof(*r));
	r->freq = 997;
	r->call_graph = "fp";
	r->rest[r->nrest++] = argv[0];
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *v;
		int bad = 0;
		if (strcmp(a, "--") == 0) {
			if (i + 1 >= argc)
				return rec_usage("%s", "-- wants a command to profile");
			r->cmd = argv + i + 1;
			break;
		}
		if ((v = opt_value(argc, argv, &i, "--freq", "-F", &bad)) != NULL) {
			char *end;
			errno = 0;
			long f = strtol(v, &end, 10);
			if (end == v || *end != '\0' || errno != 0 || f < 1 || f > 100000)
				return rec_usage("--freq wants samples per second (1 to 100000), not '%s'", v);
			r->freq = f;
		} else if ((v = opt_value(argc, argv, &i, "--duration", NULL, &bad)) != NULL) {
			char *end;
			double d = strtod(v, &end);
			if (end == v || *end != '\0' || !(d > 0) || d > 7 * 86400)
				return rec_usage("--duration wants seconds (more than 0, at most a week), not '%s'", v);
			r->duration = d;
		} else if ((v = opt_value(argc, argv, &i, "--call-graph", NULL, &bad)) != NULL) {
			if (strcmp(v, "fp") != 0 && strcmp(v, "dwarf") != 0 && strcmp(v, "lbr") != 0)
				return rec_usage("--call-graph wants fp, dwarf or lbr, not '%s'", v);
			r->call_graph = v;
		} else if ((v = opt_value(argc, argv, &i, "--pid", "-p", &bad)) != NULL) {
			if (!valid_pids(v))
				return rec_usage("-p wants process ids separated by commas, not '%s'", v);
			r->pids = v;
		} else if ((v = opt_value(argc, argv, &i, "--output", "-o", &bad)) != NULL) {
			r->out = v;
		} else if (bad) {
			return rec_usage("option '%s' needs an argument", a);
		} else if (strcmp(a, "-a") == 0 || strcmp(a, "--all-cpus") == 0) {
			r->all = 1;
		} else if (strcmp(a, "--off-cpu") == 0) {
			r->off_cpu = 1;
		} else if (a[0] != '-' || a[1] == '\0') {
			return rec_usage("what to profile comes after --, or as -p PID or -a; not '%s'", a);
		} else {
			if (r->nrest >= RECORD_MAX_ARGS - 3)
				return rec_usage("%s", "too many options");
			r->rest[r->nrest++] = argv[i];
			if (strchr(a, '=') == NULL && takes_arg(a) && i + 1 < argc)
				r->rest[r->nrest++] = argv[++i];
		}
	}
	int what = (r->cmd != NULL) + (r->pids != NULL) + r->all;
	if (what == 0)
		return rec_usage("%s", "what to profile? -- CMD ARGS, -p PID[,PID] or -a (all CPUs)");
	if (what > 1)
		return rec_usage("%s", "profile one of: -- CMD ARGS, -p PID or -a");
	const char *tmp = getenv("TMPDIR");
	if (tmp == NULL || *tmp == '\0' || strlen(tmp) > 40)
		tmp = "/tmp";
	snprintf(r->dir, sizeof(r->dir), "%s/flametui-record-XXXXXX", tmp);
	if (mkdtemp(r->dir) == NULL) {
		cmd_msg(stderr, "flametui: record: cannot make a directory in %s: %s\n", tmp,
		    strerror(errno));
		return 1;
	}
	/* The file's name is name the viewer's header shows. */
	char name[40];
	if (r->cmd != NULL) {
		const char *b = strrchr(r->cmd[0], '/');
		b = b != NULL && b[1] != '\0' ? b + 1 : r->cmd[0];
		size_t k = 0;
		for (; b[k] != '\0' && k + 1 < sizeof(name); k++) {
			char c = b[k];
			name[k] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_' ? c : '_';
		}
		name[k] = '\0';
	} else if (r->pids != NULL) {
		snprintf(name, sizeof(name), "pid-%.30s", r->pids);
	} else {
		snprintf(name, sizeof(name), "all-cpus");
	}
	snprintf(r->live, sizeof(r->live), "%s/%s.perf", r->dir, name);
	r->rest[r->nrest++] = r->live;
	r->rest[r->nrest] = NULL;
	return -1;
}

/* --- checks before recording ------------------------------------------------ */

static long
read_sysctl(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -99;
	if (f != NULL) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -99;
		fclose(f);
	}
	return v;
}

static int
preflight(const ft_record *r, char *perf, size_t cap)
{
	if (!spawn_find_exec("perf", perf, cap)) {
		cmd_msg(stderr, "flametui: record: perf not found; install it: apt-get install "
		    "linux-perf (Ubuntu: linux-tools-generic)\n");
		return 1;
	}
	if (r->pids != NULL) {
		const char *p = r->pids;
		while (*p != '\0') {
			long pid = strtol(p, (char **)&p, 10);
			if (pid <= 0 || (kill((pid_t)pid, 0) != 0 && errno == ESRCH)) {
				cmd_msg(stderr, "flametui: record: no process %ld\n", pid);
				return 1;
			}
			if (*p == ',')
				p++;
		}
	}
	if (r->cmd != NULL) {
		char path[4096];
		if (!spawn_find_exec(r->cmd[0], path, sizeof(path))) {
			cmd_msg(stderr, "flametui: record: command not found: %s\n", r->cmd[0]);
			return 1;
		}
	}
	/* What a user who is not root will miss, said before recording. */
	if (geteuid() != 0) {
		long paranoid = read_sysctl("/proc/sys/kernel/perf_event_paranoid");
		long kptr = read_sysctl("/proc/sys/kernel/kptr_restrict");
		if (paranoid >= 2 && !r->all)
			cmd_msg(stderr, "flametui: record: user-space stacks only: "
			    "kernel.perf_event_paranoid is %ld (as root: sysctl -w "
			    "kernel.perf_event_paranoid=1 to see kernel frames)\n", paranoid);
		else if (kptr > 0)
			cmd_msg(stderr, "flametui: record: kernel frames will show as addresses: "
			    "kernel.kptr_restrict is %ld (as root: sysctl -w kernel.kptr_restrict=0)\n",
			    kptr);
	}
	if (r->off_cpu && access("/sys/kernel/tracing/events/sched/sched_switch", R_OK) != 0 &&
	    access("/sys/kernel/debug/tracing/events/sched/sched_switch", R_OK) != 0) {
		cmd_msg(stderr, "flametui: record: --off-cpu needs the kernel's sched_switch "
		    "tracepoint, and /sys/kernel/tracing/events/sched/sched_switch is not "
		    "readable here (tracefs not mounted, or not allowed); as root: mount -t "
		    "tracefs nodev /sys/kernel/tracing\n");
		return 1;
	}
	return 0;
}

/* --- the perf processes --------------------------------------------------------- */

struct pipeline {
	pid_t rec, scr;
	int log;              /* perf's stderr (and the command's output) */
	char logpath[128];
	int rec_status, scr_status;
	int rec_done, scr_done;
};

static void
child_setup(int in, int out, int err)
{
	/* Die with flametui: SIGINT is what stops perf record cleanly. */
	prctl(PR_SET_PDEATHSIG, SIGINT);
	if (in >= 0 && in != 0)
		dup2(in, 0);
	if (out >= 0 && out != 1)
		dup2(out, 1);
	if (err >= 0 && err != 2)
		dup2(err, 2);
	for (int fd = 3; fd < 256; fd++)
		close(fd);
	signal(SIGINT, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
}

static int
start(const ft_record *r, const char *perf, struct pipeline *pl, int *script_out)
{
	char freq[32], dur[64];
	snprintf(freq, sizeof(freq), "%ld", r->freq);
	const char *av[RECORD_MAX_ARGS + 32];
	int n = 0;
	av[n++] = perf;
	av[n++] = "record";
	av[n++] = "-F";
	av[n++] = freq;
	av[n++] = "--call-graph";
	av[n++] = r->call_graph;
	av[n++] = "-m";
	av[n++] = "16";  /* 64 KiB: samples come out within about a second */
	if (r->off_cpu) {
		av[n++] = "-e";
		av[n++] = "cpu-clock";
		av[n++] = "-e";
		av[n++] = "sched:sched_switch";
	}
	av[n++] = "-o";
	av[n++] = "-";
	if (r->pids != NULL) {
		av[n++] = "-p";
		av[n++] = r->pids;
	}
	if (r->all)
		av[n++] = "-a";
	if (r->cmd == NULL && r->duration > 0) {
		snprintf(dur, sizeof(dur), "%g", r->duration);
		av[n++] = "--";
		av[n++] = "sleep";
		av[n++] = dur;
	}
	if (r->cmd != NULL) {
		av[n++] = "--";
		for (int i = 0; r->cmd[i] != NULL && n < RECORD_MAX_ARGS + 30; i++)
			av[n++] = r->cmd[i];
	}
	av[n] = NULL;

	pl->log = open(pl->logpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (pl->log < 0)
		return -1;
	int p1[2], p2[2];
	if (pipe(p1) != 0)
		return -1;
	if (pipe(p2) != 0) {
		close(p1[0]);
		close(p1[1]);
		return -1;
	}
	int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	pl->rec = fork();
	if (pl->rec == 0) {
		setpgid(0, 0);
		child_setup(devnull, p1[1], pl->log);
		execv(perf, (char *const *)av);
		_exit(127);
	}
	if (pl->rec > 0)
		setpgid(pl->rec, pl->rec);
	pl->scr = pl->rec > 0 ? fork() : -1;
	if (pl->scr == 0) {
		setpgid(0, pl->rec);
		child_setup(p1[0], p2[1], pl->log);
		/* In a pipe, perf script prints a tracepoint's stack without
		 * offsets and libraries unless its fields are named. */
		if (r->off_cpu)
			execl(perf, perf, "script", "-i", "-", "-F",
			    "trace:comm,tid,pid,time,event,trace,ip,sym,symoff,dso", (char *)NULL);
		else
			execl(perf, perf, "script", "-i", "-", (char *)NULL);
		_exit(127);
	}
	if (pl->scr > 0)
		setpgid(pl->scr, pl->rec);
	if (devnull >= 0)
		close(devnull);
	close(p1[0]);
	close(p1[1]);
	close(p2[1]);
	if (pl->rec < 0 || pl->scr < 0) {
		close(p2[0]);
		if (pl->rec > 0)
			kill(pl->rec, SIGKILL);
		return -1;
	}
	*script_out = p2[0];
	return 0;
}

/* Reap what has ended; 1 when both have. */
static int
reap(struct pipeline *pl, int block)
{
	int st;
	if (!pl->rec_done && waitpid(pl->rec, &st, block ? 0 : WNOHANG) == pl->rec) {
		pl->rec_done = 1;
		pl->rec_status = st;
	}
	if (!pl->scr_done && waitpid(pl->scr, &st, block ? 0 : WNOHANG) == pl->scr) {
		pl->scr_done = 1;
		pl->scr_status = st;
	}
	return pl->rec_done && pl->scr_done;
}

/* Stop recording as Ctrl-C stops perf record (the profiled command too);
 * SIGKILL what is left after two seconds. */
static void
stop(struct pipeline *pl)
{
	if (!pl->rec_done)
		kill(-pl->rec, SIGINT);
	double t0 = now_s();
	while (!reap(pl, 0)) {
		if (now_s() - t0 > 2) {
			kill(-pl->rec, SIGKILL);
			reap(pl, 1);
			break;
		}
		struct timespec ts = {0, 20 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
}

static volatile sig_atomic_t interrupted;

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Why perf recorded nothing, from its log: the line to show, with the fix. */
static void
explain_failure(const struct pipeline *pl, const ft_record *r)
{
	char buf[8192];
	size_t n = 0;
	FILE *f = fopen(pl->logpath, "r");
	if (f != NULL) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	long paranoid = read_sysctl("/proc/sys/kernel/perf_event_paranoid");
	if (strstr(buf, "perf_event_paranoid") != NULL || strstr(buf, "Permission denied") != NULL ||
	    strstr(buf, "No permission") != NULL) {
		cmd_msg(stderr, "flametui: record: perf is not allowed to record here "
		    "(kernel.perf_event_paranoid is %ld%s); as root: sysctl -w "
		    "kernel.perf_event_paranoid=%d, or run flametui as root or with the "
		    "CAP_PERFMON capability\n", paranoid,
		    geteuid() == 0 ? ", and root was refused: a container may forbid perf_event_open" : "",
		    r->all ? -1 : 1);
		return;
	}
	/* The last line perf wrote that says what went wrong. */
	const char *why = NULL;
	char *save = NULL;
	for (char *l = strtok_r(buf, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save))
		if (strstr(l, "rror") != NULL || strstr(l, "failed") != NULL ||
		    strstr(l, "Couldn't") != NULL || strstr(l, "not ") != NULL)
			why = l;
	if (WIFEXITED(pl->rec_status) && WEXITSTATUS(pl->rec_status) != 0 && why != NULL) {
		cmd_msg(stderr, "flametui: record: perf record failed: %s\n", why);
		return;
	}
	if (r->pids != NULL)
		cmd_msg(stderr, "flametui: record: no samples: process %s did not run on a CPU "
		    "(idle, or it exited at once)\n", r->pids);
	else if (r->cmd != NULL)
		cmd_msg(stderr, "flametui: record: no samples: %s ended before a sample was taken "
		    "(try a higher --freq)\n", r->cmd[0]);
	else
		cmd_msg(stderr, "flametui: record: no samples\n");
}

/* -o FILE: the recording as perf script text, gzip'd when FILE ends in .gz. */
static int
save(const ft_record *r, long samples)
{
	FILE *in = fopen(r->live, "rb");
	if (in == NULL) {
		cmd_msg(stderr, "flametui: record: %s: %s\n", r->live, strerror(errno));
		return 1;
	}
	size_t nl = strlen(r->out);
	int gz = nl > 3 && strcmp(r->out + nl - 3, ".gz") == 0;
	gzFile zo = NULL;
	FILE *fo = NULL;
	if (gz)
		zo = gzopen(r->out, "wb6");
	else
		fo = fopen(r->out, "wb");
	if (zo == NULL && fo == NULL) {
		cmd_msg(stderr, "flametui: record: cannot write %s: %s\n", r->out, strerror(errno));
		fclose(in);
		return 1;
	}
	char buf[1 << 16];
	size_t k;
	int bad = 0;
	while ((k = fread(buf, 1, sizeof(buf), in)) > 0) {
		if (gz ? gzwrite(zo, buf, (unsigned)k) != (int)k : fwrite(buf, 1, k, fo) != k) {
			bad = 1;
			break;
		}
	}
	fclose(in);
	if (gz ? gzclose(zo) != Z_OK : fclose(fo) != 0)
		bad = 1;
	if (bad) {
		cmd_msg(stderr, "flametui: record: writing %s failed: %s\n", r->out, strerror(errno));
		return 1;
	}
	cmd_msg(stderr, "flametui: record: %ld samples saved to %s (open it with: flametui %s)\n",
	    samples, r->out, r->out);
	return 0;
}

static void
cleanup(const ft_record *r, const struct pipeline *pl)
{
	unlink(r->live);
	if (pl->logpath[0] != '\0')
		unlink(pl->logpath);
	rmdir(r->dir);
}

/* A process that removes the recording's files if flametui dies without
 * doing it (a quit signal re-raised after the terminal is restored, a
 * SIGKILL): it waits for its parent's death signal; on a normal end the
 * parent kills it and cleans up itself. */
static const ft_record *janitor_rec;
static const struct pipeline *janitor_pl;

static void
janitor_clean(int sig)
{
	(void)sig;
	cleanup(janitor_rec, janitor_pl);
	_exit(0);
}

static pid_t
janitor_start(const ft_record *r, const struct pipeline *pl)
{
	pid_t parent = getpid();
	pid_t j = fork();
	if (j != 0)
		return j;
	janitor_rec = r;
	janitor_pl = pl;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = janitor_clean;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGINT, SIG_IGN);  /* Ctrl-C goes to the whole terminal group */
	signal(SIGHUP, SIG_IGN);
	prctl(PR_SET_PDEATHSIG, SIGUSR1);
	if (getppid() != parent)
		janitor_clean(0);
	for (int fd = 0; fd < 256; fd++)
		close(fd);
	for (;;)
		pause();
}

static void
janitor_stop(pid_t j)
{
	if (j > 0) {
		kill(j, SIGKILL);
		waitpid(j, NULL, 0);
	}
}

/* The viewer's view of the recording (ft_live). */
struct live {
	struct pipeline *pl;
	struct relay *rl;
	double t0, t_end;     /* t_end: when it stopped, 0 while recording */
};

static int
live_recording(void *ctx)
{
	struct live *l = ctx;
	reap(l->pl, 0);
	if (l->pl->rec_done && l->t_end == 0)
		l->t_end = now_s();
	return !l->pl->rec_done;
}

static void
live_stop(void *ctx)
{
	struct live *l = ctx;
	stop(l->pl);
	if (l->t_end == 0)
		l->t_end = now_s();
}

static void
live_status(void *ctx, char *buf, size_t cap)
{
	struct live *l = ctx;
	int on = live_recording(l);
	double t = (on ? now_s() : l->t_end) - l->t0;
	long k = relay_samples(l->rl, NULL);
	snprintf(buf, cap, "%s %.0f s, %ld samples, %.0f/s%s", on ? "recording" : "recorded", t, k,
	    t > 0 ? (double)k / t : 0.0, on ? " (q stops)" : "");
}

int
cmd_record(ft_record *r, ft_cmdline *o)
{
	struct pipeline pl;
	memset(&pl, 0, sizeof(pl));
	char perf[4096];
	int rc = 1;
	int live_view = o->cmd == CMD_VIEW && r->out == NULL;
	if (o->nfiles != 1) {
		cmd_msg(stderr, "flametui: record: records a profile; it takes no profile file "
		    "('%s')\nTry 'flametui --help'.\n", o->files[0]);
		cleanup(r, &pl);
		return 2;
	}
	if (o->watch) {
		cmd_msg(stderr, "flametui: record: the viewer follows the recording already; "
		    "--watch is not needed\n");
		cleanup(r, &pl);
		return 2;
	}
	if (preflight(r, perf, sizeof(perf)) != 0) {
		cleanup(r, &pl);
		return 1;
	}
	snprintf(pl.logpath, sizeof(pl.logpath), "%s/perf.log", r->dir);
	pid_t janitor = janitor_start(r, &pl);
	struct relay rl = {.in = -1, .out = -1};
	pthread_mutex_init(&rl.mu, NULL);
	rl.out = open(r->live, O_WRONLY | O_CREAT | O_APPEND | O_TRUNC | O_CLOEXEC, 0600);
	if (rl.out < 0 || start(r, perf, &pl, &rl.in) != 0) {
		cmd_msg(stderr, "flametui: record: cannot start perf: %s\n", strerror(errno));
		if (rl.out >= 0)
			close(rl.out);
		cleanup(r, &pl);
		janitor_stop(janitor);
		return 1;
	}
	pthread_t th;
	if (pthread_create(&th, NULL, relay_run, &rl) != 0) {
		stop(&pl);
		close(rl.in);
		close(rl.out);
		cleanup(r, &pl);
		janitor_stop(janitor);
		cmd_msg(stderr, "flametui: record: cannot start a thread\n");
		return 1;
	}
	struct sigaction sa, old_int, old_term;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	double t0 = now_s(), said = 0;
	int done = 0;
	long samples = 0;
	/* Without a viewer: to the end (Ctrl-C stops it).  With one: until
	 * the first sample, then the viewer follows the rest. */
	for (;;) {
		samples = relay_samples(&rl, &done);
		if (done || (live_view && samples > 0))
			break;
		if (interrupted) {
			interrupted = 0;
			if (!pl.rec_done)
				kill(-pl.rec, SIGINT);
		}
		if (r->duration > 0 && r->cmd != NULL && now_s() - t0 > r->duration && !pl.rec_done)
			kill(-pl.rec, SIGINT);
		if (now_s() - said > 5 && now_s() - t0 > 1 && isatty(2)) {
			cmd_msg(stderr, "flametui: recording (%.0f s, %ld samples)%s\n", now_s() - t0,
			    samples, live_view ? ", waiting for the first sample" : "; Ctrl-C stops");
			said = now_s();
		}
		reap(&pl, 0);
		struct timespec ts = {0, 50 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	int ran = 0; /* cmd_run frees o->filters */
	if (samples == 0) {
		stop(&pl);
		pthread_join(th, NULL);
		explain_failure(&pl, r);
		rc = 1;
	} else if (live_view) {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		struct live lv = {.pl = &pl, .rl = &rl, .t0 = t0};
		ft_live live = {.ctx = &lv, .recording = live_recording, .stop = live_stop,
		    .status = live_status};
		o->watch = 1;
		o->live = &live;
		rc = cmd_run(o);
		o->live = NULL;
		ran = 1;
		stop(&pl);
		pthread_join(th, NULL);
	} else {
		stop(&pl);
		pthread_join(th, NULL);
		samples = relay_samples(&rl, NULL);
		rc = 0;
		if (rl.werr != 0) {
			cmd_msg(stderr, "flametui: record: writing %s failed: %s\n", r->live,
			    strerror(rl.werr));
			rc = 1;
		}
		if (rc == 0 && r->out != NULL)
			rc = save(r, samples);
		if (rc == 0 && o->cmd != CMD_VIEW) {
			rc = cmd_run(o);
			ran = 1;
		}
	}
	if (!ran)
		filters_free(&o->filters);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	close(rl.in);
	close(rl.out);
	close(pl.log);
	pthread_mutex_destroy(&rl.mu);
	cleanup(r, &pl);
	janitor_stop(janitor);
	return rc;
}
