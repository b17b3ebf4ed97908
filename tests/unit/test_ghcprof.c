/* test_ghcprof.c - GHC profiling reports (load_ghcprof.c): the -P and -p
 * column sets, the tree from the indentation, same-named siblings merged,
 * a span with blanks, bad lines counted, a jump in indentation refused
 * with --strict, sniffing by the title and by the tree's header. */
#include "unit.h"
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>

#include "export/export_folded.h"
#include "input/load.h"
#include "input/sniff.h"

static char *
folded_of(const char *text, int col, int strict, ft_diag *err)
{
	ft_load_report rep;
	ft_profile *p = load_named("t.prof", text, FT_FMT_GHCPROF, strict, &rep, err);
	if (p == NULL)
		return NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	export_folded(p, col, -1, f);
	fclose(f);
	profile_free(p);
	return buf;
}

/* -P: ticks and bytes; two "go" lines under one parent are one frame; the
 * second CAF's span "<no location info>" holds blanks. */
static const char *big =
    "\tTue Nov 27 12:00 2026 Time and Allocation Profiling Report  (Final)\n"
    "\n"
    "\ttotal time  =        0.01 secs   (9 ticks @ 1000 us, 1 processor)\n"
    "\ttotal alloc =       1,000 bytes  (excludes profiling overheads)\n"
    "\n"
    "COST CENTRE MODULE SRC %time %alloc  ticks     bytes\n"
    "\n"
    "f  Main a.hs:1:1  50.0 50.0 4 500\n"
    "\n"
    "                                          individual      inherited\n"
    "COST CENTRE MODULE SRC no. entries  %time %alloc   %time %alloc  ticks     bytes\n"
    "\n"
    "MAIN  MAIN <built-in> 1 0  11.1  10.0  100.0 100.0  1  100\n"
    " CAF  Main <no location info> 2 0 0.0 0.0 88.9 90.0 0 0\n"
    "  main Main a.hs:2:1 3 1  0.0 0.0 88.9 90.0 0 0\n"
    "   go  Main a.hs:3:1 4 5  22.2 20.0 44.4 40.0 2 200\n"
    "    f  Main a.hs:1:1 5 9  22.2 20.0 22.2 20.0 2 200\n"
    "   go  Main a.hs:3:1 6 5  22.2 30.0 44.4 50.0 2 300\n"
    "    f  Main a.hs:1:1 7 9  22.2 20.0 22.2 20.0 2 200\n";

TEST(ticks_and_bytes)
{
	ft_diag err;
	char *t = folded_of(big, 0, 0, &err);
	CHECK_STR(t != NULL ? t : err.msg,
	    "MAIN.MAIN 1\n"
	    "MAIN.MAIN;Main.CAF;Main.main;Main.go 4\n"
	    "MAIN.MAIN;Main.CAF;Main.main;Main.go;Main.f 4\n");
	free(t);
	t = folded_of(big, 1, 0, &err);
	CHECK_STR(t != NULL ? t : err.msg,
	    "MAIN.MAIN 100\n"
	    "MAIN.MAIN;Main.CAF;Main.main;Main.go 500\n"
	    "MAIN.MAIN;Main.CAF;Main.main;Main.go;Main.f 400\n");
	free(t);
}

TEST(percentages)
{
	const char *small =
	    "COST CENTRE MODULE SRC no. entries  %time %alloc   %time %alloc\n"
	    "MAIN MAIN <built-in> 1 0 2.5 0.1 100.0 100.0\n"
	    " g   Main b.hs:1:1   2 3 97.5 99.9 97.5 99.9\n";
	ft_diag err;
	char *t = folded_of(small, 0, 0, &err);
	CHECK_STR(t != NULL ? t : err.msg, "MAIN.MAIN 2.5\nMAIN.MAIN;Main.g 97.5\n");
	free(t);
	t = folded_of(small, 1, 0, &err);
	CHECK_STR(t != NULL ? t : err.msg, "MAIN.MAIN 0.1\nMAIN.MAIN;Main.g 99.9\n");
	free(t);
}

TEST(bad_lines)
{
	const char *jump =
	    "COST CENTRE MODULE SRC no. entries  %time %alloc   %time %alloc\n"
	    "MAIN MAIN <built-in> 1 0 50.0 0.0 100.0 100.0\n"
	    "   h Main c.hs:1:1   2 3 50.0 0.0 50.0 0.0\n"
	    " k Main c.hs:1:1   3 x 0.0 0.0 0.0 0.0\n";
	ft_diag err;
	char *t = folded_of(jump, 0, 0, &err);
	/* Both bad lines skipped (and counted), the rest read. */
	CHECK_STR(t != NULL ? t : err.msg, "MAIN.MAIN 50\n");
	free(t);
	CHECK(folded_of(jump, 0, 1, &err) == NULL);
	CHECK(strstr(err.msg, "t.prof:3: a cost-centre line indented more than one level") != NULL);
	CHECK(folded_of("COST CENTRE MODULE SRC no. entries %time %alloc %time %alloc\n\n", 0, 0,
	    &err) == NULL);
	CHECK(strstr(err.msg, "empty cost-centre tree") != NULL);
}

TEST(sniffed)
{
	char why[256];
	CHECK_INT(sniff_ghcprof(big, strlen(big), why, sizeof(why)), FT_FMT_GHCPROF);
	CHECK(strstr(why, "line 1: GHC's report title") != NULL);
	const char *tree = strstr(big, "COST CENTRE MODULE SRC no.");
	CHECK_INT(sniff_ghcprof(tree, strlen(tree), why, sizeof(why)), FT_FMT_GHCPROF);
	CHECK(strstr(why, "the header of GHC's cost-centre tree") != NULL);
	const char *folded = "a;b 1\nCOST CENTRE 2\n";
	CHECK_INT(sniff_ghcprof(folded, strlen(folded), why, sizeof(why)), FT_FMT_UNKNOWN);
}

int
main(void)
{
	RUN(ticks_and_bytes);
	RUN(percentages);
	RUN(bad_lines);
	RUN(sniffed);
	return unit_report();
}
