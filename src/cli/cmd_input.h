/* cmd_input.h - the parsed command line and what the commands work on.
 *
 * main.c turns argv into a ft_cmdline (below) and calls cmd_run()
 * (cmd_run.h), which loads the input here and hands it to one command:
 * view, dump, export, top or info (one header each).  The commands print
 * their own messages and return the exit status (0 ok, 1 error, 2 usage).
 * They are the front end's glue, not part of libflametui.a.
 */
#ifndef FT_CMD_INPUT_H
#define FT_CMD_INPUT_H

#include <stdint.h>
#include <stdio.h>

#include "ops/compare.h"
#include "ops/function_table.h"
#include "input/load.h"
#include "profile/profile.h"
#include "ops/filters.h"
#include "draw/tui.h"

#define CMD_MAX_FILES 64 /* --merge */

enum ft_command { CMD_VIEW, CMD_DUMP, CMD_EXPORT, CMD_TOP, CMD_INFO };

/* The parsed command line.  Add a field here, its option in main.c's
 * table and its use in the command that needs it. */
typedef struct ft_cmdline {
	enum ft_command cmd;
	int dump_w, dump_h;     /* --size */
	const char *export_fmt; /* --export */
	const char *out;        /* -o */
	long top;               /* --top N */
	int strict;
	int threads;            /* --threads N; 0: automatic */
	enum ft_sort sort;
	enum ft_func_sort table_sort; /* --top and the function table */
	enum ft_color_opt color;
	int ascii, utf8;
	int flip;
	const char *zoom;
	const char *sample_type;
	int lines;
	int mouse;
	ft_filters filters;     /* --focus ... --show, in order */
	const char *search;     /* --search RE */
	const char *butterfly;  /* --butterfly NAME */
	int details;            /* --details: the details panel open */
	int heatmap;            /* --view heatmap: the heat map open */
	int chart;              /* --view chart: the flame chart open */
	int diff;               /* comparison: open the differential view */
	int elided;             /* comparison: open the elided graph (what vanished) */
	int normalize;          /* scale A to B: 1 --normalize, -1 --no-normalize,
	                         * 0 when the sample types differ */
	int strip_root;         /* comparison: --strip-root */
	int norm_mode;          /* comparison: --normalize MODE, enum cmp_norm
	                         * (0: robust, or total when the types differ) */
	int palette;            /* comparison: --palette, enum cmp_palette */
	double min_change;      /* comparison: --min-change PCT (0: all rows) */
	double min_share;       /* comparison: --min-share PCT (0: all rows) */
	int exact_names;        /* comparison: --exact-names */
	int merge;              /* --merge: sum all the files into one profile */
	int watch;              /* --watch: reload the file(s) when they change */
	int group;              /* --group: enum ft_group */
	int demangle;           /* --demangle: enum ft_demangle */
	const char *unit;       /* --unit: canonical unit name, or NULL */
	long seconds;           /* --seconds N for URLs (-1: as the URL says) */
	long timeout;           /* --timeout N for URLs (0: default) */
	int svg_width;          /* --svg-width PX (0: default) */
	double min_width;       /* --min-width PX (0: default) */
	const char *time_b;     /* --time-range-b: range B (range A in time_a) */
	char time_a[64];        /* --time-range when time_b: range A */
	const struct ft_live *live; /* record: the recording the viewer follows (cmd_watch.h) */
	const char *files[CMD_MAX_FILES];
	int nfiles;
} ft_cmdline;

/* What the commands work on: one profile (after filters) or a comparison. */
typedef struct ft_input {
	ft_profile *base;  /* as loaded (owned) */
	ft_profile *p;     /* base or its filtered copy (owned when != base) */
	int col;           /* sample type shown */
	uint32_t zoom;     /* --zoom node in p (or in cmp.u), FT_ROOT if none */
	uint32_t bfly;     /* --butterfly name id, UINT32_MAX if none */
	/* A comparison: b is the second profile (NULL for the two columns of
	 * one differential file, then b == base in cmp's inputs). */
	int compare;
	ft_profile *b;     /* owned, or NULL */
	int ca, cb;
	ft_compare cmp;
	ft_compare_opts copts; /* as resolved (normalised when types differ) */
	ft_profile *ra;    /* range against range: the tree of range A (owned;
	                    * range B's is b), compared in cmp */
	int have_report;   /* one file (no --merge): its load report */
	ft_load_report report;
	/* The viewer's group and demangle keys relabel raw, the profile as
	 * loaded (threads apart, names as in the file; owned unless it is
	 * base itself; NULL when there is nothing to relabel). */
	ft_profile *raw;
	/* Or, for a base demangled while loading (names_merged), its input,
	 * to load again in another mode (cmd_again_load); NULL otherwise. */
	void *again;
	/* One file (not standard input) for the viewer: read again in
	 * sample order for the flame chart (cmd_order_load); NULL otherwise. */
	void *ordered;
	uint32_t threads, processes; /* as loaded (--info) */
	/* Warnings and notes met while loading go to stderr at once; the
	 * viewer also shows the first on opening (stderr is only seen after
	 * quitting it). */
	int nwarn;
	char warn[DIAG_MAX];
} ft_input;

/* What loading does after the loader, for a profile loaded again
 * (--watch): --unit (silently) and --group (see cmd.c's regroup(): with
 * raw non-NULL, *raw keeps p when the result differs).  NULL with err. */
ft_profile *cmd_postload(const ft_cmdline *o, ft_profile *p, ft_profile **raw,
    ft_diag *err);

/* The viewer's demangle key on a profile demangled while loading: its
 * input (ft_input.again) loaded again in mode dm, finished with (sort,
 * col); and the input freed.  The types of ft_reload_fn (view.h). */
ft_profile *cmd_again_load(void *again, int dm, enum ft_sort sort, int col,
    ft_diag *err);
void cmd_again_free(void *again);

/* The viewer's flame chart of a profile without time: its file (or URL,
 * ft_input.ordered) read again keeping its samples' order (order.h),
 * grouped and demangled as the viewer shows it, finished with (sort,
 * col).  NULL with err, also when the format keeps no order (a call
 * graph).  The types of ft_order_fn (view.h). */
ft_profile *cmd_order_load(void *ctx, int group, int dm, enum ft_sort sort, int col,
    ft_diag *err);
void cmd_order_free(void *ctx);

/* Load, pick the sample type, apply filters, find --zoom/--butterfly.
 * Returns -1 when ready, else the exit status (the message is printed). */
int cmd_input_load(ft_input *in, const ft_cmdline *o);
void cmd_input_free(ft_input *in);

/* --export svg: drawn from a view, like --dump (cmd_view.c). */
int cmd_export_is_svg(const ft_cmdline *o);

/* -o FILE or stdout; NULL (message printed) when it cannot be opened. */
FILE *cmd_output_open(const ft_cmdline *o);
/* Close what cmd_output_open returned: 0, or 1 on a write error. */
int cmd_output_close(const ft_cmdline *o, FILE *out);



#endif
