/* test_runtime.c - the JSON runtime-profile loaders (.cpuprofile, trace
 * events, speedscope), their JSON layer and the speedscope export. */
#include "unit.h"
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "export/export_folded.h"
#include "export/export_pprof.h"
#include "ops/invert.h"
#include "export/export_speedscope.h"
#include "input/json.h"
#include "profile/labels.h"
#include "input/load.h"
#include "input/sniff.h"
#include "input/source.h"
#include "profile/timeline.h"
#include "base/xalloc.h"

/* Folded export of column col ("" and the error on stderr on failure). */
static char *
folded(const char *text, enum ft_format fmt, int col)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", text, fmt, 0, &rep, &err);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (p == NULL)
		fprintf(stderr, "load failed: %s\n", err.msg);
	else
		export_folded(p, col, -1, f);
	fclose(f);
	profile_free(p);
	return buf;
}

static char *
fail_msg(const char *text, enum ft_format fmt)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", text, fmt, 0, &rep, &err);
	if (p != NULL) {
		profile_free(p);
		return strdup("(loaded)");
	}
	return strdup(err.msg);
}

TEST(fixed_point_numbers)
{
	int64_t v;
	int r = 0;
	CHECK(json_fixed("1.25", 4, 3, &v, &r) == 0 && v == 1250 && r == 0);
	CHECK(json_fixed("-0.0015", 7, 3, &v, &r) == 0 && v == -2 && r == 1);
	CHECK(json_fixed("1e3", 3, 0, &v, NULL) == 0 && v == 1000);
	CHECK(json_fixed("2.5E-1", 6, 2, &v, NULL) == 0 && v == 25);
	CHECK(json_fixed("9223372036854775807", 19, 0, &v, NULL) == 0 && v == INT64_MAX);
	CHECK(json_fixed("9223372036854775808", 19, 0, &v, NULL) != 0);
	CHECK(json_fixed("1x", 2, 0, &v, NULL) != 0);
	CHECK_INT(json_decimals("1.250", 5), 2);
	CHECK_INT(json_decimals("1.5e-3", 6), 4);
	CHECK_INT(json_decimals("15e2", 4), 0);
}

/* Weights are time between samples (the last one lasts the mean interval,
 * as DevTools weights it), not counts; (root) is dropped; empty names are
 * (anonymous). */
TEST(cpuprofile_weights)
{
	const char *t =
	    "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\","
	    "\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3]},"
	    "{\"id\":2,\"callFrame\":{\"functionName\":\"main\",\"url\":\"file:///a.js\","
	    "\"lineNumber\":4,\"columnNumber\":2},\"children\":[4]},"
	    "{\"id\":3,\"callFrame\":{\"functionName\":\"(idle)\",\"url\":\"\"}},"
	    "{\"id\":4,\"callFrame\":{\"functionName\":\"\",\"url\":\"file:///a.js\"}}],"
	    "\"startTime\":1000,\"endTime\":1100,"
	    "\"samples\":[2,4,4,3],\"timeDeltas\":[10,20,5,25]}";
	char *f = folded(t, FT_FMT_CPUPROFILE, 0);
	/* times 1010, 1030, 1035, 1060 -> 20, 5, 25, then the mean interval
	 * 50 / 3 = 16.7, rounded 17 (not the 40 to endTime) */
	CHECK_STR(f, "(idle) 17\nmain 20\nmain;(anonymous) 30\n");
	free(f);
	f = folded(t, FT_FMT_CPUPROFILE, 1);
	CHECK_STR(f, "(idle) 1\nmain 1\nmain;(anonymous) 2\n");
	free(f);
}

TEST(cpuprofile_out_of_order_and_origin)
{
	const char *t =
	    "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"}},"
	    "{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"a\",\"url\":\"x.js\","
	    "\"lineNumber\":0,\"columnNumber\":9}},"
	    "{\"id\":3,\"parent\":1,\"callFrame\":{\"functionName\":\"b\"}}],"
	    "\"startTime\":0,\"samples\":[2,3,2],\"timeDeltas\":[10,20,-5]}";
	/* times 10, 30, 25: sorted 10(a) 25(a) 30(b); the last (b) lasts the
	 * mean interval 20 / 2 = 10 */
	char *f = folded(t, FT_FMT_CPUPROFILE, 0);
	CHECK_STR(f, "a 20\nb 10\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_CPUPROFILE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		uint32_t a = intern_find(p->names, "a", 1, FT_KIND_NONE);
		CHECK_STR(profile_frame_where(p, a), "x.js:1:10");
		CHECK_INT(rep.valid, 3);
		profile_free(p);
	}
}

TEST(cpuprofile_errors)
{
	char *m;
	m = fail_msg("{\"nodes\":[{\"id\":1,\"callFrame\":{}},{\"callFrame\":{}}]}",
	    FT_FMT_CPUPROFILE);
	CHECK(strstr(m, "at $.nodes[1]: a profile node needs an integer id") != NULL);
	CHECK(strstr(m, "t.json: byte ") == m);
	free(m);
	m = fail_msg("{\"nodes\":[{\"id\":1,\"callFrame\":{}}] \"samples\":[]}",
	    FT_FMT_CPUPROFILE);
	CHECK(strstr(m, "t.json: byte 37: at $.nodes: invalid JSON") == m);
	free(m);
	/* A parent cycle is refused, not followed forever. */
	m = fail_msg("{\"nodes\":[{\"id\":1,\"parent\":2,\"callFrame\":{}},"
	    "{\"id\":2,\"parent\":1,\"callFrame\":{}}],\"samples\":[1],\"timeDeltas\":[1]}",
	    FT_FMT_CPUPROFILE);
	CHECK(strstr(m, "is its own ancestor") != NULL);
	free(m);
}

/* A sample of an unknown node is skipped and counted (its time too), not
 * a reason to refuse the file; --strict refuses it. */
TEST(cpuprofile_unknown_sample_node)
{
	const char *t = "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"}},"
	    "{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"f\"}}],"
	    "\"startTime\":0,\"endTime\":10,\"samples\":[2,9,2],\"timeDeltas\":[1,2,3]}";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_CPUPROFILE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(rep.valid, 2);
		CHECK_INT(rep.invalid, 1);
		CHECK_STR(rep.first_bad.msg, "t.json: sample 1 refers to unknown node 9 (skipped)");
		/* times 1, 3, 6: f 2, (skipped 3), f the mean 5 / 2 = 2.5 -> 3 */
		CHECK_INT(profile_total(p, FT_ROOT, 0), 5);
		CHECK_INT(profile_total(p, FT_ROOT, 1), 2);
		profile_free(p);
	}
	p = load_named("t.json", t, FT_FMT_CPUPROFILE, 1, &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "t.json: sample 1 refers to unknown node 9 (skipped)");
}

/* V8's natives ("native dummy.js", "native array.js") are hidden as
 * DevTools hides them: their samples go to the caller, their callees hang
 * under it. */
TEST(cpuprofile_natives_dropped)
{
	const char *t = "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"}},"
	    "{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"main\",\"url\":\"a.js\"}},"
	    "{\"id\":3,\"parent\":2,\"callFrame\":{\"functionName\":\"\","
	    "\"url\":\"native dummy.js\"}},"
	    "{\"id\":4,\"parent\":3,\"callFrame\":{\"functionName\":\"cb\",\"url\":\"a.js\"}}],"
	    "\"startTime\":0,\"endTime\":4,\"samples\":[3,4],\"timeDeltas\":[1,1]}";
	char *f = folded(t, FT_FMT_CPUPROFILE, 0);
	/* times 1, 2: 1, then the mean interval 1 (not 2 to endTime) */
	CHECK_STR(f, "main 1\nmain;cb 1\n");
	free(f);
}

