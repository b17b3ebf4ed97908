/* keymap.h - the one table of keys: it drives the TUI, the help screen
 * (?), --help and the KEYS section of the man page, so they cannot drift. */
#ifndef FT_KEYMAP_H
#define FT_KEYMAP_H

#include <stdio.h>

/* Our key codes: characters are themselves; special keys above Unicode. */
enum ft_key {
	FTK_NONE = 0,
	FTK_BASE = 0x110000,
	FTK_UP, FTK_DOWN, FTK_LEFT, FTK_RIGHT, FTK_PGUP, FTK_PGDN,
	FTK_HOME, FTK_END, FTK_ENTER, FTK_BACKSPACE, FTK_ESC, FTK_TAB,
	FTK_BTAB, FTK_DELETE, FTK_RESIZE, FTK_MOUSE,
};

#define FTK_CTRL(c) ((c) & 0x1f)

enum ft_action {
	ACT_NONE = 0,
	ACT_QUIT, ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT, ACT_TOP, ACT_BOTTOM,
	ACT_PGUP, ACT_PGDN, ACT_ZOOM, ACT_ZOOM_OUT, ACT_RESET, ACT_BACK,
	ACT_FORWARD, ACT_FLIP, ACT_COLOR, ACT_DETAILS, ACT_HELP, ACT_TYPE_NEXT,
	ACT_TYPE_PREV, ACT_REDRAW, ACT_SUSPEND,
	ACT_SEARCH, ACT_SEARCH_SEL, ACT_NEXT, ACT_PREV, ACT_FILTER,
	ACT_FILTER_POP, ACT_FILTER_CLEAR, ACT_BUTTERFLY, ACT_TABLE, ACT_TABLE_SORT,
	/* comparison of two profiles (compare_view.c) */
	ACT_CMP_DIFF, ACT_CMP_WIDTH, ACT_CMP_SPLIT, ACT_CMP_PANE, ACT_CMP_TABLE, ACT_CMP_NORM,
	ACT_CMP_ELIDED,
	ACT_COPY, ACT_COPY_STACK,
	ACT_GROUP, ACT_DEMANGLE,
	ACT_INVERT, ACT_COLLAPSE, /* view transforms (invert.h, collapse.h) */
	ACT_EXPORT_SVG,
	ACT_FILTER_LIST, ACT_FILTER_UNDO, ACT_FILTER_REDO, /* the filter list, undo/redo */
	ACT_PAUSE, /* --watch and record: pause following (the screen's) */
	ACT_HEATMAP, ACT_HEAT_MARK, ACT_HEAT_STEP, ACT_HEAT_IDLE, ACT_HEAT_COMPARE, /* the heat map (view_heat.c) */
	ACT_ACTIVITY, /* the activity line (view_activity.c) */
	ACT_HINTS, /* the key hint line */
	ACT_CHART, ACT_CHART_IN, ACT_CHART_OUT, ACT_CHART_PAN_L, ACT_CHART_PAN_R,
	ACT_CHART_THREAD, /* the flame chart (view_chart.c) */
	ACT_COUNT
};

typedef struct ft_keydef {
	const char *keys;   /* as shown to people: "Left h" */
	int codes[4];       /* key codes, 0-terminated */
	enum ft_action action;
	const char *help;
} ft_keydef;

extern const ft_keydef keymap[];
extern const int keymap_len;

/* What the screen shows that no key explains (the filler glyph): listed
 * after the keys by --help, the help screen and the man page. */
typedef struct ft_legend {
	const char *utf8;  /* the glyph as drawn in a UTF-8 locale */
	const char *ascii; /* and in ASCII drawing */
	const char *mdoc;  /* the UTF-8 glyph as a roff escape */
	const char *help;
} ft_legend;

extern const ft_legend keymap_legend[];
extern const int keymap_legend_len;

/* Action bound to key code, ACT_NONE if unbound. */
enum ft_action keymap_action(int key);

/* The key hint line: which keys it offers, by what the view is. */
enum {
	HINT_SINGLE = 1, /* one profile */
	HINT_CMP = 2,    /* a comparison */
	HINT_TIME = 4,   /* a profile with time (the heat map) */
};
/* "? help  / search  : filter ..." for a view that is flags, in at most
 * width cells (ASCII only): the keys are the key table's first names of
 * their actions; entries are dropped from the end but the last ("q quit")
 * when they do not fit, never cut.  Returns the length. */
size_t keymap_hint_line(int flags, int width, char *buf, size_t cap);

/* Key table as plain text lines ("  Left h        previous frame"). */
void keymap_print_text(FILE *out);
/* Key table as mdoc (.It Cm KEYS / text) for the man page KEYS section. */
void keymap_print_mdoc(FILE *out);

#endif
