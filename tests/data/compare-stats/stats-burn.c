/* stats-burn.c - a deterministic CPU burner for the comparison statistics
 * (tests/data/README.md: compare-stats).  Six functions with fixed loop
 * counts under main; `stats-burn PCT` makes parse() do PCT% of its work
 * (100 = the same speed).  Build: gcc -O1 -fno-omit-frame-pointer. */
#include <stdio.h>
#include <stdlib.h>
static volatile double sink;
#define BURN(name, unit) \
	__attribute__((noinline)) static void name(long n) \
	{ for (long i = 0; i < n * (unit); i++) sink += (double)i * 0.5; }
BURN(parse, 25000)
BURN(lookup, 25000)
BURN(hash, 25000)
BURN(render, 25000)
BURN(compress, 25000)
BURN(checksum, 25000)
int
main(int argc, char **argv)
{
	long pct = argc > 1 ? atol(argv[1]) : 100;
	for (int r = 0; r < 20; r++) {
		parse(300 * pct / 100);
		lookup(250);
		hash(200);
		render(150);
		compress(100);
		checksum(50);
	}
	printf("%f\n", sink);
	return 0;
}
