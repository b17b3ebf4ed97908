/* load.h - loaders: bytes from a source into a profile.
 *
 * Each format has its own file (load_folded.c, load_pprof.c, load_perf.c)
 * and only calls the profile builder.  load_file() opens a path, sniffs the
 * format from the first decoded bytes (never from the name) and dispatches.
 */
#ifndef FT_LOAD_H
#define FT_LOAD_H

#include "diag.h"
#include "profile.h"
#include "source.h"
#include "stackset.h" /* the loaders count distinct stacks with it */

typedef struct ft_load_opts {
	int strict;             /* first malformed line is fatal */
	enum ft_sort sort;      /* child order */
	int lines;              /* pprof: one frame per function and line */
	ft_progress_fn progress;
	void *progress_ctx;
	const ft_fetch_opts *fetch; /* for URLs (NULL: defaults) */
	int whole_lines;        /* --watch: ignore an unterminated last line */
	int threads;            /* folded: read in this many parts at once; 0:
	                         * the online CPUs (at most 2) for big files */
	int dm_load;            /* pprof: 1 + a --demangle mode (demangle.h) to
	                         * build the tree with, as relabel.h would make it
	                         * (names_merged); 0: names as in the file */
	int keep_input;         /* pprof with dm_load: the input bytes go to the
	                         * report (input, ninput) when a name demangles,
	                         * to be loaded again in another mode */
	int reopenable;         /* keep_input: the input is a regular file that
	                         * can be read again by its name; folded and
	                         * pprof then only say so (report.reopen), else
	                         * folded does not demangle while building (it
	                         * keeps no copy of its input) */
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
	FT_FMT_CPUPROFILE, FT_FMT_TRACE, FT_FMT_SPEEDSCOPE, FT_FMT_JFR };

/* Guess the format from the first decoded bytes of a source. */
enum ft_format load_sniff(const char *data, size_t n);
/* The same, with why it was chosen ("line 3: ...") in why[0..cap). */
enum ft_format load_sniff_why(const char *data, size_t n, char *why, size_t cap);
/* What each format is called in messages: "perf script", "systemtap". */
const char *load_format_name(enum ft_format f);

/* Open path, sniff and load.  names may be NULL or a table to share.
 * Returns the finished profile, or NULL with err set ("FILE:LINE: ..."). */
ft_profile *load_file(const char *path, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);

/* Load from an open source with a known format (tests and fuzzers). */
ft_profile *load_source(ft_source *src, enum ft_format fmt, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);

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

#endif
