/* Tests for arena.c and intern.c. */
#include "base/arena.h"
#include "profile/intern.h"
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

TEST(arena_keeps_pointers_and_alignment)
{
	ft_arena *a = arena_new();
	char *first = arena_strndup(a, "hello", 5);
	void *ptrs[2000];
	for (int i = 0; i < 2000; i++) {
		ptrs[i] = arena_alloc(a, (size_t)(i % 97) + 1);
		CHECK(((uintptr_t)ptrs[i] % sizeof(void *)) == 0);
		memset(ptrs[i], i & 0xff, (size_t)(i % 97) + 1);
	}
	char *big = arena_alloc(a, 1 << 20); /* own chunk */
	memset(big, 7, 1 << 20);
	CHECK_STR(first, "hello");
	for (int i = 0; i < 2000; i++)
		CHECK(((unsigned char *)ptrs[i])[0] == (i & 0xff));
	CHECK(arena_used(a) >= (1 << 20));
	arena_free(a);
}

TEST(intern_ids_are_stable_and_kind_is_identity)
{
	ft_intern *t = intern_new();
	CHECK_STR(intern_str(t, 0), "all");
	uint32_t a = intern_get(t, "read", 4, FT_KIND_NONE);
	uint32_t k = intern_get(t, "read", 4, FT_KIND_KERNEL);
	CHECK(a != k);
	CHECK_INT(intern_get(t, "read", 4, FT_KIND_NONE), a);
	CHECK_INT(intern_kind(t, k), FT_KIND_KERNEL);
	CHECK_INT(intern_len(t, a), 4);
	CHECK_INT(intern_find(t, "nope", 4, 0), UINT32_MAX);
	/* Many names force rehashing; all stay findable. */
	char buf[32];
	for (int i = 0; i < 50000; i++) {
		int n = snprintf(buf, sizeof(buf), "f%d", i);
		intern_get(t, buf, (size_t)n, 0);
	}
	for (int i = 0; i < 50000; i += 777) {
		int n = snprintf(buf, sizeof(buf), "f%d", i);
		uint32_t id = intern_find(t, buf, (size_t)n, 0);
		CHECK(id != UINT32_MAX);
		CHECK_STR(intern_str(t, id), buf);
	}
	CHECK_INT(intern_count(t), 50000 + 3);
	/* Names with NUL bytes and the empty name are distinct names. */
	uint32_t e = intern_get(t, "", 0, 0);
	uint32_t z = intern_get(t, "a\0b", 3, 0);
	CHECK(e != z);
	CHECK_INT(intern_len(t, z), 3);
	intern_unref(t);
}

TEST(intern_hash_tail_bytes_matter)
{
	/* Strings differing only in the last byte, at every length. */
	char a[40], b[40];
	for (size_t n = 1; n < 40; n++) {
		memset(a, 'x', n);
		memcpy(b, a, n);
		b[n - 1] = 'y';
		CHECK(intern_hash(a, n) != intern_hash(b, n));
	}
}

/* Names in bytewise order, ties by length then kind (what every sort by
 * name uses), the reference a plain definition gives. */
static const ft_intern *ref_t;

static int
ref_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	uint32_t lx = intern_len(ref_t, x), ly = intern_len(ref_t, y);
	int c = memcmp(intern_str(ref_t, x), intern_str(ref_t, y), lx < ly ? lx : ly);
	if (c != 0)
		return c;
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return intern_kind(ref_t, x) - intern_kind(ref_t, y);
}

/* Ranks: names sharing long prefixes, shorter than 8 bytes, with NUL and
 * high bytes, one text in several kinds. */
TEST(intern_ranks_are_bytewise_order)
{
	ft_intern *t = intern_new();
	static const char *const stems[] = {"", "a", "ab", "std::vector<int>::push_back",
	    "std::vector<int>::pop", "std::vec", "std::ve", "\xff\xfe", "a\0", "a\0b",
	    "\x80" "abc", "zz"};
	uint32_t seed = 7;
	for (int i = 0; i < 3000; i++) {
		char buf[64];
		const char *st = stems[i % (int)(sizeof(stems) / sizeof(stems[0]))];
		size_t n = strlen(st);
		if (i % 12 == 8 || i % 12 == 9)
			n = i % 12 == 8 ? 2 : 3; /* the stems with a NUL */
		memcpy(buf, st, n);
		seed = seed * 1103515245u + 12345u;
		int extra = (int)(seed >> 16) % 4;
		for (int e = 0; e < extra; e++) {
			seed = seed * 1103515245u + 12345u;
			buf[n++] = (char)("a\0\xff:"[(seed >> 16) % 4]);
		}
		intern_get(t, buf, n, (int)((seed >> 20) % FT_KIND_COUNT));
	}
	uint32_t nn = intern_count(t);
	const uint32_t *rank = intern_ranks(t);
	uint32_t *ids = malloc(sizeof(uint32_t) * nn);
	for (uint32_t i = 0; i < nn; i++)
		ids[i] = i;
	ref_t = t;
	qsort(ids, nn, sizeof(uint32_t), ref_cmp);
	int bad = 0;
	for (uint32_t i = 0; i < nn; i++)
		bad += rank[ids[i]] != i;
	CHECK_INT(bad, 0);
	CHECK(nn > 200);
	free(ids);
	intern_unref(t);
}

int
main(void)
{
	RUN(arena_keeps_pointers_and_alignment);
	RUN(intern_ids_are_stable_and_kind_is_identity);
	RUN(intern_hash_tail_bytes_matter);
	RUN(intern_ranks_are_bytewise_order);
	return unit_report();
}
