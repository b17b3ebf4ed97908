/* test_pprof.c - the pprof loader and writer on hand-made profiles.
 *
 * Profiles are built here with a tiny encoder (varint, key, bytes) so each
 * test states the exact fields it feeds; truncation runs over every byte of
 * a small valid profile.
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>

#include "export/export_folded.h"
#include "export/export_pprof.h"
#include <unistd.h>

#include "input/load.h"
#include "input/source.h"
#include "base/xalloc.h"

struct pb {
	unsigned char d[65536];
	size_t n;
};

static void
pb_raw(struct pb *b, const void *s, size_t n)
{
	if (b->n + n <= sizeof(b->d)) {
		memcpy(b->d + b->n, s, n);
		b->n += n;
	}
}

static void
pb_v(struct pb *b, uint64_t v)
{
	unsigned char t[10];
	size_t n = 0;
	while (v >= 0x80) {
		t[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	t[n++] = (unsigned char)v;
	pb_raw(b, t, n);
}

/* varint field */
static void
pb_u(struct pb *b, uint32_t field, uint64_t v)
{
	pb_v(b, (uint64_t)field << 3);
	pb_v(b, v);
}

/* bytes / submessage field */
static void
pb_m(struct pb *b, uint32_t field, const struct pb *m)
{
	pb_v(b, (uint64_t)field << 3 | 2);
	pb_v(b, m->n);
	pb_raw(b, m->d, m->n);
}

static void
pb_s(struct pb *b, uint32_t field, const char *s)
{
	pb_v(b, (uint64_t)field << 3 | 2);
	pb_v(b, strlen(s));
	pb_raw(b, s, strlen(s));
}

/* Strings of the test profile, indices fixed. */
enum { S_EMPTY, S_SAMPLES, S_COUNT, S_NS, S_MAIN, S_FOO, S_BAR, S_FILE,
	S_LIB, S_KEY, S_VAL, S_BYTES, S_CPU, NSTR };
static const char *const strs[NSTR] = {"", "samples", "count", "nanoseconds",
	"main", "foo", "bar", "main.go", "/usr/lib/lib.so", "key1", "val",
	"bytes", "cpu"};

static void
vt(struct pb *b, uint32_t field, uint64_t type, uint64_t unit)
{
	struct pb m = {.n = 0};
	pb_u(&m, 1, type);
	pb_u(&m, 2, unit);
	pb_m(b, field, &m);
}

static void
func(struct pb *b, uint64_t id, uint64_t name, uint64_t file)
{
	struct pb m = {.n = 0};
	pb_u(&m, 1, id);
	pb_u(&m, 2, name);
	pb_u(&m, 4, file);
	pb_m(b, 5, &m);
}

/* A location with up to two lines (function ids, 0 = none). */
static void
loc(struct pb *b, uint64_t id, uint64_t mapping, uint64_t addr, uint64_t f1,
    int64_t l1, uint64_t f2, int64_t l2)
{
	struct pb m = {.n = 0}, ln = {.n = 0};
	pb_u(&m, 1, id);
	if (mapping)
		pb_u(&m, 2, mapping);
	pb_u(&m, 3, addr);
	if (f1) {
		pb_u(&ln, 1, f1);
		pb_u(&ln, 2, (uint64_t)l1);
		pb_m(&m, 4, &ln);
	}
	if (f2) {
		ln.n = 0;
		pb_u(&ln, 1, f2);
		pb_u(&ln, 2, (uint64_t)l2);
		pb_m(&m, 4, &ln);
	}
	pb_m(b, 4, &m);
}

/* A sample: locations leaf first, two values; packed or not. */
static void
sample(struct pb *b, const uint64_t *locs, size_t nl, int64_t v0, int64_t v1,
    int packed, int label)
{
	struct pb m = {.n = 0}, pk = {.n = 0};
	if (packed) {
		for (size_t i = 0; i < nl; i++)
			pb_v(&pk, locs[i]);
		pb_m(&m, 1, &pk);
		pk.n = 0;
		pb_v(&pk, (uint64_t)v0);
		pb_v(&pk, (uint64_t)v1);
		pb_m(&m, 2, &pk);
	} else {
		for (size_t i = 0; i < nl; i++)
			pb_u(&m, 1, locs[i]);
		pb_u(&m, 2, (uint64_t)v0);
		pb_u(&m, 2, (uint64_t)v1);
	}
	if (label) {
		struct pb l = {.n = 0};
		pb_u(&l, 1, S_KEY);
		pb_u(&l, 2, S_VAL);
		pb_m(&m, 3, &l);
		l.n = 0;
		pb_u(&l, 1, S_BYTES);
		pb_u(&l, 3, 4096);
		pb_m(&m, 3, &l);
	}
	pb_m(b, 2, &m);
}

