/* units.h - human-readable values: "1.2M", "3.40 s", "512 MiB". */
#ifndef FT_UNITS_H
#define FT_UNITS_H

#include <stddef.h>

#include "profile/profile.h"

/* Format v (at the profile's scale) in the column's unit, short form.
 * Counts: "1,234" below 10 000, then "12.3k", "1.2M"; time units as ms/s;
 * bytes as B/KiB/MiB/GiB.  Returns buf. */
char *units_human(char *buf, size_t cap, const ft_profile *p, int col, ft_val v);

/* "cpu (nanoseconds)" style label of a column into buf. */
char *units_type_label(char *buf, size_t cap, const ft_profile *p, int col);

/* The canonical unit for a --unit word (samples, ns, us, ms, s, bytes,
 * count; long forms too), or NULL. */
const char *units_parse(const char *word);

/* A sample type name for a column of that unit: "time", "space",
 * "samples" or "count". */
const char *units_type_name(const char *unit);

/* Is the column's unit a plain count (samples, events, count, unknown)?
 * Then exact integers are its best text form. */
int units_is_count(const ft_profile *p, int col);

/* A percentage with adaptive precision ("100%", "45.6%", "0.012%"). */
char *units_pct(char *buf, size_t cap, double num, double den);

#endif
