/* test_chart_spans.c - a trace's spans kept while loading (profile/spans.h)
 * and their flame chart (ops/chart_spans.h).  The trace is
 * tests/data/node-trace-phases.json (node --trace-events-enabled, one
 * thread); the expected rows are worked out by hand from its events (ts
 * in microseconds; the origin is the first span's start, 29438845535):
 *
 *   X V8.DeserializeIsolate 845535 +50911   ->   0 .. 50911
 *   X V8.DeserializeContext 897151 +13700   ->   51616 .. 65316
 *   B/E fs.sync.lstat x4, open, read, close (7 spans, row 0)
 *   B MinorGC 994224, E 005185 (next second) ->   148689 .. 159650
 *     X V8.GCScavenger 004052 +1102          ->   158517 .. 159619 (row 1)
 *   B/E fs.sync.open 027533-027647           ->   181998 .. 182112
 *   B/E fs.sync.write, fs.sync.close
 *   B MinorGC 064177, E 065299               ->   218642 .. 219764
 *     X V8.GCScavenger 064188 +1082          ->   218653 .. 219735 (row 1)
 *   B/E fs.sync.unlink 067590-067666         ->   222055 .. 222131
 *
 * 17 spans: 15 on row 0, 2 on row 1. */
#include <stdlib.h>

#include "input/load.h"
#include "ops/chart_spans.h"
#include "profile/demangle.h"
#include "profile/relabel.h"
#include "profile/spans.h"
#include "unit.h"

#define US 1000LL

static void
chart_release(ft_chart *ch)
{
	free(ch->spans);
	free(ch->row);
	ch->spans = NULL;
	ch->row = NULL;
}

static const char *
name_of(const ft_profile *p, uint32_t node)
{
	static char buf[128];
	uint32_t id = p->nodes[node].name;
	snprintf(buf, sizeof(buf), "%.*s", (int)intern_len(p->names, id),
	    intern_str(p->names, id));
	return buf;
}

static ft_profile *
load_trace_file(void)
{
	ft_load_opts o = {.sort = FT_SORT_NAME};
	ft_load_report rep = {0};
	ft_diag err;
	ft_profile *p = load_file("tests/data/node-trace-phases.json", NULL, &o, &rep,
	    &err);
	if (p == NULL)
		UNIT_FAIL("load: %s", err.msg);
	return p;
}

TEST(spans_kept)
{
	ft_profile *p = load_trace_file();
	if (p == NULL)
		return;
	CHECK(p->spans != NULL);
	CHECK_INT(p->spans->n, 17);
	CHECK_INT(spans_bytes(p->spans), 17 * 20);
	CHECK_INT(spans_origin(p->spans), 29438845535 * US);
	CHECK_INT(p->spans->tmax, 29439067666 * US);
	/* Stored in nesting order: MinorGC right before its GCScavenger. */
	uint32_t k = 0;
	while (k < p->spans->n && strcmp(name_of(p, p->spans->node[k]), "MinorGC") != 0)
		k++;
	CHECK(k + 1 < p->spans->n);
	if (k + 1 < p->spans->n) {
		CHECK_STR(name_of(p, p->spans->node[k + 1]), "V8.GCScavenger");
		CHECK_INT(p->nodes[p->spans->node[k + 1]].parent, p->spans->node[k]);
	}
	profile_free(p);
}

TEST(whole_chart)
{
	ft_profile *p0 = load_trace_file();
	if (p0 == NULL)
		return;
	ft_diag err;
	/* --group none: the spans at the root's children. */
	ft_profile *p = profile_relabel(p0, FT_GROUP_NONE, FT_DEMANGLE_NONE,
	    FT_SORT_NAME, 0, &err);
	CHECK(p != NULL && p->spans != NULL);
	ft_chart ch;
	CHECK_INT(chart_from_spans(p, INT64_MIN, INT64_MAX, FT_NONE, &ch, &err), 0);
	CHECK_INT(ch.rows, 2);
	CHECK_INT(ch.samples, 17);
	CHECK_INT(ch.origin, 29438845535 * US);
	CHECK_INT(ch.t0, 0);
	CHECK_INT(ch.t1, 222131 * US);
	CHECK_INT(ch.row[1] - ch.row[0], 15);
	CHECK_INT(ch.row[2] - ch.row[1], 2);
	const ft_span *r0 = &ch.spans[ch.row[0]], *r1 = &ch.spans[ch.row[1]];
	CHECK_STR(name_of(p, r0[0].node), "V8.DeserializeIsolate");
	CHECK_INT(r0[0].start, 0);
	CHECK_INT(r0[0].end, 50911 * US);
	CHECK_STR(name_of(p, r0[1].node), "V8.DeserializeContext");
	CHECK_INT(r0[1].start, 51616 * US);
	CHECK_INT(r0[1].end, 65316 * US);
	CHECK_STR(name_of(p, r0[9].node), "MinorGC");
	CHECK_INT(r0[9].start, 148689 * US);
	CHECK_INT(r0[9].end, 159650 * US);
	CHECK_STR(name_of(p, r0[14].node), "fs.sync.unlink");
	CHECK_INT(r0[14].start, 222055 * US);
	CHECK_INT(r0[14].end, 222131 * US);
	CHECK_INT(r0[14].samples, 1);
	CHECK_STR(name_of(p, r1[0].node), "V8.GCScavenger");
	CHECK_INT(r1[0].start, 158517 * US);
	CHECK_INT(r1[0].end, 159619 * US);
	CHECK_INT(r1[1].start, 218653 * US);
	CHECK_INT(r1[1].end, 219735 * US);
	/* Each row in time order, spans not overlapping on one thread. */
	for (uint32_t d = 0; d < ch.rows; d++)
		for (uint32_t i = ch.row[d] + 1; i < ch.row[d + 1]; i++)
			CHECK(ch.spans[i - 1].end <= ch.spans[i].start);
	chart_release(&ch);
	profile_free(p);
	profile_free(p0);
}

