/* view.h - the one view engine: what the viewer shows and how keys change
 * it, for one profile or a comparison of two.
 *
 * The tree: one profile, or the union of two (compare.h), where a node is a
 * call path and column CMP_A / CMP_B hold the two value sets.  One state
 * (zoom, selection, scroll, history, search, filters, modes) lives over
 * that tree.  A pane is a layout of the tree under one value set: the
 * profile's column, A, B or the differential widths.  The screen is one or
 * two panes (a header row each, then frame rows), an optional details
 * panel and the status line.  The modes (prompt, function table, butterfly,
 * help, details) are parts of the one view whether it holds one profile or
 * two.
 *
 * Actions change the state and return what must happen next (V_* flags);
 * they never draw.  render.c draws a view into a canvas for the TUI and
 * --dump.
 *
 * Modules, each using only those before it (no call goes back up):
 *   view.c        state, panes and their layouts, moves, zoom, history
 *   view_modes.c  search, filters, tables, butterfly, prompts, copy
 *   view_keys.c   keys, actions, mouse: the one dispatch for every mode
 *   compare_view.c (below view.c) the comparison's own pieces: pane split,
 *                 value sets, regressions rows
 */
#ifndef FT_VIEW_H
#define FT_VIEW_H

#include <stdint.h>

#include "ops/butterfly.h"
#include "ops/compare.h"
#include "view/compare_view.h"
#include "ops/function_table.h"
#include "view/keymap.h"
#include "ops/layout.h"
#include "profile/match.h"
#include "profile/profile.h"
#include "view/prompt.h"
#include "ops/filters.h"
#include "profile/timeline.h"
#include "ops/chart.h"

enum ft_view_flags {
	V_REDRAW = 1,
	V_QUIT = 2,
	V_SUSPEND = 4,
	V_COPY = 8, /* view_take_copy() has text for the clipboard */
	V_EXPORT = 16, /* the screen should write the view as an SVG file */
	V_PAUSE = 32,  /* pause or resume following (--watch, record) */
};

/* The heat map's colour scales (c cycles them; render_heat.h). */
enum ft_heat_scale {
	HEAT_LINEAR = 0, /* FlameScope's: white, #FF5032 at max/2, #E50914 */
	HEAT_ENHANCED,   /* FlameScope's "enhanced": stops at 1 and 3 too */
	HEAT_CB,         /* colour-blind safe: viridis */
	HEAT_SCALES
};

/* Colour modes.  One profile cycles NAME, PACKAGE, HEAT; a comparison
 * cycles DTOTAL, DSELF, NAME (delta colouring is compare.c's). */
enum ft_color_mode {
	COLOR_NAME = 0, /* warm palette by name hash */
	COLOR_PACKAGE,  /* by package / module / directory */
	COLOR_HEAT,     /* by self time */
	COLOR_DTOTAL,   /* comparison: by total delta */
	COLOR_DSELF,    /* comparison: by self delta */
	COLOR_MODES
};

#define VIEW_MIN_W 20
#define VIEW_MIN_H 5
#define VIEW_DETAILS_MIN 9 /* rows of the details panel, border included */
#define VIEW_UNDO_MAX 64   /* filter changes U can undo */

/* What an open prompt is for. */
enum ft_prompt_kind { PK_NONE = 0, PK_SEARCH, PK_FILTER, PK_TABLE };

/* A pane: header row at (x, y), frame rows y+1 .. y+h-1. */
/* The profile in another demangle mode, finished with (sort, col), or
 * NULL with err set (view_set_reloader). */
typedef ft_profile *(*ft_reload_fn)(void *ctx, int demangle, enum ft_sort sort,
    int col, ft_diag *err);

/* The profile read again keeping its samples' order (profile/order.h),
 * grouped and demangled as given, finished with (sort, col), or NULL with
 * err set (view_set_order_loader). */