static void
string_table(struct pb *b)
{
	for (int i = 0; i < NSTR; i++)
		pb_s(b, 6, strs[i]);
}

/* The small valid profile:
 *   main (loc 10, main.go:5)
 *   -> loc 20 = [bar (line 7) inlined into foo (line 9)]
 *   -> loc 30: no lines, address 0x1234 in /usr/lib/lib.so
 * samples: [20 10] = (1, 10), [30 20 10] = (2, 20), [10] = (0, 0),
 * [30 20 10] = (-1, -5) (a delta).  String table last, "cpu" last and
 * used (default_sample_type), so every truncation is detectable. */
static void
small_profile(struct pb *b)
{
	b->n = 0;
	vt(b, 1, S_SAMPLES, S_COUNT);
	vt(b, 1, S_CPU, S_NS);
	uint64_t s1[] = {20, 10}, s2[] = {30, 20, 10}, s3[] = {10};
	sample(b, s1, 2, 1, 10, 1, 1);
	sample(b, s2, 3, 2, 20, 0, 0);
	sample(b, s3, 1, 0, 0, 1, 0);
	sample(b, s2, 3, -1, -5, 1, 0);
	struct pb m = {.n = 0};
	pb_u(&m, 1, 7);
	pb_u(&m, 2, 0x1000);
	pb_u(&m, 3, 0x2000);
	pb_u(&m, 5, S_LIB);
	pb_m(b, 3, &m);
	loc(b, 10, 0, 0x100, 1, 5, 0, 0);
	loc(b, 20, 0, 0x200, 3, 7, 2, 9);
	loc(b, 30, 7, 0x1234, 0, 0, 0, 0);
	func(b, 1, S_MAIN, S_FILE);
	func(b, 2, S_FOO, S_FILE);
	func(b, 3, S_BAR, S_FILE);
	pb_u(b, 9, 1700000000000000000ull);
	pb_u(b, 10, 5000000000ull);
	vt(b, 11, S_CPU, S_NS);
	pb_u(b, 12, 10000000);
	pb_u(b, 13, S_VAL);
	pb_u(b, 14, S_CPU);
	string_table(b);
}

static ft_profile *
load_buf(const void *d, size_t n, int lines, ft_diag *err)
{
	ft_source *s = source_open_mem(d, n, "t.pb");
	ft_load_opts o = {0};
	o.lines = lines;
	ft_load_report rep;
	memset(err, 0, sizeof(*err));
	ft_profile *p = load_source(s, FT_FMT_PPROF, NULL, &o, &rep, err);
	source_close(s);
	return p;
}

/* The folded export of column col, as a malloc'd string. */
static char *
folded(const ft_profile *p, int col)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(p, col, -1, f);
	fclose(f);
	return buf;
}

TEST(small_profile_loads)
{
	struct pb b;
	ft_diag err;
	small_profile(&b);
	ft_profile *p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p == NULL) {
		UNIT_FAIL("%s", err.msg);
		return;
	}
	CHECK_STR(p->format, "pprof");
	CHECK_INT(p->nvals, 2);
	CHECK_STR(p->types[0].name, "samples");
	CHECK_STR(p->types[1].name, "cpu");
	CHECK_STR(p->types[1].unit, "nanoseconds");
	CHECK_INT(p->deftype, 1);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 2);
	CHECK_INT(profile_total(p, FT_ROOT, 1), 25);
	CHECK_INT(p->period, 10000000);
	CHECK_STR(p->period_type.name, "cpu");
	CHECK_INT(p->duration_ns, 5000000000ll);
	CHECK_INT(p->ncomments, 1);
	if (p->ncomments == 1)
		CHECK_STR(p->comments[0], "val");
	CHECK_INT(p->nlabel_keys, 1);
	if (p->nlabel_keys == 1)
		CHECK_STR(p->label_keys[0], "key1");
	CHECK_INT(p->nnumlabel_keys, 1);
	if (p->nnumlabel_keys == 1)
		CHECK_STR(p->numlabel_keys[0], "bytes");
	CHECK(p->note == NULL);
	/* Inline expansion: foo (the Location's last Line) is the caller,
	 * bar is inlined into it; the unsymbolized location is 0x1234. */
	uint32_t foo = intern_find(p->names, "foo", 3, FT_KIND_NONE);
	uint32_t bar = intern_find(p->names, "bar", 3, FT_KIND_INLINED);
	CHECK(foo != UINT32_MAX);
	CHECK(bar != UINT32_MAX);
	CHECK(intern_find(p->names, "bar", 3, FT_KIND_NONE) == UINT32_MAX);
	/* Origins for the details panel: the function's file; an address in
	 * a mapping as basename+offset (0x1234 - 0x1000 + 0). */
	CHECK_STR(profile_frame_where(p, foo), "main.go");
	uint32_t addr = intern_find(p->names, "0x1234", 6, FT_KIND_NONE);
	CHECK(addr != UINT32_MAX);
	CHECK_STR(profile_frame_where(p, addr), "lib.so+0x234");
	CHECK(profile_frame_where(p, 0) == NULL);
	char *f = folded(p, 1);
	CHECK_STR(f, "main;foo;bar 10\nmain;foo;bar;0x1234 15\n");
	free(f);
	f = folded(p, 0);
	CHECK_STR(f, "main;foo;bar 1\nmain;foo;bar;0x1234 1\n");
	free(f);
	CHECK_INT(p->max_depth, 4);
	profile_free(p);
}

