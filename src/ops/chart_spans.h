/* chart_spans.h - the flame chart (ops/chart.h) of a trace's real spans
 * (profile/spans.h: Chrome trace duration events, speedscope evented
 * profiles) instead of its samples.
 *
 * Rows by depth as chart.h: row 0 holds the root's children.  A span is
 * on the row of its node's depth less one, at its own start and end (ns
 * from the origin: spans_origin(), the stated start when the format
 * gives one, else the earliest span's start), samples 1.  A root child
 * that holds no span itself (a thread's frame, --group thread) gets, on
 * row 0, the union of the spans below it: one span (samples 0) per
 * stretch where some span of that thread runs, so the thread row shows
 * when the thread was busy.  Each row in time order (ties: the spans'
 * stored order, enclosing before enclosed).  interval is 0 (spans are not
 * samples); samples counts the spans charted.
 *
 * Pure: no screen, no printing.
 */
#ifndef FT_CHART_SPANS_H
#define FT_CHART_SPANS_H

#include <stdint.h>

#include "base/diag.h"
#include "ops/chart.h"
#include "profile/profile.h"

/* The chart of p's spans overlapping [a, b) (ns from spans_origin();
 * INT64_MIN, INT64_MAX for all), cut to it (a span of length 0 is in when
 * a <= its start < b), whose call path starts at root child thread
 * (FT_NONE: every span).  ch's arrays are malloc'd (chart_free() frees
 * them).  -1 with err when p keeps no spans. */
int chart_from_spans(const ft_profile *p, int64_t a, int64_t b, uint32_t thread,
    ft_chart *ch, ft_diag *err);

#endif
