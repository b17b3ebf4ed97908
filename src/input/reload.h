/* reload.h - load a profile again in a background thread (--watch).
 *
 * The viewer keeps drawing the old profile while a thread loads the new
 * one; a pipe becomes readable when the thread is done, so the TUI can
 * sleep in poll() on it with the keyboard and the file watch.  The thread
 * never touches the viewer's name table: it loads into a copy made when
 * the load starts, in which every name keeps its id, so the new tree's
 * ids mean what the old tree's did (the viewer maps its state by id
 * paths).  Two files (a comparison) share the copy.  A load that
 * fails (a half-written pprof file, a truncated gzip member) is reported
 * and the caller keeps the old profile until the next change.  Only
 * regular files are read (a FIFO put in a watched file's place is refused,
 * never waited on), and freeing the reloader never waits for a load.
 */
#ifndef FT_RELOAD_H
#define FT_RELOAD_H

#include "base/diag.h"
#include "input/load.h"
#include "profile/profile.h"

typedef struct ft_reloader ft_reloader;

/* For files[0..n) (n is 1 or 2), loaded with o (progress callbacks are
 * not used; whole_lines and regular_only are set).  The names and
 * *o->fetch are copied. */
ft_reloader *reloader_new(const char *const *files, int n, const ft_load_opts *o);
/* Frees the reloader at once: a load still running (a re-fetch that
 * stalls) is told to stop (ft_fetch_opts.stop) and frees what it made
 * itself when it ends; nothing waits for it. */
void reloader_free(ft_reloader *r);

/* Readable when a load has finished (then call reloader_take()). */
int reloader_fd(const ft_reloader *r);
/* Start a load into a copy of names (see above); when one is running,
 * remember it (reloader_pending()) for the caller to start again once
 * the running load's tree is in use, with that tree's names.  Starts
 * nothing when the last load taken was stable (reloader_stable()) and
 * every file still has the identity, size and time it read: that load
 * already has all there is.  Returns 1 when a load runs or is remembered,
 * 0 when none was started. */
int reloader_start(ft_reloader *r, ft_intern *names);
/* A load was asked for while one ran, and none runs now. */
int reloader_pending(const ft_reloader *r);

/* A new table with the names of t under the same ids. */
ft_intern *intern_copy(ft_intern *t);
/* After reloader_fd() became readable: 1 with out[0..n) set (the caller
 * owns them), 0 when nothing finished, -1 with err set when the load
 * failed. */
int reloader_take(ft_reloader *r, ft_profile **out, ft_diag *err);
/* The last load taken read every file in one state: identity, size and
 * modification time were the same before and after it read (a URL: each
 * fetch is one answer).  When not, the file changed while it was read, so
 * that load may already hold some of what the next one brings. */
int reloader_stable(const ft_reloader *r);

#endif
