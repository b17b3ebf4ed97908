/* sniff.h - recognising the tracers' text outputs (systemtap, DTrace,
 * bpftrace) and callgrind's from the first bytes of a file, with the reason,
 * for load.c; the tables of other tools that must not be read as stacks;
 * and a JSON object's format from its top-level keys, however late they
 * come. */
#ifndef FT_LOAD_SNIFF_H
#define FT_LOAD_SNIFF_H

#include <stddef.h>
#include <stdint.h>

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

/* The top-level keys of a JSON object, streamed: fed the bytes in order
 * (any pieces), it tells the profile format once a key that decides it
 * has gone by, wherever that is (Chrome and Perfetto write a trace's
 * "metadata" before "traceEvents"; speedscope's "shared" may follow
 * megabytes of "profiles").  Only strings and brackets are tracked:
 * constant memory, never a tree. */
typedef struct ft_json_keys {
	uint64_t at;        /* bytes fed so far */
	long depth;
	int in_str, esc;
	int key_next;       /* a top-level key comes next */
	int capture;        /* 1: a top-level key, 2: $schema's value */
	int after_schema;   /* the last top-level key was "$schema" */
	char text[64];      /* the captured string (cut at 63 bytes) */
	size_t len;
	uint64_t str_at;    /* offset of the captured string's opening quote */
	int seen;           /* bit set of the keys seen (sniff.c) */
	uint64_t key_at;    /* offset of the deciding key (its quote) */
	enum ft_format fmt; /* FT_FMT_UNKNOWN until decided */
	int not_object;     /* the top-level value is not an object */
} ft_json_keys;

void json_keys_init(ft_json_keys *k);
/* Feed d[0..n); returns the format once decided (then stays so). */
enum ft_format json_keys_feed(ft_json_keys *k, const char *d, size_t n);
/* Why it was decided, into why[0..cap). */
void json_keys_why(const ft_json_keys *k, char *why, size_t cap);

/* FT_FMT_GHCPROF when data[0..n) starts like GHC's profiling report: its
 * title line ("Time and Allocation Profiling Report") or the header of
 * its cost-centre tree ("COST CENTRE ... no. ... entries") in the first
 * lines. */
enum ft_format sniff_ghcprof(const char *data, size_t n, char *why, size_t cap);

/* FT_FMT_INSTRUMENTS when data[0..n)'s first line is the header of a deep
 * copy of Instruments' call tree: tab-separated, with a "Symbol Name" (or
 * "Symbol Names") column and a "Weight", "Running Time" or "Bytes Used"
 * one. */
enum ft_format sniff_instruments(const char *data, size_t n, char *why, size_t cap);

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
