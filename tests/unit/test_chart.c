/* test_chart.c - the flame chart's spans (ops/chart.h): samples in time
 * order, consecutive samples' frames merged per depth while they keep the
 * same call path, a gap of more than CHART_GAP_FACTOR usual intervals
 * breaking a span, times going backwards sorted, one thread (root child)
 * or a time range charted.  Each expected span is worked out by hand from
 * the samples listed above the test. */
#include "base/xalloc.h"
#include "ops/chart.h"
#include "profile/spans.h"
#include "profile/timeline.h"
#include "helpers.h"
#include "tree_util.h"
#include "unit.h"
#include "view/view.h"

#define MS 1000000LL

static uint32_t
node_of(const ft_profile *p, const char *path)
{
	uint32_t ids[16], n = 0;
	char buf[128];
	snprintf(buf, sizeof(buf), "%s", path);
	for (char *s = strtok(buf, ";"); s != NULL; s = strtok(NULL, ";"))
		ids[n++] = intern_find(p->names, s, strlen(s), 0);
	return profile_lookup(p, ids, n);
}

/* Row d as "name start-end/samples ..." (ms from the origin). */
static const char *
row_text(const ft_profile *p, const ft_chart *ch, uint32_t d)
{
	static char buf[512];
	size_t len = 0;
	uint32_t n;
	const ft_span *r = chart_row(ch, d, &n);
	buf[0] = '\0';
	for (uint32_t i = 0; i < n && len + 64 < sizeof(buf); i++) {
		uint32_t nm = p->nodes[r[i].node].name;
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%.*s %lld-%lld/%u",
		    i ? " " : "", (int)intern_len(p->names, nm), intern_str(p->names, nm),
		    (long long)(r[i].start / MS), (long long)(r[i].end / MS), r[i].samples);
	}
	return buf;
}

/* At 1 s + 0, 1, 2, 3, 10, 11 ms: prog;main;a;x twice, prog;main;a;y,
 * prog;main;b twice (a gap of 7 ms before the second), prog;main;a.  The
 * gaps 1, 1, 1, 7, 1 ms: the usual interval is 1 ms, 7 > 4 x 1 a gap, so
 * the sample at 3 ms lasts 1 ms; the last one 1 ms. */
static const int64_t at_ms[] = {0, 1, 2, 3, 10, 11};
static const char *const stack[] = {"prog;main;a;x", "prog;main;a;x", "prog;main;a;y",
    "prog;main;b", "prog;main;b", "prog;main;a"};

static ft_profile *
phased(const int *order)
{
	ft_profile *p = tree_from("prog;main;a;x 2\nprog;main;a;y 1\nprog;main;b 2\n"
	    "prog;main;a 1\n", 1);
	ft_timeline *tl = p->timeline = timeline_new(0, -1);
	for (int k = 0; k < 6; k++) {
		int i = order[k];
		timeline_add(tl, FT_NS + at_ms[i] * MS, node_of(p, stack[i]), 1, 0);
	}
	return p;
}