typedef ft_profile *(*ft_order_fn)(void *ctx, int group, int demangle, enum ft_sort sort,
    int col, ft_diag *err);

typedef struct ft_pane {
	int x, y, w, h;
	int vset;          /* enum ft_vset */
	ft_layout layout;
} ft_pane;

/* The function table (t): every function with its values.  With two
 * profiles its rows are the regressions (compare.h) and Enter jumps to the
 * function's widest frame; with one, Enter opens the butterfly view. */
typedef struct ft_ftable {
	int active;
	const ft_profile *prof; /* what the rows were computed from */
	int col;
	ft_func *all;           /* one profile: every function, sorted */
	uint32_t nsorted;       /* all[0..nsorted) in order, the rest after them
	                         * in no order until the table is scrolled or
	                         * filtered past them (view_table_ready) */
	ft_regress *rall;       /* comparison: every function, sorted */
	uint32_t nall;
	uint32_t *rows;         /* indexes into all / rall that pass the row filter */
	uint32_t nrows;
	uint32_t sel, top;      /* selected row, first row shown */
	int sort;               /* enum ft_func_sort, or enum cmp_basis */
	ft_matcher *m;          /* row filter (owned) or NULL */
} ft_ftable;

struct ft_bfview;
struct ft_rangecmp;

