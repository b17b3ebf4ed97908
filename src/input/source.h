/* source.h - bytes from a file or stdin, gunzipped when they start with the
 * gzip magic (1f 8b), never judged by the file name.
 *
 * The only module that includes zlib and libdeflate; URLs are fetched
 * whole through fetch.c (the only libcurl user), then read from memory.
 * Input is streamed
 * through a buffer: memory stays proportional to the longest line, not to
 * the file (except source_slurp(), for formats that need it all).
 */
#ifndef FT_SOURCE_H
#define FT_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "input/fetch.h"

typedef struct ft_source ft_source;

/* Called now and then while reading with the compressed bytes consumed so
 * far and the file size (0 when unknown, as for pipes). */
typedef void (*ft_progress_fn)(void *ctx, uint64_t done, uint64_t size);

/* Open path ("-" = stdin; http:// or https:// = fetched, see fetch.h).
 * NULL with diag set on failure. */
ft_source *source_open(const char *path, ft_diag *err);
/* The same with options for URLs (NULL: defaults). */
ft_source *source_open_opts(const char *path, const ft_fetch_opts *fo, ft_diag *err);
/* The same; with regular_only (--watch reloads) a path that is not a
 * regular file is refused ("FILE: a FIFO, not a regular file: not read"),
 * and is opened with O_NONBLOCK first, so a FIFO never blocks the open
 * waiting for a writer. */
ft_source *source_open_path(const char *path, const ft_fetch_opts *fo, int regular_only,
    ft_diag *err);
/* "a FIFO", "a directory", "a regular file"... for a st_mode. */
const char *source_file_kind(unsigned mode);
/* A source reading an open descriptor (a pipe from a program the input
 * is read through: load_perfdata.c), named name in messages; closed with
 * the source. */
ft_source *source_open_fd(int fd, const char *name);
/* A source over a memory buffer (tests, fuzzing); data must outlive it. */
ft_source *source_open_mem(const void *data, size_t n, const char *name);
void source_close(ft_source *s);

void source_set_progress(ft_source *s, ft_progress_fn fn, void *ctx);

/* Hold back a last line without '\n' at the end of input (a file still
 * being written: --watch reads it again once the line is complete). */
void source_set_whole_lines(ft_source *s, int on);

/* The name used in messages. */
const char *source_name(const ft_source *s);
int source_is_gzip(const ft_source *s);
/* Size of the file (compressed bytes for gzip), 0 when unknown (pipes). */
uint64_t source_size(const ft_source *s);

/* Look at up to n decoded bytes without consuming them; returns how many
 * are available (fewer than n only near the end); -1 on error. */
long source_peek(ft_source *s, const char **data, size_t n, ft_diag *err);

/* Next line without its '\n' (a '\r' before it is kept: the caller decides).
 * Returns 1 with *line and *len set, 0 at end of input, -1 with diag on a read
 * or decompression error, or on a line longer than the limit (FILE:LINE:
 * "line longer than N MiB"): an endless line (/dev/zero, a gzip bomb, a
 * file that is not text) must not eat the memory.  The line stays valid
 * until the next call. */
int source_getline(ft_source *s, const char **line, size_t *len, ft_diag *err);

/* Every remaining decoded byte in one big array (xalloc.h): *buf, *len
 * (the buffer holds one byte more, set to 0; xbig_free(*buf, *len + 1)).  Returns 0; -1 with diag on a read
 * or decompression error; -2 when there are more than max bytes (diag not
 * set: the caller says what was too large).  A gzip file nothing has been
 * consumed from is inflated in one call (libdeflate) into a buffer sized
 * from the gzip trailer; pipes, concatenated members and anything the
 * trailer cannot size stream through zlib instead. */
int source_slurp(ft_source *s, unsigned char **buf, size_t *len, size_t max,
    ft_diag *err);
/* The same, and the input as read: *input (malloc'd, *ninput bytes) gets
 * the compressed bytes when they were inflated in one call; else NULL and
 * the decoded *buf is the input (a loader keeping its input copies it). */
int source_slurp_input(ft_source *s, unsigned char **buf, size_t *len, size_t max,
    unsigned char **input, size_t *ninput, ft_diag *err);

/* Longest line source_getline accepts: 64 MiB by default (a 100 000-frame
 * stack of long Java names is a few MiB). */
#define FT_MAX_LINE ((size_t)64 << 20)
void source_set_max_line(ft_source *s, size_t n);

/* Bytes that followed the last complete gzip member and were not another
 * member (as gzip -d, they are ignored; the caller warns).  0 when none. */
uint64_t source_trailing_garbage(const ft_source *s);

/* Read exactly up to n bytes into buf; returns bytes read (0 at end), -1 on
 * error. */
long source_read(ft_source *s, void *buf, size_t n, ft_diag *err);

/* The next decoded bytes, without a copy: *data points at them (valid
 * until the next call on s); returns how many (0 at the end), -1 on
 * error. */
long source_next(ft_source *s, const char **data, ft_diag *err);

/* Line number of the last line returned by source_getline (1-based). */
long source_lineno(const ft_source *s);

/* Parts of a plain (not gzip) regular file, for reading by several
 * threads: at[0] = 0 and up to n - 1 line starts near size * i / n, in
 * order; returns how many parts there are (1: the source cannot be split:
 * gzip, a pipe, stdin, --watch's whole lines, a limit set already).  Call
 * after the source has sniffed its first bytes (source_peek). */
int source_line_starts(ft_source *s, int n, uint64_t *at);
/* source_getline returns 0 (end) at decoded offset end, a line start
 * (UINT64_MAX: no limit; lifting it goes on reading). */
void source_set_limit(ft_source *s, uint64_t end);
/* Count lines from n + 1 on (a part read after n lines). */
void source_set_lineno(ft_source *s, long n);
/* A new source over bytes [start, end) of s's file (UINT64_MAX: to its
 * end), read with pread through a file descriptor of its own, so it can
 * be read in another thread while s is read.  Line numbers count from the
 * part's start.  NULL with err set when the descriptor cannot be had. */
ft_source *source_open_part(const ft_source *s, uint64_t start, uint64_t end,
    ft_diag *err);

/* A new source reading s's input again from its start, decoded the same
 * way (gunzipped when it is gzip), without disturbing s: a regular file
 * through a descriptor of its own (pread), a fetched URL or memory source
 * over the same bytes (valid while s is open).  NULL (err set) when the
 * input cannot be read twice: a pipe, stdin from a terminal. */
ft_source *source_reopen(const ft_source *s, ft_diag *err);

/* Output side, here because this is the one zlib user: write data[0..n)
 * to out as one gzip member.  0, or -1 with err set ("write error"). */
int source_write_gzip(FILE *out, const void *data, size_t n, ft_diag *err);

#endif
