/* fmtnum.c - "%.Nf" without printf (see fmtnum.h). */
#include "base/fmtnum.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

size_t
fmt_fixed(char *buf, double v, int prec)
{
	static const double pow10[] = {1, 10, 100, 1000, 10000};
	if (prec < 0 || prec > 4 || !isfinite(v))
		goto slow;
	double a = fabs(v) * pow10[prec];
	/* Below 2^31 the product is within 2^-23 of the exact one (one
	 * rounding, 10^prec is exact), so a fraction further than 1e-6
	 * from one half rounds as printf rounds the exact value. */
	if (!(a < 2147483648.0))
		goto slow;
	double k = floor(a), frac = a - k;
	if (fabs(frac - 0.5) < 1e-6)
		goto slow;
	uint64_t r = (uint64_t)k + (frac > 0.5);
	char tmp[32];
	int n = 0;
	for (int i = 0; i < prec; i++) {
		tmp[n++] = (char)('0' + r % 10);
		r /= 10;
	}
	if (prec > 0)
		tmp[n++] = '.';
	do {
		tmp[n++] = (char)('0' + r % 10);
		r /= 10;
	} while (r > 0);
	size_t len = 0;
	if (signbit(v))
		buf[len++] = '-';
	while (n > 0)
		buf[len++] = tmp[--n];
	buf[len] = '\0';
	return len;
slow:;
	int m = snprintf(buf, FMT_FIXED_CAP, "%.*f", prec, v);
	return m < 0 ? 0 : m >= FMT_FIXED_CAP ? FMT_FIXED_CAP - 1 : (size_t)m;
}