/* The old V8 shape (v8-profiler, Node <= 10): a "head" tree, seconds,
 * absolute timestamps, 1-based lines; sniffed as a .cpuprofile. */
TEST(cpuprofile_old_v8_format)
{
	const char *t = "{\"typeId\":\"CPU\",\"head\":{\"functionName\":\"(root)\",\"url\":\"\","
	    "\"lineNumber\":0,\"id\":1,\"children\":[{\"functionName\":\"main\","
	    "\"url\":\"a.js\",\"lineNumber\":3,\"columnNumber\":5,\"id\":2,\"children\":["
	    "{\"functionName\":\"leaf\",\"url\":\"a.js\",\"lineNumber\":9,\"id\":3,"
	    "\"children\":[]}]}]},\"startTime\":1527683211.000100,\"endTime\":1527683211.000180,"
	    "\"samples\":[2,3,3],\"timestamps\":[1527683211000110,1527683211000130,1527683211000150]}";
	char why[256];
	CHECK_INT(load_sniff_why(t, strlen(t), why, sizeof(why)), FT_FMT_CPUPROFILE);
	char *f = folded(t, FT_FMT_CPUPROFILE, 0);
	/* 20 to the next sample, 20, and the mean interval 40 / 2 = 20 (not
	 * the 30 to endTime) */
	CHECK_STR(f, "main 20\nmain;leaf 40\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_CPUPROFILE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		uint32_t m = intern_find(p->names, "main", 4, FT_KIND_NONE);
		CHECK_STR(profile_frame_where(p, m), "a.js:3:5");
		profile_free(p);
	}
	/* The real recording rewritten in the old shape loads as the
	 * recording (tests/data/make-v8-old-cpuprofile.py). */
	ft_load_opts o = {0};
	ft_profile *a = load_file("tests/data/node-work.cpuprofile", NULL, &o, &rep, &err);
	ft_profile *b = load_file("tests/data/node-work-v8old.cpuprofile", NULL, &o, &rep, &err);
	CHECK(a != NULL && b != NULL);
	if (a != NULL && b != NULL) {
		CHECK_INT(b->nnodes, a->nnodes);
		CHECK_INT(profile_total(b, FT_ROOT, 0), profile_total(a, FT_ROOT, 0));
		CHECK_INT(profile_total(b, FT_ROOT, 1), profile_total(a, FT_ROOT, 1));
	}
	profile_free(a);
	profile_free(b);
}

/* Two legacy CpuProfile events of one pid without an id (a main thread
 * and a worker) are two profiles, keyed by pid and tid. */
TEST(trace_two_legacy_cpuprofiles)
{
	const char *t = "["
	    "{\"ph\":\"I\",\"name\":\"CpuProfile\",\"pid\":7,\"tid\":1,\"ts\":0,"
	    "\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":"
	    "{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":"
	    "{\"functionName\":\"a\"}}],\"startTime\":0,\"endTime\":5,\"samples\":[2],"
	    "\"timeDeltas\":[1]}}}},"
	    "{\"ph\":\"I\",\"name\":\"CpuProfile\",\"pid\":7,\"tid\":2,\"ts\":0,"
	    "\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":"
	    "{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":"
	    "{\"functionName\":\"b\"}}],\"startTime\":0,\"endTime\":9,\"samples\":[2],"
	    "\"timeDeltas\":[2]}}}}]";
	char *f = folded(t, FT_FMT_TRACE, 0);
	CHECK_STR(f, "[unknown]-7/1;a 4\n[unknown]-7/2;b 7\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_load_opts o = {0};
	ft_profile *p = load_file("tests/data/trace-legacy-cpuprofile-two-threads.json", NULL, &o,
	    &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(p->nthreads, 2);
		CHECK_INT(rep.invalid, 0);
		profile_free(p);
	}
}

/* JSON of no known shape: what it is and its top-level keys (nested
 * values skipped, strings with brackets and escapes, a cut object, keys
 * that are not plain ASCII); not JSON: 0. */
TEST(json_unknown_shape)
{
	char m[400];
	const char *t = "{\"a\": {\"x\": [1, \"]}\\\"\"]}, \"b\": null, \"c\": -1.5e3}";
	CHECK_INT(sniff_json_shape(t, strlen(t), m, sizeof(m)), 1);
	CHECK_STR(m, "a JSON object with the keys \"a\", \"b\", \"c\"");
	t = "{\"first\": [1, 2, 3], \"second\": {\"deep\": ";
	CHECK_INT(sniff_json_shape(t, strlen(t), m, sizeof(m)), 1);
	CHECK_STR(m, "a JSON object with the keys \"first\", \"second\" (the first ones)");
	t = "{\"k\\u001b\x1b\": 1}";
	CHECK_INT(sniff_json_shape(t, strlen(t), m, sizeof(m)), 1);
	CHECK_STR(m, "a JSON object with the keys \"k\\u001b?\"");
	CHECK_INT(sniff_json_shape("[]", 2, m, sizeof(m)), 1);
	CHECK_STR(m, "an empty JSON array");
	CHECK_INT(sniff_json_shape("{}", 2, m, sizeof(m)), 1);
	CHECK_STR(m, "an empty JSON object");
	CHECK_INT(sniff_json_shape("{closure};main 5\n", 17, m, sizeof(m)), 0);
	CHECK_INT(sniff_json_shape("{\"a\": 1 x", 10, m, sizeof(m)), 0);
	CHECK_INT(sniff_json_shape("main;f 1\n", 9, m, sizeof(m)), 0);
}

/* Pyroscope's flamebearer, single: bars laid end to end per level, offsets
 * from the previous bar's end; a bar's parent holds its start. */
TEST(flamebearer_single)
{
	const char *t = "{\"version\":1,\"flamebearer\":{\"names\":[\"total\",\"main\",\"a\",\"b\","
	    "\"c\"],\"levels\":[[0,20,0,0],[0,20,1,1],[0,12,2,2,1,7,7,3],[0,10,10,4]],"
	    "\"numTicks\":20,\"maxSelf\":10},\"metadata\":{\"format\":\"single\","
	    "\"spyName\":\"gospy\",\"sampleRate\":100,\"units\":\"samples\"}}";
	char why[256];
	CHECK_INT(load_sniff_why(t, strlen(t), why, sizeof(why)), FT_FMT_FLAMEBEARER);
	/* level 2: a at 0..12, b at 13..20 (offset 1: main's self shown
	 * between them); level 3: c at 0..10, under a */
	char *f = folded(t, FT_FMT_FLAMEBEARER, 0);
	CHECK_STR(f, "main 1\nmain;a 2\nmain;a;c 10\nmain;b 7\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_FLAMEBEARER, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->types[0].name, "samples");
		CHECK_INT(rep.nwarn, 0);
		CHECK_INT(p->differential, 0);
		profile_free(p);
	}
	/* numTicks that the bars do not make: said. */
	const char *u = "{\"flamebearer\":{\"names\":[\"total\",\"f\"],\"levels\":[[0,5,0,0],"
	    "[0,5,5,1]],\"numTicks\":6},\"metadata\":{\"units\":\"bytes\"}}";
	p = load_named("t.json", u, FT_FMT_FLAMEBEARER, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->types[0].unit, "bytes");
		CHECK_INT(rep.nwarn, 1);
		CHECK_STR(rep.warn[0].msg, "t.json: the bars add up to 5, numTicks says 6");
		profile_free(p);
	}
}

/* render-diff's "double" format: seven numbers per bar (left offset,
 * total, self; the same for the right; the name), each side's offsets on
 * its own; a differential profile, left = before. */