TEST(merged_spans_and_gaps)
{
	static const int in_order[] = {0, 1, 2, 3, 4, 5};
	ft_profile *p = phased(in_order);
	ft_chart ch;
	ft_diag err;
	/* The chart leaves the tree as it is. */
	CHECK_STR(tree_folded(p, 0), "prog;main;a 1\nprog;main;a;x 2\nprog;main;a;y 1\n"
	    "prog;main;b 2\n");
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, -1, &ch, &err), 0);
	CHECK_STR(tree_folded(p, 0), "prog;main;a 1\nprog;main;a;x 2\nprog;main;a;y 1\n"
	    "prog;main;b 2\n");
	CHECK_INT((int)ch.rows, 4);
	CHECK_INT((int)ch.samples, 6);
	CHECK_INT((int)(ch.interval / MS), 1);
	CHECK_INT((int)(ch.origin / MS), 1000);
	CHECK_STR(row_text(p, &ch, 0), "prog 0-4/4 prog 10-12/2");
	CHECK_STR(row_text(p, &ch, 1), "main 0-4/4 main 10-12/2");
	CHECK_STR(row_text(p, &ch, 2), "a 0-3/3 b 3-4/1 b 10-11/1 a 11-12/1");
	CHECK_STR(row_text(p, &ch, 3), "x 0-2/2 y 2-3/1");
	CHECK_INT((int)(ch.t0 / MS), 0);
	CHECK_INT((int)(ch.t1 / MS), 12);
	/* The span at a time, or the nearest. */
	CHECK_INT((int)chart_find(&ch, 2, 3 * MS + MS / 2), 1);
	CHECK_INT((int)chart_find(&ch, 2, 6 * MS), 1);  /* the gap: b 3-4 is nearer */
	CHECK_INT((int)chart_find(&ch, 2, 9 * MS), 2);
	CHECK_INT((int)chart_find(&ch, 3, 50 * MS), 1);
	CHECK(chart_find(&ch, 7, 0) == UINT32_MAX);
	/* Cells: [v0, v1) over w cells. */
	CHECK_INT((int)chart_col(3 * MS, 0, 12 * MS, 12), 3);
	CHECK_INT((int)chart_col(-1, 0, 12 * MS, 12), -1);
	CHECK_INT((int)chart_col(12 * MS, 0, 12 * MS, 12), 12);
	chart_free(&ch);
	profile_free(p);
}

/* The same samples in another order (times going backwards): sorted, the
 * same chart. */
TEST(backwards)
{
	static const int shuffled[] = {4, 0, 5, 2, 1, 3};
	ft_profile *p = phased(shuffled);
	ft_chart ch;
	ft_diag err;
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, -1, &ch, &err), 0);
	CHECK_STR(row_text(p, &ch, 0), "prog 0-4/4 prog 10-12/2");
	CHECK_STR(row_text(p, &ch, 2), "a 0-3/3 b 3-4/1 b 10-11/1 a 11-12/1");
	CHECK_STR(row_text(p, &ch, 3), "x 0-2/2 y 2-3/1");
	chart_free(&ch);
	profile_free(p);
}

/* A range [2 ms, 11 ms): the samples at 2, 3 and 10 ms; gaps 1 and 7, the
 * lower median 1 ms; the one at 10 ms lasts to 11. */
TEST(range)
{
	static const int in_order[] = {0, 1, 2, 3, 4, 5};
	ft_profile *p = phased(in_order);
	ft_chart ch;
	ft_diag err;
	CHECK_INT(chart_build(p, 2 * MS, 11 * MS, FT_NONE, -1, &ch, &err), 0);
	CHECK_INT((int)ch.samples, 3);
	CHECK_STR(row_text(p, &ch, 0), "prog 2-4/2 prog 10-11/1");
	CHECK_STR(row_text(p, &ch, 2), "a 2-3/1 b 3-4/1 b 10-11/1");
	CHECK_STR(row_text(p, &ch, 3), "y 2-3/1");
	chart_free(&ch);
	/* A range with no sample: an empty chart, not an error. */
	CHECK_INT(chart_build(p, 5 * MS, 9 * MS, FT_NONE, -1, &ch, &err), 0);
	CHECK_INT((int)ch.samples, 0);
	CHECK_INT((int)ch.rows, 0);
	chart_free(&ch);
	profile_free(p);
}

/* Two threads (root frames the loader marked as threads) interleaved, A
 * at 0, 2, 4 ms and B at 1, 3, 5 ms: each is a lane of its own rows (A's,
 * then B's), its samples lasting its own interval (2 ms): A runs 0-6 ms,
 * B 1-7 ms; A alone is its lane.  Root frames not marked as threads are
 * one lane: they alternate. */