typedef struct ft_view {
	ft_profile *prof;  /* the tree drawn: a profile or a comparison's union */
	int col;           /* one profile: value column (sample type) */
	uint32_t zoom;     /* zoom node */
	uint32_t sel;      /* selected node (in a comparison it may be a path
	                    * the active pane's side does not have) */
	uint32_t *back, *fwd; /* zoom history stacks */
	uint32_t nback, nfwd, hcap_b, hcap_f;
	uint32_t scroll;   /* first depth shown, the same in every pane */
	int flip;          /* root at the bottom (classic flame) */
	int color;         /* enum ft_color_mode */
	int details;       /* details panel open */
	int help;          /* help screen open */
	int help_scroll;
	int w, h;          /* screen size */
	int utf8;          /* UTF-8 drawing */
	int colors;        /* terminal colours: 0 mono, 8, 256, 1<<24 */
	ft_pane pane[2];   /* the panes shown */
	int npanes;
	int active;        /* the pane keys move in */
	int layout_dirty;  /* panes or layouts must be rebuilt */
	ft_val max_self;   /* heat colouring's scale, -1 until needed (view_heat_ready) */
	const char *message; /* one-shot status message (program text) */
	char *copy;          /* clipboard text waiting for the TUI */
	struct {             /* render.c's all-instances cache */
		const ft_profile *p;
		uint32_t nnodes, name, count;
		int col;
		ft_val total, self;
	} inst;

	/* A comparison: the union and what it was built from.  cmp is NULL
	 * for one profile. */
	ft_compare *cmp;     /* not owned, unless it is &owned */
	ft_compare owned;
	int owns;
	enum cview_mode mode;
	enum cview_split split;
	enum cmp_width wsrc; /* differential width source */
	int palette;         /* enum cmp_palette of the verdict colours */
	double min_change, min_share; /* regressions rows hidden (compare_row_hidden) */
	const ft_profile *in[2]; /* the inputs (not owned; NULL: cannot rebuild) */
	int incol[2];
	ft_compare_opts copts;

	/* Geometry override for the halves of the butterfly view: when grows
	 * is non-zero the graph occupies rows [gtop, gtop + grows). */
	int gtop, grows;
	int nosel;           /* draw no selection (inactive butterfly half) */

	/* Search: a compiled regex and its name-id map (view_modes.c). */
	ft_matcher *search;  /* owned, NULL when no search */
	uint8_t *hl;         /* name id -> matched; owned unless hl_shared */
	uint32_t hl_n;       /* ids covered by hl */
	int hl_shared;
	struct {
		const ft_profile *prof;
		int col, valid;
		uint32_t zoom;
		ft_val all, zoomed; /* matched samples, each counted once */
	} mstat;
	ft_val matched[2];   /* comparison: matched samples of A and B */

	/* Filters: one profile re-derives from base; a comparison rebuilds
	 * from its inputs. */
	ft_profile *base;    /* not owned */
	ft_profile *derived; /* owned; NULL when no filter is active */
	ft_filters filters;  /* owned */
	/* Filter undo (U) and redo (Ctrl-R): the lists before each change,
	 * newest last (owned). */
	ft_filters fundo[VIEW_UNDO_MAX], fredo[VIEW_UNDO_MAX];
	int nfundo, nfredo;
	/* The filter list (F): every filter, then the search; sel, top are
	 * indexes into that list. */
	struct {
		int active, sel, top;
	} flist;
	enum ft_sort sort;   /* child order used for derived trees */
	/* Processes, threads and names (relabel.h): base is raw relabelled to
	 * (group, demangle); raw owned and base_own (base when it is not raw)
	 * owned when set by view_set_raw(); NULL otherwise. */
	ft_profile *raw;
	ft_profile *base_own;
	int group;           /* enum ft_group */
	int demangle;        /* enum ft_demangle */
	/* Or, for a base demangled while loading (names_merged: no tree as
	 * loaded is kept), another demangle mode is loaded again by reload
	 * (view_set_reloader); NULL otherwise. */
	ft_reload_fn reload;
	void *reload_ctx;
	void (*reload_free)(void *ctx);
	/* A profile without time is read again keeping its samples' order
	 * for the flame chart (view_set_order_loader); NULL when it cannot
	 * be (standard input, several files). */
	ft_order_fn order_load;
	void *order_ctx;
	void (*order_free)(void *ctx);

	/* The prompt on the status line. */
	int prompt_kind;     /* enum ft_prompt_kind */
	ft_prompt prompt;
	char *search_before; /* the search when / opened: typing searches as
	                      * it goes, Esc puts this one back (owned) */
	ft_history hist_search, hist_filter, hist_table;
	int cursor_x, cursor_y; /* where the TUI shows the cursor; -1: hidden */
	char msgbuf[DIAG_MAX];  /* storage for messages built at run time */

	ft_ftable table;
	/* The details panel's label breakdown of the selected frame, cached
	 * per (profile, node, column) (labels.h). */
	struct {
		const struct ft_profile *p;
		uint32_t node, nnodes;
		int col, n;
		struct ft_label_share *r;
	} lab;
	struct ft_bfview *bf; /* butterfly view when open */
	/* Range against range (the heat map's A): a comparison view of two
	 * time ranges of base shown instead of this one while open; Esc
	 * closes it (view_keys.c hands it keys, mouse and the screen). */
	struct ft_rangecmp *rc;
	/* The heat map (H, view_heat.c): FlameScope's picture of base's
	 * timeline, binned for the screen; a cursor over its cells and a
	 * mark; Enter takes the range as a `time` filter. */
	struct {
		int active;
		ft_heatmap hm;    /* hm.counts NULL until binned */
		int w, h;         /* the screen it was binned for */
		const ft_timeline *tl; /* and the timeline (a reload, a regroup) */
		int64_t step_s;   /* seconds per column; 0: automatic */
		uint32_t cx, cy;  /* cursor cell: column, row (0: the top row) */
		int marked;
		uint32_t mx, my;  /* the mark */
		int with_idle;    /* I: idle samples shown */
		uint32_t left;    /* first column shown */
		int scale;        /* c: enum ft_heat_scale */
		int drag;         /* a mouse press on a cell, not yet released */
		uint32_t dx, dy;  /* the cell pressed */
	} heat;
	/* The flame chart (T, view_chart.c): base's samples in time order,
	 * within the `time` filters' range; a window of time shown and a
	 * selected span. */
	struct {
		int active;
		ft_chart ch;      /* ch.row NULL until built */
		const void *tl;   /* built from this timeline or these spans */
		uint64_t key_n;   /* of this many samples or spans */
		uint32_t key_nodes; /* in a tree of this many nodes */
		int64_t a, b;     /* and this range (ns from the origin) */
		uint32_t thread;  /* the root child charted (#), FT_ROOT: all */
		int64_t v0, v1;   /* the window shown: ns from the origin */
		uint32_t d, i;    /* the selected span: row, index in the row */
		uint32_t scroll;  /* first row shown */
		ft_diag err;      /* why the chart could not be built */
		ft_profile *own;  /* read again in sample order (order_load),
		                   * owned; NULL when base or raw has time or
		                   * order */
		int own_group, own_dm; /* the group and demangle it was read in */
	} chart;
	/* The activity line (a, view_activity.c): samples over time above the
	 * flame graph, and the selected frame's, per column; cached for
	 * (base, its timeline, the tree, the selection, the width, idle). */
	int activity;        /* shown when the profile has time (default) */
	/* The key hint line above the status line (v): on in the viewer,
	 * off for --dump, which takes no keys. */
	int hints;
	struct {
		int valid;       /* in (the marked row) is for the fields below */
		int all_valid;   /* all and max are for base, tl, ncols, with_idle */
		const ft_profile *base, *prof;
		const ft_timeline *tl;
		uint32_t sel, ncols, max;
		int with_idle, nfilters;
		uint32_t *all, *in;  /* ncols each */
		uint8_t *idle;       /* base's idle nodes (NULL: none), a set of
		                      * one bit per node (view_idle_nodes) */
		const ft_profile *idle_base;
		const ft_timeline *idle_tl;
		uint64_t *idle_samples; /* the timeline's samples at them, one bit
		                         * each (view_idle_samples) */
		int idle_samples_ok;
	} act;
} ft_view;