TEST(flamebearer_diff)
{
	const char *t = "{\"flamebearer\":{\"names\":[\"total\",\"main\",\"a\",\"b\",\"c\"],"
	    "\"levels\":[[0,15,0,0,12,0,0],[0,15,0,0,12,0,1],"
	    "[0,10,10,0,4,4,2,0,5,5,0,0,0,3,0,0,0,0,8,8,4]],\"numTicks\":27},"
	    "\"metadata\":{\"format\":\"double\",\"units\":\"samples\"}}";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_FLAMEBEARER, 0, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_INT(p->differential, 1);
	CHECK_INT(p->nvals, 2);
	CHECK_INT(rep.nwarn, 0);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 15);
	CHECK_INT(profile_total(p, FT_ROOT, 1), 12);
	uint32_t c = node_at(p, "main;c");
	CHECK(c != FT_NONE);
	if (c != FT_NONE) {
		CHECK_INT(profile_total(p, c, 0), 0);
		CHECK_INT(profile_total(p, c, 1), 8);
	}
	uint32_t b = node_at(p, "main;b");
	CHECK(b != FT_NONE);
	if (b != FT_NONE) {
		CHECK_INT(profile_total(p, b, 0), 5);
		CHECK_INT(profile_total(p, b, 1), 0);
	}
	profile_free(p);
}

TEST(flamebearer_bad)
{
	/* A level that is not whole bars: refused with where. */
	char *m = fail_msg("{\"flamebearer\":{\"names\":[\"total\"],\"levels\":[[0,5,0]]}}",
	    FT_FMT_FLAMEBEARER);
	CHECK_STR(m, "t.json: level 0 holds 3 numbers, not bars of 4");
	free(m);
	/* A name index out of range: the bar is skipped and counted. */
	ft_load_report rep;
	ft_diag err;
	const char *t = "{\"flamebearer\":{\"names\":[\"total\",\"f\"],\"levels\":[[0,5,0,0],"
	    "[0,3,3,1,0,2,2,9]]}}";
	ft_profile *p = load_named("t.json", t, FT_FMT_FLAMEBEARER, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(rep.invalid, 1);
		CHECK_STR(rep.first_bad.msg, "t.json: level 1, bar 1: a negative or too large "
		    "number, or a name index out of range");
		CHECK_INT(profile_total(p, FT_ROOT, 0), 3);
		profile_free(p);
	}
	p = load_named("t.json", t, FT_FMT_FLAMEBEARER, 1, &rep, &err);
	CHECK(p == NULL);
	/* An unknown format. */
	m = fail_msg("{\"flamebearer\":{\"names\":[\"total\"],\"levels\":[[0,5,5,0]]},"
	    "\"metadata\":{\"format\":\"triple\"}}", FT_FMT_FLAMEBEARER);
	CHECK_STR(m, "t.json: flamebearer format \"triple\": only single and double are known");
	free(m);
}

/* Grafana Pyroscope's query API: {"flamegraph": ...}, levels as objects
 * with "values" (left out when empty), int64 numbers as strings, "total"
 * for numTicks; leftTicks and rightTicks make it a diff (seven numbers per
 * bar).  It states no unit: "value", a count. */
TEST(flamebearer_query_api)
{
	const char *t = "{\"flamegraph\":{\"names\":[\"total\",\"main\",\"a\",\"b\"],"
	    "\"levels\":[{\"values\":[\"0\",\"10\",\"0\",\"0\"]},{\"values\":[\"0\",\"10\","
	    "\"2\",\"1\"]},{\"values\":[\"0\",\"5\",\"5\",\"2\",\"0\",\"3\",\"3\",\"3\"]},{}],"
	    "\"total\":\"10\",\"maxSelf\":\"5\"}}";
	char why[256];
	CHECK_INT(load_sniff_why(t, strlen(t), why, sizeof(why)), FT_FMT_FLAMEBEARER);
	char *f = folded(t, FT_FMT_FLAMEBEARER, 0);
	CHECK_STR(f, "main 2\nmain;a 5\nmain;b 3\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_FLAMEBEARER, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->types[0].name, "value");
		CHECK_STR(p->types[0].unit, "count");
		CHECK_INT(rep.nwarn, 0);
		CHECK_INT(p->differential, 0);
		profile_free(p);
	}
	/* A diff: left main 4 (self 1, a 3), right main 6 (self 2, b 4). */
	const char *d = "{\"flamegraph\":{\"names\":[\"total\",\"main\",\"a\",\"b\"],"
	    "\"levels\":[{\"values\":[0,4,0,0,6,0,0]},{\"values\":[0,4,1,0,6,2,1]},"
	    "{\"values\":[0,3,3,0,0,0,2,0,0,0,0,4,4,3]}],\"total\":\"10\","
	    "\"leftTicks\":\"4\",\"rightTicks\":\"7\"}}";
	p = load_named("t.json", d, FT_FMT_FLAMEBEARER, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(p->differential, 1);
		CHECK_INT(profile_total(p, FT_ROOT, 0), 4);
		CHECK_INT(profile_total(p, FT_ROOT, 1), 6);
		uint32_t b = node_at(p, "main;b");
		CHECK(b != FT_NONE);
		if (b != FT_NONE)
			CHECK_INT(profile_total(p, b, 1), 4);
		/* rightTicks 7 is not what the right bars make: said. */
		CHECK_INT(rep.nwarn, 1);
		if (rep.nwarn > 0)
			CHECK_STR(rep.warn[0].msg, "t.json: the right bars add up to 6, "
			    "rightTicks says 7");
		profile_free(p);
	}
	/* A level that is neither: refused with where. */
	char *m = fail_msg("{\"flamegraph\":{\"names\":[\"total\"],\"levels\":[7]}}",
	    FT_FMT_FLAMEBEARER);
	CHECK(strstr(m, "a level is not an object with \"values\", an array") != NULL);
	free(m);
	/* The shape of JSON cut inside its first value (a long one-line
	 * answer): its first keys, not "not JSON". */
	char s[256];
	CHECK_INT(sniff_json_shape("{\"flamegraph\":{\"names\":[\"total\",\"runt", 38, s,
	    sizeof(s)), 1);
	CHECK_STR(s, "a JSON object with the keys \"flamegraph\" (the first ones)");
}

/* X and B/E events nest by time per thread; self time is what the nested
 * events leave. */
TEST(trace_durations)
{
	const char *t =
	    "{\"traceEvents\":["
	    "{\"ph\":\"X\",\"name\":\"outer\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":100},"
	    "{\"ph\":\"B\",\"name\":\"inner\",\"pid\":1,\"tid\":1,\"ts\":10},"
	    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":40},"
	    "{\"ph\":\"X\",\"name\":\"inner\",\"pid\":1,\"tid\":1,\"ts\":50,\"dur\":10,"
	    "\"args\":{\"detail\":\"d\"}},"
	    "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"main\"}}"
	    "]}";
	char *f = folded(t, FT_FMT_TRACE, 0);
	/* The loader keeps threads as root frames; --group merges them. */
	CHECK_STR(f, "main-1/1;outer 60\nmain-1/1;outer;inner 30\nmain-1/1;outer;inner d 10\n");
	free(f);
}

/* Chrome leaves the array open; a cut inside an event drops that event
 * with a warning. */
TEST(trace_truncated)
{
	const char *t = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":5},\n";
	char *f = folded(t, FT_FMT_TRACE, 0);
	CHECK_STR(f, "[unknown]-1/2;a 5\n");
	free(f);
	const char *cut = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":5},\n"
	    "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"ti";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", cut, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 1);
	CHECK(strstr(rep.first_bad.msg, "ends inside an event") != NULL);
	profile_free(p);
	p = load_named("t.json", cut, FT_FMT_TRACE, 1, &rep, &err);
	CHECK(p == NULL);
}

