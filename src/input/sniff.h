/* sniff.h - recognising the tracers' text outputs (systemtap, DTrace,
 * bpftrace) and callgrind's from the first bytes of a file, with the reason, for load.c. */
#ifndef FT_LOAD_SNIFF_H
#define FT_LOAD_SNIFF_H

#include <stddef.h>

#include "input/loader.h"

/* FT_FMT_STAP, FT_FMT_DTRACE or FT_FMT_BPFTRACE when data[0..n) starts like
 * one (why gets "line N: ..."), else FT_FMT_UNKNOWN. */
enum ft_format sniff_tracers(const char *data, size_t n, char *why, size_t cap);

/* FT_FMT_CALLGRIND when data[0..n) starts like a callgrind (or cachegrind)
 * file: "# callgrind format", or an "events:" header before the first
 * "fn=" with only headers, specifications and comments before it. */
enum ft_format sniff_callgrind(const char *data, size_t n, char *why, size_t cap);

/* When data[0..n) is the start of JSON of a shape no loader knows: 1 with
 * out = what it is ("a JSON object with the keys "a", "b"", the keys of
 * the top-level object as far as they are in sight, non-ASCII shown as
 * '?'); 0 when it is not JSON. */
int sniff_json_shape(const char *data, size_t n, char *out, size_t cap);

#endif