/* The butterfly view: two half views over the callers tree (drawn flipped,
 * above F) and the callees tree (below F).  F's row is shared.  In a
 * comparison each half is itself a comparison (its trees keep both value
 * sets), so the halves show A, B and delta like the main graph. */
typedef struct ft_bfview {
	ft_butterfly b;
	ft_compare hc[2]; /* comparison: the halves' unions (callers, callees) */
	ft_view up, down;
	int side;       /* 0: callers half active, 1: callees */
	int from_table; /* Esc returns to the function table */
} ft_bfview;

/* Range against range: the comparison view and what it is built from
 * (owned: the two range trees outlive the view's rebuilds). */
typedef struct ft_rangecmp {
	ft_view cv;
	ft_compare c;
	ft_profile *pa, *pb;
} ft_rangecmp;

/* Close (and free) the range comparison, back to the profile's view. */
void view_rangecmp_close(ft_view *v);

/* --- view.c: state, panes, moves ---------------------------------------- */

/* A view over one profile p (not owned). */
void view_init(ft_view *v, ft_profile *p, int w, int h);
/* A view over the comparison c (not owned, must outlive the view). */
void view_init_compare(ft_view *v, ft_compare *c, int w, int h);
/* Free what the view owns (modes, derived trees, a rebuilt comparison). */
void view_free(ft_view *v);
/* Free a butterfly view (its halves and trees). */
void view_butterfly_free(ft_bfview *bf);

/* Change the screen size. */
void view_resize(ft_view *v, int w, int h);
/* Replace the tree (after a filter change or a comparison rebuilt): zoom,
 * selection and history follow by call path where the same path exists.
 * c is the new comparison (NULL for one profile). */
void view_set_tree(ft_view *v, ft_profile *p, ft_compare *c);
/* One profile: the column shown changed. */
void view_set_col(ft_view *v, int col);

