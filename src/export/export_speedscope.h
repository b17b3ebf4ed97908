/* export_speedscope.h - write a profile in speedscope's JSON file format
 * (https://www.speedscope.app/file-format-schema.json), so any profile
 * flametui opens can be handed to a browser tool. */
#ifndef FT_EXPORT_SPEEDSCOPE_H
#define FT_EXPORT_SPEEDSCOPE_H

#include <stdio.h>

#include "base/diag.h"
#include "profile/profile.h"

/* Write p to out: one `sampled` profile per value column (named after the
 * sample type, unit mapped to speedscope's: time units and bytes kept,
 * anything else "none"), one sample per node with a non-zero self value,
 * its self value as the weight -- or, for a column p's timeline holds
 * whole (timeline.h: no filter but a time range), its samples in time
 * order with their own weights, a time unit's startValue the recording's
 * start; one shared frame per distinct frame name
 * (its origin, when known, as `file`).  A profile with spans
 * (profile/spans.h: a trace's duration events, evented speedscope) is
 * written as evented profiles instead, one per thread, each span opened
 * and closed at its times.  activeProfileIndex is column col.
 * Returns 0, or -1 with err set on a write error. */
int export_speedscope(const ft_profile *p, int col, FILE *out, ft_diag *err);

#endif
