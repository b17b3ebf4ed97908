/* sniff.h - recognising the tracers' text outputs (systemtap, DTrace,
 * bpftrace) from the first bytes of a file, with the reason, for load.c. */
#ifndef FT_LOAD_SNIFF_H
#define FT_LOAD_SNIFF_H

#include <stddef.h>

#include "input/loader.h"

/* FT_FMT_STAP, FT_FMT_DTRACE or FT_FMT_BPFTRACE when data[0..n) starts like
 * one (why gets "line N: ..."), else FT_FMT_UNKNOWN. */
enum ft_format sniff_tracers(const char *data, size_t n, char *why, size_t cap);

/* Reports of other profilers that are tables, not stacks, and that the
 * folded reader would take for stacks with counts (a GHC .prof report's
 * rows end in numbers): the 1-based line that tells, with what it looks
 * like in *what and the line in at[0..len); 0 when none. */
int sniff_foreign(const char *data, size_t n, const char **what, const char **at,
    size_t *len);

#endif
