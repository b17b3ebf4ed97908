/* export_heatmap.h - a profile's heat map as FlameScope's JSON
 * (app/controllers/heatmap.py): `columns` (the column offsets in
 * seconds from floor(start)), `rows` (each row's offset in ms within its
 * second, highest first: 980, 960, ..., 0 for 50 rows), `values` (a list
 * per column of the count per row) and `maxvalue`.  Binned as the heat
 * map view bins (ops/timerange.h): 1 s columns, 50 rows, idle samples
 * left out. */
#ifndef FT_EXPORT_HEATMAP_H
#define FT_EXPORT_HEATMAP_H

#include <stdio.h>

#include "base/diag.h"
#include "profile/profile.h"

/* Write p's heat map to out.  -1 with err when p keeps no time per
 * sample, or on a write error. */
int export_heatmap(const ft_profile *p, FILE *out, ft_diag *err);

#endif
