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
 * and the caller keeps the old profile until the next change.
 */
#ifndef FT_RELOAD_H
#define FT_RELOAD_H

#include "base/diag.h"
#include "input/load.h"
#include "profile/profile.h"

typedef struct ft_reloader ft_reloader;

/* For files[0..n) (n is 1 or 2), loaded with o (progress callbacks are
 * not used; whole_lines is set).  The strings and o->fetch must outlive
 * the reloader. */
ft_reloader *reloader_new(const char *const *files, int n, const ft_load_opts *o);
/* Waits for a running load and frees what it made. */
void reloader_free(ft_reloader *r);

/* Readable when a load has finished (then call reloader_take()). */
int reloader_fd(const ft_reloader *r);
/* Start a load into a copy of names (see above); when one is running,
 * remember it (reloader_pending()) for the caller to start again once
 * the running load's tree is in use, with that tree's names. */
void reloader_start(ft_reloader *r, ft_intern *names);
/* A load was asked for while one ran, and none runs now. */
int reloader_pending(const ft_reloader *r);

/* A new table with the names of t under the same ids. */
ft_intern *intern_copy(ft_intern *t);
/* After reloader_fd() became readable: 1 with out[0..n) set (the caller
 * owns them), 0 when nothing finished, -1 with err set when the load
 * failed. */
int reloader_take(ft_reloader *r, ft_profile **out, ft_diag *err);

#endif