TEST(lines_option_names_file_and_line)
{
	struct pb b;
	ft_diag err;
	small_profile(&b);
	ft_profile *p = load_buf(b.d, b.n, 1, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	char *f = folded(p, 1);
	CHECK_STR(f, "main main.go:5;foo main.go:9;bar main.go:7 10\n"
	    "main main.go:5;foo main.go:9;bar main.go:7;0x1234 15\n");
	free(f);
	profile_free(p);
}

TEST(truncation_at_every_byte_fails_cleanly)
{
	struct pb b;
	ft_diag err;
	small_profile(&b);
	int failures = 0, bad_msgs = 0;
	for (size_t n = 0; n < b.n; n++) {
		unsigned char *copy = malloc(n ? n : 1); /* exact size for ASan */
		memcpy(copy, b.d, n);
		ft_profile *p = load_buf(copy, n, 0, &err);
		if (p != NULL) {
			failures++;
			fprintf(stderr, "prefix %zu loaded\n", n);
			profile_free(p);
		} else if (strstr(err.msg, "t.pb: ") != err.msg) {
			bad_msgs++;
		} else if (n > 0 && strstr(err.msg, ": byte ") == NULL) {
			bad_msgs++;
			fprintf(stderr, "prefix %zu: %s\n", n, err.msg);
		}
		free(copy);
	}
	CHECK_INT(failures, 0);
	CHECK_INT(bad_msgs, 0);
	CHECK(b.n > 200);
}

/* Load a profile built by fn and return the error message. */
static const char *
error_of(struct pb *b, ft_diag *err)
{
	ft_profile *p = load_buf(b->d, b->n, 0, err);
	if (p != NULL) {
		profile_free(p);
		return "(loaded)";
	}
	return err->msg;
}

TEST(out_of_range_indices)
{
	struct pb b = {.n = 0};
	ft_diag err;
	uint64_t s1[] = {10};
	/* Function name index past the string table. */
	size_t at;
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	struct pb m = {.n = 0};
	pb_u(&m, 1, 10);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	loc(&b, 10, 0, 1, 1, 1, 0, 0);
	at = b.n;
	func(&b, 1, 99, 0);
	string_table(&b);
	char want[200];
	snprintf(want, sizeof(want), "t.pb: byte %zu: function name: string index 99 "
	    "out of range (string table has %d entries)", at, NSTR);
	CHECK_STR(error_of(&b, &err), want);

	/* A sample naming a location that does not exist. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	at = b.n;
	m.n = 0;
	pb_u(&m, 1, 11);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	loc(&b, 10, 0, 1, 1, 1, 0, 0);
	func(&b, 1, S_MAIN, 0);
	string_table(&b);
	snprintf(want, sizeof(want), "t.pb: byte %zu: sample refers to unknown location id 11", at);
	CHECK_STR(error_of(&b, &err), want);

	/* A line naming a function that does not exist. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	m.n = 0;
	pb_u(&m, 1, 10);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	at = b.n;
	loc(&b, 10, 0, 1, 5, 1, 0, 0);
	func(&b, 1, S_MAIN, 0);
	string_table(&b);
	snprintf(want, sizeof(want), "t.pb: byte %zu: location 10 refers to unknown function id 5", at);
	CHECK_STR(error_of(&b, &err), want);

	/* Sample value count different from the sample types. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	at = b.n;
	sample(&b, s1, 1, 1, 1, 1, 0);
	loc(&b, 10, 0, 1, 1, 1, 0, 0);
	func(&b, 1, S_MAIN, 0);
	string_table(&b);
	snprintf(want, sizeof(want), "t.pb: byte %zu: sample has 2 values for 1 sample types", at);
	CHECK_STR(error_of(&b, &err), want);

	/* Label key out of range. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	m.n = 0;
	pb_u(&m, 1, 10);
	pb_u(&m, 2, 1);
	struct pb l = {.n = 0};
	pb_u(&l, 1, 1000);
	pb_m(&m, 3, &l);
	pb_m(&b, 2, &m);
	loc(&b, 10, 0, 1, 1, 1, 0, 0);
	func(&b, 1, S_MAIN, 0);
	string_table(&b);
	CHECK(strstr(error_of(&b, &err), "label key: string index 1000 out of range") != NULL);

	/* A location whose mapping does not exist. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	m.n = 0;
	pb_u(&m, 1, 10);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	loc(&b, 10, 3, 1, 0, 0, 0, 0);
	string_table(&b);
	CHECK(strstr(error_of(&b, &err), "location 10 refers to unknown mapping id 3") != NULL);
}

TEST(zero_ids)
{
	struct pb b = {.n = 0}, m = {.n = 0};
	ft_diag err;
	/* Location id 0 is reserved. */
	vt(&b, 1, S_SAMPLES, S_COUNT);
	pb_u(&m, 1, 0);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	size_t at = b.n;
	loc(&b, 0, 0, 1, 0, 0, 0, 0);
	string_table(&b);
	char want[200];
	snprintf(want, sizeof(want), "t.pb: byte %zu: location with the reserved id 0", at);
	CHECK_STR(error_of(&b, &err), want);

	/* Function id 0 next to a function with a real id. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	m.n = 0;
	pb_u(&m, 1, 10);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	loc(&b, 10, 0, 1, 1, 0, 0, 0);
	func(&b, 1, S_MAIN, 0);
	at = b.n;
	func(&b, 0, S_FOO, 0);
	string_table(&b);
	snprintf(want, sizeof(want), "t.pb: byte %zu: function with the reserved id 0", at);
	CHECK_STR(error_of(&b, &err), want);

	/* Every Function.id 0 (a broken .NET producer): Line.function_id is
	 * the 1-based position, as pprof_ref.py and pyroscope read it. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	m.n = 0;
	pb_u(&m, 1, 10);
	pb_u(&m, 2, 3);
	pb_m(&b, 2, &m);
	loc(&b, 10, 0, 1, 2, 0, 1, 0);
	func(&b, 0, S_MAIN, 0);
	func(&b, 0, S_FOO, 0);
	string_table(&b);
	ft_profile *p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		char *f = folded(p, 0);
		CHECK_STR(f, "main;foo 3\n");
		free(f);
		profile_free(p);
	}

	/* Line.function_id 0 and an empty function name: `0x<address>`. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	m.n = 0;
	pb_u(&m, 1, 10);
	pb_u(&m, 1, 11);
	pb_u(&m, 2, 4);
	pb_m(&b, 2, &m);
	struct pb lm = {.n = 0}, ln = {.n = 0};
	pb_u(&lm, 1, 10);
	pb_u(&lm, 3, 0xabc);
	pb_u(&ln, 2, 3);
	pb_m(&lm, 4, &ln);
	pb_m(&b, 4, &lm);
	loc(&b, 11, 0, 0xDEF, 1, 0, 0, 0);
	func(&b, 1, S_EMPTY, 0);
	string_table(&b);
	p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		char *f = folded(p, 0);
		CHECK_STR(f, "0xdef;0xabc 4\n");
		free(f);
		profile_free(p);
	}
}

TEST(wire_errors_in_a_profile)
{
	ft_diag err;
	/* An 11-byte varint as the value of field 12 (period). */
	static const unsigned char eleven[] = {0x60, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
	ft_profile *p = load_buf(eleven, sizeof(eleven), 0, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "t.pb: byte 1: varint longer than 10 bytes");
	/* A length larger than the file. */
	static const unsigned char longlen[] = {0x0a, 0x04, 0x08, 0x01, 0x32, 0x7f, 0x08};
	p = load_buf(longlen, sizeof(longlen), 0, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "t.pb: byte 5: length runs past the end of the message");
	/* A group. */
	static const unsigned char group[] = {0x0a, 0x00, 0x13, 0x14};
	p = load_buf(group, sizeof(group), 0, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "t.pb: byte 2: groups are not supported");
	/* A sample that is a varint instead of a message. */
	static const unsigned char notmsg[] = {0x10, 0x01};
	p = load_buf(notmsg, sizeof(notmsg), 0, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "t.pb: byte 0: Profile.sample is not a message (wire type 0)");
	/* A huge claimed count (a packed run of a billion) costs nothing:
	 * the length check fails first. */
	static const unsigned char huge[] = {0x0a, 0x00, 0x12, 0x06, 0x0a, 0x80, 0x94,
	    0xeb, 0xdc, 0x03};
	p = load_buf(huge, sizeof(huge), 0, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "t.pb: byte 5: length runs past the end of the message");
	/* No sample types; no samples. */
	struct pb b = {.n = 0};
	string_table(&b);
	CHECK_STR(error_of(&b, &err), "t.pb: byte 0: profile has no sample types");
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	string_table(&b);
	CHECK_STR(error_of(&b, &err), "t.pb: profile has no samples");
	CHECK_STR(error_of(&(struct pb){.n = 0}, &err), "t.pb: empty file: no stacks found");
}

TEST(default_type_rules_and_zero_note)
{
	struct pb b = {.n = 0}, m = {.n = 0};
	ft_diag err;
	/* No default_sample_type: the last type; it sums to zero. */
	vt(&b, 1, S_SAMPLES, S_COUNT);
	vt(&b, 1, S_CPU, S_NS);
	pb_u(&m, 1, 10);
	pb_u(&m, 2, 3);
	pb_u(&m, 2, 0);
	pb_m(&b, 2, &m);
	loc(&b, 10, 0, 1, 1, 0, 0, 0);
	func(&b, 1, S_MAIN, 0);
	string_table(&b);
	ft_profile *p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(p->deftype, 1);
		CHECK_STR(p->note, "default sample type cpu sums to zero; samples does not");
		profile_free(p);
	}
	/* default_sample_type naming the first type. */
	pb_u(&b, 14, S_SAMPLES);
	p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_INT(p->deftype, 0);
		CHECK(p->note == NULL);
		profile_free(p);
	}
}