/* The heat colour's scale (the largest self value of the tree shown) takes
 * a pass over every node, so a new tree or column only marks it unknown
 * unless heat colouring is on; this works it out when heat colouring is
 * on and it is unknown.  render_view() and the SVG export call it. */
void view_heat_ready(ft_view *v);

/* Rows the activity line takes above the flame graph (view.c): 2 (all
 * samples, and the selected frame's), 1 on a short screen, 0 when hidden
 * (a), in a comparison, or when the profile keeps no time. */
int view_activity_rows(const ft_view *v);
/* Rows the key hint line takes (view.c): 1 when it is on and the flame
 * graph or comparison shows without a panel at the bottom, else 0. */
int view_hint_rows(const ft_view *v);
/* The key hint line's text for this view, at most width cells. */
size_t view_hint_text(const ft_view *v, int width, char *buf, size_t cap);
/* Rows of a comparison's verdict legend above its panes (0 or 1). */
int view_legend_rows(const ft_view *v);
/* K: the next normalisation of a comparison (robust, absolute, total,
 * per second when both inputs state their duration), rebuilt through the
 * filters.  Returns 0, or -1 with a message. */
int view_compare_cycle_norm(ft_view *v);
/* The screen row of that legend (-1 when none). */
int view_legend_row(const ft_view *v);
/* view_activity.c: the activity line's counts for ncols columns
 * (v->act.all, v->act.in, v->act.max), worked out when stale. */
void view_activity_ready(ft_view *v, uint32_t ncols);
/* base's idle nodes (timerange_idle_nodes), kept for base and its
 * timeline: the heat map and the activity line share them.  NULL: none. */
const uint8_t *view_idle_nodes(ft_view *v);
/* The samples of base's timeline at those nodes, one bit per sample
 * (timeline_sample_set), kept likewise.  NULL: none. */
const uint64_t *view_idle_samples(ft_view *v);
/* Toggle it (key a): V_* flags. */
int view_activity_toggle(ft_view *v);

/* Make sure the panes and layouts match the state (called before drawing). */
void view_update_layout(ft_view *v);
/* Scroll so the selection is visible in every pane. */
void view_follow(ft_view *v);
/* The pane keys move in. */
ft_pane *view_active(ft_view *v);

/* Zoom to node (pushes history); select node. */
void view_zoom_to(ft_view *v, uint32_t node);
void view_select(ft_view *v, uint32_t node);
void view_zoom_out(ft_view *v);
void view_history(ft_view *v, int forward);
/* Moves in the active pane: up/down one level, sideways, to a row. */
void view_move_up(ft_view *v);
void view_move_down(ft_view *v);
void view_move_sideways(ft_view *v, int dir);
/* To row r, or when r holds only fillers (frames too narrow to draw) the
 * nearest row toward the selection that has a frame: returns the row
 * selected, -1 when none. */
long view_move_to_row(ft_view *v, long r);
/* Scroll the graph by dy rows (wheel), keeping the selection on screen.
 * 0 when it cannot move. */
int view_scroll(ft_view *v, int dy);
/* Select (dbl: and zoom to) the frame at screen cell (x, y) of any pane;
 * the pane becomes active.  V_REDRAW, or 0 when nothing is there. */
int view_pick(ft_view *v, int x, int y, int dbl);

/* Values of node n in the pane's value set (the column it shows). */
int view_pane_col(const ft_view *v, const ft_pane *p);
/* Widths a pane lays out by. */
ft_widths view_pane_widths(const ft_view *v, const ft_pane *p);
/* Presence bits (CMP_IN_A | CMP_IN_B) a pane shows (both for one profile). */
int view_pane_mask(const ft_view *v, const ft_pane *p);
/* Whether node n exists on the pane's side. */
int view_pane_has(const ft_view *v, const ft_pane *p, uint32_t n);

/* Rows the details panel takes when open: enough for the stack, every
 * sample type (or A, B and delta) and the metadata, at most half the
 * screen. */