TEST(threads)
{
	ft_profile *p = tree_from("A;f 3\nB;g 3\n", 1);
	uint32_t f = node_of(p, "A;f"), g = node_of(p, "B;g");
	ft_timeline *tl = p->timeline = timeline_new(0, -1);
	for (int i = 0; i < 6; i++)
		timeline_add(tl, i * MS, i % 2 ? g : f, 1, 0);
	ft_chart ch;
	ft_diag err;
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, -1, &ch, &err), 0);
	CHECK_STR(row_text(p, &ch, 0), "A 0-1/1 B 1-2/1 A 2-3/1 B 3-4/1 A 4-5/1 B 5-6/1");
	chart_free(&ch);
	/* A and B threads. */
	p->threads = xcalloc(2, sizeof(ft_thread_root));
	p->threads[0] = (ft_thread_root){.node = node_of(p, "A"), .process = FT_NONE,
	    .merged = FT_NONE};
	p->threads[1] = (ft_thread_root){.node = node_of(p, "B"), .process = FT_NONE,
	    .merged = FT_NONE};
	p->nthreads = p->cthreads = 2;
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, -1, &ch, &err), 0);
	CHECK_INT((int)ch.rows, 4);
	CHECK_STR(row_text(p, &ch, 0), "A 0-6/3");
	CHECK_STR(row_text(p, &ch, 1), "f 0-6/3");
	CHECK_STR(row_text(p, &ch, 2), "B 1-7/3");
	CHECK_STR(row_text(p, &ch, 3), "g 1-7/3");
	chart_free(&ch);
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, node_of(p, "A"), -1, &ch, &err), 0);
	CHECK_INT((int)(ch.interval / MS), 2);
	CHECK_INT((int)ch.rows, 2);
	CHECK_STR(row_text(p, &ch, 0), "A 0-6/3");
	CHECK_STR(row_text(p, &ch, 1), "f 0-6/3");
	chart_free(&ch);
	profile_free(p);
}

/* Row d as "name start-end/samples" in microseconds (a trace's). */
static const char *
row_us(const ft_profile *p, const ft_chart *ch, uint32_t d)
{
	static char buf[512];
	size_t len = 0;
	uint32_t n;
	const ft_span *r = chart_row(ch, d, &n);
	buf[0] = '\0';
	for (uint32_t i = 0; i < n && len + 64 < sizeof(buf); i++) {
		uint32_t nm = p->nodes[r[i].node].name;
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%.*s %.1f-%.1f/%u",
		    i ? " " : "", (int)intern_len(p->names, nm), intern_str(p->names, nm),
		    (double)r[i].start / 1e3, (double)r[i].end / 1e3, r[i].samples);
	}
	return buf;
}

/* A trace's duration events, charted as they were (spans.h): thread 7's
 * main 100-200 us, in it parse (110-140.5, its detail in its name) with
 * lex 112-122 and eval 150-170 with spill 165-215 cut at eval's end; thread
 * 9's io 0-30.  A lane per thread, its root frame spanning its events. */
TEST(trace_spans)
{
	const char *t = "[{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":7,"
	    "\"args\":{\"name\":\"w\"}},"
	    "{\"name\":\"main\",\"ph\":\"B\",\"pid\":1,\"tid\":7,\"ts\":100},"
	    "{\"name\":\"parse\",\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":110,\"dur\":30.5},"
	    "{\"name\":\"lex\",\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":112,\"dur\":10},"
	    "{\"name\":\"eval\",\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":150,\"dur\":20},"
	    "{\"name\":\"spill\",\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":165,\"dur\":50},"
	    "{\"ph\":\"E\",\"pid\":1,\"tid\":7,\"ts\":200},"
	    "{\"name\":\"io\",\"ph\":\"X\",\"pid\":1,\"tid\":9,\"ts\":0,\"dur\":30}]";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK(p->spans != NULL && p->spans->n == 6);
	ft_chart ch;
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, -1, &ch, &err), 0);
	CHECK_INT(ch.events, 1);
	CHECK_INT((int)ch.samples, 6);
	CHECK_INT((int)ch.rows, 6);
	CHECK_STR(row_us(p, &ch, 0), "w-1/7 100.0-200.0/5");
	CHECK_STR(row_us(p, &ch, 1), "main 100.0-200.0/1");
	CHECK_STR(row_us(p, &ch, 2), "parse 110.0-140.5/1 eval 150.0-170.0/1");
	CHECK_STR(row_us(p, &ch, 3), "lex 112.0-122.0/1 spill 165.0-170.0/1");
	CHECK_STR(row_us(p, &ch, 4), "[unknown]-1/9 0.0-30.0/1");
	CHECK_STR(row_us(p, &ch, 5), "io 0.0-30.0/1");
	chart_free(&ch);
	/* A range clips: [115, 160) us. */
	CHECK_INT(chart_build(p, 115000, 160000, FT_NONE, -1, &ch, &err), 0);
	CHECK_STR(row_us(p, &ch, 1), "main 115.0-160.0/1");
	CHECK_STR(row_us(p, &ch, 2), "parse 115.0-140.5/1 eval 150.0-160.0/1");
	CHECK_STR(row_us(p, &ch, 3), "lex 115.0-122.0/1");
	CHECK_INT((int)ch.rows, 4);
	chart_free(&ch);
	/* One thread. */
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, p->threads[1].node, -1, &ch, &err), 0);
	CHECK_INT((int)ch.rows, 2);
	CHECK_STR(row_us(p, &ch, 1), "io 0.0-30.0/1");
	chart_free(&ch);
	profile_free(p);
}