TEST(range_clipped)
{
	ft_profile *p0 = load_trace_file();
	if (p0 == NULL)
		return;
	ft_diag err;
	ft_profile *p = profile_relabel(p0, FT_GROUP_NONE, FT_DEMANGLE_NONE,
	    FT_SORT_NAME, 0, &err);
	ft_chart ch;
	/* [150 ms, 219 ms): MinorGC cut to 150000..159650, open, write,
	 * close, the second MinorGC cut to 218642..219000; below them both
	 * GCScavengers, the second cut at 219000. */
	CHECK_INT(chart_from_spans(p, 150000 * US, 219000 * US, FT_NONE, &ch, &err), 0);
	CHECK_INT(ch.rows, 2);
	CHECK_INT(ch.samples, 7);
	CHECK_INT(ch.row[1] - ch.row[0], 5);
	CHECK_INT(ch.row[2] - ch.row[1], 2);
	const ft_span *r0 = &ch.spans[ch.row[0]], *r1 = &ch.spans[ch.row[1]];
	CHECK_STR(name_of(p, r0[0].node), "MinorGC");
	CHECK_INT(r0[0].start, 150000 * US);
	CHECK_INT(r0[0].end, 159650 * US);
	CHECK_STR(name_of(p, r0[1].node), "fs.sync.open");
	CHECK_INT(r0[1].start, 181998 * US);
	CHECK_INT(r0[1].end, 182112 * US);
	CHECK_INT(r0[4].start, 218642 * US);
	CHECK_INT(r0[4].end, 219000 * US);
	CHECK_INT(r1[0].start, 158517 * US);
	CHECK_INT(r1[1].start, 218653 * US);
	CHECK_INT(r1[1].end, 219000 * US);
	CHECK_INT(ch.t0, 150000 * US);
	CHECK_INT(ch.t1, 219000 * US);
	chart_release(&ch);
	/* A range with no span: no rows. */
	CHECK_INT(chart_from_spans(p, 70000 * US, 90000 * US, FT_NONE, &ch, &err), 0);
	CHECK_INT(ch.rows, 0);
	CHECK_INT(ch.samples, 0);
	chart_release(&ch);
	profile_free(p);
	profile_free(p0);
}

TEST(thread_rows)
{
	/* As loaded (--group thread): the thread's frame on row 0, as the
	 * stretches where its spans run (all 15 top spans are apart), the
	 * spans below it. */
	ft_profile *p = load_trace_file();
	if (p == NULL)
		return;
	ft_diag err;
	ft_chart ch;
	uint32_t th = p->nodes[p->spans->node[0]].parent;
	CHECK_INT(p->nodes[th].parent, FT_ROOT);
	CHECK_INT(chart_from_spans(p, INT64_MIN, INT64_MAX, th, &ch, &err), 0);
	CHECK_INT(ch.rows, 3);
	CHECK_INT(ch.samples, 17);
	CHECK_INT(ch.thread, th);
	CHECK_INT(ch.row[1] - ch.row[0], 15);
	CHECK_INT(ch.spans[0].node, th);
	CHECK_INT(ch.spans[0].samples, 0);
	CHECK_INT(ch.spans[0].end, 50911 * US);
	CHECK_INT(ch.row[2] - ch.row[1], 15);
	CHECK_INT(ch.row[3] - ch.row[2], 2);
	chart_release(&ch);
	/* Another root child (none here holds spans): nothing. */
	CHECK_INT(chart_from_spans(p, INT64_MIN, INT64_MAX, th + 1000, &ch, &err), 0);
	CHECK_INT(ch.samples, 0);
	CHECK_INT(ch.rows, 0);
	chart_release(&ch);
	profile_free(p);
}

TEST(no_spans)
{
	ft_load_opts o = {.sort = FT_SORT_NAME};
	ft_load_report rep = {0};
	ft_diag err;
	ft_profile *p = load_file("tests/data/small.folded", NULL, &o, &rep, &err);
	CHECK(p != NULL && p->spans == NULL);
	ft_chart ch;
	if (p != NULL)
		CHECK_INT(chart_from_spans(p, INT64_MIN, INT64_MAX, FT_NONE, &ch, &err), -1);
	profile_free(p);
}

int
main(void)
{
	RUN(spans_kept);
	RUN(whole_chart);
	RUN(range_clipped);
	RUN(thread_rows);
	RUN(no_spans);
	return unit_report();
}
