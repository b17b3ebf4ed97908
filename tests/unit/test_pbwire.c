/* test_pbwire.c - the protobuf wire decoder on hand-made byte strings. */
#include "unit.h"

#include "input/pbwire.h"

/* Read every field of buf; returns pb_next's last result. */
static int
read_all(const unsigned char *buf, size_t n, pb_field *last, int *count, pb_error *e)
{
	pb_reader r;
	pb_init(&r, buf, n);
	int rc;
	*count = 0;
	while ((rc = pb_next(&r, last, e)) == 1)
		(*count)++;
	return rc;
}

TEST(each_wire_type)
{
	/* 1: varint 150; 2: fixed64; 3: "abc"; 4: fixed32. */
	static const unsigned char b[] = {
	    0x08, 0x96, 0x01,
	    0x11, 1, 2, 3, 4, 5, 6, 7, 8,
	    0x1a, 0x03, 'a', 'b', 'c',
	    0x25, 0x78, 0x56, 0x34, 0x12};
	pb_reader r;
	pb_field f;
	pb_error e;
	pb_init(&r, b, sizeof(b));
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(f.num, 1);
	CHECK_INT(f.wire, PB_VARINT);
	CHECK_INT(f.u, 150);
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(f.num, 2);
	CHECK_INT(f.wire, PB_FIXED64);
	CHECK(f.u == 0x0807060504030201ull);
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(f.num, 3);
	CHECK_INT(f.wire, PB_LEN);
	CHECK_INT(f.off, 14);
	CHECK_INT(f.len, 3);
	CHECK(memcmp(b + f.off, "abc", 3) == 0);
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(f.num, 4);
	CHECK_INT(f.wire, PB_FIXED32);
	CHECK_INT(f.u, 0x12345678);
	CHECK_INT(pb_next(&r, &f, &e), 0);
}

