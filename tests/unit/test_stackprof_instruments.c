/* test_stackprof_instruments.c - Ruby stackprof JSON (load_stackprof.c)
 * and Instruments deep copies (load_instruments.c): raw stacks and their
 * counts, object mode's interval, the timeline from the deltas, the frames
 * table without raw, unknown frame ids skipped (--strict refuses); the
 * deep copy's units, self as weight less the children's (never below
 * zero), Instruments 16's indentation, bad rows; sniffing both, stackprof
 * also by late keys.  The real files are checked by tests/stackprof_ref.py
 * and tests/instruments_ref.py. */
#include "unit.h"
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>

#include "export/export_folded.h"
#include "input/load.h"
#include "input/sniff.h"
#include "profile/timeline.h"

static char *
folded_of(const char *text, enum ft_format fmt, int strict, ft_load_report *rep,
    ft_diag *err)
{
	ft_profile *p = load_named("t", text, fmt, strict, rep, err);
	if (p == NULL)
		return NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(p, 0, -1, f);
	fclose(f);
	profile_free(p);
	return buf;
}

/* Two stacks, the second twice in a row; 3 deltas for 3 samples. */
static const char *sp_wall =
    "{\"version\":1.2,\"mode\":\"wall\",\"interval\":1000,\"samples\":3,"
    "\"frames\":{\"11\":{\"name\":\"<main>\",\"file\":\"a.rb\",\"line\":1,"
    "\"total_samples\":3,\"samples\":0},\"12\":{\"name\":\"Object#a\",\"file\":\"a.rb\","
    "\"line\":5,\"total_samples\":1,\"samples\":1},\"13\":{\"name\":\"Kernel#sleep\","
    "\"file\":\"<cfunc>\",\"line\":null,\"total_samples\":2,\"samples\":2}},"
    "\"raw\":[2,11,12,1,2,11,13,2],\"raw_timestamp_deltas\":[1000,2000,500]}";

TEST(stackprof_raw)
{
	ft_load_report rep;
	ft_diag err;
	char *t = folded_of(sp_wall, FT_FMT_STACKPROF, 0, &rep, &err);
	CHECK_STR(t != NULL ? t : err.msg, "<main>;Kernel#sleep 2\n<main>;Object#a 1\n");
	free(t);
	ft_profile *p = load_named("t", sp_wall, FT_FMT_STACKPROF, 0, &rep, &err);
	CHECK(p != NULL && p->timeline != NULL);
	if (p != NULL && p->timeline != NULL) {
		/* Running sums of the deltas, in ns. */
		CHECK_INT(p->timeline->n, 3);
		CHECK_INT(p->timeline->t[0], 1000000);
		CHECK_INT(p->timeline->t[2], 3500000);
		CHECK_INT(p->timeline->end, 3500000);
	}
	CHECK_STR(p != NULL ? p->types[0].name : "", "samples");
	profile_free(p);
}

TEST(stackprof_object_and_frames_table)
{
	ft_load_report rep;
	ft_diag err;
	/* Object mode, one sample every 10 allocations: objects. */
	const char *obj = "{\"mode\":\"object\",\"interval\":10,\"frames\":{\"1\":{\"name\":\"a\","
	    "\"samples\":3}},\"raw\":[1,1,3]}";
	char *t = folded_of(obj, FT_FMT_STACKPROF, 0, &rep, &err);
	CHECK_STR(t != NULL ? t : err.msg, "a 30\n");
	free(t);
	/* Without raw: each frame its own samples, with a warning. */
	const char *noraw = "{\"mode\":\"cpu\",\"interval\":1000,\"frames\":{\"1\":{\"name\":\"a\","
	    "\"samples\":3,\"total_samples\":5},\"2\":{\"name\":\"b\",\"samples\":2,"
	    "\"total_samples\":2}}}";
	t = folded_of(noraw, FT_FMT_STACKPROF, 0, &rep, &err);
	CHECK_STR(t != NULL ? t : err.msg, "a 3\nb 2\n");
	CHECK_INT(rep.nwarn, 1);
	CHECK(strstr(rep.warn[0].msg, "no raw stacks") != NULL);
	free(t);
}

TEST(stackprof_bad)
{
	ft_load_report rep;
	ft_diag err;
	/* Frame id 9 is not in the table: that stack is skipped. */
	const char *unk = "{\"mode\":\"cpu\",\"frames\":{\"1\":{\"name\":\"a\"}},"
	    "\"raw\":[1,9,4,1,1,2]}";
	char *t = folded_of(unk, FT_FMT_STACKPROF, 0, &rep, &err);
	CHECK_STR(t != NULL ? t : err.msg, "a 2\n");
	CHECK_INT(rep.invalid, 1);
	CHECK(strstr(rep.first_bad.msg, "t: raw[1]: frame id 9 is not in the frames table") != NULL);
	free(t);
	CHECK(folded_of(unk, FT_FMT_STACKPROF, 1, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "frame id 9") != NULL);
	/* A height past the end of raw. */
	CHECK(folded_of("{\"mode\":\"cpu\",\"frames\":{\"1\":{\"name\":\"a\"}},\"raw\":[5,1,1]}",
	    FT_FMT_STACKPROF, 0, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "does not fit in raw") != NULL);
	CHECK(folded_of("{\"mode\":\"heap\",\"frames\":{\"1\":{\"name\":\"a\"}}}",
	    FT_FMT_STACKPROF, 0, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "only cpu, wall and object") != NULL);
}