int view_details_rows(const ft_view *v);
/* Details panel rows for label keys: one per key when the profile keeps
 * label values (at most VIEW_LABEL_ROWS), else one listing the keys. */
#define VIEW_LABEL_ROWS 4
int view_label_rows(const struct ft_profile *p);
/* Frame rows of a pane; screen row of depth d in it, or -1; depth shown
 * on screen row y, or -1. */
int view_pane_rows(const ft_pane *p);
int view_pane_row_of_depth(const ft_view *v, const ft_pane *p, uint32_t d);
long view_pane_depth_of_row(const ft_view *v, const ft_pane *p, int y);
/* The same for the active pane. */
int view_graph_rows(const ft_view *v);
int view_row_of_depth(const ft_view *v, uint32_t d);
long view_depth_of_row(const ft_view *v, int y);

/* What percentages are of, as pprof's: the total of the whole profile in
 * column col before any filter (v->base), so a filtered frame's share is
 * its share of everything recorded.  A comparison's union or a butterfly
 * half: its own root total. */
ft_val view_whole_total(const ft_view *v, int col);
/* Whether filters changed the total shown (the headers then say "X of
 * WHOLE (P%)"). */
int view_total_filtered(const ft_view *v, int col);

/* Totals of every instance of function name in column col, a nested
 * instance counted once (its stack is in the outer one), and how many
 * there are.  Cached for the last name and column. */
void view_instances(ft_view *v, uint32_t name, int col, ft_val *total,
    ft_val *self, uint32_t *count);

/* Text an ACT_COPY / ACT_COPY_STACK left for the clipboard (malloc'd,
 * the caller frees it), or NULL. */
char *view_take_copy(ft_view *v);
/* Put text (malloc'd, taken over) on the clipboard, with a message. */
int view_copy_text(ft_view *v, char *text, size_t len, int stack);
/* y / Y: the selected frame's name or its stack "a;b;c". */
int view_copy_selection(ft_view *v, int stack);
/* A message built at run time (copied into the view). */
void view_message(ft_view *v, const char *msg);

/* --- view_heat.c: the heat map and its time ranges ---------------------- */

/* Open the heat map of base's timeline (a message when it has none);
 * close it.  V_* flags. */
int view_heat_open(ft_view *v);
void view_heat_close(ft_view *v);
/* Bin for the current screen when needed (render_view calls it): rows
 * 50, or 40, 20, 10 when the screen is too short; one column per cell. */
void view_heatmap_ready(ft_view *v);
/* Screen lines the map takes, the column of the first cell, the legend's
 * first line. */
int view_heat_top(const ft_view *v);
int view_heat_x0(const ft_view *v);
int view_heat_legend_y(const ft_view *v);
/* Cell (col, row)'s start and end: ns from the origin. */
int64_t view_heat_cell_start(const ft_view *v, uint32_t col, uint32_t row);
int64_t view_heat_cell_end(const ft_view *v, uint32_t col, uint32_t row);
/* The selected range: the mark to the cursor (swapped if reversed), or
 * the cursor's cell alone.  ns from the origin. */
void view_heat_range(const ft_view *v, int64_t *a, int64_t *b);
/* Keys in the heat map.  V_* flags. */
int view_heat_apply(ft_view *v, enum ft_action a);
/* A click on screen cell (x, y): the cursor goes there. */
int view_heat_click(ft_view *v, int x, int y, int dbl);
/* The button released at (x, y) after view_heat_click(): a drag. */
int view_heat_release(ft_view *v, int x, int y);

/* --- view_chart.c: the flame chart ---------------------------------------- */

/* Open the flame chart of base's timeline (a message when it has none, or
 * when it cannot be built); close it.  V_* flags. */
int view_chart_open(ft_view *v);
void view_chart_close(ft_view *v);
/* Build the chart again when the timeline, the time range or the thread
 * changed (render_view calls it). */