/* The view's chart follows its data: a timeline that grew (a reload may
 * put the new one at the old one's address) is charted again; a profile
 * that lost its time closes the chart instead of drawing nodes of a tree
 * that is gone. */
TEST(view_rebuilds)
{
	static const int in_order[] = {0, 1, 2, 3, 4, 5};
	ft_profile *p = phased(in_order);
	ft_view v;
	view_init(&v, p, 100, 30);
	view_chart_open(&v);
	CHECK(v.chart.active);
	CHECK_INT((int)v.chart.ch.samples, 6);
	/* One more sample in place: the same timeline pointer. */
	timeline_add(p->timeline, FT_NS + 12 * MS, node_of(p, "prog;main;a"), 1, 0);
	view_chart_ready(&v);
	CHECK_INT((int)v.chart.ch.samples, 7);
	timeline_free(p->timeline);
	p->timeline = NULL;
	view_chart_ready(&v);
	CHECK(!v.chart.active);
	CHECK(v.chart.ch.row == NULL);
	CHECK(v.message != NULL && strstr(v.message, "keeps no time") != NULL);
	view_free(&v);
	profile_free(p);
}

/* An independent model of the chart of a real recording: the raw text of
 * tests/data/perf-phases.txt.gz (perf script) read here, not by flametui's
 * loader: each sample's time, period (cpu-clock: ns) and frames (the
 * thread's root frame "comm-?/tid" first); in time order a sample at depth
 * d lasts to the next sample when that comes within 4 periods, else one
 * period; consecutive samples with the same frames down to d are one span
 * while each lasts to the next.  Every span of every depth must be the
 * chart's.  (Written by one of us apart from chart.c; its first version,
 * for the median-gap rule, is in the history of the branch `chart`.) */
typedef struct {
	long long t, len; /* ns */
	int n;
	char path[24][96];
} msample;

static int
by_t(const void *a, const void *b)
{
	const msample *x = a, *y = b;
	return x->t < y->t ? -1 : x->t > y->t;
}

static int
same_to(const msample *a, const msample *b, int d)
{
	if (a->n <= d || b->n <= d)
		return 0;
	for (int k = 0; k <= d; k++)
		if (strcmp(a->path[k], b->path[k]) != 0)
			return 0;
	return 1;
}

/* Sample i's end in the model. */
static long long
m_end(const msample *s, int ns, int i)
{
	if (i + 1 < ns && s[i + 1].t - s[i].t <= 4 * s[i].len)
		return s[i + 1].t;
	return s[i].t + s[i].len;
}