TEST(trace_unmatched_and_strict)
{
	const char *t = "[{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":3},"
	    "{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":5},"
	    "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":6,\"dur\":4}]";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 2);
	/* a is closed at the thread's last timestamp, 10. */
	CHECK_INT(profile_total(p, FT_ROOT, 0), 5);
	profile_free(p);
	/* Its only event rejected: why (issue 24 item 20), not "no
	 * duration events". */
	char *m = fail_msg("[{\"ph\":\"X\",\"ts\":1}", FT_FMT_TRACE);
	CHECK(strstr(m, "X event without a numeric ts and a non-negative dur") != NULL);
	free(m);
	m = fail_msg("[{\"ph\":\"I\",\"ts\":1}]", FT_FMT_TRACE);
	CHECK(strstr(m, "no duration") != NULL);
	free(m);
}

/* Profile + ProfileChunk: one CPU profile per (pid, id), on the thread of
 * its Profile event, nodes and samples spread over chunks. */
TEST(trace_profile_chunks)
{
	const char *t = "["
	    "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":5,\"args\":{\"name\":\"Main\"}},"
	    "{\"ph\":\"P\",\"name\":\"Profile\",\"id\":\"0x1\",\"pid\":1,\"tid\":5,"
	    "\"args\":{\"data\":{\"startTime\":100}}},"
	    "{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1,\"tid\":9,"
	    "\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":"
	    "{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":"
	    "{\"functionName\":\"f\"}}],\"samples\":[2,2]},\"timeDeltas\":[1,4]}}},"
	    "{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1,\"tid\":9,"
	    "\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":3,\"parent\":2,\"callFrame\":"
	    "{\"functionName\":\"g\"}}],\"samples\":[3,1]},\"timeDeltas\":[6,7]}}},"
	    "{\"ph\":\"X\",\"name\":\"ignored\",\"pid\":1,\"tid\":5,\"ts\":0,\"dur\":9}]";
	char *f = folded(t, FT_FMT_TRACE, 0);
	/* times 101, 105, 111, 118: f 4, f 6, g 7, (root) the mean interval
	 * 17 / 3 = 5.7 -> 6 */
	CHECK_STR(f, "Main-1/5 6\nMain-1/5;f 10\nMain-1/5;f;g 7\n");
	free(f);
}

/* Duration events before and after the CPU profile appears change
 * nothing but the count of bad ones (the loader stops keeping them once
 * it has a profile and drops those it kept). */
TEST(trace_profile_wins_over_durations)
{
	const char *t = "["
	    "{\"ph\":\"X\",\"name\":\"early\",\"pid\":1,\"tid\":5,\"ts\":0,\"dur\":9},"
	    "{\"ph\":\"B\",\"name\":\"open\",\"pid\":1,\"tid\":5,\"ts\":1},"
	    "{\"ph\":\"X\",\"name\":\"bad\",\"pid\":1,\"tid\":5,\"ts\":2},"
	    "{\"ph\":\"P\",\"name\":\"Profile\",\"id\":\"0x1\",\"pid\":1,\"tid\":5,"
	    "\"args\":{\"data\":{\"startTime\":100}}},"
	    "{\"ph\":\"X\",\"name\":\"late\",\"pid\":1,\"tid\":5,\"ts\":3,\"dur\":1},"
	    "{\"ph\":\"E\",\"pid\":1,\"tid\":5,\"ts\":4},"
	    "{\"ph\":\"E\",\"pid\":1,\"tid\":5,\"ts\":5},"
	    "{\"ph\":\"X\",\"name\":\"bad\",\"pid\":1,\"tid\":5,\"dur\":2},"
	    "{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1,\"tid\":9,"
	    "\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":"
	    "{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":"
	    "{\"functionName\":\"f\"}}],\"samples\":[2,2]},\"timeDeltas\":[1,4],"
	    "\"endTime\":120}}},"
	    "{\"ph\":\"X\",\"name\":\"after\",\"pid\":1,\"tid\":5,\"ts\":6,\"dur\":1}]";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	/* The two X events without ts or dur are not used (the CPU profile
	 * is the profile): not counted, nothing to warn about (issue 24
	 * item 10); no unmatched B/E counted either. */
	CHECK_INT(rep.invalid, 0);
	CHECK_INT(rep.valid, 2);
	profile_free(p);
	char *f = folded(t, FT_FMT_TRACE, 0);
	/* times 101, 105: f 4, then f the mean interval 4 (not the 15 to the
	 * endTime 120) */
	CHECK_STR(f, "[unknown]-1/5;f 8\n");
	free(f);
}

/* JSON_FIELDS: a record delivers only its fields, each from its first
 * occurrence, looked-into objects only when they are objects; members
 * that are not fields are parsed but never built or delivered, at any
 * depth. */
struct fieldsctx { int records, values; const json_val *f[3][4]; char text[3][4][16]; };

static enum json_mode
fields_enter(void *ctx, ft_json *j, enum json_type t)
{
	return json_depth(j) == 0 ? JSON_DESCEND : JSON_FIELDS;
}

static int
fields_value(void *ctx, ft_json *j, const json_val *v)
{
	((struct fieldsctx *)ctx)->values++;
	return 0;
}

static int
fields_record(void *ctx, ft_json *j, const json_val *const *f)
{
	struct fieldsctx *K = ctx;
	int r = K->records++;
	for (int i = 0; i < 4 && r < 3; i++) {
		/* Values live only until the callback returns: keep what the
		 * test looks at. */
		K->f[r][i] = f[i] != NULL ? (const json_val *)1 : NULL;
		if (f[i] != NULL && f[i]->s != NULL)
			snprintf(K->text[r][i], sizeof(K->text[r][i]), "%s", f[i]->s);
		else if (f[i] != NULL)
			snprintf(K->text[r][i], sizeof(K->text[r][i]), "[%zu]", f[i]->count);
	}
	return json_key(j, 0, &(size_t){0}) == NULL && json_depth(j) == 1 &&
	    json_cur(j)->seg[0].index == r ? 0 : -1; /* the path names the record */
}

static const json_field test_fields[4] = {
	{"a", -1}, {"b", -1}, {"c", 1}, {"d", -1},
};

