/* utf8.c - UTF-8 decoding and cell width (see utf8.h). */
#include "base/utf8.h"

size_t
utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	if (n == 0)
		return 0;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	size_t len;
	uint32_t c, min;
	if ((u[0] & 0xe0) == 0xc0) {
		len = 2, c = u[0] & 0x1f, min = 0x80;
	} else if ((u[0] & 0xf0) == 0xe0) {
		len = 3, c = u[0] & 0x0f, min = 0x800;
	} else if ((u[0] & 0xf8) == 0xf0) {
		len = 4, c = u[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

size_t
utf8_encode(uint32_t cp, char *out)
{
	unsigned char *o = (unsigned char *)out;
	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xc0 | cp >> 6);
		o[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xe0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | cp >> 18);
	o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

int
cp_is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

int
cp_is_bidi(uint32_t cp)
{
	return cp == 0x061c || cp == 0x200e || cp == 0x200f ||
	    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

struct range {
	uint32_t lo, hi;
};

/* Zero-width: combining marks, zero-width spaces and joiners, variation
 * selectors.  Not exhaustive Unicode, but covers what appears in symbols. */
static const struct range zero[] = {
	{0x0300, 0x036f}, {0x0483, 0x0489}, {0x0591, 0x05bd}, {0x0610, 0x061a},
	{0x064b, 0x065f}, {0x0e31, 0x0e31}, {0x0e34, 0x0e3a}, {0x1ab0, 0x1aff},
	{0x1dc0, 0x1dff}, {0x200b, 0x200f}, {0x202a, 0x202e}, {0x2060, 0x2064},
	{0x20d0, 0x20ff}, {0xfe00, 0xfe0f}, {0xfe20, 0xfe2f}, {0xfeff, 0xfeff},
	{0xe0100, 0xe01ef},
};

/* Two cells: East Asian Wide and Fullwidth, emoji blocks. */
static const struct range wide[] = {
	{0x1100, 0x115f}, {0x231a, 0x231b}, {0x2329, 0x232a}, {0x23e9, 0x23ec},
	{0x25fd, 0x25fe}, {0x2614, 0x2615}, {0x2648, 0x2653}, {0x26a1, 0x26a1},
	{0x26bd, 0x26be}, {0x26c4, 0x26c5}, {0x26d4, 0x26d4}, {0x26ea, 0x26ea},
	{0x26f5, 0x26f5}, {0x26fa, 0x26fa}, {0x26fd, 0x26fd}, {0x2705, 0x2705},
	{0x270a, 0x270b}, {0x2728, 0x2728}, {0x274c, 0x274c}, {0x2753, 0x2755},
	{0x2757, 0x2757}, {0x2795, 0x2797}, {0x27b0, 0x27b0}, {0x27bf, 0x27bf},
	{0x2b1b, 0x2b1c}, {0x2b50, 0x2b50}, {0x2b55, 0x2b55}, {0x2e80, 0x303e},
	{0x3041, 0x33ff}, {0x3400, 0x4dbf}, {0x4e00, 0x9fff}, {0xa000, 0xa4cf},
	{0xa960, 0xa97f}, {0xac00, 0xd7a3}, {0xf900, 0xfaff}, {0xfe10, 0xfe19},
	{0xfe30, 0xfe6f}, {0xff00, 0xff60}, {0xffe0, 0xffe6}, {0x16fe0, 0x16fe4},
	{0x17000, 0x18aff}, {0x1b000, 0x1b2ff}, {0x1f004, 0x1f004},
	{0x1f0cf, 0x1f0cf}, {0x1f18e, 0x1f18e}, {0x1f191, 0x1f19a},
	{0x1f200, 0x1f251}, {0x1f300, 0x1f64f}, {0x1f680, 0x1f6ff},
	{0x1f7e0, 0x1f7eb}, {0x1f900, 0x1f9ff}, {0x1fa70, 0x1faff},
	{0x20000, 0x2fffd}, {0x30000, 0x3fffd},
};

static int
in_ranges(uint32_t cp, const struct range *r, size_t n)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cp < r[mid].lo)
			hi = mid;
		else if (cp > r[mid].hi)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

int
cp_width(uint32_t cp)
{
	if (cp_is_control(cp))
		return 0;
	if (cp < 0x300)
		return 1;
	if (in_ranges(cp, zero, sizeof(zero) / sizeof(zero[0])))
		return 0;
	if (in_ranges(cp, wide, sizeof(wide) / sizeof(wide[0])))
		return 2;
	return 1;
}