TEST(sparse_and_duplicate_ids)
{
	struct pb b = {.n = 0}, m = {.n = 0};
	ft_diag err;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	pb_u(&m, 1, 1ull << 60);
	pb_u(&m, 1, 5);
	pb_u(&m, 2, 7);
	pb_m(&b, 2, &m);
	loc(&b, 1ull << 60, 0, 1, 1ull << 50, 0, 0, 0);
	loc(&b, 5, 0, 1, 1, 0, 0, 0);
	loc(&b, 5, 0, 1, 2, 0, 0, 0); /* duplicate id: the last one wins */
	func(&b, 1ull << 50, S_BAR, 0);
	func(&b, 1, S_MAIN, 0);
	func(&b, 2, S_FOO, 0);
	string_table(&b);
	ft_profile *p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p == NULL) {
		UNIT_FAIL("%s", err.msg);
		return;
	}
	char *f = folded(p, 0);
	CHECK_STR(f, "foo;bar 7\n");
	free(f);
	profile_free(p);
}

TEST(inlined_and_plain_frames_merge_in_export)
{
	/* foo;bar with bar inlined (one Location) and foo;bar as two
	 * Locations: two tree nodes (kind is identity), one folded line. */
	struct pb b = {.n = 0}, m = {.n = 0};
	ft_diag err;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	pb_u(&m, 1, 1);
	pb_u(&m, 2, 2);
	pb_m(&b, 2, &m);
	m.n = 0;
	pb_u(&m, 1, 3);
	pb_u(&m, 1, 2);
	pb_u(&m, 2, 5);
	pb_m(&b, 2, &m);
	loc(&b, 1, 0, 0x10, 3, 0, 2, 0);
	loc(&b, 2, 0, 0x20, 2, 0, 0, 0);
	loc(&b, 3, 0, 0x30, 3, 0, 0, 0);
	func(&b, 2, S_FOO, 0);
	func(&b, 3, S_BAR, 0);
	string_table(&b);
	ft_profile *p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_INT(p->nnodes, 4); /* root, foo, bar (inlined), bar */
	char *f = folded(p, 0);
	CHECK_STR(f, "foo;bar 7\n");
	free(f);
	profile_free(p);
}