TEST(json_fields_records)
{
	const char *t = "[{\"junk\":{\"a\":[1,{\"a\":2}]},\"a\":1,"
	    "\"b\":{\"junk\":[[3]],\"c\":\"x\",\"c\":\"dup\"},\"a\":2,"
	    "\"d\":[1,{\"e\":true}]},"
	    "{\"b\":\"scalar\",\"c\":\"not b.c\"},"
	    "{\"b\":[{\"c\":1}],\"b\":{\"c\":2},\"d\":{\"x\":1,\"y\":[]}}]";
	json_handler h = {.enter = fields_enter, .value = fields_value,
	    .fields = test_fields, .nfields = 4, .record = fields_record};
	struct fieldsctx K = {0};
	ft_diag err;
	ft_source *s = source_open_mem(t, strlen(t), "t.json");
	CHECK_INT(json_stream(s, &h, &K, NULL, &err), 0);
	source_close(s);
	CHECK_INT(K.records, 3);
	CHECK_INT(K.values, 0);
	/* The first a (not the one in junk, not the repeat); b looked into,
	 * not delivered; b.c's first occurrence; d built whole. */
	CHECK_STR(K.text[0][0], "1");
	CHECK(K.f[0][1] == NULL);
	CHECK_STR(K.text[0][2], "x");
	CHECK_STR(K.text[0][3], "[2]");
	/* b not an object: nothing from it; a top-level c is not b.c. */
	for (int i = 0; i < 4; i++)
		CHECK(K.f[1][i] == NULL);
	/* The first b is an array: dropped, and the second b is a repeat. */
	CHECK(K.f[2][2] == NULL);
	CHECK_STR(K.text[2][3], "[2]");
	/* A syntax error inside a dropped member is still one. */
	const char *bad = "[{\"a\":1,\"junk\":{\"x\":[1,2,}]}}]";
	s = source_open_mem(bad, strlen(bad), "t.json");
	CHECK_INT(json_stream(s, &h, &K, NULL, &err), -1);
	source_close(s);
	CHECK(strstr(err.msg, "t.json: byte ") == err.msg);
	CHECK(strstr(err.msg, "invalid JSON") != NULL);
	CHECK(strstr(err.msg, "at $[0].junk: ") != NULL);
	/* The path names the fields on the way to an error inside one. */
	bad = "[{\"a\":1},{\"b\":{\"c\":[1,{\"x\":}]}}]";
	K.records = 0;
	s = source_open_mem(bad, strlen(bad), "t.json");
	CHECK_INT(json_stream(s, &h, &K, NULL, &err), -1);
	source_close(s);
	CHECK(strstr(err.msg, "at $[1].b.c[1].x: invalid JSON") != NULL);
	/* A field larger than the record limit stops the parse. */
	size_t big = (size_t)3 << 19;
	char *huge = xmalloc(big + 32);
	strcpy(huge, "[{\"a\":\"");
	memset(huge + 7, 'x', big);
	strcpy(huge + 7 + big, "\"}]");
	json_opts o = {0, (size_t)1 << 20, 0};
	s = source_open_mem(huge, strlen(huge), "t.json");
	CHECK_INT(json_stream(s, &h, &K, &o, &err), -1);
	source_close(s);
	free(huge);
	CHECK(strstr(err.msg, "larger than 1 MiB") != NULL);
	/* The same member when it is not a field: dropped unseen, no limit. */
	huge = xmalloc(big + 32);
	strcpy(huge, "[{\"q\":\"");
	memset(huge + 7, 'x', big);
	strcpy(huge + 7 + big, "\"}]");
	K.records = 0;
	s = source_open_mem(huge, strlen(huge), "t.json");
	CHECK_INT(json_stream(s, &h, &K, &o, &err), 0);
	source_close(s);
	free(huge);
	CHECK_INT(K.records, 1);
}

/* Trace events keep only what the loader reads: members in any order,
 * dropped ones holding nested containers (Chrome's args of paint events,
 * flow ids, tts) change nothing. */
TEST(trace_dropped_members)
{
	const char *t = "{\"traceEvents\":["
	    "{\"args\":{\"src_file\":\"a.cc\",\"data\":{\"frames\":[{\"x\":[1,2]}],"
	    "\"url\":\"u\"},\"detail\":\"d\"},\"cat\":\"c\",\"dur\":7,\"name\":\"f\","
	    "\"ph\":\"X\",\"pid\":1,\"tdur\":6,\"tid\":2,\"ts\":10,\"tts\":{\"q\":[]}},"
	    "{\"bind_id\":\"0x1\",\"flow_in\":true,\"ph\":\"X\",\"name\":\"g\",\"pid\":1,"
	    "\"tid\":2,\"ts\":11,\"dur\":2,\"args\":{\"name\":[\"not\",\"kept\"]}}"
	    "],\"metadata\":{\"x\":[1]}}";
	char *f = folded(t, FT_FMT_TRACE, 0);
	CHECK_STR(f, "[unknown]-1/2;f d 5\n[unknown]-1/2;f d;g 2\n");
	free(f);
}

/* The legacy global samples: each names a stackFrames entry, whose
 * parents make its stack; weights (strings of digits as Hermes writes
 * them) add up; they win over duration events. */
TEST(trace_global_samples)
{
	const char *t = "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"x\",\"pid\":1,"
	    "\"tid\":1,\"ts\":0,\"dur\":50}],"
	    "\"samples\":[{\"sf\":3,\"pid\":1,\"tid\":1,\"weight\":\"2\"},"
	    "{\"sf\":\"2\",\"pid\":1,\"tid\":1},{\"sf\":3,\"pid\":1,\"tid\":1,\"weight\":5}],"
	    "\"stackFrames\":{\"3\":{\"name\":\"leaf\",\"parent\":\"2\"},"
	    "\"2\":{\"name\":\"mid\",\"parent\":1},\"1\":{\"name\":\"top\"}}}";
	char *f = folded(t, FT_FMT_TRACE, 0);
	CHECK_STR(f, "[unknown]-1/1;top;mid 1\n[unknown]-1/1;top;mid;leaf 7\n");
	free(f);
}

/* Trace threads' names are the label `thread` of their stacks; a thread
 * without a name has none. */
TEST(trace_thread_labels)
{
	const char *t = "["
	    "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"main\"}},"
	    "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":2,\"args\":{\"name\":\"io\"}},"
	    "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10},"
	    "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2,\"dur\":3},"
	    "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":4},"
	    "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":3,\"ts\":0,\"dur\":6}]";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL && p->labels != NULL);
	if (p == NULL || p->labels == NULL) {
		profile_free(p);
		return;
	}
	CHECK_INT(p->nlabel_keys, 1);
	CHECK_STR(p->label_keys[0], "thread");
	ft_label_share *r = NULL;
	uint32_t n = labels_breakdown(p, FT_ROOT, 0, NULL, NULL, &r);
	CHECK_INT(n, 3); /* main 10, (none) 6, io 4 */
	if (n == 3) {
		CHECK_STR(labelsets_text(p->labels->sets, r[0].value, NULL), "main");
		CHECK_INT(r[0].v, 10);
		CHECK_STR(labelsets_text(p->labels->sets, r[1].value, NULL), "");
		CHECK_INT(r[1].v, 6);
		CHECK_STR(labelsets_text(p->labels->sets, r[2].value, NULL), "io");
		CHECK_INT(r[2].v, 4);
	}
	free(r);
	profile_free(p);
}

TEST(speedscope_sampled_fractional)
{
	const char *t = "{\"profiles\":[{\"type\":\"sampled\",\"name\":\"p\",\"unit\":"
	    "\"milliseconds\",\"startValue\":0,\"endValue\":3,\"samples\":[[0,1],[0]],"
	    "\"weights\":[1.5,0.25]}],\"shared\":{\"frames\":[{\"name\":\"a\",\"file\":"
	    "\"a.py\",\"line\":3},{\"name\":\"b\"}]}}";
	char *f = folded(t, FT_FMT_SPEEDSCOPE, 0);
	CHECK_STR(f, "a 0.25\na;b 1.5\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_SPEEDSCOPE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->types[0].unit, "milliseconds");
		CHECK_STR(p->types[0].name, "p");
		CHECK_STR(profile_frame_where(p, intern_find(p->names, "a", 1, 0)), "a.py:3");
		profile_free(p);
	}
}

/* Same unit: threads under root frames; different units: columns. */
TEST(speedscope_profiles_threads_and_columns)
{
	const char *t = "{\"shared\":{\"frames\":[{\"name\":\"a\"}]},\"profiles\":["
	    "{\"type\":\"sampled\",\"name\":\"t1\",\"unit\":\"none\",\"startValue\":0,"
	    "\"endValue\":1,\"samples\":[[0]],\"weights\":[2]},"
	    "{\"type\":\"sampled\",\"name\":\"t2\",\"unit\":\"none\",\"startValue\":0,"
	    "\"endValue\":1,\"samples\":[[0]],\"weights\":[3]},"
	    "{\"type\":\"evented\",\"name\":\"heap\",\"unit\":\"bytes\",\"startValue\":0,"
	    "\"endValue\":10,\"events\":[{\"type\":\"O\",\"frame\":0,\"at\":4}]}]}";
	char *f = folded(t, FT_FMT_SPEEDSCOPE, 0);
	CHECK_STR(f, "t1;a 2\nt2;a 3\n");
	free(f);
	f = folded(t, FT_FMT_SPEEDSCOPE, 1);
	CHECK_STR(f, "a 6\n");
	free(f);
}

