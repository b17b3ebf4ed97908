/* loader.h - what every loader takes and gives.
 *
 * Each format has its own file (load_folded.c, load_pprof.c, load_perf.c)
 * that reads an open source and only calls the profile builder: it takes
 * the options (ft_load_opts), fills a report (ft_load_report) and returns
 * the finished profile, or NULL with err set ("FILE:LINE: reason").
 * load.c picks the loader; the loaders never call back into it.
 */
#ifndef FT_LOADER_H
#define FT_LOADER_H

#include <stddef.h>

#include "base/diag.h"
#include "input/fetch.h"
#include "input/source.h"
#include "profile/profile.h"
#include "profile/stackset.h" /* the loaders count distinct stacks with it */

typedef struct ft_load_opts {
	int strict;             /* first malformed line is fatal */
	enum ft_sort sort;      /* child order */
	int lines;              /* pprof: one frame per function and line */
	ft_progress_fn progress;
	void *progress_ctx;
	/* What is being done while no bytes come ("running perf script -i
	 * FILE": load_perfdata.c), with progress_ctx; NULL: nothing said. */
	void (*status)(void *ctx, const char *what);
	const ft_fetch_opts *fetch; /* for URLs (NULL: defaults) */
	int whole_lines;        /* --watch: ignore an unterminated last line */
	int threads;            /* folded: read in this many parts at once; 0:
	                         * the online CPUs (at most 2) for big files */
	int dm_load;            /* pprof: 1 + a --demangle mode (demangle.h) to
	                         * build the tree with, as relabel.h would make it
	                         * (names_merged); 0: names as in the file */
	int demangled;          /* perf, whose names perf demangled itself:
	                         * 1 + the --demangle mode, where an argument
	                         * list is cut (see load_perf.c); 0 or none:
	                         * at the first '(', as stackcollapse-perf.pl */
	int keep_input;         /* pprof with dm_load: the input bytes go to the
	                         * report (input, ninput) when a name demangles,
	                         * to be loaded again in another mode */
	int reopenable;         /* keep_input: the input is a regular file that
	                         * can be read again by its name; folded and
	                         * pprof then only say so (report.reopen), else
	                         * folded does not demangle while building (it
	                         * keeps no copy of its input) */
	int regular_only;       /* --watch reloads: a path that is not a regular
	                         * file (a FIFO, a device) is refused, and opened
	                         * without waiting for a writer (source.h) */
	int keep_order;         /* a format without time keeps its samples'
	                         * order (profile/order.h) for the flame
	                         * chart; folded then reads in one part */
} ft_load_opts;

typedef struct ft_load_report {
	long lines, blank, comment, valid, invalid;
	long stacks;            /* distinct stacks in the input (zero counts too) */
	ft_diag first_bad;      /* "FILE:LINE: reason: `text`" of the first invalid line */
	long rounded;           /* counts with more decimals than FT_MAX_SCALE */
	ft_diag first_rounded;
	int nwarn;              /* other warnings, "FILE[:LINE]: what", in order */
	ft_diag warn[4];
	char format_why[256];   /* why the format was chosen (--info) */
	char summary[1024];     /* what a loader read, "key=value" lines (--info) */
	const char *what;       /* what invalid counts ("event"); NULL: "line" */
	int parts;              /* folded: parts read by threads and merged
	                         * (0: read in one go) */
	unsigned char *input;   /* keep_input: the file's bytes as read (still
	                         * compressed), malloc'd, the caller's; or NULL */
	size_t ninput;
	int reopen;             /* keep_input: a name demangled and the file is
	                         * to be read again by its name (folded, pprof) */
} ft_load_report;

/* Add a warning to the report (the first four are kept). */
void load_report_warn(ft_load_report *rep, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

enum ft_format { FT_FMT_UNKNOWN, FT_FMT_FOLDED, FT_FMT_PPROF, FT_FMT_PERF,
	FT_FMT_STAP, FT_FMT_DTRACE, FT_FMT_BPFTRACE,
	FT_FMT_CPUPROFILE, FT_FMT_TRACE, FT_FMT_SPEEDSCOPE, FT_FMT_JFR,
	FT_FMT_CALLGRIND, FT_FMT_FLAMEBEARER, FT_FMT_PERFDATA, FT_FMT_GHCPROF,
	FT_FMT_FIREFOX, FT_FMT_STACKPROF, FT_FMT_INSTRUMENTS };

/* The loaders, one per format. */
ft_profile *load_folded(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_pprof(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_perf(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_stap(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_dtrace(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_bpftrace(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* Runtime profilers (load_chrome.c, load_speedscope.c, load_jfr.c). */
ft_profile *load_cpuprofile(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_trace(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_speedscope(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
ft_profile *load_jfr(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* valgrind --tool=callgrind's call graphs (load_callgrind.c). */
ft_profile *load_callgrind(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* perf.data, read through `perf script` (load_perfdata.c): path is the
 * file perf reads when src is a plain regular file, else src's bytes are
 * copied to a temporary file first (a pipe, a URL, gzip). */
ft_profile *load_perfdata(ft_source *src, const char *path, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* GHC's cost-centre profiling report, prog.prof (load_ghcprof.c). */
ft_profile *load_ghcprof(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* The Firefox Profiler's processed format (samply's profile.json.gz) and
 * the older Gecko format (load_firefox.c). */
ft_profile *load_firefox(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* Ruby's stackprof JSON (load_stackprof.c). */
ft_profile *load_stackprof(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* A deep copy of macOS Instruments' call tree (load_instruments.c). */
ft_profile *load_instruments(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);
/* Pyroscope's flamebearer JSON (load_flamebearer.c). */
ft_profile *load_flamebearer(ft_source *src, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);

#endif
