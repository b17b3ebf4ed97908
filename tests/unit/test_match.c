/* test_match.c - PCRE2 matcher: smart case, errors, name maps, quoting. */
#include "profile/match.h"
#include "unit.h"

#include <stdlib.h>

TEST(smart_case)
{
	ft_diag err;
	ft_matcher *m = match_compile("foo", &err);
	CHECK(m != NULL);
	CHECK(match_text(m, "xFOOx", 5));
	CHECK(match_text(m, "foo", 3));
	match_free(m);
	m = match_compile("Foo", &err);
	CHECK(!match_text(m, "foo", 3));
	CHECK(match_text(m, "a::Foo", 6));
	match_free(m);
	/* An escape letter is not an uppercase letter. */
	m = match_compile("a\\Sc", &err);
	CHECK(match_text(m, "AbC", 3));
	match_free(m);
}

TEST(bad_regex)
{
	ft_diag err;
	ft_matcher *m = match_compile("a(b", &err);
	CHECK(m == NULL);
	CHECK(strstr(err.msg, "bad regex") != NULL);
	CHECK(strstr(err.msg, "offset 3") != NULL);
	CHECK(strstr(err.msg, "missing closing parenthesis") != NULL);
}

TEST(invalid_utf8_names)
{
	ft_diag err;
	ft_matcher *m = match_compile("b.d", &err);
	CHECK(m != NULL);
	CHECK(match_text(m, "\xff" "bcd\xfe", 5));
	CHECK(!match_text(m, "\xff\xfe", 2));
	match_free(m);
	m = match_compile("\xc3\xa9t\xc3\xa9", &err); /* été */
	CHECK(m != NULL);
	CHECK(match_text(m, "x\xc3\xa9t\xc3\xa9\xff", 7));
	match_free(m);
}

TEST(names_once)
{
	ft_intern *t = intern_new();
	uint32_t a = intern_get(t, "read", 4, 0);
	uint32_t b = intern_get(t, "read", 4, FT_KIND_KERNEL);
	uint32_t c = intern_get(t, "write", 5, 0);
	ft_diag err;
	ft_matcher *m = match_compile("^read$", &err);
	uint8_t *map = match_names(m, t);
	CHECK_INT(map[a], 1);
	CHECK_INT(map[b], 1); /* the kind suffix is not part of the text */
	CHECK_INT(map[c], 0);
	CHECK_INT(map[0], 0); /* "all" */
	free(map);
	match_free(m);
	intern_unref(t);
}

TEST(quote)
{
	const char *name = "std::vector<int>::at(unsigned long) [clone .isra.0]";
	char *q = match_quote(name, strlen(name), 1);
	ft_diag err;
	ft_matcher *m = match_compile(q, &err);
	CHECK(m != NULL);
	CHECK(match_text(m, name, strlen(name)));
	CHECK(!match_text(m, "xstd::vector<int>::at(unsigned long) [clone .isra.0]", strlen(name) + 1));
	match_free(m);
	free(q);
	q = match_quote("abc", 3, 1);
	m = match_compile(q, &err);
	CHECK(!match_text(m, "ABC", 3)); /* exact case */
	match_free(m);
	free(q);
}

int
main(void)
{
	RUN(smart_case);
	RUN(bad_regex);
	RUN(invalid_utf8_names);
	RUN(names_once);
	RUN(quote);
	return unit_report();
}