/* Time from speedscope (issue 25): an evented profile's stretches between
 * events are samples at their start, weighing their length; a sampled
 * profile's samples follow each other from startValue; bounds from
 * startValue and endValue; a profile in unit none has no time. */
TEST(speedscope_timeline)
{
	const char *t = "{\"shared\":{\"frames\":[{\"name\":\"a\"},{\"name\":\"b\"}]},"
	    "\"profiles\":[{\"type\":\"evented\",\"name\":\"e\",\"unit\":\"milliseconds\","
	    "\"startValue\":1000,\"endValue\":1003.5,\"events\":["
	    "{\"type\":\"O\",\"frame\":0,\"at\":1000.5},{\"type\":\"O\",\"frame\":1,\"at\":1001},"
	    "{\"type\":\"C\",\"frame\":1,\"at\":1002.25},{\"type\":\"C\",\"frame\":0,\"at\":1003}]},"
	    "{\"type\":\"sampled\",\"name\":\"s\",\"unit\":\"milliseconds\",\"startValue\":999,"
	    "\"endValue\":1004,\"samples\":[[0],[0,1]],\"weights\":[2,1]},"
	    "{\"type\":\"sampled\",\"name\":\"n\",\"unit\":\"none\",\"startValue\":0,"
	    "\"endValue\":3,\"samples\":[[1],[1],[1]],\"weights\":[1,1,1]}]}";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_SPEEDSCOPE, 0, &rep, &err);
	CHECK(p != NULL && p->timeline != NULL);
	if (p == NULL || p->timeline == NULL) {
		profile_free(p);
		return;
	}
	const ft_timeline *tl = p->timeline;
	const int64_t MS = 1000000;
	/* e: a 1000.5-1001, a;b 1001-1002.25, a 1002.25-1003; s: 999, 1001. */
	static const int64_t at[] = {1000500000, 1001000000, 1002250000, 999000000,
	    1001000000};
	static const uint32_t w[] = {50, 125, 75, 200, 100}; /* scale 2 */
	CHECK_INT(p->scale, 2);
	CHECK_INT(tl->n, 5);
	for (uint32_t i = 0; i < tl->n && i < 5; i++) {
		CHECK(tl->t[i] == at[i]);
		CHECK_INT(tl->w[i], w[i]);
		CHECK_STR(intern_str(p->names, p->nodes[tl->leaf[i]].name),
		    i == 1 || i == 4 ? "b" : "a");
	}
	CHECK_INT(tl->have_bounds, 1);
	CHECK(tl->start == 999 * MS && tl->end == 1004 * MS);
	CHECK_INT(tl->untimed, 3); /* profile n: unit none */
	CHECK_INT(tl->backwards, 1);
	profile_free(p);
}

/* --export speedscope keeps time order (issue 25 part 7): the evented
 * profile above written back as its stretches, in time order, each with
 * its length, from startValue (ms); two profiles that go back in time
 * are merged by time. */
TEST(speedscope_export_time_order)
{
	const char *t = "{\"shared\":{\"frames\":[{\"name\":\"a\"},{\"name\":\"b\"}]},"
	    "\"profiles\":[{\"type\":\"evented\",\"name\":\"e\",\"unit\":\"milliseconds\","
	    "\"startValue\":1000,\"endValue\":1003.5,\"events\":["
	    "{\"type\":\"O\",\"frame\":0,\"at\":1000.5},{\"type\":\"O\",\"frame\":1,\"at\":1001},"
	    "{\"type\":\"C\",\"frame\":1,\"at\":1002.25},{\"type\":\"C\",\"frame\":0,\"at\":1003}]},"
	    "{\"type\":\"sampled\",\"name\":\"s\",\"unit\":\"milliseconds\",\"startValue\":999,"
	    "\"endValue\":1004,\"samples\":[[0],[0,1]],\"weights\":[2,1]}]}";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_SPEEDSCOPE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK(export_speedscope(p, 0, f, &err) == 0);
	fclose(f);
	/* Frames e (thread root) 0, a 1, b 2, s 3.  s 999 (a, 2), e 1000.5
	 * (a, 0.5), e 1001 (a;b, 1.25), s 1001 (a;b, 1), e 1002.25 (a, 0.75);
	 * the end: 999 + 5.5 ms of weights. */
	CHECK(strstr(buf, "\"unit\":\"milliseconds\",\"startValue\":999,"
	    "\"endValue\":1004.5,") != NULL);
	CHECK(strstr(buf, "\"samples\":[\n[3,1],\n[0,1],\n[0,1,2],\n[3,1,2],\n[0,1]],\n"
	    "\"weights\":[2,0.5,1.25,1,0.75]") != NULL);
	free(buf);
	profile_free(p);
}

TEST(speedscope_errors)
{
	char *m = fail_msg("{\"shared\":{\"frames\":[{\"name\":\"A\"},{\"name\":\"B\"}]},"
	    "\"profiles\":[{\"type\":\"evented\",\"unit\":\"none\",\"startValue\":0,"
	    "\"endValue\":9,\"events\":[{\"type\":\"O\",\"frame\":0,\"at\":0},"
	    "{\"type\":\"O\",\"frame\":1,\"at\":1},{\"type\":\"C\",\"frame\":0,\"at\":2}]}]}",
	    FT_FMT_SPEEDSCOPE);
	CHECK_STR(m, "t.json: profiles[0].events[2]: closes frame 0 but the innermost "
	    "open frame is another");
	free(m);
	m = fail_msg("{\"shared\":{\"frames\":[]},\"profiles\":[{\"type\":\"sampled\","
	    "\"unit\":\"parsecs\"}]}", FT_FMT_SPEEDSCOPE);
	CHECK(strstr(m, "at $.profiles[0].unit: unknown unit") != NULL);
	free(m);
	m = fail_msg("{\"shared\":{\"frames\":[{\"name\":\"a\"}]},\"profiles\":[{\"type\":"
	    "\"sampled\",\"unit\":\"none\",\"samples\":[[0,7]],\"weights\":[1]}]}",
	    FT_FMT_SPEEDSCOPE);
	CHECK_STR(m, "t.json: profiles[0] refers to frame 7; shared.frames has 1");
	free(m);
}

/* Issue 24 item 13: a value or a difference of times that does not fit 64
 * bits, or a negative weight, is refused or counted as malformed, never
 * summed into a negative total. */