TEST(inline_amplification_is_capped)
{
	/* One location with 200 inline lines, referenced 30 000 times by one
	 * sample: 6 million frames from 31 KB of input. */
	static struct pb b, m, l, ln;
	ft_diag err;
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	m.n = 0;
	l.n = 0;
	for (int i = 0; i < 30000; i++)
		pb_v(&l, 1);
	pb_m(&m, 1, &l);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	m.n = 0;
	pb_u(&m, 1, 1);
	for (int i = 0; i < 200; i++) {
		ln.n = 0;
		pb_u(&ln, 1, 1);
		pb_m(&m, 4, &ln);
	}
	pb_m(&b, 4, &m);
	func(&b, 1, S_MAIN, 0);
	string_table(&b);
	const char *msg = error_of(&b, &err);
	CHECK(strstr(msg, "frames per input byte; not loaded") != NULL);
}

TEST(pprof_writer_round_trip)
{
	/* Folded text with kinds -> pprof -> loaded back: same folded text. */
	const char *text = "a;b_[k];c 5\na;d_[j] 3\na -2\nx;y 9\n";
	ft_source *s = source_open_mem(text, strlen(text), "t.folded");
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, NULL, &o, &rep, &err);
	source_close(s);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_INT(rep.invalid, 1); /* "a -2": folded counts are never negative */
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK_INT(export_pprof(p, f, &err), 0);
	fclose(f);
	CHECK(len > 20 && (unsigned char)buf[0] == 0x1f && (unsigned char)buf[1] == 0x8b);
	ft_profile *q = load_buf(buf, len, 0, &err);
	CHECK(q != NULL);
	if (q != NULL) {
		char *a = folded(p, 0), *c = folded(q, 0);
		CHECK_STR(c, a);
		CHECK_STR(q->types[0].name, "samples");
		CHECK_INT(profile_total(q, FT_ROOT, 0), 17);
		free(a);
		free(c);
		profile_free(q);
	}
	/* Truncated gzip output fails cleanly too. */
	q = load_buf(buf, len / 2, 0, &err);
	CHECK(q == NULL);
	CHECK(strstr(err.msg, "t.pb: ") == err.msg);
	free(buf);
	profile_free(p);

	/* The small pprof profile -> pprof -> every column equal. */
	struct pb b;
	small_profile(&b);
	p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	buf = NULL;
	f = open_memstream(&buf, &len);
	CHECK_INT(export_pprof(p, f, &err), 0);
	fclose(f);
	q = load_buf(buf, len, 0, &err);
	CHECK(q != NULL);
	if (q != NULL) {
		for (int c = 0; c < 2; c++) {
			char *x = folded(p, c), *y = folded(q, c);
			CHECK_STR(y, x);
			free(x);
			free(y);
		}
		CHECK_INT(q->deftype, 1);
		CHECK_INT(q->period, 10000000);
		CHECK_STR(q->period_type.unit, "nanoseconds");
		CHECK_INT(q->ncomments, 1);
		profile_free(q);
	}
	free(buf);
	profile_free(p);
}

