/* Tests for fmtnum.c: fmt_fixed() writes exactly what printf's "%.Nf"
 * writes (the SVG export's numbers depend on it), checked against
 * snprintf on ties, signs, big and odd values and a million random ones. */
#include "base/fmtnum.h"
#include "unit.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int
same(double v, int prec)
{
	char a[FMT_FIXED_CAP], b[FMT_FIXED_CAP + 8];
	size_t n = fmt_fixed(a, v, prec);
	snprintf(b, sizeof(b), "%.*f", prec, v);
	if (strcmp(a, b) != 0 || n != strlen(b)) {
		fprintf(stderr, "fmt_fixed(%.17g, %d) = \"%s\", printf \"%s\"\n", v, prec, a, b);
		return 0;
	}
	return 1;
}

TEST(fixed_edges)
{
	static const double vals[] = {0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 0.05,
	    0.15, 0.25, 0.35, 1.00005, 2.00015, 9.99995, 99.95, 99.949999999, 100.05,
	    -0.00001, -0.04, 1e-300, 1180.0, 12.9272, 214748.36475, 214748.3648,
	    2147483647.5, 1e12, -1e15, 1e300, INFINITY, -INFINITY, NAN, 0.1 + 0.2,
	    4503599627370496.5, 123456.78905};
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		for (int p = 0; p <= 4; p++)
			CHECK(same(vals[i], p));
}

TEST(fixed_random)
{
	uint64_t s = 99;
	int ok = 1;
	for (int i = 0; i < 1000000 && ok; i++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		int p = (int)((s >> 61) % 5);
		double v;
		switch ((s >> 58) & 7) {
		case 0: /* random bits: every magnitude, some NaNs */
			memcpy(&v, &s, sizeof(v));
			break;
		case 1: /* exact ties at the precision and next to them */
			v = (double)((s >> 20) % 2000000) / 2.0 / pow(10, p);
			break;
		case 2: /* SVG pixels: a width cut in many parts */
			v = 1180.0 * (double)((s >> 11) % 1000003) / 1000003.0 + 10;
			break;
		case 3: /* shares */
			v = 100.0 * (double)((s >> 30) % 7919) / 7919.0;
			break;
		default:
			v = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * pow(10, (int)((s >> 3) % 12));
			break;
		}
		ok = same(v, p);
	}
	CHECK(ok);
}

int
main(void)
{
	RUN(fixed_edges);
	RUN(fixed_random);
	return unit_report();
}
