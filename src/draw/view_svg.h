/* view_svg.h - the SVG of what the viewer shows (export_svg.c does the
 * drawing; this fills its options from the view's state). */
#ifndef FT_EXPORT_VIEW_H
#define FT_EXPORT_VIEW_H

#include <stddef.h>
#include <stdio.h>

#include "base/diag.h"
#include "view/view.h"

/* The flame graph of v as it stands: zoom, filters, search highlight,
 * colour mode, orientation.  A comparison gives its differential graph
 * (widths from the view's width source, colour by change or by name,
 * details with A, B and the change).  width is the image width in px and
 * min_px the narrowest frame drawn (0: defaults).  0, or -1 with err set. */
int view_export_svg(ft_view *v, FILE *out, int width, double min_px,
    ft_diag *err);

/* Write the view's SVG to a new file "flametui-N.svg" (the first N not
 * taken) in the current directory; name gets the file name.  For the
 * viewer's export key.  0, or -1 with err set. */
int view_export_svg_file(ft_view *v, char *name, size_t cap, ft_diag *err);

#endif