TEST(varint_limits)
{
	static const unsigned char max[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0x01};
	static const unsigned char eleven[] = {0x08, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
	static const unsigned char over64[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0x02};
	pb_reader r;
	pb_error e;
	uint64_t v = 0;
	pb_init(&r, max, sizeof(max));
	CHECK_INT(pb_varint(&r, &v, &e), 1);
	CHECK(v == UINT64_MAX);
	CHECK_INT(r.pos, 10);

	pb_field f;
	int n;
	CHECK_INT(read_all(eleven, sizeof(eleven), &f, &n, &e), -1);
	CHECK_INT(e.off, 1);
	CHECK_STR(e.reason, "varint longer than 10 bytes");

	pb_init(&r, over64, sizeof(over64));
	CHECK_INT(pb_varint(&r, &v, &e), -1);
	CHECK_INT(e.off, 0);
	CHECK_STR(e.reason, "varint larger than 64 bits");
}

TEST(truncation_and_lengths)
{
	static const unsigned char tv[] = {0x08, 0x96};
	static const unsigned char tkey[] = {0x08, 0x01, 0x80};
	static const unsigned char longlen[] = {0x08, 0x01, 0x12, 0x05, 'a'};
	static const unsigned char hugelen[] = {0x12, 0xff, 0xff, 0xff, 0xff, 0x0f, 'a'};
	static const unsigned char tfix[] = {0x09, 1, 2, 3};
	static const unsigned char tfix32[] = {0x08, 0x00, 0x0d, 1, 2, 3};
	pb_field f;
	pb_error e;
	int n;
	CHECK_INT(read_all(tv, sizeof(tv), &f, &n, &e), -1);
	CHECK_INT(e.off, 1);
	CHECK_STR(e.reason, "truncated varint");
	CHECK_INT(read_all(tkey, sizeof(tkey), &f, &n, &e), -1);
	CHECK_INT(n, 1);
	CHECK_INT(e.off, 2);
	CHECK_INT(read_all(longlen, sizeof(longlen), &f, &n, &e), -1);
	CHECK_INT(e.off, 3);
	CHECK_STR(e.reason, "length runs past the end of the message");
	CHECK_INT(read_all(hugelen, sizeof(hugelen), &f, &n, &e), -1);
	CHECK_INT(e.off, 1);
	CHECK_INT(read_all(tfix, sizeof(tfix), &f, &n, &e), -1);
	CHECK_INT(e.off, 1);
	CHECK_STR(e.reason, "truncated fixed-width value");
	CHECK_INT(read_all(tfix32, sizeof(tfix32), &f, &n, &e), -1);
	CHECK_INT(e.off, 3);
}

TEST(groups_bad_wire_types_field_zero)
{
	static const unsigned char group[] = {0x08, 0x01, 0x0b, 0x0c};
	static const unsigned char endgroup[] = {0x0c};
	static const unsigned char w6[] = {0x0e, 0x00};
	static const unsigned char w7[] = {0x08, 0x00, 0x0f};
	static const unsigned char zero[] = {0x00, 0x01};
	static const unsigned char bignum[] = {0xf8, 0xff, 0xff, 0xff, 0xff, 0x01, 0x00};
	pb_field f;
	pb_error e;
	int n;
	CHECK_INT(read_all(group, sizeof(group), &f, &n, &e), -1);
	CHECK_INT(e.off, 2);
	CHECK_STR(e.reason, "groups are not supported");
	CHECK_INT(read_all(endgroup, sizeof(endgroup), &f, &n, &e), -1);
	CHECK_INT(e.off, 0);
	CHECK_INT(read_all(w6, sizeof(w6), &f, &n, &e), -1);
	CHECK_STR(e.reason, "unknown wire type");
	CHECK_INT(read_all(w7, sizeof(w7), &f, &n, &e), -1);
	CHECK_INT(e.off, 2);
	CHECK_INT(read_all(zero, sizeof(zero), &f, &n, &e), -1);
	CHECK_STR(e.reason, "field number 0");
	CHECK_INT(read_all(bignum, sizeof(bignum), &f, &n, &e), -1);
	CHECK_STR(e.reason, "field number out of range");
}

TEST(packed_and_unpacked_ints)
{
	/* field 1 unpacked twice (1, 300), then packed (5, 2^35, 7). */
	static const unsigned char b[] = {
	    0x08, 0x01, 0x08, 0xac, 0x02,
	    0x0a, 0x08, 0x05, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x07};
	uint64_t want[] = {1, 300, 5, 1ull << 35, 7};
	uint64_t got[8];
	size_t ng = 0;
	pb_reader r;
	pb_field f;
	pb_error e;
	pb_init(&r, b, sizeof(b));
	while (pb_next(&r, &f, &e) == 1) {
		pb_ints it;
		uint64_t v;
		CHECK_INT(pb_ints_begin(&it, &r, &f, &e), 0);
		while (pb_ints_next(&it, &v, &e) == 1 && ng < 8)
			got[ng++] = v;
	}
	CHECK_INT(ng, 5);
	for (size_t i = 0; i < 5 && i < ng; i++)
		CHECK(got[i] == want[i]);
	size_t count = 0;
	pb_init(&r, b + 5, sizeof(b) - 5);
	r.base = b; /* offsets from the whole buffer */
	r.pos = 5;
	r.end = sizeof(b);
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(pb_ints_count(&r, &f, &count, &e), 0);
	CHECK_INT(count, 3);
}

TEST(bad_packed_run_reports_offset)
{
	/* A packed run whose last varint is cut by the field's length. */
	static const unsigned char b[] = {0x0a, 0x02, 0x01, 0x80, 0x01};
	pb_reader r;
	pb_field f;
	pb_error e;
	size_t count;
	pb_init(&r, b, sizeof(b));
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(pb_ints_count(&r, &f, &count, &e), -1);
	CHECK_INT(e.off, 3);
	CHECK_STR(e.reason, "truncated varint");
	/* A fixed32 where an integer list is expected. */
	static const unsigned char c[] = {0x0d, 1, 2, 3, 4};
	pb_ints it;
	pb_init(&r, c, sizeof(c));
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(pb_ints_begin(&it, &r, &f, &e), -1);
	CHECK_INT(e.off, 0);
	uint64_t v;
	CHECK_INT(pb_uint(&f, &v, &e), -1);
}

TEST(submessage_offsets_are_absolute)
{
	/* field 2 { field 1: truncated varint } */
	static const unsigned char b[] = {0x08, 0x00, 0x12, 0x02, 0x08, 0x80};
	pb_reader r, s;
	pb_field f;
	pb_error e;
	pb_init(&r, b, sizeof(b));
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(pb_next(&r, &f, &e), 1);
	s = pb_sub(&r, &f);
	CHECK_INT(pb_next(&s, &f, &e), -1);
	CHECK_INT(e.off, 5);
	/* The sub-reader must not read past its own end into the parent. */
	static const unsigned char c[] = {0x12, 0x01, 0x08, 0x01};
	pb_init(&r, c, sizeof(c));
	CHECK_INT(pb_next(&r, &f, &e), 1);
	s = pb_sub(&r, &f);
	CHECK_INT(pb_next(&s, &f, &e), -1);
	CHECK_INT(e.off, 3);
}

TEST(unknown_fields_are_skippable)
{
	/* Fields 1000 (varint) and 2000 (bytes) read and passed over. */
	static const unsigned char b[] = {0xc0, 0x3e, 0x05, 0x82, 0x7d, 0x02, 'h', 'i', 0x08, 0x07};
	pb_field f;
	pb_error e;
	int n;
	pb_reader r;
	pb_init(&r, b, sizeof(b));
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(f.num, 1000);
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(f.num, 2000);
	CHECK_INT(pb_next(&r, &f, &e), 1);
	CHECK_INT(f.num, 1);
	CHECK_INT(f.u, 7);
	CHECK_INT(read_all(b, sizeof(b), &f, &n, &e), 0);
	CHECK_INT(n, 3);
}

int
main(void)
{
	RUN(each_wire_type);
	RUN(varint_limits);
	RUN(truncation_and_lengths);
	RUN(groups_bad_wire_types_field_zero);
	RUN(packed_and_unpacked_ints);
	RUN(bad_packed_run_reports_offset);
	RUN(submessage_offsets_are_absolute);
	RUN(unknown_fields_are_skippable);
	return unit_report();
}
