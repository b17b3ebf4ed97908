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
	RUN(is_url);
	return unit_report();
}
