/* value.h - a sample value (ft_val) and its checked arithmetic.
 *
 * Values are 64-bit integers; a profile with fractional counts stores them
 * in units of 10^-scale (profile.h's scale), so sums stay exact.  The
 * lowest part of the profile layer: the call tree (profile.h) and the
 * label store (labelsets.h) both hold values.
 */
#ifndef FT_VALUE_H
#define FT_VALUE_H

#include <stddef.h>
#include <stdint.h>

typedef int64_t ft_val;

/* Checked addition: *a += b; -1 on overflow. */
int val_add(ft_val *a, ft_val b);

/* Format v (in units of 10^-scale) exactly, trailing fraction zeros
 * trimmed: "12", "0.5", "-3.25".  Returns the length. */
int val_format(char *buf, size_t cap, ft_val v, int scale);

/* v as a double in whole units. */
double val_to_double(ft_val v, int scale);

/* 10^n as a value, 0 <= n <= 18. */
ft_val val_pow10(int n);

#endif
