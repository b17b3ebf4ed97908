/* unit.h - a tiny test framework: one binary per test file.
 *
 *     TEST(name) { CHECK(x == 1); CHECK_INT(a, b); CHECK_STR(s, "x"); }
 *     int main(void) { RUN(name); return unit_report(); }
 *
 * unit_report() prints "N passed, N failed" for the file and returns the
 * exit status; tests/run-unit.sh adds the files up.
 */
#ifndef UNIT_H
#define UNIT_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int unit_pass, unit_fail, unit_cur_fail;
static const char *unit_cur;

#define TEST(name) static void name(void)

#define RUN(name)                                                   \
	do {                                                        \
		unit_cur = #name;                                   \
		unit_cur_fail = 0;                                  \
		name();                                             \
		if (unit_cur_fail)                                  \
			unit_fail++;                                \
		else                                                \
			unit_pass++;                                \
	} while (0)

#define UNIT_FAIL(...)                                              \
	do {                                                        \
		fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, unit_cur); \
		fprintf(stderr, __VA_ARGS__);                       \
		fputc('\n', stderr);                                \
		unit_cur_fail = 1;                                  \
	} while (0)

#define CHECK(cond)                                                 \
	do {                                                        \
		if (!(cond))                                        \
			UNIT_FAIL("CHECK(%s) failed", #cond);       \
	} while (0)

#define CHECK_INT(a, b)                                             \
	do {                                                        \
		long long unit_a = (long long)(a), unit_b = (long long)(b); \
		if (unit_a != unit_b)                               \
			UNIT_FAIL("%s == %lld, expected %s == %lld", #a, unit_a, #b, unit_b); \
	} while (0)

#define CHECK_STR(a, b)                                             \
	do {                                                        \
		const char *unit_a = (a), *unit_b = (b);            \
		if (unit_a == NULL || strcmp(unit_a, unit_b) != 0)  \
			UNIT_FAIL("%s == \"%s\", expected \"%s\"", #a, unit_a ? unit_a : "(null)", unit_b); \
	} while (0)

static int
unit_report(void)
{
	printf("%s: %d passed, %d failed\n", __FILE__, unit_pass, unit_fail);
	return unit_fail ? 1 : 0;
}

#endif
