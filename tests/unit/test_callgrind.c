/* test_callgrind.c - the callgrind loader: the format specification's
 * examples, compression, several events, recursion, bad input, sniffing,
 * and a real recording (tests/data/callgrind-hot.out.gz). */
#include "unit.h"
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>

#include "export/export_folded.h"
#include "input/load.h"
#include "input/source.h"

static char *
folded_col(const ft_profile *p, int col)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(p, col, -1, f);
	fclose(f);
	return buf;
}

static char *
collapse_col(const char *text, int col)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.out", text, FT_FMT_CALLGRIND, 0, &rep, &err);
	if (p == NULL) {
		fprintf(stderr, "load failed: %s\n", err.msg);
		char *e = malloc(1);
		e[0] = '\0';
		return e;
	}
	char *f = folded_col(p, col);
	profile_free(p);
	return f;
}

/* "Extended Example" of valgrind's callgrind format specification, with
 * name compression (its section 3.1.5): main calls func1 once and func2
 * 3 times, func1 calls func2 twice. */
static const char *spec_example =
    "# callgrind format\n"
    "events: Instructions\n"
    "\n"
    "fl=(1) file1.c\n"
    "fn=(1) main\n"
    "16 20\n"
    "cfn=(2) func1\n"
    "calls=1 50\n"
    "16 400\n"
    "cfi=(2) file2.c\n"
    "cfn=(3) func2\n"
    "calls=3 20\n"
    "16 400\n"
    "\n"
    "fn=(2)\n"
    "51 100\n"
    "cfi=(2)\n"
    "cfn=(3)\n"
    "calls=2 20\n"
    "51 300\n"
    "\n"
    "fl=(2)\n"
    "fn=(3)\n"
    "20 700\n";

TEST(spec_extended_example)
{
	/* main's 820: 20 self, func1's call 400 (100 self, 300 in func2),
	 * and 400 in func2; func2's 700 split 400/300 by its callers. */
	char *f = collapse_col(spec_example, 0);
	CHECK_STR(f, "main 20\nmain;func1 100\nmain;func1;func2 300\nmain;func2 400\n");
	free(f);
}

/* Subposition compression, hex positions and costs, "positions: instr
 * line", two events with missing costs, jump lines and their position
 * lines (as callgrind --collect-jumps writes them), headers skipped. */
static const char *compressed =
    "version: 1\n"
    "creator: callgrind-3.19.0\n"
    "cmd:  ./a\n"
    "positions: instr line\n"
    "events: Ir Dr\n"
    "summary: 60 7\n"
    "\n"
    "ob=(1) /bin/a\n"
    "fl=(1) a.c\n"
    "fn=(1) main\n"
    "0x1000 10 3 1\n"
    "+2 +1 0x4\n"
    "jcnd=1/3 +85 +10 \n"
    "* *\n"
    "jump=1 -63 +1\n"
    "-1 * 3 2\n"
    "cob=(2) /lib/libc.so\n"
    "cfi=(2) s.c\n"
    "cfn=(2) strlen\n"
    "calls=2 0x2000 5\n"
    "* * 40 4\n"
    "\n"
    "ob=(2)\n"
    "fl=(2)\n"
    "fn=(2)\n"
    "0x2000 5 40 4\n";

TEST(subpositions_hex_events_jumps)
{
	char *f = collapse_col(compressed, 0);
	CHECK_STR(f, "main 10\nmain;strlen 40\n");
	free(f);
	f = collapse_col(compressed, 1);
	CHECK_STR(f, "main 3\nmain;strlen 4\n");
	free(f);
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.out", compressed, FT_FMT_CALLGRIND, 1, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_INT(p->nvals, 2);
	CHECK_STR(p->types[0].name, "Ir");
	CHECK_STR(p->types[1].name, "Dr");
	CHECK_INT(rep.invalid, 0);
	CHECK_INT(rep.nwarn, 1); /* the summary's 60 is not the tree's 50 */
	CHECK(strstr(rep.warn[0].msg, "summary says 60") != NULL);
	CHECK(strstr(rep.summary, "jumps=2") != NULL);
	profile_free(p);
}

/* One function name in two objects stays two functions (ld.so's and
 * libc's "(below main)"): no false recursion. */
TEST(functions_are_per_object)
{
	const char *t =
	    "events: Ir\n"
	    "ob=(1) ld.so\n"
	    "fn=(1) (below main)\n"
	    "0 1\n"
	    "cob=(2) libc.so\n"
	    "cfn=(2) start_main\n"
	    "calls=1 0\n"
	    "0 10\n"
	    "ob=(2)\n"
	    "fn=(2)\n"
	    "0 2\n"
	    "cfn=(3) (below main)\n"
	    "calls=1 0\n"
	    "0 8\n"
	    "fn=(3)\n"
	    "0 8\n";
	char *f = collapse_col(t, 0);
	CHECK_STR(f, "(below main) 1\n(below main);start_main 2\n"
	    "(below main);start_main;(below main) 8\n");
	free(f);
}

/* Recursion: a call to a function on the path is a leaf of the callee,
 * a call of a function to itself is left out (--info: self_calls). */
