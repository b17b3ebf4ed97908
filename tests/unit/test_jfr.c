/* test_jfr.c - the Java Flight Recorder loader on a real recording
 * (tests/data/jfr/java-work.jfr.gz, JDK 17) and on damaged copies of it. */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include "profile/labels.h"
#include "input/load.h"
#include "profile/relabel.h"
#include "input/source.h"

static unsigned char *raw;
static size_t nraw;

/* The recording, gunzipped through the source layer. */
static int
read_recording(void)
{
	ft_diag err;
	ft_source *s = source_open("tests/data/jfr/java-work.jfr.gz", &err);
	if (s == NULL)
		return -1;
	size_t cap = 1 << 20;
	raw = malloc(cap);
	long r;
	while ((r = source_read(s, raw + nraw, cap - nraw, &err)) > 0) {
		nraw += (size_t)r;
		if (nraw == cap)
			raw = realloc(raw, cap *= 2);
	}
	source_close(s);
	return r < 0 ? -1 : 0;
}

static ft_profile *
load_bytes(const unsigned char *b, size_t n, ft_load_report *rep, ft_diag *err)
{
	ft_source *s = source_open_mem(b, n, "t.jfr");
	ft_load_opts o = {0};
	memset(err, 0, sizeof(*err));
	ft_profile *p = load_source(s, FT_FMT_JFR, NULL, &o, rep, err);
	source_close(s);
	return p;
}

static int
column(const ft_profile *p, const char *name)
{
	for (int c = 0; c < p->nvals; c++)
		if (strcmp(p->types[c].name, name) == 0)
			return c;
	return -1;
}

/* Totals as `jfr summary` and `jfr print --json` give them
 * (tests/data/jfr/java-work.counts and the .folded files). */
TEST(real_recording)
{
	ft_load_report rep;
	ft_diag err;
	CHECK_INT(load_sniff((const char *)raw, nraw), FT_FMT_JFR);
	ft_profile *p = load_bytes(raw, nraw, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL) {
		fprintf(stderr, "%s\n", err.msg);
		return;
	}
	CHECK_INT(p->nvals, 9);
	CHECK_STR(p->types[0].name, "cpu");
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "cpu")), 21);
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "alloc_sample_count")), 153);
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "alloc_tlab_count")), 412);
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "alloc_outside_count")), 3);
	CHECK_STR(p->types[column(p, "thread_park")].unit, "nanoseconds");
	CHECK_STR(p->types[column(p, "alloc_tlab_bytes")].unit, "bytes");
	CHECK_INT(rep.valid, 21 + 153 + 412 + 3 + 25 + 45);
	CHECK(intern_find(p->names, "Work.main", 9, FT_KIND_NONE) != UINT32_MAX);
	CHECK(intern_find(p->names, "java.lang.Integer.toString", 26, FT_KIND_NONE) !=
	    UINT32_MAX);
	profile_free(p);
}

/* The breakdown of the root's value in column col by the label `thread`,
 * checked against java-work.threads (from `jfr print --json`). */
static void
check_threads(const ft_profile *p, int col, const char *const *want,
    const long long *v, int n)
{
	ft_label_share *r = NULL;
	uint32_t got = labels_breakdown(p, FT_ROOT, col, NULL, NULL, &r);
	int seen = 0;
	for (uint32_t i = 0; i < got; i++) {
		CHECK_STR(labelsets_text(p->labels->sets, r[i].key, NULL), "thread");
		const char *t = labelsets_text(p->labels->sets, r[i].value, NULL);
		for (int k = 0; k < n; k++)
			if (strcmp(t, want[k]) == 0) {
				CHECK_INT(r[i].v, v[k]);
				seen++;
			}
	}
	CHECK_INT(seen, n);
	free(r);
}

/* Thread names are the label `thread` of every event (issue 15), and stay
 * when the thread root frames are merged (--group none, the default). */
TEST(thread_labels)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_bytes(raw, nraw, &rep, &err);
	CHECK(p != NULL && p->labels != NULL);
	if (p == NULL || p->labels == NULL)
		return;
	CHECK_INT(p->nlabel_keys, 1);
	CHECK_STR(p->label_keys[0], "thread");
	static const char *const mon[] = {"contender-0", "contender-1", "contender-2"};
	static const long long monv[] = {772579569, 644910895, 677812030};
	static const char *const cpu[] = {"main", "contender-1", "contender-2", "contender-0"};
	static const long long cpuv[] = {11, 4, 4, 2};
	check_threads(p, column(p, "monitor_enter"), mon, monv, 3);
	check_threads(p, column(p, "cpu"), cpu, cpuv, 4);
	ft_profile *q = profile_regroup(p, FT_GROUP_NONE, FT_SORT_NAME, 0, &err);
	CHECK(q != NULL && q->labels != NULL);
	if (q != NULL && q->labels != NULL) {
		CHECK(p->nthreads == 7 && q->nthreads == 0); /* merged */
		check_threads(q, column(q, "monitor_enter"), mon, monv, 3);
		check_threads(q, column(q, "cpu"), cpu, cpuv, 4);
	}
	profile_free(q);
	profile_free(p);
}

TEST(damaged_headers)
{
	ft_load_report rep;
	ft_diag err;
	unsigned char *b = malloc(nraw);
	/* Cut short: the chunk size runs past the end. */
	CHECK(load_bytes(raw, nraw / 2, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "t.jfr: byte 8: chunk size") == err.msg);
	/* Another major version. */
	memcpy(b, raw, nraw);
	b[5] = 9;
	CHECK(load_bytes(b, nraw, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "version 9.") != NULL);
	/* Metadata offset past the chunk. */
	memcpy(b, raw, nraw);
	memset(b + 24, 0x7f, 8);
	CHECK(load_bytes(b, nraw, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "no metadata or constant pool") != NULL);
	/* Constant pool offset pointing at the metadata event. */
	memcpy(b, raw, nraw);
	memcpy(b + 16, b + 24, 8);
	CHECK(load_bytes(b, nraw, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "does not point at a constant pool event") != NULL);
	/* Not JFR at all. */
	CHECK(load_bytes((const unsigned char *)"FLR\0short", 9, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "not a JFR chunk") != NULL);
	free(b);
}

/* Every single-byte change in a spread of positions (metadata, pools,
 * events) loads or fails with a message: never a crash (the sanitizer
 * build runs this too). */
TEST(mutations_never_crash)
{
	unsigned char *b = malloc(nraw);
	unsigned seed = 12345;
	int loaded = 0, failed = 0;
	for (int i = 0; i < 300; i++) {
		memcpy(b, raw, nraw);
		seed = seed * 1103515245u + 12345u;
		size_t at = 68 + (seed >> 4) % (nraw - 68);
		b[at] ^= (unsigned char)(1u << (seed % 8));
		ft_load_report rep;
		ft_diag err;
		ft_profile *p = load_bytes(b, nraw, &rep, &err);
		if (p != NULL) {
			loaded++;
			profile_free(p);
		} else {
			failed++;
			CHECK(strncmp(err.msg, "t.jfr: ", 7) == 0);
		}
	}
	CHECK_INT(loaded + failed, 300);
	CHECK(failed > 0);
	free(b);
}

int
main(void)
{
	if (read_recording() != 0) {
		fprintf(stderr, "test_jfr: cannot read tests/data/jfr/java-work.jfr.gz\n");
		return 1;
	}
	RUN(real_recording);
	RUN(thread_labels);
	RUN(damaged_headers);
	RUN(mutations_never_crash);
	free(raw);
	return unit_report();
}