/* Issue 24 item 20: an empty frame name (folded "x;;z") written to pprof
 * (a Function named "" at address 0) reads back empty, not "0x0"; an
 * unsymbolized address still reads as its hex. */
TEST(pprof_empty_name_round_trip)
{
	const char *text = "x;;z 4\nx;y 9\n";
	ft_source *s = source_open_mem(text, strlen(text), "t.folded");
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, NULL, &o, &rep, &err);
	source_close(s);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK_INT(export_pprof(p, f, &err), 0);
	fclose(f);
	ft_profile *q = load_buf(buf, len, 0, &err);
	CHECK(q != NULL);
	if (q != NULL) {
		char *c = folded(q, 0);
		CHECK_STR(c, "x;;z 4\nx;y 9\n");
		free(c);
		profile_free(q);
	}
	free(buf);
	profile_free(p);
}

/* A pprof whose first sample is 3000 frames deep (one sample type, as Go
 * writes a CPU profile with few samples) is pprof, whatever the sniffer
 * sees of it; bytes that are binary but break the Profile schema at once
 * get protobuf errors (byte N: reason), not folded-line messages. */
TEST(sniff_large_first_sample_and_binary)
{
	static struct pb b, m, pk;
	b.n = m.n = pk.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	for (uint64_t i = 1; i <= 3000; i++)
		pb_v(&pk, i);
	pb_m(&m, 1, &pk);
	pb_u(&m, 2, 7);
	pb_m(&b, 2, &m);
	for (uint64_t i = 1; i <= 3000; i++)
		loc(&b, i, 0, 0x100 + i, 1, 5, 0, 0);
	func(&b, 1, S_MAIN, S_FILE);
	string_table(&b);
	CHECK(b.n < sizeof(b.d));
	CHECK_INT(load_sniff((const char *)b.d, 4096), FT_FMT_PPROF);
	CHECK_INT(load_sniff((const char *)b.d, b.n), FT_FMT_PPROF);
	char path[] = "/tmp/ft-unit-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	FILE *f = fdopen(fd, "w");
	fwrite(b.d, 1, b.n, f);
	fclose(f);
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_file(path, NULL, &o, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_STR(p->format, "pprof");
		CHECK_INT(p->max_depth, 3000);
		CHECK_INT(profile_total(p, FT_ROOT, 0), 7);
		profile_free(p);
	}
	/* The same profile with its first key broken: a protobuf error. */
	b.d[0] = 0x07;
	f = fopen(path, "w");
	fwrite(b.d, 1, b.n, f);
	fclose(f);
	p = load_file(path, NULL, &o, &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "binary data") != NULL);
	CHECK(strstr(err.msg, "read as pprof: byte 0: ") != NULL);
	unlink(path);
}

