/* Tests for source.c's whole-input read (source_slurp): the one-shot
 * libdeflate path and its zlib streaming fallbacks, and for xalloc's big
 * arrays. */
#define _GNU_SOURCE /* open_memstream */
#include "input/source.h"
#include "unit.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>

/* data[0..n) as one gzip member in a malloc'd buffer. */
static unsigned char *
gz(const void *data, size_t n, size_t *out_n)
{
	char *b = NULL;
	size_t bn = 0;
	FILE *f = open_memstream(&b, &bn);
	ft_diag err;
	CHECK(source_write_gzip(f, data, n, &err) == 0);
	fclose(f);
	*out_n = bn;
	return (unsigned char *)b;
}

/* Pseudo-random text, compressible but not trivially. */
static char *
text(size_t n)
{
	char *t = xmalloc(n);
	uint64_t x = 88172645463325252ull;
	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		t[i] = (i % 61 == 60) ? '\n' : (char)('a' + x % 7);
	}
	return t;
}

static int
slurp_mem(const void *in, size_t n, size_t max, unsigned char **buf, size_t *len,
    ft_diag *err)
{
	ft_source *s = source_open_mem(in, n, "mem");
	const char *head;
	source_peek(s, &head, 16, err); /* as load_file does before a loader */
	int rc = source_slurp(s, buf, len, max, err);
	source_close(s);
	return rc;
}

TEST(slurp_one_member_in_one_shot)
{
	size_t n = 3000000, zn;
	char *t = text(n);
	unsigned char *z = gz(t, n, &zn);
	unsigned char *buf;
	size_t len;
	ft_diag err;
	CHECK_INT(slurp_mem(z, zn, (size_t)1 << 30, &buf, &len, &err), 0);
	CHECK_INT(len, n);
	CHECK(memcmp(buf, t, n) == 0);
	CHECK_INT(buf[len], 0);
	xbig_free(buf, len + 1);
	/* Over the limit. */
	CHECK_INT(slurp_mem(z, zn, n - 1, &buf, &len, &err), -2);
	free(z);
	free(t);
}

TEST(slurp_two_members_streams_both)
{
	size_t n = 200000, z1n, z2n;
	char *t = text(n);
	unsigned char *z1 = gz(t, n / 2, &z1n), *z2 = gz(t + n / 2, n - n / 2, &z2n);
	unsigned char *cat = xmalloc(z1n + z2n);
	memcpy(cat, z1, z1n);
	memcpy(cat + z1n, z2, z2n);
	unsigned char *buf;
	size_t len;
	ft_diag err;
	CHECK_INT(slurp_mem(cat, z1n + z2n, (size_t)1 << 30, &buf, &len, &err), 0);
	CHECK_INT(len, n);
	CHECK(memcmp(buf, t, n) == 0);
	xbig_free(buf, len + 1);
	free(cat);
	free(z1);
	free(z2);
	free(t);
}

TEST(slurp_corrupt_and_truncated_gzip_are_errors)
{
	size_t n = 100000, zn;
	char *t = text(n);
	unsigned char *z = gz(t, n, &zn);
	unsigned char *buf = NULL;
	size_t len;
	ft_diag err = {{0}};
	/* Truncated: the trailer is gone, the stream ends early. */
	CHECK_INT(slurp_mem(z, zn / 2, (size_t)1 << 30, &buf, &len, &err), -1);
	CHECK(strstr(err.msg, "truncated gzip") != NULL);
	/* A corrupt block: zlib's message with the offset. */
	z[zn / 2] ^= 0x55;
	z[zn / 2 + 1] ^= 0x55;
	int rc = slurp_mem(z, zn, (size_t)1 << 30, &buf, &len, &err);
	if (rc == 0) { /* the flipped bits happened to decode: then the CRC fails */
		xbig_free(buf, len + 1);
		UNIT_FAIL("corrupt gzip accepted");
	}
	CHECK_INT(rc, -1);
	free(z);
	free(t);
}

TEST(slurp_plain_input)
{
	unsigned char *buf;
	size_t len;
	ft_diag err;
	CHECK_INT(slurp_mem("a;b 1\n", 6, 100, &buf, &len, &err), 0);
	CHECK_INT(len, 6);
	CHECK(memcmp(buf, "a;b 1\n", 6) == 0);
	xbig_free(buf, len + 1);
	CHECK_INT(slurp_mem("a;b 1\n", 6, 5, &buf, &len, &err), -2);
}

TEST(big_arrays_grow_keep_contents_and_shrink)
{
	size_t n = 1000;
	unsigned char *p = xbig_realloc(NULL, 0, n);
	memset(p, 1, n);
	/* Heap -> mapping -> bigger mapping -> heap. */
	size_t sizes[] = {XBIG_MIN * 3, XBIG_MIN * 9 + 5, 4000};
	for (int k = 0; k < 3; k++) {
		size_t m = sizes[k];
		p = xbig_realloc(p, n, m);
		size_t keep = n < m ? n : m;
		size_t bad = 0;
		for (size_t i = 0; i < keep; i++)
			bad += p[i] != (unsigned char)(k + 1);
		CHECK_INT(bad, 0);
		memset(p, k + 2, m);
		n = m;
	}
	xbig_free(p, n);
}

/* Only the whole pages inside the range read as zeros afterwards. */
TEST(big_array_range_given_back)
{
	size_t n = XBIG_MIN * 3, page = 4096;
	unsigned char *p = xbig_realloc(NULL, 0, n);
	memset(p, 7, n);
	size_t from = page * 5 + 100, to = page * 300 + 5;
	xbig_discard_range(p, n, from, to);
	size_t zero = 0, seven = 0;
	for (size_t i = 0; i < n; i++) {
		int inside = i >= page * 6 && i < page * 300;
		zero += inside && p[i] == 0;
		seven += !inside && p[i] == 7;
	}
	CHECK_INT(zero, page * 294);
	CHECK_INT(seven, n - page * 294);
	xbig_discard_range(p, n, 0, n); /* all of it */
	CHECK_INT(p[n - 1], 0);
	CHECK_INT(p[0], 0);
	xbig_free(p, n);
}

TEST(big_arrays_freed_are_reused)
{
	size_t n = XBIG_MIN * 5;
	unsigned char *a = xbig_realloc(NULL, 0, n);
	memset(a, 3, n);
	xbig_free(a, n);
	/* The same size again: the pooled mapping, already faulted in. */
	unsigned char *b = xbig_realloc(NULL, 0, n);
	CHECK(b == a);
	CHECK_INT(b[n - 1], 3);
	/* A smaller request takes it too, cut to size; a bigger one grows it. */
	xbig_free(b, n);
	unsigned char *c = xbig_realloc(NULL, 0, XBIG_MIN * 2);
	CHECK(c == a);
	c[XBIG_MIN * 2 - 1] = 9;
	xbig_free(c, XBIG_MIN * 2);
	unsigned char *d = xbig_realloc(NULL, 0, XBIG_MIN * 20);
	memset(d, 4, XBIG_MIN * 20);
	CHECK_INT(d[XBIG_MIN * 20 - 1], 4);
	xbig_free(d, XBIG_MIN * 20);
}

int
main(void)
{
	RUN(slurp_one_member_in_one_shot);
	RUN(slurp_two_members_streams_both);
	RUN(slurp_corrupt_and_truncated_gzip_are_errors);
	RUN(slurp_plain_input);
	RUN(big_arrays_grow_keep_contents_and_shrink);
	RUN(big_array_range_given_back);
	RUN(big_arrays_freed_are_reused);
	return unit_report();
}