TEST(real_perf_against_model)
{
	FILE *f = popen("gzip -dc tests/data/perf-phases.txt.gz", "r");
	CHECK(f != NULL);
	if (f == NULL)
		return;
	msample *s = xcalloc(4000, sizeof(msample));
	int ns = 0, nf = 0;
	char line[512], fr[24][96], root[96] = "";
	long long t = 0, len = 0;
	for (;;) {
		char *l = fgets(line, sizeof(line), f);
		if (l == NULL || line[0] == '\n') {
			if (nf > 0 && ns < 4000) {
				msample *m = &s[ns++];
				m->t = t;
				m->len = len;
				memcpy(m->path[0], root, 96);
				for (int k = 0; k < nf; k++)
					memcpy(m->path[1 + k], fr[nf - 1 - k], 96);
				m->n = nf + 1;
			}
			nf = 0;
			if (l == NULL)
				break;
			continue;
		}
		if (line[0] == '\t') {
			char addr[64], sym[96];
			if (sscanf(line, " %63s %95s", addr, sym) == 2 && nf < 23) {
				char *plus = strstr(sym, "+0x");
				if (plus != NULL)
					*plus = '\0';
				memcpy(fr[nf++], sym, 96);
			}
			continue;
		}
		/* "comm tid  sec.usec:  period event: " */
		char comm[64];
		long long tid, sec, usec;
		char *colon = strstr(line, ": ");
		if (colon != NULL && sscanf(line, "%63s %lld %lld.%lld", comm, &tid, &sec, &usec) == 4 &&
		    sscanf(colon + 1, "%lld", &len) == 1) {
			t = sec * 1000000000LL + usec * 1000;
			snprintf(root, sizeof(root), "%s-?/%lld", comm, tid);
		}
	}
	pclose(f);
	CHECK_INT(ns, 1991);
	qsort(s, (size_t)ns, sizeof(msample), by_t);
	long long origin = s[0].t / 1000000000LL * 1000000000LL;
	ft_load_report rep;
	ft_diag err;
	ft_load_opts o = {0};
	ft_profile *p = load_file("tests/data/perf-phases.txt.gz", NULL, &o, &rep, &err);
	CHECK(p != NULL && p->timeline != NULL);
	if (p == NULL || p->timeline == NULL) {
		free(s);
		return;
	}
	ft_chart ch;
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, -1, &ch, &err), 0);
	CHECK(ch.origin == origin);
	int maxd = 0;
	for (int i = 0; i < ns; i++)
		if (s[i].n > maxd)
			maxd = s[i].n;
	CHECK_INT((int)ch.rows, maxd);
	int bad = 0, spans = 0;
	for (int d = 0; d < maxd && bad < 5; d++) {
		uint32_t n, k = 0;
		const ft_span *r = chart_row(&ch, (uint32_t)d, &n);
		for (int i = 0; i < ns && bad < 5; i++) {
			if (s[i].n <= d)
				continue;
			long long st = s[i].t - origin, en = m_end(s, ns, i);
			unsigned cnt = 1;
			while (i + 1 < ns && en == s[i + 1].t && same_to(&s[i], &s[i + 1], d)) {
				i++;
				cnt++;
				en = m_end(s, ns, i);
			}
			en -= origin;
			spans++;
			if (k >= n) {
				bad++;
				continue;
			}
			const ft_span *sp = &r[k++];
			uint32_t nm = p->nodes[sp->node].name;
			int name_ok = strlen(s[i].path[d]) == intern_len(p->names, nm) &&
			    memcmp(s[i].path[d], intern_str(p->names, nm), intern_len(p->names, nm)) == 0;
			if (sp->start != st || sp->end != en || sp->samples != cnt || !name_ok) {
				fprintf(stderr, "depth %d span %u: model %s %lld-%lld/%u, chart "
				    "%.*s %lld-%lld/%u\n", d, k - 1, s[i].path[d], st, en, cnt,
				    (int)intern_len(p->names, nm), intern_str(p->names, nm),
				    (long long)sp->start, (long long)sp->end, sp->samples);
				bad++;
			}
		}
		if (k != n)
			bad++;
	}
	CHECK_INT(bad, 0);
	CHECK(spans > 100);
	chart_free(&ch);
	profile_free(p);
	free(s);
}

/* A profile without time: refused with a reason. */
TEST(no_time)
{
	ft_profile *p = tree_from("a;b 3\n", 1);
	ft_chart ch;
	ft_diag err = {{0}};
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, -1, &ch, &err), -1);
	CHECK_STR(err.msg, "the profile keeps no time per sample");
	chart_free(&ch);
	profile_free(p);
}

int
main(void)
{
	RUN(merged_spans_and_gaps);
	RUN(backwards);
	RUN(range);
	RUN(threads);
	RUN(no_time);
	RUN(trace_spans);
	RUN(view_rebuilds);
	RUN(real_perf_against_model);
	return unit_report();
}