void view_chart_ready(ft_view *v);
/* The screen's parts: the first line of rows, how many rows. */
int view_chart_top(const ft_view *v);
int view_chart_lines(const ft_view *v);
/* The selected span, NULL when the chart is empty. */
const ft_span *view_chart_sel(const ft_view *v);
/* The profile charted: the one as loaded (raw: its threads are root
 * frames, each a lane) when the view keeps it, else base. */
const ft_profile *view_chart_profile(const ft_view *v);
/* Threads the thread key (#) picks from. */
uint32_t view_chart_threads(const ft_view *v);
/* Keys in the chart.  V_* flags, 0 when the key is not the chart's. */
int view_chart_apply(ft_view *v, enum ft_action a);
/* A click on screen cell (x, y): the span there is selected (double:
 * fitted). */
int view_chart_click(ft_view *v, int x, int y, int dbl);

/* --- view_modes.c: search, filters, tables, butterfly, prompts ------------ */

/* One profile: the unfiltered profile and the filters that produced
 * v->prof (the list is moved into the view; derived is owned by the view
 * from now on, NULL when it is base itself). */
void view_set_base(ft_view *v, ft_profile *base, ft_profile *derived,
    ft_filters *f);
/* The profile as loaded, with its threads apart, and the level base shows:
 * the group key regroups raw.  The view owns raw and base from now on. */
void view_set_raw(ft_view *v, ft_profile *raw, int group, int demangle,
    ft_profile *base);
/* A base demangled while loading in mode demangle: the demangle key loads
 * it again through fn (a profile of other names, same name table).  The
 * view owns base and ctx (freed by ctx_free) from now on. */
void view_set_order_loader(ft_view *v, ft_order_fn fn, void *ctx,
    void (*ctx_free)(void *ctx));
void view_set_reloader(ft_view *v, ft_profile *base, int demangle, ft_reload_fn fn,
    void *ctx, void (*ctx_free)(void *ctx));
/* Show processes and threads at level g (enum ft_group): re-derive base
 * and the filtered profile.  V_* flags. */
int view_set_group(ft_view *v, int g);
/* Show names demangled in mode dm (enum ft_demangle).  V_* flags. */
int view_set_demangle(ft_view *v, int dm);
/* A comparison: the inputs c was built from, so filters and sample types
 * can rebuild it; takes over the filter list f already applied to c
 * (leaves *f empty; f may be NULL).  a, b must outlive the view. */
void view_set_inputs(ft_view *v, const ft_profile *a, int ca,
    const ft_profile *b, int cb, const ft_compare_opts *o, ft_filters *f);
/* --watch: the profile(s) were loaded again.  One profile: base replaces
 * the current base (the caller keeps owning both), or, when the view
 * regroups threads (view_set_raw), raw replaces raw (the view takes it
 * over and frees the old one).  A comparison: base and b (NULL: base,
 * a two-column file) replace the inputs (owned by the caller).  The new
 * names must extend the current table with the same ids (reload.c loads
 * into a copy of it), so zoom, selection, history, search, filters,
 * tables and the butterfly follow by call path.  -1 with err set; the
 * old tree stays. */
int view_reload(ft_view *v, ft_profile *base, ft_profile *raw,
    const ft_profile *b, ft_diag *err);
/* Search for pattern ("" clears).  -1 with err set on a bad regex; the
 * previous search stays. */
int view_search_set(ft_view *v, const char *pattern, ft_diag *err);
/* Matched samples of the whole profile and of the zoom root (each sample
 * once even when several frames of its stack match). */
void view_search_stats(ft_view *v, ft_val *all, ft_val *zoomed);
/* Is node highlighted by the search? */
int view_matched(const ft_view *v, uint32_t node);
/* Select the next (dir 1) or previous (-1) match in screen order. */
int view_search_step(ft_view *v, int dir);
/* Search for the exact name of the selected frame. */
void view_search_selected(ft_view *v);
/* Add "KIND RE" (or KIND=RE), remove the last, clear all: re-derive. */
int view_filter_add(ft_view *v, const char *line, ft_diag *err);
int view_filter_remove(ft_view *v, int all);
/* Remove filter i (in list order), or the search when i is the number of
 * filters.  V_* flags. */