/* Every way of writing a sample's locations and values (packed, one by
 * one, mixed, values first, an empty packed run, ids of one, two and three
 * varint bytes, ten-byte negative values) reads alike: the fast path of
 * the sample pass and the general one agree. */
TEST(sample_encodings_agree)
{
	struct pb b, m, pk;
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	vt(&b, 1, S_CPU, S_NS);
	uint64_t ids[3] = {5, 300, 70000}; /* main, foo, bar */
	for (int form = 0; form < 6; form++) {
		m.n = 0;
		pk.n = 0;
		if (form == 0 || form == 5) { /* packed (5: an empty run first) */
			if (form == 5)
				pb_m(&m, 1, &pk);
			for (int i = 2; i >= 0; i--)
				pb_v(&pk, ids[i]);
			pb_m(&m, 1, &pk);
			pk.n = 0;
			pb_v(&pk, 1);
			pb_v(&pk, (uint64_t)-2);
			pb_m(&m, 2, &pk);
		} else if (form == 1) { /* one by one */
			for (int i = 2; i >= 0; i--)
				pb_u(&m, 1, ids[i]);
			pb_u(&m, 2, 1);
			pb_u(&m, 2, (uint64_t)-2);
		} else if (form == 2) { /* values first, locations packed */
			pb_u(&m, 2, 1);
			pb_u(&m, 2, (uint64_t)-2);
			for (int i = 2; i >= 0; i--)
				pb_v(&pk, ids[i]);
			pb_m(&m, 1, &pk);
		} else if (form == 3) { /* mixed: leaf alone, the rest packed */
			pb_u(&m, 1, ids[2]);
			pb_v(&pk, ids[1]);
			pb_v(&pk, ids[0]);
			pb_m(&m, 1, &pk);
			pk.n = 0;
			pb_v(&pk, 1);
			pb_m(&m, 2, &pk);
			pb_u(&m, 2, (uint64_t)-2);
		} else { /* an unknown field between (the general path) */
			pb_u(&m, 9, 7);
			for (int i = 2; i >= 0; i--)
				pb_u(&m, 1, ids[i]);
			pb_u(&m, 2, 1);
			pb_u(&m, 2, (uint64_t)-2);
		}
		pb_m(&b, 2, &m);
	}
	loc(&b, 5, 0, 0x100, 1, 5, 0, 0);
	loc(&b, 300, 0, 0x200, 2, 7, 0, 0);
	loc(&b, 70000, 0, 0x300, 3, 9, 0, 0);
	func(&b, 1, S_MAIN, S_FILE);
	func(&b, 2, S_FOO, S_FILE);
	func(&b, 3, S_BAR, S_FILE);
	string_table(&b);
	ft_diag err;
	ft_profile *p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p == NULL) {
		UNIT_FAIL("%s", err.msg);
		return;
	}
	char *f0 = folded(p, 0), *f1 = folded(p, 1);
	CHECK_STR(f0, "main;foo;bar 6\n");
	CHECK_STR(f1, "main;foo;bar -12\n");
	free(f0);
	free(f1);
	profile_free(p);
	/* Frames without a function are named by address in lower-case hex. */
	b.n = 0;
	vt(&b, 1, S_SAMPLES, S_COUNT);
	uint64_t a[] = {1, 2, 3};
	m.n = 0;
	for (int i = 0; i < 3; i++)
		pb_u(&m, 1, a[i]);
	pb_u(&m, 2, 1);
	pb_m(&b, 2, &m);
	loc(&b, 1, 0, 0, 0, 0, 0, 0);
	loc(&b, 2, 0, 0xffffffffffffffffull, 0, 0, 0, 0);
	loc(&b, 3, 0, 0x10, 0, 0, 0, 0);
	string_table(&b);
	p = load_buf(b.d, b.n, 0, &err);
	CHECK(p != NULL);
	if (p != NULL) {
		char *f2 = folded(p, 0);
		CHECK_STR(f2, "0x10;0xffffffffffffffff;0x0 1\n");
		free(f2);
	}
	profile_free(p);
}