TEST(hostile_sums)
{
	/* speedscope evented: -5e18 to 5e18 is more than INT64_MAX apart. */
	char *m = fail_msg("{\"shared\":{\"frames\":[{\"name\":\"A\"}]},\"profiles\":[{"
	    "\"type\":\"evented\",\"unit\":\"none\",\"startValue\":-5000000000000000000,"
	    "\"endValue\":5000000000000000000,\"events\":["
	    "{\"type\":\"O\",\"frame\":0,\"at\":-5000000000000000000},"
	    "{\"type\":\"C\",\"frame\":0,\"at\":5000000000000000000}]}]}",
	    FT_FMT_SPEEDSCOPE);
	CHECK_STR(m, "t.json: profiles[0].events[1]: the time since the last event "
	    "overflows 64 bits");
	free(m);
	/* speedscope negative weight. */
	m = fail_msg("{\"shared\":{\"frames\":[{\"name\":\"A\"}]},\"profiles\":[{"
	    "\"type\":\"sampled\",\"unit\":\"none\",\"samples\":[[0],[0]],"
	    "\"weights\":[1,-3]}]}", FT_FMT_SPEEDSCOPE);
	CHECK(strstr(m, "at $.profiles[0].weights[1]: negative weight") != NULL);
	free(m);
	/* cpuprofile: endTime 1.8e19 after the only sample. */
	m = fail_msg("{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"},"
	    "\"children\":[2]},{\"id\":2,\"callFrame\":{\"functionName\":\"a\"}}],"
	    "\"startTime\":-9000000000000000000,\"endTime\":9000000000000000000,"
	    "\"samples\":[2],\"timeDeltas\":[0]}", FT_FMT_CPUPROFILE);
	CHECK_STR(m, "t.json: sample 0 lasts until endTime, which overflows 64 bits");
	free(m);
	/* trace: a B/E span 1.8e19 ns long is malformed; the other one counts. */
	const char *t = "{\"traceEvents\":["
	    "{\"ph\":\"B\",\"name\":\"huge\",\"pid\":1,\"tid\":1,\"ts\":-9000000000000000},"
	    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":9000000000000000},"
	    "{\"ph\":\"X\",\"name\":\"ok\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":5}]}";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(profile_total(p, FT_ROOT, 0), 5);
		CHECK_INT(rep.invalid, 1);
		CHECK(strstr(rep.first_bad.msg, "lasts longer than 64 bits hold") != NULL);
		profile_free(p);
	}
}

/* CPU seconds to load a trace whose ignored args hold a number of `mb`
 * MiB, read from a file (fed to the parser block by block); -1 when it
 * does not load as the one event. */
static double
huge_number_seconds(size_t mb)
{
	char path[] = "/tmp/ft-test-number-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return -1;
	FILE *f = fdopen(fd, "w");
	fputs("{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":0,"
	    "\"dur\":5,\"args\":{\"x\":1", f);
	char zeros[4096];
	memset(zeros, '0', sizeof(zeros));
	for (size_t i = 0; i < (mb << 20) / sizeof(zeros); i++)
		fwrite(zeros, 1, sizeof(zeros), f);
	fputs("}}]}", f);
	fclose(f);
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	clock_t t0 = clock();
	ft_profile *p = load_file(path, NULL, &o, &rep, &err);
	double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
	unlink(path);
	if (p == NULL || profile_total(p, FT_ROOT, 0) != 5)
		s = -1;
	profile_free(p);
	return s;
}

/* Issue 24 item 18: a token longer than a read block (a 50 MB number took
 * 6 s, 100 MB 25 s: yajl lexes a cut token again from its start at each
 * feed) costs time in proportion to its length: four times the number,
 * about four times the time (quadratic was sixteen). */
TEST(huge_number_linear)
{
	double t8 = huge_number_seconds(8), t32 = huge_number_seconds(32);
	CHECK(t8 >= 0 && t32 >= 0);
	if (!(t32 < 8 * t8 + 0.5))
		UNIT_FAIL("8 MiB: %.2f s, 32 MiB: %.2f s (CPU): not linear", t8, t32);
}

/* A speedscope evented profile one chain `depth` frames deep, each frame
 * open for one unit alone (so every node has a value). */
static ft_profile *
deep_evented(int depth)
{
	char *t = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&t, &len);
	fprintf(f, "{\"shared\":{\"frames\":[");
	for (int i = 0; i < depth; i++)
		fprintf(f, "%s{\"name\":\"f%d\"}", i ? "," : "", i);
	fprintf(f, "]},\"profiles\":[{\"type\":\"evented\",\"unit\":"
	    "\"none\",\"startValue\":0,\"endValue\":%d,\"events\":[", 2 * depth);
	for (int i = 0; i < depth; i++)
		fprintf(f, "%s{\"type\":\"O\",\"frame\":%d,\"at\":%d}", i ? "," : "", i, i);
	for (int i = depth - 1; i >= 0; i--)
		fprintf(f, ",{\"type\":\"C\",\"frame\":%d,\"at\":%d}", i, 2 * depth - i);
	fprintf(f, "]}]}");
	fclose(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_SPEEDSCOPE, 0, &rep, &err);
	if (p == NULL)
		fprintf(stderr, "deep_evented: %s\n", err.msg);
	free(t);
	return p;
}

/* Issue 24 item 18: work that grows with the square of the depth (the
 * bottom-up tree, the folded, pprof and speedscope exports: every stack
 * frame by frame) is refused past profile_check_stack_frames' bound with
 * a message, at once; a 2000-deep chain is still written.  (main() limits
 * time and memory: without the bound the 12000-deep case makes 72 M
 * frames.) */
TEST(deep_stacks_bounded)
{
	ft_profile *p = deep_evented(12000);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_INT(profile_stack_frames(p), 12000LL * 12001 / 2);
	ft_diag err = {{0}};
	CHECK(transform_invert(p, FT_SORT_WEIGHT, 0, NULL, &err) == NULL);
	CHECK(strstr(err.msg, "inverting: the stacks with a value add up to 72006000 "
	    "frames, more than 33554432 (64 per node of the tree, at least 33554432)") ==
	    err.msg);
	FILE *null = fopen("/dev/null", "w");
	memset(&err, 0, sizeof(err));
	CHECK(export_pprof(p, null, &err) != 0);
	CHECK(strstr(err.msg, "the pprof export: the stacks with a value") == err.msg);
	memset(&err, 0, sizeof(err));
	CHECK(export_speedscope(p, 0, null, &err) != 0);
	CHECK(strstr(err.msg, "the speedscope export: the stacks") == err.msg);
	CHECK(profile_check_stack_frames(p, "the folded export", &err) != 0);
	profile_free(p);
	p = deep_evented(2000);
	CHECK(p != NULL);
	if (p != NULL) {
		ft_profile *q = transform_invert(p, FT_SORT_WEIGHT, 0, NULL, &err);
		CHECK(q != NULL);
		if (q != NULL)
			CHECK_INT(profile_total(q, FT_ROOT, 0), 4000);
		profile_free(q);
		CHECK(export_pprof(p, null, &err) == 0);
		CHECK(export_speedscope(p, 0, null, &err) == 0);
		CHECK(profile_check_stack_frames(p, "the folded export", &err) == 0);
		profile_free(p);
	}
	fclose(null);
}

/* --export speedscope and back: the same stacks, columns and names (with
 * quotes, controls and non-ASCII escaped as JSON wants). */
TEST(speedscope_round_trip)
{
	const char *t = "{\"profiles\":["
	    "{\"type\":\"sampled\",\"name\":\"cpu\",\"unit\":\"nanoseconds\",\"startValue\":0,"
	    "\"endValue\":5,\"samples\":[[0,1],[0,2]],\"weights\":[2,3]},"
	    "{\"type\":\"sampled\",\"name\":\"alloc\",\"unit\":\"bytes\",\"startValue\":0,"
	    "\"endValue\":5,\"samples\":[[0,1]],\"weights\":[7]}],"
	    "\"shared\":{\"frames\":[{\"name\":\"m\\\"ain\"},{\"name\":\"x\\u0001y\"},"
	    "{\"name\":\"\\u00e9t\\u00e9\"}]}}";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.json", t, FT_FMT_SPEEDSCOPE, 0, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK(export_speedscope(p, 1, f, &err) == 0);
	fclose(f);
	CHECK(strstr(buf, "\"name\":\"x\\u0001y\"") != NULL);
	CHECK(strstr(buf, "\"activeProfileIndex\":1") != NULL);
	ft_profile *q = load_named("t.json", buf, FT_FMT_SPEEDSCOPE, 0, &rep, &err);
	CHECK(q != NULL);
	if (q != NULL) {
		CHECK_INT(q->nvals, 2);
		CHECK_INT(q->deftype, 1);
		CHECK_STR(q->types[0].name, "cpu");
		CHECK_STR(q->types[1].unit, "bytes");
		for (int c = 0; c < 2; c++) {
			char *a = NULL, *b = NULL;
			size_t al = 0, bl = 0;
			FILE *fa = open_memstream(&a, &al), *fb = open_memstream(&b, &bl);
			export_folded(p, c, -1, fa);
			export_folded(q, c, -1, fb);
			fclose(fa);
			fclose(fb);
			CHECK_STR(b, a);
			free(a);
			free(b);
		}
		profile_free(q);
	}
	free(buf);
	profile_free(p);
}

