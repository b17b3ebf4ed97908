/* render.h - draw a view into a canvas: header, frame rows, details panel,
 * status line, help screen.  Shared by the TUI and --dump. */
#ifndef FT_RENDER_H
#define FT_RENDER_H

#include "draw/canvas.h"
#include "draw/palette.h"
#include "profile/labels.h"
#include "view/view.h"

/* Draw v into c (c must be v->w x v->h). */
void render_view(ft_view *v, ft_canvas *c);

/* Draw prompt pr of kind (enum ft_prompt_kind) on the last row of c and
 * return the cursor cell in *cx, *cy. */
void render_prompt(ft_canvas *c, int kind, const ft_prompt *pr, int *cx, int *cy);

/* The key table as a help screen (title on a bar, then one key per line
 * from *scroll, which is clamped, below skip rows left for a legend);
 * mouse is the text of the mouse line. */
void render_help(ft_canvas *c, const char *title, const char *mouse,
    int *scroll, ft_style bar, int flip, int skip);

/* Header chips: how many of the view's filters fit in room cells with
 * the marker for the rest (its width in *marker_w, 0 when all fit), and
 * the marker's text " +N filters [F]" (key: with " [F]") into buf. */
int render_chips_fit(const ft_view *v, const ft_canvas *c, int room, int *marker_w);
int render_chips_more(char *buf, size_t cap, int n, int key);

/* The status line's values for the selected frame, fullest first: every
 * label, without "total", without "parent" and "zoom" too, total and self
 * only, the total, its percentage, none.  render_status_fit() picks
 * the first that fits room cells after the whole name and kind suffix
 * (*namew: the name's cells); when none does, the name is cut to what the
 * suffix leaves and the last (empty) level is used. */
#define STATUS_LEVELS 7
int render_status_fit(const ft_canvas *c, int room, const char *name, size_t len,
    const char *suffix, const char *const levels[STATUS_LEVELS], int *namew);

/* Frame colours: draw/palette.h. */


#endif
