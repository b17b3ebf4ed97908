/* fetch.c - HTTP(S) GET of a profile with libcurl (see fetch.h).
 *
 * libcurl is not linked but opened (dlopen) the first time a URL is
 * fetched, and kept: linked, it and the libraries it needs (TLS, HTTP/2,
 * Kerberos, LDAP...) cost every run, even on a local file, about 6 MiB of
 * peak RSS and their start-up.  <curl/curl.h> still gives the types and
 * constants; the functions are called through the pointers in lc.
 *
 * Errors are worded for someone who typed a URL: what went wrong (refused,
 * timed out, HTTP 500 with the server's own message, a web page instead
 * of a profile), never a bare curl code.  The answer is checked no
 * further than "not HTML": what it holds is for the format sniffer to
 * decide, so folded text served by any web server works too.
 */
#include "input/fetch.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>

#include "base/xalloc.h"

#define FETCH_MAX ((size_t)2 << 30) /* refuse answers over 2 GiB */
/* The library's run-time name: its ELF soname, or on macOS the system's
 * /usr/lib/libcurl.4.dylib (found by dlopen's default search). */
#ifdef __APPLE__
#define CURL_SONAME "libcurl.4.dylib"
#else
#define CURL_SONAME "libcurl.so.4"
#endif

/* The libcurl functions we call, with the types libcurl exports (setopt
 * and getinfo are variadic), filled from lc_syms by curl_load(). */
static struct {
	CURLcode (*global_init)(long flags);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *c, CURLoption opt, ...);
	CURLcode (*easy_perform)(CURL *c);
	CURLcode (*easy_getinfo)(CURL *c, CURLINFO info, ...);
	const char *(*easy_strerror)(CURLcode rc);
	void (*easy_cleanup)(CURL *c);
} lc;

static const struct {
	const char *name;
	void *fn; /* address of lc's pointer for it */
} lc_syms[] = {
	{"curl_global_init", &lc.global_init},
	{"curl_easy_init", &lc.easy_init},
	{"curl_easy_setopt", &lc.easy_setopt},
	{"curl_easy_perform", &lc.easy_perform},
	{"curl_easy_getinfo", &lc.easy_getinfo},
	{"curl_easy_strerror", &lc.easy_strerror},
	{"curl_easy_cleanup", &lc.easy_cleanup},
};

/* POSIX has dlsym's void * hold a function's address: copied, not cast
 * (ISO C has no conversion between the two). */
_Static_assert(sizeof(void *) == sizeof(void (*)(void)),
    "dlsym's result must fit a function pointer");

/* Open libcurl and initialise it, once: later calls return 0 at once
 * (--watch fetches again and again).  Returns -1 with err set when the
 * library cannot be opened, lacks one of lc's functions or fails to
 * initialise; a later call then tries again. */
