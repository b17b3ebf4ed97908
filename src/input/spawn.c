/* spawn.c - finding and running helper programs (see spawn.h). */
#include "input/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int
spawn_find_exec(const char *name, char *path, size_t cap)
{
	if (name == NULL || *name == '\0')
		return 0;
	if (strchr(name, '/') != NULL) {
		snprintf(path, cap, "%s", name);
		return access(name, X_OK) == 0;
	}
	const char *p = getenv("PATH");
	if (p == NULL)
		p = "/usr/local/bin:/usr/bin:/bin";
	while (*p != '\0') {
		const char *e = strchr(p, ':');
		size_t n = e != NULL ? (size_t)(e - p) : strlen(p);
		snprintf(path, cap, "%.*s/%s", (int)n, n > 0 ? p : ".", name);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
			return 1;
		p += n;
		if (*p == ':')
			p++;
	}
	return 0;
}

pid_t
spawn_reader(const char *prog, char *const argv[], int errfd, int *out)
{
	int pfd[2];
	if (pipe(pfd) != 0)
		return -1;
	int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
	pid_t pid = fork();
	if (pid == 0) {
		if (devnull >= 0)
			dup2(devnull, 0);
		dup2(pfd[1], 1);
		if (errfd >= 0)
			dup2(errfd, 2);
		else if (devnull >= 0)
			dup2(devnull, 2);
		for (int fd = 3; fd < 256; fd++)
			close(fd);
		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		execv(prog, argv);
		_exit(127);
	}
	int e = errno;
	if (devnull >= 0)
		close(devnull);
	close(pfd[1]);
	if (pid < 0) {
		close(pfd[0]);
		errno = e;
		return -1;
	}
	fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
	*out = pfd[0];
	return pid;
}

int
spawn_wait(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return -1;
}