/* A profile of over 2 MB (the string table first, then labelled samples):
 * the loader gives the sample bytes it has read back to the system as it
 * goes (pass_samples), but never the strings the labels still need. */
TEST(read_bytes_given_back_but_strings_kept)
{
	size_t cap = (size_t)4 << 20, n = 0;
	unsigned char *d = xmalloc(cap);
	struct pb b;
	b.n = 0;
	string_table(&b);
	vt(&b, 1, S_SAMPLES, S_COUNT);
	vt(&b, 1, S_CPU, S_NS);
	memcpy(d, b.d, b.n);
	n = b.n;
	uint64_t s1[] = {20, 10}, s2[] = {30, 20, 10};
	long count = 0;
	while (n < ((size_t)5 << 19)) {
		b.n = 0;
		for (int i = 0; i < 200; i++, count++)
			sample(&b, i % 2 ? s1 : s2, i % 2 ? 2 : 3, 1, 10, 1, 1);
		memcpy(d + n, b.d, b.n);
		n += b.n;
	}
	b.n = 0;
	loc(&b, 10, 0, 0x100, 1, 5, 0, 0);
	loc(&b, 20, 0, 0x200, 3, 7, 2, 9);
	loc(&b, 30, 0, 0x1234, 0, 0, 0, 0);
	func(&b, 1, S_MAIN, S_FILE);
	func(&b, 2, S_FOO, S_FILE);
	func(&b, 3, S_BAR, S_FILE);
	memcpy(d + n, b.d, b.n);
	n += b.n;
	ft_diag err;
	ft_profile *p = load_buf(d, n, 0, &err);
	CHECK(p != NULL);
	if (p == NULL) {
		UNIT_FAIL("%s", err.msg);
		free(d);
		return;
	}
	CHECK_INT(profile_total(p, FT_ROOT, 0), count);
	CHECK_INT(profile_total(p, FT_ROOT, 1), 10 * count);
	CHECK_INT(p->nlabel_keys, 1);
	if (p->nlabel_keys == 1)
		CHECK_STR(p->label_keys[0], "key1");
	CHECK_INT(p->nnumlabel_keys, 1);
	if (p->nnumlabel_keys == 1)
		CHECK_STR(p->numlabel_keys[0], "bytes");
	char *f = folded(p, 0);
	char want[128];
	snprintf(want, sizeof(want), "main;foo;bar %ld\nmain;foo;bar;0x1234 %ld\n",
	    count / 2, count / 2);
	CHECK_STR(f, want);
	free(f);
	profile_free(p);
	free(d);
}

int
main(void)
{
	RUN(small_profile_loads);
	RUN(lines_option_names_file_and_line);
	RUN(truncation_at_every_byte_fails_cleanly);
	RUN(out_of_range_indices);
	RUN(zero_ids);
	RUN(wire_errors_in_a_profile);
	RUN(default_type_rules_and_zero_note);
	RUN(sparse_and_duplicate_ids);
	RUN(inlined_and_plain_frames_merge_in_export);
	RUN(inline_amplification_is_capped);
	RUN(pprof_writer_round_trip);
	RUN(pprof_empty_name_round_trip);
	RUN(sniff_large_first_sample_and_binary);
	RUN(read_bytes_given_back_but_strings_kept);
	RUN(sample_encodings_agree);
	return unit_report();
}
