/* screen.h - what the TUI drives: one screen interface for every viewer.
 *
 * The TUI knows nothing about what it shows: it hands keys, mouse events
 * and resizes to a screen and copies the canvas the screen draws; the view
 * engine (view.h, one profile or two) provides one with screen_of_view().
 * Every callback gets the screen's ctx; the ones returning int return V_*
 * flags (view.h).
 */
#ifndef FT_SCREEN_H
#define FT_SCREEN_H

#include "canvas.h"
#include "view.h"

typedef struct ft_screen {
	void *ctx;
	int utf8;                                 /* draw with UTF-8 glyphs */
	int (*key)(void *ctx, int key);           /* an ft_key code */
	int (*click)(void *ctx, int x, int y, int dbl);
	int (*wheel)(void *ctx, int dy);          /* -1 up, +1 down */
	void (*resize)(void *ctx, int w, int h);
	void (*set_colors)(void *ctx, int colors); /* 0 mono, 8, 256, 1 << 24 */
	void (*render)(void *ctx, ft_canvas *c);  /* c is the screen's size */
	/* Where to show the cursor (an open prompt): 1 with *x, *y set, or 0
	 * to hide it.  May be NULL. */
	int (*cursor)(void *ctx, int *x, int *y);
	/* After V_COPY: the text to put on the clipboard (malloc'd, the TUI
	 * frees it).  May be NULL. */
	char *(*take_copy)(void *ctx);
} ft_screen;

/* A screen over a single-profile view (v must outlive the screen). */
ft_screen screen_of_view(ft_view *v);

#endif
