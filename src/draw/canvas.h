/* canvas.h - an off-screen grid of cells {glyph, style}.
 *
 * Everything the viewer shows is drawn here first; the TUI copies the grid
 * to curses and --dump prints it as plain text, so both show the same
 * picture.  Text from profiles enters only through canvas_text(), which
 * shows control bytes escaped (\e, \x01) and invalid UTF-8 as U+FFFD (or
 * '?' in ASCII mode): nothing from a file reaches the terminal raw.
 */
#ifndef FT_CANVAS_H
#define FT_CANVAS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FT_COLOR_DEFAULT 0x01000000u /* terminal default colour */

enum ft_attr {
	FT_A_BOLD = 1,
	FT_A_REVERSE = 2,
	FT_A_DIM = 4,
	FT_A_UNDERLINE = 8,
};

typedef struct ft_style {
	uint32_t fg, bg; /* 0xRRGGBB or FT_COLOR_DEFAULT */
	uint16_t attr;
} ft_style;

typedef struct ft_cell {
	uint32_t ch;     /* code point; 0 = right half of a wide glyph */
	ft_style st;
} ft_cell;

typedef struct ft_canvas {
	int w, h;
	int utf8;        /* draw with UTF-8 glyphs (else ASCII only) */
	ft_cell *cells;
} ft_canvas;

/* Glyphs that differ between UTF-8 and ASCII drawing. */
enum ft_glyph {
	FT_G_ELLIPSIS, /* "…" / ".." */
	FT_G_EDGE,     /* frame left edge */
	FT_G_FILLER,   /* cells of sub-cell frames */
	FT_G_UP,       /* more above */
	FT_G_DOWN,     /* more below */
	FT_G_HLINE,    /* panel border */
	FT_G_COUNT
};

void canvas_init(ft_canvas *c, int w, int h, int utf8);
void canvas_free(ft_canvas *c);
/* Clear to spaces in the default style. */
void canvas_clear(ft_canvas *c);

/* Fill cells [x0, x1) of row y with ch. */
void canvas_fill(ft_canvas *c, int x0, int x1, int y, uint32_t ch, ft_style st);
/* Put one code point (clipped to the canvas). */
void canvas_put(ft_canvas *c, int x, int y, uint32_t ch, ft_style st);
/* Put a glyph from the table above; returns its width in cells. */
int canvas_glyph(ft_canvas *c, int x, int y, enum ft_glyph g, ft_style st);

/* Cells text s[0..n) takes when drawn (escapes included). */
int canvas_text_width(const ft_canvas *c, const char *s, size_t n);

/* Draw s[0..n) at (x, y) in at most maxw cells.  When it does not fit and
 * ellipsis is set, it is cut and ends with the ellipsis glyph (nothing is
 * drawn when even that does not fit).  Returns cells used. */
int canvas_text(ft_canvas *c, int x, int y, int maxw, const char *s, size_t n,
    ft_style st, int ellipsis);

/* printf-style text (program text, not profile data). */
int canvas_printf(ft_canvas *c, int x, int y, int maxw, ft_style st,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Write the grid as plain text (UTF-8 or ASCII), one line per row, trailing
 * spaces trimmed. */
void canvas_dump(const ft_canvas *c, FILE *out);

/* The same with each cell's style as ANSI SGR sequences (24-bit colour,
 * bold, dim, underline, reverse), the style reset at the end of every row;
 * rows are written whole (a background colour may end in spaces).  For
 * --dump --color always. */
void canvas_dump_color(const ft_canvas *c, FILE *out);

/* A row as a NUL-terminated UTF-8 string into buf (cap bytes). */
size_t canvas_row_text(const ft_canvas *c, int y, char *buf, size_t cap);

#endif