/* Instruments 16: every row indented three more; delta's children
 * (2.45 s vs 1.63 + 0.83) and a row outweighed by its child. */
static const char *ins16 =
    "Weight\tSelf Weight\tSymbol Names\n"
    "4.93 s  100.0%\t0 s\t   start\n"
    "4.93 s  99.9%\t0 s\t    main\n"
    "2.45 s  \xe2\x80\x87" "49.7%\t0 s\t     delta()\n"
    "1.63 s  33.0%\t1.63 s\t      beta()\n"
    "800.00 ms  16.2%\t0 s\t      alpha()\n"
    "801.00 ms  16.2%\t801.00 ms\t       leak()\n"
    "2.48 s  50.3%\t2.48 s\t     gamma()\n"
    "\n";

TEST(instruments_tree)
{
	ft_load_report rep;
	ft_diag err;
	char *t = folded_of(ins16, FT_FMT_INSTRUMENTS, 0, &rep, &err);
	/* delta: 2.45 - 1.63 - 0.80 = 0.02 s; alpha: 800 - 801 < 0: 0. */
	CHECK_STR(t != NULL ? t : err.msg,
	    "start;main;delta() 20000000\n"
	    "start;main;delta();alpha();leak() 801000000\n"
	    "start;main;delta();beta() 1630000000\n"
	    "start;main;gamma() 2480000000\n");
	free(t);
	CHECK(strstr(rep.summary, "rows_outweighed_by_children=1") != NULL);
	/* Bytes (powers of 1024, rounded) and a bad row. */
	const char *bytes = "Bytes Used\tCount\t\tSymbol Name\n"
	    " 1.50 KB   100.0%\t3\t \tmain\n"
	    " 0.33 KB    22.0%\t1\t \t a\n"
	    "12 parsecs  1.0%\t1\t \t b\n";
	t = folded_of(bytes, FT_FMT_INSTRUMENTS, 0, &rep, &err);
	CHECK_STR(t != NULL ? t : err.msg, "main 1198\nmain;a 338\n");
	free(t);
	CHECK_INT(rep.invalid, 1);
	CHECK(strstr(rep.first_bad.msg, "t:4: a weight that does not read") != NULL);
	CHECK(folded_of(bytes, FT_FMT_INSTRUMENTS, 1, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "t:4:") != NULL);
	/* Two levels deeper at once. */
	CHECK(folded_of("Weight\tSelf Weight\t\tSymbol Name\n1.00 ms  100.0%\t-\t \tmain\n"
	    "1.00 ms  100.0%\t-\t \t  deep\n", FT_FMT_INSTRUMENTS, 1, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "t:3: a row more than one level deeper") != NULL);
	/* Cycles. */
	t = folded_of("Weight\tSelf Weight\t\tSymbol Name\n1.50 Kc  100.0%\t-\t \tmain\n"
	    "532 cycles  1.0%\t532 cycles\t \t f\n", FT_FMT_INSTRUMENTS, 0, &rep, &err);
	CHECK_STR(t != NULL ? t : err.msg, "main 968\nmain;f 532\n");
	free(t);
}

TEST(sniffed)
{
	char why[256];
	CHECK_INT(load_sniff_why(sp_wall, strlen(sp_wall), why, sizeof(why)), FT_FMT_STACKPROF);
	CHECK(strstr(why, "stackprof") != NULL);
	/* "mode" after the frames, found by the top-level keys. */
	const char *late = "{\"frames\":{\"1\":{\"name\":\"a\"}},\"raw\":[1,1,1],\"mode\":\"cpu\"}";
	ft_json_keys k;
	json_keys_init(&k);
	CHECK_INT(json_keys_feed(&k, late, strlen(late)), FT_FMT_STACKPROF);
	CHECK_INT(load_sniff_why(ins16, strlen(ins16), why, sizeof(why)), FT_FMT_INSTRUMENTS);
	CHECK(strstr(why, "Instruments deep copy") != NULL);
	const char *folded = "a;b\t1\nWeight 2\n";
	CHECK_INT(sniff_instruments(folded, strlen(folded), why, sizeof(why)), FT_FMT_UNKNOWN);
}

int
main(void)
{
	RUN(stackprof_raw);
	RUN(stackprof_object_and_frames_table);
	RUN(stackprof_bad);
	RUN(instruments_tree);
	RUN(sniffed);
	return unit_report();
}
