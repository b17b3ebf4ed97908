/* render_chart.h - the flame chart mode drawn (view_chart.c holds its
 * state, ops/chart.h its spans). */
#ifndef FT_RENDER_CHART_H
#define FT_RENDER_CHART_H

#include "draw/canvas.h"
#include "view/view.h"

/* The flame chart over the whole canvas: a title bar (thread, samples,
 * the window shown of the whole), a time axis, one line per depth (the
 * root's children at the top, spans as frames coloured by name, spans
 * narrower than a cell as a dim filler), the selected span's stack and
 * figures (start, duration, samples), and a key line. */
void render_chart(ft_view *v, ft_canvas *c);

/* A time in seconds from the origin with as many decimals as a window of
 * `window` ns needs to tell cells apart (1 to 6). */
void render_chart_secs(char *buf, size_t cap, int64_t ns, int64_t window);

/* A duration: "1.234 s", "12.345 ms", "123.4 us" (µs with UTF-8). */
void render_chart_duration(char *buf, size_t cap, int64_t ns, int utf8);

#endif