TEST(recursion)
{
	const char *t =
	    "events: Ir\n"
	    "fn=main\n"
	    "0 0\n"
	    "cfn=f\n"
	    "calls=1 0\n"
	    "0 20\n"
	    "fn=f\n"
	    "0 10\n"
	    "cfn=g\n"
	    "calls=1 0\n"
	    "0 15\n"
	    "cfn=f\n"
	    "calls=3 0\n"
	    "0 99\n"
	    "fn=g\n"
	    "0 10\n"
	    "cfn=f\n"
	    "calls=1 0\n"
	    "0 5\n";
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_named("t.out", t, FT_FMT_CALLGRIND, 0, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	/* main 20 = f's T 25 scaled 0.8: self 8, g 12 (T 15: self 8, f 4). */
	char *f = folded_col(p, 0);
	CHECK_STR(f, "main;f 8\nmain;f;g 8\nmain;f;g;f 4\n");
	free(f);
	CHECK_INT(profile_total(p, FT_ROOT, 0), 20);
	CHECK(strstr(rep.summary, "self_calls=1") != NULL);
	CHECK_INT(rep.nwarn, 0); /* said in --info, not warned: no cost is lost */
	profile_free(p);
}

TEST(bad_input)
{
	ft_load_report rep;
	ft_diag err;
	/* A compressed name used before its definition. */
	const char *undef = "events: Ir\nfn=(1) a\n0 5\ncfn=(7)\ncalls=1 0\n0 1\n";
	ft_profile *p = load_named("u.out", undef, FT_FMT_CALLGRIND, 1, &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "u.out:4: name compression id used before its definition: `cfn=(7)`");
	p = load_named("u.out", undef, FT_FMT_CALLGRIND, 0, &rep, &err);
	CHECK(p != NULL); /* counted and skipped without --strict */
	CHECK_INT(rep.invalid, 2);
	profile_free(p);
	/* calls= without its cost line. */
	p = load_named("c.out", "events: Ir\nfn=a\n0 1\ncfn=b\ncalls=1 0\nfn=b\n0 1\n",
	    FT_FMT_CALLGRIND, 1, &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "c.out:6: calls= not followed by its cost line: `fn=b`");
	/* More costs than events, a bad number. */
	p = load_named("m.out", "events: Ir\nfn=a\n0 1 2\n", FT_FMT_CALLGRIND, 1, &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "m.out:3: more costs than event types: `0 1 2`");
	p = load_named("m.out", "events: Ir\nfn=a\n0 1x\n", FT_FMT_CALLGRIND, 1, &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "m.out:3: a cost is not a number: `0 1x`");
	/* No events header, and nothing at all. */
	p = load_named("n.out", "fn=a\n0 1\n", FT_FMT_CALLGRIND, 0, &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "a cost line before the events: header") != NULL);
	/* A second part with other events is refused. */
	p = load_named("e.out", "events: Ir\nfn=a\n0 1\nevents: Dr\n", FT_FMT_CALLGRIND, 0,
	    &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "e.out:4: a second part with other event types: `events: Dr`");
	/* Costs past 64 bits. */
	p = load_named("o.out", "events: Ir\nfn=a\n0 9223372036854775807\n0 1\n",
	    FT_FMT_CALLGRIND, 0, &rep, &err);
	CHECK(p == NULL);
	CHECK_STR(err.msg, "o.out:4: costs add up past 64 bits");
}

/* fn= and cfn= before the events: header (found by fuzz_callgrind: the
 * cost arrays were sized for no events). */
TEST(names_before_events)
{
	char *f = collapse_col("fn=a\ncfn=b\nevents: Ir\n0 5\ncfn=b\ncalls=1 0\n0 2\n"
	    "fn=b\n0 2\n", 0);
	CHECK_STR(f, "a 5\na;b 2\n");
	free(f);
}

TEST(sniffing)
{
	char why[256];
	CHECK_INT(load_sniff_why(spec_example, strlen(spec_example), why, sizeof(why)),
	    FT_FMT_CALLGRIND);
	CHECK_STR(why, "line 1: `# callgrind format`");
	/* xdebug's and cachegrind's: headers, then events:, then fn=. */
	const char *x = "version: 1\ncreator: xdebug 3.1.2 (PHP 8.1.2)\ncmd: /a.php\n"
	    "part: 1\npositions: line\n\nevents: Time_(10ns) Memory_(bytes)\n\n"
	    "fl=(1) php:internal\nfn=(1) php::microtime\n1 2 3\n";
	CHECK_INT(load_sniff_why(x, strlen(x), why, sizeof(why)), FT_FMT_CALLGRIND);
	CHECK_STR(why, "line 7: an `events:` header, then `fn=` on line 10 (callgrind's format)");
	/* Folded stacks that happen to hold "fn=" are not callgrind. */
	const char *fo = "events: a;b 1\nfn=x 2\n";
	CHECK(load_sniff_why(fo, strlen(fo), why, sizeof(why)) != FT_FMT_CALLGRIND);
	CHECK_STR(load_format_name(FT_FMT_CALLGRIND), "callgrind");
}

/* The recording of tests/data/callgrind-hot.c: hot's self cost is
 * callgrind_annotate's 6,018,069 of 7,696,028 instructions. */
TEST(real_recording)
{
	ft_load_opts o = {0};
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_file("tests/data/callgrind-hot.out.gz", NULL, &o, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	CHECK_STR(p->format, "callgrind");
	CHECK_INT(profile_total(p, FT_ROOT, 0), 7696028);
	CHECK_INT(rep.invalid, 0);
	CHECK_INT(rep.nwarn, 0);
	uint32_t n = node_at(p, "0x000000000001ab70;(below main);__libc_start_main@@GLIBC_2.34;"
	    "(below main);main;work;hot");
	CHECK(n != FT_NONE);
	if (n != FT_NONE) {
		CHECK_INT(profile_self(p, n, 0), 6018069);
		CHECK_INT(profile_total(p, n, 0), 6123069);
	}
	profile_free(p);
}

int
main(void)
{
	RUN(spec_extended_example);
	RUN(subpositions_hex_events_jumps);
	RUN(functions_are_per_object);
	RUN(recursion);
	RUN(bad_input);
	RUN(names_before_events);
	RUN(sniffing);
	RUN(real_recording);
	return unit_report();
}
