/* relabel.h - processes and threads: what sits between loading and filters.
 *
 * Process and thread of a stack.  A loader that knows them (perf, bpftrace,
 * Chrome traces, JFR) starts each stack at the node profile_thread_root()
 * returns instead of FT_ROOT:
 *
 *     ft_thread t = {comm, comm_len, NULL, 0, pid, tid, 1};
 *     uint32_t node = profile_thread_root(p, &t);
 *     for (each frame, root first) node = profile_child(p, node, frame);
 *     profile_add_self(p, node, vals, err);
 *
 * The tree is built at the finest level: one root frame per thread, named as
 * stackcollapse-perf.pl --tid names it ("comm-pid/tid").  The profile keeps,
 * for each such root frame, the names it takes at the coarser levels, and
 * profile_relabel() merges the threads into processes ("comm-pid", as
 * stackcollapse-perf.pl --pid) or into none (the comm alone when the format
 * puts it there by convention, as perf does, else no root frame at all).
 *
 * Names.  profile_relabel() also demangles C++ and Rust symbols
 * (demangle.h: --demangle full|short|none).  Both are renames: a new tree
 * is built where frames that become equal are merged; totals do not change.
 */
#ifndef FT_RELABEL_H
#define FT_RELABEL_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "profile/profile.h"

enum ft_group {
	FT_GROUP_NONE = 0, /* merge threads and processes (the default) */
	FT_GROUP_PROCESS,  /* root frame per process: "comm-pid" */
	FT_GROUP_THREAD,   /* root frame per thread: "comm-pid/tid" */
	FT_GROUPS
};

/* A pid or tid that is unknown but shown as "?" in names, as
 * stackcollapse-perf.pl does for perf script output without a pid. */
#define FT_ID_ASK (-2)

/* Where a stack was taken.  Strings need not be NUL-terminated and are
 * copied (interned).  Unknown parts are NULL / -1 (left out of names). */
typedef struct ft_thread {
	const char *comm;   /* process (perf: the task's comm) or NULL */
	size_t comm_len;
	const char *thread; /* thread name (runtime formats) or NULL */
	size_t thread_len;
	int64_t pid, tid;
	int comm_root;      /* --group none keeps comm as the root frame (perf) */
} ft_thread;

/* The node under which a stack of thread t starts: a child of the root
 * named "NAME-pid/tid" (NAME the thread name, else comm; "-pid" and "/tid"
 * only when known), created and recorded on first use.  Builder only. */
uint32_t profile_thread_root(ft_profile *p, const ft_thread *t);

/* Number of distinct processes among the recorded threads. */
uint32_t profile_process_count(const ft_profile *p);

/* "none", "process", "thread"; group_parse returns -1 for anything else. */
const char *group_name(int g);
int group_parse(const char *s);

/* The tree of p with its threads merged to level g (see above), finished
 * with (sort, column).  The result has no thread table: it is a view.
 * NULL with err set only on a value overflow. */
ft_profile *profile_regroup(const ft_profile *p, int g, enum ft_sort sort,
    int column, ft_diag *err);

/* The same, and frame names demangled in mode dm (demangle.h): names that
 * demangle alike merge, so "short" can join overloads as pprof does.  A
 * p demangled while loading (names_merged) gives only its own mode (err
 * set for another). */
ft_profile *profile_relabel(const ft_profile *p, int g, int dm, enum ft_sort sort,
    int column, ft_diag *err);

/* The same as profile_relabel(p, ...), built in p's own memory (p itself
 * when nothing changes or profile_relabel_inplace can do it): p is used up
 * either way (freed or returned).  NULL with err set on overflow. */
ft_profile *profile_relabel_consume(ft_profile *p, int g, int dm, enum ft_sort sort,
    int column, ft_diag *err);

/* Could profile_relabel change p: it has threads, or mangled names? */
int profile_relabelable(const ft_profile *p);
/* Does p have names that demangle (or were demangled in place)? */
int profile_demanglable(const ft_profile *p);
/* Would (g, dm) change p? */
int profile_relabel_changes(const ft_profile *p, int g, int dm);

/* The name map of --demangle, shared by relabelling and by loaders that
 * demangle while building (load_pprof.c): the text name id takes in mode
 * dm (malloc'd, *len set), or NULL when it keeps its name; and that text
 * interned as id's new name (same frame kind). */
char *relabel_name_text(const ft_intern *names, uint32_t id, int dm, size_t *len);
uint32_t relabel_name_intern(ft_intern *names, uint32_t id, const char *text,
    size_t len);

/* Make a finished p what profile_relabel(p, g, dm, sort, column) would
 * return, without a copy, when that is only a rename: no threads to merge
 * and no two of its names demangling alike.  Node ids, totals and order
 * are then exactly those of the copy.  p remembers the names it had
 * (ft_profile.renames), so profile_relabel() of p to any (g, dm) still
 * starts from the names as loaded: p can stay the viewer's raw profile.
 * Returns 1 when done, 0 when p needs the copy (p unchanged but for
 * names interned). */
int profile_relabel_inplace(ft_profile *p, int g, int dm, enum ft_sort sort,
    int column);

#endif
