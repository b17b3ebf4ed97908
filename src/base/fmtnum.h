/* fmtnum.h - numbers into text without printf, for writers of many of
 * them (the SVG export's coordinates and shares).  The text is exactly
 * printf's: where a value is too close to a rounding tie to decide in
 * double arithmetic, or too big, it is printf that writes it. */
#ifndef FT_FMTNUM_H
#define FT_FMTNUM_H

#include <stddef.h>

/* Room for any double in "%.4f" (DBL_MAX has 309 digits). */
#define FMT_FIXED_CAP 320

/* v as "%.*f" with prec 0..4 into buf (FMT_FIXED_CAP bytes), terminated;
 * returns the length. */
size_t fmt_fixed(char *buf, double v, int prec);

#endif
