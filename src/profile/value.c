/* value.c - checked arithmetic and exact text of sample values (see
 * value.h). */
#include "profile/value.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const ft_val pow10v[] = {1, 10, 100, 1000, 10000, 100000, 1000000,
    10000000, 100000000, 1000000000, 10000000000, 100000000000,
    1000000000000, 10000000000000, 100000000000000, 1000000000000000,
    10000000000000000, 100000000000000000, 1000000000000000000};

int
val_add(ft_val *a, ft_val b)
{
	if ((b > 0 && *a > INT64_MAX - b) || (b < 0 && *a < INT64_MIN - b))
		return -1;
	*a += b;
	return 0;
}

int
val_format(char *buf, size_t cap, ft_val v, int scale)
{
	if (scale <= 0)
		return snprintf(buf, cap, "%" PRId64, v);
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	uint64_t div = (uint64_t)pow10v[scale];
	uint64_t ip = u / div, fp = u % div;
	if (fp == 0)
		return snprintf(buf, cap, "%s%" PRIu64, v < 0 ? "-" : "", ip);
	char frac[32];
	snprintf(frac, sizeof(frac), "%0*" PRIu64, scale > 20 ? 20 : scale, fp);
	size_t fl = strlen(frac);
	while (fl > 0 && frac[fl - 1] == '0')
		frac[--fl] = '\0';
	return snprintf(buf, cap, "%s%" PRIu64 ".%s", v < 0 ? "-" : "", ip, frac);
}

double
val_to_double(ft_val v, int scale)
{
	return scale > 0 ? (double)v / (double)pow10v[scale] : (double)v;
}

ft_val
val_pow10(int n)
{
	return pow10v[n];
}