int view_filter_remove_at(ft_view *v, int i);
/* U / Ctrl-R: the filter list before the last change, or the change
 * undone again.  V_* flags. */
int view_filter_undo(ft_view *v, int redo);
/* Entries of the filter list: the filters, then the search if any. */
int view_flist_len(const ft_view *v);
/* Rows the filter list panel takes when open, border included. */
int view_flist_rows(const ft_view *v);
/* Key i: invert on or off.  Key r: collapse recursion off -> direct ->
 * all -> off.  Both are entries of the filter list (chips). */
int view_toggle_invert(ft_view *v);
int view_cycle_collapse(ft_view *v);
/* Comparison: the next (dir 1) or previous sample type of B, and the type
 * of the same name in A. */
void view_compare_type(ft_view *v, int dir);
/* Open the butterfly view of function name.  -1 with err set. */
int view_butterfly_open(ft_view *v, uint32_t name, ft_diag *err);
void view_butterfly_close(ft_view *v);
/* Lay out the butterfly halves for the current screen size. */
void view_butterfly_geometry(ft_view *v);
/* The active half of the butterfly view. */
ft_view *view_butterfly_half(ft_view *v);
/* The real call stack, root first, through F to the selection of the
 * active half (malloc'd name ids into *names, the caller frees them);
 * returns its length. */
uint32_t view_butterfly_stack(const ft_view *v, uint32_t **names);
/* y / Y in the butterfly view: the name, or the real stack through F. */
int view_butterfly_copy(ft_view *v, int stack);
/* Open / close the function table; rebuild its rows. */
void view_table_open(ft_view *v);
/* Put every row the table shows (rows up to its last visible one) in
 * order; render_view() calls it. */
void view_table_ready(ft_view *v);
void view_table_close(ft_view *v);
void view_table_refresh(ft_view *v);
/* Keep only rows whose function matches pattern ("" shows all).  -1 with
 * err on a bad regex. */
int view_table_filter(ft_view *v, const char *pattern, ft_diag *err);
void view_table_move(ft_view *v, long d);
int view_table_page(const ft_view *v);
/* The next row order (self, total, name; comparison: |delta self|,
 * |delta total|). */
void view_table_sort(ft_view *v);
/* Name id of table row r (an index into rows). */
uint32_t view_table_name(const ft_view *v, uint32_t r);
/* Enter on row r: the butterfly (one profile) or the function's widest
 * frame in the graph (comparison). */
void view_table_enter(ft_view *v, uint32_t r);
/* y in the table: the row's function name. */
int view_table_copy(ft_view *v);
/* Open a prompt; accept its text. */
int view_prompt_open(ft_view *v, int kind);
int view_prompt_accept(ft_view *v, int kind, const char *text);

/* --- view_keys.c: the one dispatch -------------------------------------- */

/* The one entry point for keys: an open prompt, table, butterfly view or
 * help screen gets the key first, else keymap_action() -> view_apply().
 * Returns V_* flags. */
int view_key(ft_view *v, int key);
/* Apply an action; returns V_* flags. */
int view_apply(ft_view *v, enum ft_action a);
/* Mouse: click (or double click) at screen cell (x, y); wheel: dy = -1/+1. */
int view_click(ft_view *v, int x, int y, int dbl);
int view_wheel(ft_view *v, int dy);
/* The button released at (x, y): in the heat map, a press on one cell
 * and a release on another is a drag, the range between them taken as
 * Enter takes it (FlameScope's two cells).  V_* flags, 0 for nothing. */
int view_release(ft_view *v, int x, int y);

#endif