TEST(sniff_json_formats)
{
	const char *cases[][2] = {
		{"{\"nodes\":[{\"id\":1,\"callFrame\":{}}]}", "cpuprofile"},
		{"  [ {\"ph\":\"X\"}", "trace"},
		{"{\"metadata\":{},\"traceEvents\":[]}", "trace"},
		{"{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\"}", "speedscope"},
		{"[unknown];main 5\n", "folded"},
		{"{not json;x 1\n", "folded"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum ft_format f = load_sniff(cases[i][0], strlen(cases[i][0]));
		const char *got = f == FT_FMT_CPUPROFILE ? "cpuprofile" : f == FT_FMT_TRACE ?
		    "trace" : f == FT_FMT_SPEEDSCOPE ? "speedscope" : f == FT_FMT_FOLDED ?
		    "folded" : "other";
		CHECK_STR(got, cases[i][1]);
	}
}

/* Issue 24 items 10 and 20: X events Chrome wrote unfinished (tdur, no
 * dur) are reported only when the duration events are the profile; a
 * trace whose every event is rejected says why the first one was. */
TEST(trace_unused_events_not_warned)
{
	const char *unfinished =
	    "{\"ph\":\"X\",\"name\":\"RunTask\",\"pid\":1,\"tid\":5,\"ts\":50,\"tts\":7,"
	    "\"tdur\":3},";
	const char *profile =
	    "{\"ph\":\"P\",\"name\":\"Profile\",\"id\":\"0x1\",\"pid\":1,\"tid\":5,"
	    "\"args\":{\"data\":{\"startTime\":100}}},"
	    "{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1,\"tid\":9,"
	    "\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":"
	    "{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":"
	    "{\"functionName\":\"f\"}}],\"samples\":[2,2]},\"timeDeltas\":[1,4],"
	    "\"endTime\":120}}},";
	const char *good = "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":5,\"ts\":1,\"dur\":9}";
	char t[2048];
	ft_load_report rep;
	ft_diag err;
	/* With a CPU profile: the unfinished events change nothing. */
	snprintf(t, sizeof(t), "[%s%s%s%s]", unfinished, unfinished, profile, good);
	ft_profile *p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 0);
	profile_free(p);
	/* Without one they are left out of the durations: counted, with
	 * what they are. */
	snprintf(t, sizeof(t), "[%s%s%s]", unfinished, unfinished, good);
	p = load_named("t.json", t, FT_FMT_TRACE, 0, &rep, &err);
	CHECK(p != NULL);
	CHECK_INT(rep.invalid, 2);
	CHECK(strstr(rep.first_bad.msg, "unfinished when the trace was taken") != NULL);
	profile_free(p);
	/* Every event rejected: the first reason, not "no duration events". */
	snprintf(t, sizeof(t), "[%s{\"ph\":\"B\",\"name\":\"b\"}]", unfinished);
	char *m = fail_msg(t, FT_FMT_TRACE);
	CHECK(strstr(m, "2 rejected") != NULL);
	CHECK(strstr(m, "$.traceEvents[0]") != NULL || strstr(m, "[0]") != NULL);
	CHECK(strstr(m, "unfinished when the trace was taken") != NULL);
	CHECK(strstr(m, "no duration") == NULL);
	free(m);
}

/* Issue 24 item 16: the top-level keys decide, wherever they are and
 * however the bytes arrive; keys inside values do not. */
static enum ft_format
keys_bytewise(const char *s)
{
	ft_json_keys k;
	json_keys_init(&k);
	for (size_t i = 0; s[i] != '\0'; i++)
		json_keys_feed(&k, s + i, 1);
	return k.fmt;
}

TEST(json_top_level_keys)
{
	CHECK_INT(keys_bytewise("{\"metadata\": {\"traceEvents\": 1, \"x\": \"\\\"shared\\\"\"},"
	    " \"traceEvents\": ["), FT_FMT_TRACE);
	CHECK_INT(keys_bytewise("{\"profiles\": [{\"shared\": 1}], \"name\": \"shared\"}"),
	    FT_FMT_UNKNOWN);
	CHECK_INT(keys_bytewise("{\"profiles\": [{\"a\": [1, {\"b\": 2}]}], \"shared\": {}}"),
	    FT_FMT_SPEEDSCOPE);
	CHECK_INT(keys_bytewise("{\"exporter\": \"x\", \"$schema\": "
	    "\"https://www.speedscope.app/file-format-schema.json\"}"), FT_FMT_SPEEDSCOPE);
	CHECK_INT(keys_bytewise("{\"nodes\": [], \"startTime\": 1}"), FT_FMT_CPUPROFILE);
	CHECK_INT(keys_bytewise("[{\"traceEvents\": 1}]"), FT_FMT_UNKNOWN);
	ft_json_keys k;
	json_keys_init(&k);
	const char *t = "{\"metadata\": {}, \"traceEvents\": []}";
	CHECK_INT(json_keys_feed(&k, t, strlen(t)), FT_FMT_TRACE);
	char why[256];
	json_keys_why(&k, why, sizeof(why));
	CHECK(strstr(why, "decided at byte 17") != NULL);
}

int
main(void)
{
	/* Work without a bound must fail, not hang or swap: 120 s and,
	 * outside the sanitizer build, 3 GiB. */
	alarm(120);
#if !defined(__SANITIZE_ADDRESS__)
	struct rlimit rl = {.rlim_cur = (rlim_t)3 << 30, .rlim_max = (rlim_t)3 << 30};
	setrlimit(RLIMIT_AS, &rl);
#endif
	RUN(fixed_point_numbers);
	RUN(cpuprofile_weights);
	RUN(cpuprofile_out_of_order_and_origin);
	RUN(cpuprofile_errors);
	RUN(json_unknown_shape);
	RUN(flamebearer_single);
	RUN(flamebearer_diff);
	RUN(flamebearer_bad);
	RUN(flamebearer_query_api);
	RUN(cpuprofile_unknown_sample_node);
	RUN(cpuprofile_natives_dropped);
	RUN(cpuprofile_old_v8_format);
	RUN(trace_two_legacy_cpuprofiles);
	RUN(trace_profile_wins_over_durations);
	RUN(json_fields_records);
	RUN(trace_dropped_members);
	RUN(trace_global_samples);
	RUN(trace_thread_labels);
	RUN(trace_durations);
	RUN(trace_truncated);
	RUN(trace_unmatched_and_strict);
	RUN(trace_profile_chunks);
	RUN(speedscope_sampled_fractional);
	RUN(speedscope_profiles_threads_and_columns);
	RUN(speedscope_timeline);
	RUN(speedscope_export_time_order);
	RUN(speedscope_errors);
	RUN(hostile_sums);
	RUN(huge_number_linear);
	RUN(deep_stacks_bounded);
	RUN(speedscope_round_trip);
	RUN(sniff_json_formats);
	RUN(json_top_level_keys);
	RUN(trace_unused_events_not_warned);
	return unit_report();
}
