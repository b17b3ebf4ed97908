/* fetch.h - profiles over HTTP(S), as `go tool pprof URL` gets them.
 *
 * The only module that includes curl (libcurl does the HTTP and TLS).
 * A fetch reads the whole answer into memory: profile endpoints answer
 * with a few megabytes of gzip'd protobuf at most, and the source layer
 * then reads it like a file (source_open() calls this for URLs).
 */
#ifndef FT_FETCH_H
#define FT_FETCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

/* Called about once a second while waiting: seconds elapsed, seconds the
 * server was asked to profile for (0 when the endpoint answers at once),
 * bytes received so far. */
typedef void (*ft_fetch_progress_fn)(void *ctx, const char *url, double elapsed,
    double expected, uint64_t bytes);

typedef struct ft_fetch_opts {
	long seconds;        /* --seconds N: set ?seconds=N (-1: leave the URL) */
	long timeout;        /* give up after this many seconds (0: profiling
	                      * time + 30 s, as pprof does) */
	ft_fetch_progress_fn progress;
	void *progress_ctx;
	const atomic_int *stop; /* set by another thread: give up at once (a
	                         * --watch re-fetch when the viewer quits);
	                         * NULL: never */
} ft_fetch_opts;

/* The longest profiling time a URL's seconds=N is taken to ask for, as
 * --seconds allows: larger values (1e300, inf) are read as this, so every
 * timeout computed from it stays finite and within what libcurl takes. */
#define FETCH_SECONDS_MAX 86400

/* Does path name a URL we fetch (http:// or https://)? */
int fetch_is_url(const char *path);

/* The URL actually requested, malloc'd: a bare "http://host:port" gets
 * pprof's /debug/pprof/profile path and seconds=N is set or replaced
 * when o->seconds >= 0.  *expected gets the profiling time the server
 * will take (seconds=N of a profile or trace endpoint; 30 s, Go's
 * default, for /profile without it; 0 otherwise). */
char *fetch_effective_url(const char *url, long seconds, double *expected);

/* The seconds a fetch may take before it gives up: o->timeout, else the
 * profiling time expected (fetch_effective_url) plus 30 s; always between
 * 1 and FETCH_SECONDS_MAX + 30 whatever expected holds (NaN, inf, 1e300). */
long fetch_timeout(const ft_fetch_opts *o, double expected);

/* GET url into *data (malloc'd, *len bytes).  Returns 0, or -1 with err
 * set: connection and TLS failures, timeouts, HTTP errors (status and
 * the first line of the server's message), HTML answers; -1 within about
 * a second of *o->stop being set ("stopped"). */
int fetch_url(const char *url, const ft_fetch_opts *o, unsigned char **data,
    size_t *len, ft_diag *err);

#endif
