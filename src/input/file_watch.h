/* file_watch.h - notice that a profile file changed, for --watch.
 *
 * A file is watched through its directory with inotify (so appends,
 * rewrites, truncation and atomic replacement by rename all show), or,
 * where inotify is missing, by comparing stat() once a second.  A URL is
 * "changed" every interval seconds (it is fetched again).  Nothing here
 * loops: the caller sleeps in poll() on watch_fd() with watch_timeout_ms()
 * and calls watch_check() when it wakes, so an idle viewer uses no CPU.
 */
#ifndef FT_WATCH_H
#define FT_WATCH_H

typedef struct ft_watch ft_watch;

/* Watch path (a file, or a URL re-fetched every interval seconds).
 * Never fails: without inotify it falls back to polling. */
ft_watch *watch_new(const char *path, double interval);
void watch_free(ft_watch *w);

/* A descriptor that becomes readable on a change, or -1 (poll by time). */
int watch_fd(const ft_watch *w);
/* Longest sleep before watch_check() must run, in ms; -1: no limit. */
int watch_timeout_ms(const ft_watch *w);
/* 1 when the file differs from when it was last seen (size, time,
 * identity) or the URL's interval has passed; -1 when the file is found
 * gone (deleted or moved away; said once, until it is back); 0 when
 * nothing changed.  Drains pending events. */
int watch_check(ft_watch *w);
/* What the path is when watch_check() last found it there and it was not
 * a regular file ("a FIFO", "a directory"...), else NULL: --watch reads
 * regular files only (a FIFO would block the reader). */
const char *watch_not_regular(const ft_watch *w);

#endif
