/* render_labels.h - a label breakdown's values on a canvas row.
 *
 * The details panel shows a frame's value broken down by label value, in
 * one profile (render.c) and in each side of a comparison
 * (render_compare.c); both draw a value with this.
 */
#ifndef FT_RENDER_LABELS_H
#define FT_RENDER_LABELS_H

#include <stdint.h>

#include "draw/canvas.h"
#include "profile/labelsets.h"

/* One value of a label breakdown at x on row y: ", " (or " " for the
 * key's first), the value (or "(none)"), its share of all; the new x. */
int render_label_value(ft_canvas *c, int x, int y, int first, const ft_labelsets *s,
    uint32_t value, double v, double all);

#endif
