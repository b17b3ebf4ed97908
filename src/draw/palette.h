/* palette.h - the colours of frames: by name (flamegraph.pl's hot
 * palette), by package, by self-time heat, with frame kinds (kernel, JIT,
 * inlined) in hues of their own; full colour, or the eight ANSI colours
 * and bold on smaller terminals.  Used by the flame graph, the flame
 * chart and the SVG of a view. */
#ifndef FT_PALETTE_H
#define FT_PALETTE_H

#include <stdint.h>

#include "draw/canvas.h"
#include "profile/profile.h"
#include "view/view.h"

/* Background colour of a frame in the view's colour mode (full colour:
 * the SVG export and terminals with 256 colours or more). */
uint32_t render_frame_color(const ft_view *v, uint32_t node);
/* A frame's style (text colour, background, attributes) for the view's
 * terminal: with 8 or 16 colours, combinations of the ANSI colours and
 * bold that keep kinds, packages and heat levels apart. */
ft_style render_frame_style(const ft_view *v, uint32_t node);
/* The same by the frame's name alone, for node of profile p (the flame
 * chart draws the loaded profile's nodes): heat colouring, which needs
 * the view's tree, falls back to the name's colour. */
ft_style render_name_style(const ft_view *v, const ft_profile *p, uint32_t node);
/* The colour mode's name: "name", "package", "heat", "total delta"... */
const char *render_color_name(const ft_view *v);
/* A self-time heat level's style, f in [0, 1] (the legend's swatches). */
ft_style render_heat_style(const ft_view *v, double f);
/* A frame kind's style (FT_KIND_*: the legend's swatches). */
ft_style render_kind_style(const ft_view *v, int kind);

#endif
