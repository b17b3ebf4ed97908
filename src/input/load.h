/* load.h - open a profile: load_file() opens a path, sniffs the format
 * from the first decoded bytes (never from the name) and dispatches to the
 * format's loader (loader.h, one file each: load_folded.c, load_pprof.c).
 */
#ifndef FT_LOAD_H
#define FT_LOAD_H

#include "base/diag.h"
#include "input/loader.h"
#include "input/source.h"
#include "profile/profile.h"

/* Guess the format from the first decoded bytes of a source. */
enum ft_format load_sniff(const char *data, size_t n);
/* The same, with why it was chosen ("line 3: ...") in why[0..cap). */
enum ft_format load_sniff_why(const char *data, size_t n, char *why, size_t cap);
/* What each format is called in messages: "perf script", "systemtap". */
const char *load_format_name(enum ft_format f);

/* Does the format (p->format) keep its samples' order when asked
 * (ft_load_opts.keep_order): folded, pprof, stap, DTrace, bpftrace.  The
 * others have time per sample, or are call graphs with no samples. */
int load_keeps_order(const char *format);

/* Open path, sniff and load.  names may be NULL or a table to share.
 * Returns the finished profile, or NULL with err set ("FILE:LINE: ..."). */
ft_profile *load_file(const char *path, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);

/* Load from an open source with a known format (tests and fuzzers). */
ft_profile *load_source(ft_source *src, enum ft_format fmt, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err);

#endif
