/* test_fetch.c - URL handling that needs no server: the effective URL
 * (default path, --seconds) and the expected profiling time.  Fetches
 * against real servers are in tests/e2e/test_url.sh. */
#include <stdlib.h>

#include "input/fetch.h"
#include "unit.h"

static void
eff(const char *url, long seconds, const char *want, double want_s)
{
	double s = -1;
	char *u = fetch_effective_url(url, seconds, &s);
	CHECK_STR(u, want);
	if (s != want_s)
		UNIT_FAIL("%s: expected %g s, got %g", url, want_s, s);
	free(u);
}

TEST(effective_url)
{
	eff("http://h:6060", -1, "http://h:6060/debug/pprof/profile", 30);
	eff("http://h:6060/", 5, "http://h:6060/debug/pprof/profile?seconds=5", 5);
	eff("https://h/debug/pprof/profile?seconds=5", -1,
	    "https://h/debug/pprof/profile?seconds=5", 5);
	eff("http://h/debug/pprof/profile?seconds=30&x=1", 2,
	    "http://h/debug/pprof/profile?x=1&seconds=2", 2);
	eff("http://h/debug/pprof/profile?seconds=30", 0,
	    "http://h/debug/pprof/profile?seconds=0", 0);
	eff("http://h/debug/pprof/heap", -1, "http://h/debug/pprof/heap", 0);
	eff("http://h/debug/pprof/heap?gc=1", 3, "http://h/debug/pprof/heap?gc=1&seconds=3", 3);
	eff("http://h/x.pb.gz", -1, "http://h/x.pb.gz", 0);
}

/* A URL's seconds=N out of range (issue 24 item 19): 1e300 made the
 * timeout (long)1e300 + 30, a negative number libcurl refuses, so the
 * fetch never timed out.  Every computed timeout is finite and bounded. */
TEST(timeouts_clamped)
{
	eff("http://h/debug/pprof/profile?seconds=1e300", -1,
	    "http://h/debug/pprof/profile?seconds=1e300", FETCH_SECONDS_MAX);
	eff("http://h/debug/pprof/profile?seconds=inf", -1,
	    "http://h/debug/pprof/profile?seconds=inf", FETCH_SECONDS_MAX);
	eff("http://h/debug/pprof/profile?seconds=nan", -1,
	    "http://h/debug/pprof/profile?seconds=nan", 0);
	eff("http://h/debug/pprof/profile?seconds=-1e300", -1,
	    "http://h/debug/pprof/profile?seconds=-1e300", 0);
	eff("http://h/debug/pprof/profile?seconds=86401", -1,
	    "http://h/debug/pprof/profile?seconds=86401", FETCH_SECONDS_MAX);
	ft_fetch_opts o = {.seconds = -1};
	double big[] = {1e300, 1e19, 9.3e18, (double)FETCH_SECONDS_MAX + 1, -1e300,
	    0.0 / 0.0, 1.0 / 0.0};
	for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++) {
		long t = fetch_timeout(&o, big[i]);
		if (t < 1 || t > FETCH_SECONDS_MAX + 30)
			UNIT_FAIL("expected %g s: timeout %ld s, out of [1, %d]", big[i], t,
			    FETCH_SECONDS_MAX + 30);
	}
	CHECK_INT(fetch_timeout(&o, 5), 35);
	CHECK_INT(fetch_timeout(&o, 0), 30);
	o.timeout = 7;
	CHECK_INT(fetch_timeout(&o, 1e300), 7);
}

TEST(is_url)
{
	CHECK(fetch_is_url("http://x"));
	CHECK(fetch_is_url("https://x"));
	CHECK(!fetch_is_url("ftp://x"));
	CHECK(!fetch_is_url("http.folded"));
	CHECK(!fetch_is_url("-"));
}

int
main(void)
{
	RUN(effective_url);
	RUN(timeouts_clamped);
	RUN(is_url);
	return unit_report();
}
