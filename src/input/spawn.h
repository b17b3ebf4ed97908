/* spawn.h - finding and running a helper program whose output is read as
 * a profile (perf script for perf.data: load_perfdata.c), and finding the
 * programs `flametui record` runs (cli/cmd_record.c).  The only place
 * below cli/ that starts processes. */
#ifndef FT_SPAWN_H
#define FT_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/* Is name an executable file, found as execvp finds it (in $PATH unless it
 * holds a '/')?  1 with its path in path[0..cap), else 0. */
int spawn_find_exec(const char *name, char *path, size_t cap);

/* Run prog (a path) with argv (NULL-terminated, argv[0] included), its
 * standard input /dev/null, its standard output a pipe whose read end is
 * *out, its standard error errfd (or /dev/null when errfd < 0).  Returns
 * the child's pid, or -1 with errno set. */
pid_t spawn_reader(const char *prog, char *const argv[], int errfd, int *out);

/* Wait for pid; its exit status (0-255), or 128 + the signal that ended
 * it, or -1 when it cannot be waited for. */
int spawn_wait(pid_t pid);

#endif