static int
curl_load(const char *url, ft_diag *err)
{
	static void *lib; /* open, every lc pointer set */
	static int ready; /* and curl_global_init done */
	if (ready)
		return 0;
	if (lib == NULL) {
		const char *why = NULL;
		void *h = dlopen(CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (h == NULL)
			why = dlerror();
		size_t n = sizeof(lc_syms) / sizeof(lc_syms[0]);
		for (size_t i = 0; h != NULL && why == NULL && i < n; i++) {
			void *p = dlsym(h, lc_syms[i].name);
			if (p == NULL && (why = dlerror()) == NULL)
				why = lc_syms[i].name;
			memcpy(lc_syms[i].fn, &p, sizeof(p));
		}
		if (h == NULL || why != NULL) {
			diag_set(err, "%s: cannot load libcurl (%s); install it: apt-get install libcurl4",
			    url, why != NULL ? why : CURL_SONAME);
			if (h != NULL)
				dlclose(h);
			return -1;
		}
		lib = h;
	}
	if (lc.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		diag_set(err, "%s: cannot initialise libcurl", url);
		return -1;
	}
	ready = 1;
	return 0;
}

int
fetch_is_url(const char *path)
{
	return strncmp(path, "http://", 7) == 0 || strncmp(path, "https://", 8) == 0;
}

/* The query value of key in url ("seconds=5"), or NULL. */
static const char *
query_value(const char *url, const char *key)
{
	const char *q = strchr(url, '?');
	size_t kl = strlen(key);
	while (q != NULL) {
		q++;
		if (strncmp(q, key, kl) == 0 && q[kl] == '=')
			return q + kl + 1;
		q = strchr(q, '&');
	}
	return NULL;
}

char *
fetch_effective_url(const char *url, long seconds, double *expected)
{
	const char *host = strstr(url, "://") + 3;
	const char *path = host + strcspn(host, "/?#");
	size_t n = strlen(url);
	/* Room for the default path and a seconds parameter. */
	char *out = xmalloc(n + 64);
	if (*path == '\0' || strcmp(path, "/") == 0)
		snprintf(out, n + 64, "%.*s/debug/pprof/profile", (int)(path - url), url);
	else
		memcpy(out, url, n + 1);
	if (seconds >= 0) {
		/* Drop any seconds=..., then append ours. */
		char *q = strchr(out, '?');
		if (q != NULL) {
			char *w = q + 1, *r = q + 1;
			while (*r) {
				size_t l = strcspn(r, "&");
				if (!(strncmp(r, "seconds=", 8) == 0 && l >= 8)) {
					if (w != q + 1)
						*w++ = '&';
					memmove(w, r, l);
					w += l;
				}
				r += l + (r[l] == '&');
			}
			*w = '\0';
			if (w == q + 1)
				*q = '\0';
		}
		size_t l = strlen(out);
		snprintf(out + l, n + 64 - l, "%sseconds=%ld", strchr(out, '?') ? "&" : "?", seconds);
	}
	const char *s = query_value(out, "seconds");
	const char *p = strstr(out, "://") + 3;
	p += strcspn(p, "/?#");
	size_t pl = strcspn(p, "?#");
	int profile = pl >= 8 && strncmp(p + pl - 8, "/profile", 8) == 0;
	/* Any endpoint given seconds=N takes that long (a delta heap profile
	 * too); /profile without it takes Go's default 30 s. */
	*expected = 0;
	if (s != NULL)
		*expected = strtod(s, NULL);
	else if (profile)
		*expected = 30;
	/* NaN and negative ask for nothing; 1e300 and inf for at most the
	 * longest --seconds: (long)1e300 is undefined and was a negative
	 * timeout, which libcurl refuses, so the fetch never timed out. */
	if (!(*expected >= 0))
		*expected = 0;
	if (*expected > FETCH_SECONDS_MAX)
		*expected = FETCH_SECONDS_MAX;
	return out;
}

struct sink {
	unsigned char *d;
	size_t len, cap;
	int too_big;
	int stopped; /* o->stop was set */
	const char *url;
	double expected, start;
	const ft_fetch_opts *o;
	long reported; /* whole seconds reported so far */
};

static double
mono_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static size_t
on_data(char *ptr, size_t size, size_t nmemb, void *ctx)
{
	struct sink *s = ctx;
	size_t n = size * nmemb;
	if (n > FETCH_MAX - s->len) {
		s->too_big = 1;
		return 0; /* aborts the transfer */
	}
	if (s->len + n > s->cap) {
		s->cap = grow_cap(s->cap, s->len + n, 64 * 1024);
		s->d = xrealloc(s->d, s->cap);
	}
	memcpy(s->d + s->len, ptr, n);
	s->len += n;
	return n;
}

/* libcurl calls this at least once a second, also while the server is
 * still profiling and sends nothing: report each new whole second. */
static int
on_progress(void *ctx, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
    curl_off_t ulnow)
{
	struct sink *s = ctx;
	(void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
	if (s->o->stop != NULL && atomic_load(s->o->stop)) {
		s->stopped = 1;
		return 1; /* aborts the transfer */
	}
	double t = mono_s() - s->start;
	if (s->o->progress != NULL && (long)t > s->reported) {
		s->reported = (long)t;
		s->o->progress(s->o->progress_ctx, s->url, t, s->expected, s->len);
	}
	return 0;
}

/* The first line of a server's message, for error text (printable ASCII
 * only: it goes to the terminal). */
static void
first_line(char *out, size_t cap, const unsigned char *d, size_t n)
{
	size_t i = 0, o = 0;
	while (i < n && isspace(d[i]))
		i++;
	for (; i < n && d[i] != '\n' && d[i] != '\r' && o + 4 < cap && o < 160; i++)
		out[o++] = d[i] >= 0x20 && d[i] < 0x7f ? (char)d[i] : '?';
	if (i < n && d[i] != '\n' && d[i] != '\r')
		out[o++] = '.', out[o++] = '.', out[o++] = '.';
	out[o] = '\0';
}

static int
looks_html(const unsigned char *d, size_t n, const char *ctype)
{
	if (ctype != NULL && strncasecmp(ctype, "text/html", 9) == 0)
		return 1;
	size_t i = 0;
	while (i < n && isspace(d[i]))
		i++;
	return n - i >= 5 && (strncasecmp((const char *)d + i, "<!doc", 5) == 0 ||
	    strncasecmp((const char *)d + i, "<html", 5) == 0);
}

long
fetch_timeout(const ft_fetch_opts *o, double expected)
{
	if (o->timeout > 0)
		return o->timeout < FETCH_SECONDS_MAX ? o->timeout : FETCH_SECONDS_MAX;
	if (!(expected >= 0))
		expected = 0;
	if (expected > FETCH_SECONDS_MAX)
		expected = FETCH_SECONDS_MAX;
	return (long)expected + 30;
}

int
fetch_url(const char *url, const ft_fetch_opts *o, unsigned char **data,
    size_t *len, ft_diag *err)
{
	*data = NULL;
	*len = 0;
	if (curl_load(url, err) != 0)
		return -1;
	CURL *c = lc.easy_init();
	if (c == NULL) {
		diag_set(err, "%s: cannot initialise libcurl", url);
		return -1;
	}
	double expected;
	char *eff = fetch_effective_url(url, o->seconds, &expected);
	struct sink s = {.url = eff, .expected = expected, .o = o, .start = mono_s()};
	long timeout = fetch_timeout(o, expected);
	char ebuf[CURL_ERROR_SIZE] = "";
	lc.easy_setopt(c, CURLOPT_URL, eff);
	lc.easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	lc.easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	lc.easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
	lc.easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
	lc.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	lc.easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
	lc.easy_setopt(c, CURLOPT_TIMEOUT, timeout);
	lc.easy_setopt(c, CURLOPT_USERAGENT, "flametui");
	lc.easy_setopt(c, CURLOPT_ACCEPT_ENCODING, ""); /* gzip/deflate if offered */
	lc.easy_setopt(c, CURLOPT_ERRORBUFFER, ebuf);
	lc.easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
	lc.easy_setopt(c, CURLOPT_WRITEDATA, &s);
	lc.easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
	lc.easy_setopt(c, CURLOPT_XFERINFODATA, &s);
	lc.easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
	CURLcode rc = lc.easy_perform(c);
	long status = 0;
	char *ctype = NULL;
	lc.easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	lc.easy_getinfo(c, CURLINFO_CONTENT_TYPE, &ctype);
	int ret = -1;
	char line[200];
	if (s.stopped) {
		diag_set(err, "%s: stopped", eff);
	} else if (rc == CURLE_OPERATION_TIMEDOUT) {
		diag_set(err, "%s: timed out after %ld s (--timeout N waits longer)", eff, timeout);
	} else if (s.too_big) {
		diag_set(err, "%s: answer larger than 2 GiB", eff);
	} else if (rc == CURLE_SSL_CONNECT_ERROR || rc == CURLE_PEER_FAILED_VERIFICATION) {
		diag_set(err, "%s: TLS failed (%s)%s", eff, ebuf[0] ? ebuf : lc.easy_strerror(rc),
		    rc == CURLE_SSL_CONNECT_ERROR ? "; is it http:// rather than https://?" : "");
	} else if (rc != CURLE_OK) {
		diag_set(err, "%s: %s", eff, ebuf[0] ? ebuf : lc.easy_strerror(rc));
	} else if (status != 200) {
		first_line(line, sizeof(line), s.d, s.len);
		if (looks_html(s.d, s.len, ctype))
			line[0] = '\0';
		diag_set(err, "%s: HTTP %ld%s%s", eff, status, line[0] ? ": " : "", line);
	} else if (s.len == 0) {
		diag_set(err, "%s: empty answer: no profile", eff);
	} else if (looks_html(s.d, s.len, ctype)) {
		diag_set(err, "%s: the server sent a web page (%s), not a profile", eff,
		    ctype != NULL ? ctype : "HTML");
	} else if (query_value(eff, "debug") != NULL && atoi(query_value(eff, "debug")) != 0 &&
	    !(s.len >= 2 && s.d[0] == 0x1f && s.d[1] == 0x8b)) {
		diag_set(err, "%s: the server sent pprof's text format (debug=%d), not a "
		    "profile; leave debug=... out of the URL", eff, atoi(query_value(eff, "debug")));
	} else {
		ret = 0;
	}
	lc.easy_cleanup(c);
	free(eff);
	if (ret != 0) {
		free(s.d);
		return -1;
	}
	*data = s.d;
	*len = s.len;
	return 0;
}
