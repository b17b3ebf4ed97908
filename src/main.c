/* main.c - command line: options, load, then one of the viewer, --dump,
 * --export, --top or --info.  Exit status: 0 ok, 1 error, 2 usage. */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "canvas.h"
#include "compare.h"
#include "compare_view.h"
#include "export.h"
#include "export_pprof.h"
#include "functions.h"
#include "keymap.h"
#include "load.h"
#include "match.h"
#include "merge.h"
#include "render.h"
#include "transform.h"
#include "render_compare.h"
#include "tui.h"
#include "units.h"
#include "view.h"
#include "xalloc.h"

#define MAX_FILES 64 /* --merge */
#define FLAMETUI_VERSION "0.1.0"

enum mode { MODE_VIEW, MODE_DUMP, MODE_EXPORT, MODE_TOP, MODE_INFO, MODE_BENCH };

struct options {
	enum mode mode;
	int dump_w, dump_h;
	const char *export_fmt;
	const char *out;
	long top;
	long bench_steps;
	int strict;
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
	int bench_filters;      /* hidden: time search, filters, butterfly */
	int diff, normalize;  /* comparison: differential view, scale A to B */
	int merge;            /* --merge: sum all the files into one profile */
	const char *files[MAX_FILES];
	int nfiles;
};

enum {
	OPT_DUMP = 256, OPT_SIZE, OPT_EXPORT, OPT_TOP, OPT_INFO, OPT_STRICT,
	OPT_SORT, OPT_COLOR, OPT_ASCII, OPT_UTF8, OPT_FLIP, OPT_ZOOM,
	OPT_SAMPLE_TYPE, OPT_LINES, OPT_NO_MOUSE, OPT_VERSION, OPT_HELP,
	OPT_KEYS_MDOC, OPT_BENCH_KEYS, OPT_SEARCH, OPT_BUTTERFLY, OPT_BENCH_FILTERS,
	OPT_DIFF, OPT_NORMALIZE, OPT_MERGE,
	OPT_FILTER, /* OPT_FILTER + enum ft_filter_kind: keep last */
};

static const struct option long_opts[] = {
	{"dump", no_argument, NULL, OPT_DUMP},
	{"size", required_argument, NULL, OPT_SIZE},
	{"export", required_argument, NULL, OPT_EXPORT},
	{"output", required_argument, NULL, 'o'},
	{"top", required_argument, NULL, OPT_TOP},
	{"info", no_argument, NULL, OPT_INFO},
	{"strict", no_argument, NULL, OPT_STRICT},
	{"sort", required_argument, NULL, OPT_SORT},
	{"color", required_argument, NULL, OPT_COLOR},
	{"colour", required_argument, NULL, OPT_COLOR},
	{"ascii", no_argument, NULL, OPT_ASCII},
	{"utf8", no_argument, NULL, OPT_UTF8},
	{"flip", no_argument, NULL, OPT_FLIP},
	{"zoom", required_argument, NULL, OPT_ZOOM},
	{"sample-type", required_argument, NULL, OPT_SAMPLE_TYPE},
	{"lines", no_argument, NULL, OPT_LINES},
	{"no-mouse", no_argument, NULL, OPT_NO_MOUSE},
	{"version", no_argument, NULL, OPT_VERSION},
	{"help", no_argument, NULL, OPT_HELP},
	{"keys-mdoc", no_argument, NULL, OPT_KEYS_MDOC},
	{"bench-keys", required_argument, NULL, OPT_BENCH_KEYS},
	{"search", required_argument, NULL, OPT_SEARCH},
	{"butterfly", required_argument, NULL, OPT_BUTTERFLY},
	{"bench-filters", no_argument, NULL, OPT_BENCH_FILTERS},
	{"focus", required_argument, NULL, OPT_FILTER + FILTER_FOCUS},
	{"ignore", required_argument, NULL, OPT_FILTER + FILTER_IGNORE},
	{"hide", required_argument, NULL, OPT_FILTER + FILTER_HIDE},
	{"show-from", required_argument, NULL, OPT_FILTER + FILTER_SHOW_FROM},
	{"prune-from", required_argument, NULL, OPT_FILTER + FILTER_PRUNE_FROM},
	{"show", required_argument, NULL, OPT_FILTER + FILTER_SHOW},
	{"diff", no_argument, NULL, OPT_DIFF},
	{"normalize", no_argument, NULL, OPT_NORMALIZE},
	{"merge", no_argument, NULL, OPT_MERGE},
	{"normalise", no_argument, NULL, OPT_NORMALIZE},
	{NULL, 0, NULL, 0},
};

static void
usage(FILE *out)
{
	fputs("usage: flametui [options] PROFILE\n"
	    "       flametui [options] BEFORE AFTER   (compare two profiles)\n"
	    "\n"
	    "Interactive terminal flame graph viewer for folded stacks, pprof\n"
	    "profiles (gzip or raw) and perf script output.  PROFILE may be - for stdin.\n"
	    "\n"
	    "options:\n"
	    "  --dump                 print the view as plain text instead of opening it\n"
	    "  --size COLSxROWS       size of --dump output (default 120x40)\n"
	    "  --export folded        write the profile as folded stacks\n"
	    "  --export pprof         write the profile as gzip'd pprof (profile.proto)\n"
	    "  -o, --output FILE      where --export writes (default: stdout)\n"
	    "  --top N                print the N functions with most self time\n"
	    "  --info                 print load statistics (lines, total, stacks, nodes)\n"
	    "  --sample-type NAME|N   sample type to show (pprof)\n"
	    "  --lines                pprof: one frame per function and line\n"
	    "  --zoom PATH            start zoomed into PATH (frames joined by ';')\n"
	    "  --flip                 root at the bottom (classic flame graph)\n"
	    "  --sort name|weight     child order: alphabetical (default) or heaviest first\n"
	    "  --sort self|total      order of the --top table and the function table\n"
	    "                         (name sorts it by name, weight by self)\n"
	    "  --strict               malformed input lines are fatal\n"
	    "  --color auto|always|never  colours (NO_COLOR is honoured)\n"
	    "  --ascii, --utf8        force ASCII or UTF-8 drawing (default: from locale)\n"
	    "  --no-mouse             do not enable mouse reporting\n"
	    "  --focus RE             keep only stacks with a frame matching RE\n"
	    "  --ignore RE            drop stacks with a frame matching RE\n"
	    "  --hide RE              remove frames matching RE (callees move up)\n"
	    "  --show-from RE         re-root each stack at its outermost match\n"
	    "  --prune-from RE        cut each stack below its innermost match (pprof)\n"
	    "  --show RE              keep only frames matching RE\n"
	    "                         (filters repeat and apply in order, to the viewer,\n"
	    "                         --dump, --top, --export and --info alike)\n"
	    "  --search RE            highlight frames matching RE (PCRE2, smart case)\n"
	    "  --butterfly NAME       open the callers/callees view of function NAME\n"
	    "  --merge                sum all the given profiles into one\n"
	    "  --diff                 comparison: open the differential flame graph\n"
	    "  --normalize            comparison: scale BEFORE to AFTER's total\n"
	    "                         (with two profiles, --top lists regressions and\n"
	    "                         --export folded writes 'stack BEFORE AFTER')\n"
	    "  --help, --version\n"
	    "\n"
	    "keys:\n", out);
	keymap_print_text(out);
}

static int usage_error(const char *fmt, const char *arg)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 0)))
#endif
    ;

static int
usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "flametui: ");
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
	fprintf(stderr, fmt, arg);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
	fprintf(stderr, "\nTry 'flametui --help'.\n");
	return 2;
}

static int
parse_size(const char *s, int *w, int *h)
{
	char *end;
	errno = 0;
	long a = strtol(s, &end, 10);
	if (end == s || (*end != 'x' && *end != 'X'))
		return -1;
	const char *t = end + 1;
	long b = strtol(t, &end, 10);
	if (end == t || *end != '\0' || errno != 0 || a < 1 || b < 1 || a > 10000 || b > 10000)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}

static int
parse_args(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof(*o));
	o->dump_w = 120;
	o->dump_h = 40;
	o->mouse = 1;
	o->top = -1;
	int c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:hV", long_opts, NULL)) != -1) {
		switch (c) {
		case OPT_DUMP: o->mode = MODE_DUMP; break;
		case OPT_SIZE:
			if (parse_size(optarg, &o->dump_w, &o->dump_h) != 0)
				return usage_error("--size wants COLSxROWS (e.g. 120x40), not '%s'", optarg);
			break;
		case OPT_EXPORT:
			if (strcmp(optarg, "folded") != 0 && strcmp(optarg, "pprof") != 0)
				return usage_error("--export: unknown format '%s' (known: folded, pprof)", optarg);
			o->mode = MODE_EXPORT;
			o->export_fmt = optarg;
			break;
		case 'o': o->out = optarg; break;
		case OPT_TOP: {
			char *end;
			long n = strtol(optarg, &end, 10);
			if (end == optarg || *end != '\0' || n < 0)
				return usage_error("--top wants a number, not '%s'", optarg);
			o->top = n;
			o->mode = MODE_TOP;
			break;
		}
		case OPT_INFO: o->mode = MODE_INFO; break;
		case OPT_BENCH_KEYS: { /* hidden: headless keystroke timing for make bench */
			char *end;
			long n = strtol(optarg, &end, 10);
			if (end == optarg || *end != '\0' || n < 1)
				return usage_error("--bench-keys wants a positive number, not '%s'", optarg);
			o->bench_steps = n;
			o->mode = MODE_BENCH;
			break;
		}
		case OPT_STRICT: o->strict = 1; break;
		case OPT_SORT:
			if (strcmp(optarg, "name") == 0)
				o->sort = FT_SORT_NAME, o->table_sort = FUNC_BY_NAME;
			else if (strcmp(optarg, "weight") == 0)
				o->sort = FT_SORT_WEIGHT, o->table_sort = FUNC_BY_SELF;
			else if (strcmp(optarg, "self") == 0)
				o->table_sort = FUNC_BY_SELF;
			else if (strcmp(optarg, "total") == 0)
				o->table_sort = FUNC_BY_TOTAL;
			else
				return usage_error("--sort wants name, weight, self or total, not '%s'", optarg);
			break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") == 0)
				o->color = FT_COLOR_AUTO;
			else if (strcmp(optarg, "always") == 0)
				o->color = FT_COLOR_ALWAYS;
			else if (strcmp(optarg, "never") == 0)
				o->color = FT_COLOR_NEVER;
			else
				return usage_error("--color wants auto, always or never, not '%s'", optarg);
			break;
		case OPT_ASCII: o->ascii = 1; o->utf8 = 0; break;
		case OPT_UTF8: o->utf8 = 1; o->ascii = 0; break;
		case OPT_FLIP: o->flip = 1; break;
		case OPT_ZOOM: o->zoom = optarg; break;
		case OPT_SAMPLE_TYPE: o->sample_type = optarg; break;
		case OPT_LINES: o->lines = 1; break;
		case OPT_NO_MOUSE: o->mouse = 0; break;
		case OPT_DIFF: o->diff = 1; break;
		case OPT_MERGE: o->merge = 1; break;
		case OPT_NORMALIZE: o->normalize = 1; break;
		case 'V':
		case OPT_VERSION:
			printf("flametui %s\n", FLAMETUI_VERSION);
			exit(0);
		case 'h':
		case OPT_HELP:
			usage(stdout);
			exit(0);
		case OPT_KEYS_MDOC:
			keymap_print_mdoc(stdout);
			exit(0);
		case OPT_SEARCH: o->search = optarg; break;
		case OPT_BUTTERFLY: o->butterfly = optarg; break;
		case OPT_BENCH_FILTERS: o->bench_filters = 1; break;
		case ':':
			return usage_error("option '%s' needs an argument", argv[optind - 1]);
		default:
			if (c >= OPT_FILTER && c < OPT_FILTER + FILTER_KINDS) {
				ft_diag err;
				if (filters_add(&o->filters, c - OPT_FILTER, optarg, &err) != 0) {
					char m[DIAG_MAX + 32];
					snprintf(m, sizeof(m), "%s: %s",
					    filter_kind_name(c - OPT_FILTER), err.msg);
					return usage_error("--%s", m);
				}
				break;
			}
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	for (int i = optind; i < argc; i++) {
		if (o->nfiles == (o->merge ? MAX_FILES : 2))
			return usage_error(o->merge ? "too many files to merge (at most 64): '%s'" :
			    "too many files (two compare; --merge sums more): '%s'", argv[i]);
		o->files[o->nfiles++] = argv[i];
	}
	if (o->merge && o->nfiles < 2)
		return usage_error("%s", "--merge wants two or more profiles");
	for (int i = 0; i < o->nfiles; i++)
		for (int j = i + 1; j < o->nfiles; j++)
			if (strcmp(o->files[i], "-") == 0 && strcmp(o->files[j], "-") == 0)
				return usage_error("%s", "stdin (-) can be given only once");
	if (o->nfiles == 0)
		return usage_error("%s", "no profile given (use - for stdin)");
	return -1;
}

/* --- progress on stderr for slow loads ------------------------------------ */

struct progress {
	double start;
	int shown;
	const char *name;
};

static double
now(void)
{
	struct timeval tv;
	gettimeofday(&tv, NULL);
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static void
progress_cb(void *ctx, uint64_t done, uint64_t size)
{
	struct progress *pr = ctx;
	if (now() - pr->start < 0.5)
		return;
	if (size > 0)
		fprintf(stderr, "\rflametui: loading %s: %llu MiB of %llu MiB (%d%%)",
		    pr->name, (unsigned long long)(done >> 20), (unsigned long long)(size >> 20),
		    (int)(done * 100 / size));
	else
		fprintf(stderr, "\rflametui: loading %s: %llu MiB", pr->name,
		    (unsigned long long)(done >> 20));
	pr->shown = 1;
}

static void
progress_end(struct progress *pr)
{
	if (pr->shown)
		fprintf(stderr, "\r\033[K");
}

static ft_profile *
load(const struct options *o, const char *path, ft_intern *names, ft_diag *err)
{
	ft_load_opts lo = {0};
	lo.strict = o->strict;
	lo.sort = o->sort;
	lo.lines = o->lines;
	struct progress pr = {now(), 0, path};
	if (isatty(STDERR_FILENO)) {
		lo.progress = progress_cb;
		lo.progress_ctx = &pr;
	}
	ft_load_report rep;
	ft_profile *p = load_file(path, names, &lo, &rep, err);
	progress_end(&pr);
	if (p == NULL)
		return NULL;
	if (rep.invalid > 0)
		fprintf(stderr, "flametui: %s: skipped %ld malformed line%s; first: %s\n",
		    path, rep.invalid, rep.invalid == 1 ? "" : "s", rep.first_bad.msg);
	if (rep.rounded > 0)
		fprintf(stderr, "flametui: %s (%ld line%s)\n", rep.first_rounded.msg,
		    rep.rounded, rep.rounded == 1 ? "" : "s");
	if (o->mode == MODE_INFO && o->nfiles == 1) {
		printf("lines=%ld\nvalid=%ld\ninvalid=%ld\nblank=%ld\ncomment=%ld\n"
		    "input_stacks=%ld\n", rep.lines, rep.valid, rep.invalid, rep.blank,
		    rep.comment, rep.stacks);
	}
	return p;
}

/* --sample-type NAME|INDEX: the column to show. */
static int
pick_type(const ft_profile *p, const char *want, ft_diag *err)
{
	if (want == NULL)
		return p->deftype;
	char *end;
	long i = strtol(want, &end, 10);
	if (end != want && *end == '\0') {
		if (i >= 0 && i < p->nvals)
			return (int)i;
	} else {
		for (int k = 0; k < p->nvals; k++)
			if (strcmp(p->types[k].name, want) == 0)
				return k;
	}
	char known[512] = "";
	for (int k = 0; k < p->nvals; k++) {
		size_t l = strlen(known);
		snprintf(known + l, sizeof(known) - l, "%s%d=%s", k ? ", " : "", k, p->types[k].name);
	}
	diag_set(err, "%s: no sample type '%s' (known: %s)", p->source, want, known);
	return -1;
}

/* --zoom a;b;c: the node at that path. */
static uint32_t
find_path(const ft_profile *p, const char *path, ft_diag *err)
{
	uint32_t node = FT_ROOT;
	const char *s = path;
	while (*s) {
		const char *semi = strchr(s, ';');
		size_t n = semi ? (size_t)(semi - s) : strlen(s);
		uint32_t found = FT_NONE;
		for (uint32_t c = p->nodes[node].child; c != FT_NONE; c = p->nodes[c].sibling) {
			uint32_t nm = p->nodes[c].name;
			const char *suf = kind_suffix(intern_kind(p->names, nm));
			size_t nl = intern_len(p->names, nm), sl = strlen(suf);
			if ((nl == n && memcmp(intern_str(p->names, nm), s, n) == 0) ||
			    (nl + sl == n && memcmp(intern_str(p->names, nm), s, nl) == 0 &&
			    memcmp(suf, s + nl, sl) == 0)) {
				found = c;
				break;
			}
		}
		if (found == FT_NONE) {
			diag_set(err, "--zoom: no frame at this path");
			diag_append_text(err, path, (size_t)(s - path + (long)n));
			return FT_NONE;
		}
		node = found;
		if (semi == NULL)
			break;
		s = semi + 1;
	}
	return node;
}

static int
locale_is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static int
print_info(const ft_profile *p, int col)
{
	char buf[64];
	printf("format=%s\n", p->format);
	for (int c = 0; c < p->nvals; c++) {
		val_format(buf, sizeof(buf), profile_total(p, FT_ROOT, c), p->scale);
		printf("type%d=%s/%s\ntotal%d=%s\n", c, p->types[c].name, p->types[c].unit, c, buf);
	}
	val_format(buf, sizeof(buf), profile_total(p, FT_ROOT, col), p->scale);
	printf("sample_type=%s\ntotal=%s\n", p->types[col].name, buf);
	printf("stacks=%u\nnodes=%u\n", profile_count_stacks(p), p->nnodes - 1);
	/* Distinct frame names used by nodes. */
	uint32_t nn = intern_count(p->names), used = 0;
	unsigned char *seen = xcalloc(nn ? nn : 1, 1);
	for (uint32_t i = 1; i < p->nnodes; i++) {
		if (!seen[p->nodes[i].name]) {
			seen[p->nodes[i].name] = 1;
			used++;
		}
	}
	free(seen);
	printf("names=%u\nmax_depth=%u\n", used, p->max_depth);
	if (p->note != NULL)
		printf("note=%s\n", p->note);
	for (int i = 0; i < p->nlabel_keys; i++)
		printf("label_key=%s\n", p->label_keys[i]);
	for (int i = 0; i < p->nnumlabel_keys; i++)
		printf("numlabel_key=%s\n", p->numlabel_keys[i]);
	return 0;
}

static int
print_top(const ft_profile *p, int col, long n, enum ft_func_sort sort, FILE *out)
{
	ft_func *f;
	uint32_t count = functions_table(p, col, sort, &f);
	char type[160], tot[64];
	units_type_label(type, sizeof(type), p, col);
	units_human(tot, sizeof(tot), p, col, profile_total(p, FT_ROOT, col));
	fprintf(out, "%s: %s, total %s, %u functions\n", p->source, type, tot, count);
	fprintf(out, "%14s %7s %14s %7s  %s\n", "self", "self%", "total", "total%", "function");
	double all = (double)profile_total(p, FT_ROOT, col);
	ft_canvas c;
	canvas_init(&c, 1, 1, locale_is_utf8());
	char *esc = xmalloc(4096);
	for (uint32_t i = 0; i < count && (n == 0 || i < (uint32_t)n); i++) {
		char s[32], t[32], sp[16], tp[16];
		val_format(s, sizeof(s), f[i].self, p->scale);
		val_format(t, sizeof(t), f[i].total, p->scale);
		units_pct(sp, sizeof(sp), (double)f[i].self, all);
		units_pct(tp, sizeof(tp), (double)f[i].total, all);
		escape_text(esc, 4096, intern_str(p->names, f[i].name),
		    intern_len(p->names, f[i].name), 4000);
		fprintf(out, "%14s %7s %14s %7s  %s%s\n", s, sp, t, tp, esc,
		    frame_suffix(p, f[i].name));
	}
	free(esc);
	canvas_free(&c);
	free(f);
	return ferror(out) ? -1 : 0;
}

static FILE *
open_output(const struct options *o)
{
	if (o->out == NULL || strcmp(o->out, "-") == 0)
		return stdout;
	FILE *out = fopen(o->out, "w");
	if (out == NULL)
		fprintf(stderr, "flametui: %s: %s\n", o->out, strerror(errno));
	return out;
}

static int
close_output(const struct options *o, FILE *out)
{
	if (out != stdout && fclose(out) != 0) {
		fprintf(stderr, "flametui: %s: %s\n", o->out, strerror(errno));
		return 1;
	}
	if (out == stdout && fflush(stdout) != 0)
		return 1;
	return 0;
}

/* The comparison view (side by side or differential) in the TUI or as
 * --dump text. */
static int
show_compare(struct options *o, ft_compare *cmp, const ft_profile *a, int ca,
    const ft_profile *b, int cb, uint32_t zoom, FILE *out)
{
	ft_cview v;
	ft_diag err = {{0}};
	int rc = 0;
	cview_init(&v, cmp, o->dump_w, o->dump_h);
	ft_compare_opts co = {o->normalize, o->sort};
	cview_set_inputs(&v, a, ca, b, cb, &co, &o->filters);
	v.mode = o->diff || a == b ? CV_DIFF : CV_SIDE;
	v.flip = o->flip;
	v.utf8 = o->ascii ? 0 : o->utf8 ? 1 : locale_is_utf8();
	if (zoom != FT_ROOT) {
		v.zoom = v.sel = zoom;
		v.dirty = 1;
	}
	if (o->search != NULL && cview_search_set(&v, o->search, &err) != 0) {
		fprintf(stderr, "flametui: --search: %s\n", err.msg);
		cview_free(&v);
		return 1;
	}
	if (o->mode == MODE_DUMP) {
		ft_canvas c;
		canvas_init(&c, v.w, v.h, v.utf8);
		render_cview(&v, &c);
		canvas_dump(&c, out);
		canvas_free(&c);
	} else {
		ft_tui_opts to = {o->color, strcmp(o->files[0], "-") == 0 ||
		    (o->nfiles == 2 && strcmp(o->files[1], "-") == 0), o->mouse};
		ft_screen s = cview_screen(&v);
		if (tui_run_screen(&s, &to, &err) != 0) {
			fprintf(stderr, "flametui: %s\n", err.msg);
			rc = 1;
		}
	}
	cview_free(&v);
	return rc;
}

/* Two profiles (or the two columns of a differential file): a = before,
 * b = after, sharing one name table. */
static int
run_compare(struct options *o, ft_profile *a, ft_profile *b)
{
	ft_diag err = {{0}};
	int ca, cb;
	if (o->butterfly != NULL) {
		fprintf(stderr, "flametui: --butterfly shows one profile; a comparison has "
		    "the regressions table (key R, or --top N)\n");
		return 2;
	}
	if (compare_pick_columns(a, b, o->sample_type, &ca, &cb, &err) != 0) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	if (strcmp(a->types[ca].unit, b->types[cb].unit) != 0)
		fprintf(stderr, "flametui: note: comparing %s in %s with %s in %s (folded stacks "
		    "have no unit; --normalize compares shares)\n", a->source, a->types[ca].unit,
		    b->source, b->types[cb].unit);
	ft_compare cmp;
	ft_compare_opts co = {o->normalize, o->sort};
	if (compare_build_filtered(&cmp, a, ca, b, cb, &co, &o->filters, &err) != 0) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		return 1;
	}
	uint32_t zoom = FT_ROOT;
	if (o->zoom != NULL && (zoom = find_path(cmp.u, o->zoom, &err)) == FT_NONE) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		compare_free(&cmp);
		return 1;
	}
	FILE *out = open_output(o);
	if (out == NULL) {
		compare_free(&cmp);
		return 1;
	}
	int rc = 0;
	char ta[64], tb[64];
	switch (o->mode) {
	case MODE_INFO:
		val_format(ta, sizeof(ta), cmp.total[0], cmp.u->scale);
		val_format(tb, sizeof(tb), cmp.total[1], cmp.u->scale);
		fprintf(out, "compare=%s vs %s\nsample_type=%s/%s\ntotal_a=%s\ntotal_b=%s\n"
		    "normalized=%d\nnodes=%u\nonly_a=%u\nonly_b=%u\n", cmp.src[0], cmp.src[1],
		    cmp.type[0], cmp.type[1], ta, tb, cmp.normalized, cmp.u->nnodes - 1,
		    cmp.only[0], cmp.only[1]);
		break;
	case MODE_BENCH:
		fprintf(stderr, "flametui: --bench-keys measures the single-profile viewer; give one profile\n");
		rc = 2;
		break;
	case MODE_EXPORT:
		if (strcmp(o->export_fmt, "folded") != 0) {
			fprintf(stderr, "flametui: a comparison exports only as folded stacks "
			    "(stack A B); use --export folded\n");
			rc = 2;
			break;
		}
		if (export_folded(cmp.u, CMP_A, CMP_B, out) != 0) {
			fprintf(stderr, "flametui: %s: write error\n", o->out ? o->out : "stdout");
			rc = 1;
		}
		break;
	case MODE_TOP:
		if (compare_write_top(&cmp, CMP_BASIS_SELF, o->top, out) != 0)
			rc = 1;
		break;
	case MODE_DUMP:
	case MODE_VIEW:
		rc = show_compare(o, &cmp, a, ca, b, cb, zoom, out);
		break;
	}
	if (close_output(o, out) != 0)
		rc = 1;
	compare_free(&cmp);
	return rc;
}

/* --bench-keys N: time N navigation steps and N zoom/unzoom steps, each
 * an action plus a full render into a canvas (what a keystroke costs the
 * viewer, minus the terminal), and print ms per step. */
static double
mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
bench_keys(ft_view *v, long n)
{
	static const enum ft_action nav[] = {
		ACT_DOWN, ACT_DOWN, ACT_RIGHT, ACT_DOWN, ACT_LEFT, ACT_DOWN, ACT_RIGHT,
		ACT_DOWN, ACT_UP, ACT_DOWN, ACT_PGDN, ACT_RIGHT, ACT_LEFT, ACT_PGUP,
		ACT_BOTTOM, ACT_TOP,
	};
	ft_canvas c;
	canvas_init(&c, v->w, v->h, v->utf8);
	render_view(v, &c);
	double t0 = mono_ms();
	for (long i = 0; i < n; i++) {
		view_apply(v, nav[i % (long)(sizeof(nav) / sizeof(nav[0]))]);
		render_view(v, &c);
	}
	double t_nav = mono_ms() - t0;
	view_apply(v, ACT_TOP);
	double t_zoom = 0, t_out = 0;
	long nz = 0, nout = 0;
	for (long i = 0; i < n; i++) {
		view_apply(v, ACT_DOWN);
		double t = mono_ms();
		view_apply(v, ACT_ZOOM);
		render_view(v, &c);
		t_zoom += mono_ms() - t;
		nz++;
		if (i % 4 == 3) {
			for (int k = 0; k < 4; k++) {
				t = mono_ms();
				view_apply(v, ACT_ZOOM_OUT);
				render_view(v, &c);
				t_out += mono_ms() - t;
				nout++;
			}
		}
	}
	printf("bench-keys: %dx%d, %ld steps: navigate %.3f ms/step, zoom %.3f ms/step, "
	    "unzoom %.3f ms/step\n", v->w, v->h, n, t_nav / (double)n,
	    t_zoom / (double)nz, nout ? t_out / (double)nout : 0.0);
	canvas_free(&c);
}

/* --butterfly NAME: the name id, with or without a `_[k]` style suffix. */
static uint32_t
find_function(const ft_profile *p, const char *name, ft_diag *err)
{
	size_t n = strlen(name);
	uint32_t id = intern_find(p->names, name, n, FT_KIND_NONE);
	for (int k = 1; id == UINT32_MAX && k < FT_KIND_COUNT; k++) {
		size_t sl = strlen(kind_suffix(k));
		if (n > sl && strcmp(name + n - sl, kind_suffix(k)) == 0)
			id = intern_find(p->names, name, n - sl, k);
	}
	if (id == UINT32_MAX || id == 0) {
		diag_set(err, "--butterfly: no function of this name");
		diag_append_text(err, name, n);
		return UINT32_MAX;
	}
	return id;
}

/* --bench-filters: milliseconds for a search, each filter kind and
 * opening a butterfly view, on the loaded profile.  The pattern is
 * --search RE when given, else the exact name of the function with the
 * most self time. */
static int
bench_filters(ft_profile *p, int col, const struct options *o)
{
	ft_func *f;
	uint32_t nf = functions_table(p, col, FUNC_BY_SELF, &f);
	if (nf == 0) {
		fprintf(stderr, "flametui: --bench-filters: empty profile\n");
		free(f);
		return 1;
	}
	uint32_t top = f[0].name;
	free(f);
	char *pat = o->search != NULL ? xstrdup(o->search) :
	    match_quote(intern_str(p->names, top), intern_len(p->names, top), 1);
	ft_diag err;
	ft_view v;
	view_init(&v, p, 120, 40);
	v.col = col;
	v.sort = o->sort;
	double t0 = now();
	ft_val a, z;
	if (view_search_set(&v, pat, &err) != 0) {
		fprintf(stderr, "flametui: --search: %s\n", err.msg);
		view_free(&v);
		free(pat);
		return 1;
	}
	view_search_stats(&v, &a, &z);
	printf("nodes=%u names=%u pattern=%s\n", p->nnodes, intern_count(p->names), pat);
	printf("search_ms=%.1f ", (now() - t0) * 1e3);
	for (int k = 0; k < FILTER_KINDS; k++) {
		ft_filters fl = {0};
		t0 = now();
		filters_add(&fl, k, pat, &err);
		ft_profile *q = transform_apply(p, &fl, o->sort, col, &err);
		double ms = (now() - t0) * 1e3;
		const char *kn = filter_kind_name(k);
		for (; *kn; kn++)
			putchar(*kn == '-' ? '_' : *kn);
		printf("_ms=%.1f", ms);
		if (q != NULL)
			profile_free(q);
		filters_free(&fl);
		putchar(' ');
	}
	t0 = now();
	if (view_butterfly_open(&v, top, &err) != 0) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		view_free(&v);
		free(pat);
		return 1;
	}
	ft_canvas c;
	canvas_init(&c, v.w, v.h, 1);
	render_view(&v, &c);
	printf("butterfly_ms=%.1f\n", (now() - t0) * 1e3);
	canvas_free(&c);
	view_free(&v);
	free(pat);
	return 0;
}

/* --merge: load every file (one name table) and sum them. */
static ft_profile *
load_merged(const struct options *o, ft_intern *names, ft_diag *err)
{
	ft_profile *ps[MAX_FILES];
	int n = 0;
	for (; n < o->nfiles; n++)
		if ((ps[n] = load(o, o->files[n], names, err)) == NULL)
			break;
	ft_profile *m = n == o->nfiles ? profile_merge(ps, n, o->sort, err) : NULL;
	for (int i = 0; i < n; i++)
		profile_free(ps[i]);
	return m;
}

static int
run(struct options *o)
{
	ft_diag err = {{0}};
	ft_intern *names = o->nfiles >= 2 ? intern_new() : NULL;
	ft_profile *base = NULL, *b = NULL;
	if (o->merge)
		base = load_merged(o, names, &err);
	else
		base = load(o, o->files[0], names, &err);
	if (base != NULL && !o->merge && o->nfiles == 2 &&
	    (b = load(o, o->files[1], names, &err)) == NULL) {
		profile_free(base);
		base = NULL;
	}
	if (names != NULL)
		intern_unref(names);
	if (base == NULL) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		filters_free(&o->filters);
		return 1;
	}
	if (b != NULL || (base->differential && o->mode != MODE_INFO &&
	    (o->mode != MODE_EXPORT || o->normalize))) {
		/* Filters apply to both sides of a comparison alike. */
		int crc = run_compare(o, base, b != NULL ? b : base);
		if (b != NULL)
			profile_free(b);
		profile_free(base);
		filters_free(&o->filters);
		return crc;
	}
	if (o->diff || o->normalize) {
		fprintf(stderr, "flametui: %s: --diff and --normalize compare two profiles "
		    "(give two files, or a two-column differential file)\n", base->source);
		profile_free(base);
		filters_free(&o->filters);
		return 2;
	}
	int rc = 0;
	int col = pick_type(base, o->sample_type, &err);
	if (col < 0) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		profile_free(base);
		filters_free(&o->filters);
		return 1;
	}
	if (o->sort == FT_SORT_WEIGHT && col != base->deftype)
		profile_sort(base, FT_SORT_WEIGHT, col);
	if (o->bench_filters) {
		rc = bench_filters(base, col, o);
		profile_free(base);
		filters_free(&o->filters);
		return rc;
	}
	/* Filters apply to every mode: p is what all of them show. */
	ft_profile *p = base;
	if (o->filters.n > 0) {
		p = transform_apply(base, &o->filters, o->sort, col, &err);
		if (p == NULL) {
			fprintf(stderr, "flametui: %s\n", err.msg);
			profile_free(base);
			filters_free(&o->filters);
			return 1;
		}
	}
	uint32_t zoom = FT_ROOT;
	uint32_t bfly = UINT32_MAX;
	if ((o->zoom != NULL && (zoom = find_path(p, o->zoom, &err)) == FT_NONE) ||
	    (o->butterfly != NULL && (bfly = find_function(p, o->butterfly, &err)) == UINT32_MAX)) {
		fprintf(stderr, "flametui: %s\n", err.msg);
		if (p != base)
			profile_free(p);
		profile_free(base);
		filters_free(&o->filters);
		return 1;
	}
	FILE *out = stdout;
	if (o->out != NULL && strcmp(o->out, "-") != 0) {
		out = fopen(o->out, "w");
		if (out == NULL) {
			fprintf(stderr, "flametui: %s: %s\n", o->out, strerror(errno));
			if (p != base)
				profile_free(p);
			profile_free(base);
			filters_free(&o->filters);
			return 1;
		}
	}
	switch (o->mode) {
	case MODE_INFO:
		print_info(p, col);
		break;
	case MODE_EXPORT:
		if (strcmp(o->export_fmt, "pprof") == 0) {
			if (isatty(fileno(out))) {
				fprintf(stderr, "flametui: --export pprof writes binary data; "
				    "use -o FILE or a pipe\n");
				rc = 1;
			} else if (export_pprof(p, out, &err) != 0) {
				fprintf(stderr, "flametui: %s: %s\n", o->out ? o->out : "stdout", err.msg);
				rc = 1;
			}
			break;
		}
		if (export_folded(p, p->differential ? 0 : col, p->differential ? 1 : -1, out) != 0) {
			fprintf(stderr, "flametui: %s: write error\n", o->out ? o->out : "stdout");
			rc = 1;
		}
		break;
	case MODE_TOP:
		if (print_top(p, col, o->top, o->table_sort, out) != 0)
			rc = 1;
		break;
	case MODE_DUMP:
	case MODE_BENCH:
	case MODE_VIEW: {
		ft_view v;
		view_init(&v, p, o->dump_w, o->dump_h);
		v.col = col;
		v.flip = o->flip;
		v.sort = o->sort;
		v.table.sort = (int)o->table_sort;
		v.utf8 = o->ascii ? 0 : o->utf8 ? 1 : locale_is_utf8();
		/* The view owns the derived profile and the filter list now. */
		view_set_base(&v, base, p != base ? p : NULL, &o->filters);
		if (zoom != FT_ROOT) {
			v.zoom = zoom;
			v.sel = zoom;
			v.layout_dirty = 1;
		}
		if (o->search != NULL && view_search_set(&v, o->search, &err) != 0) {
			fprintf(stderr, "flametui: --search: %s\n", err.msg);
			view_free(&v);
			profile_free(base);
			return 1;
		}
		if (bfly != UINT32_MAX && view_butterfly_open(&v, bfly, &err) != 0) {
			fprintf(stderr, "flametui: %s\n", err.msg);
			view_free(&v);
			profile_free(base);
			return 1;
		}
		p = base; /* freed below; the derived one goes with the view */
		if (o->mode == MODE_BENCH) {
			bench_keys(&v, o->bench_steps);
		} else if (o->mode == MODE_DUMP) {
			ft_canvas c;
			canvas_init(&c, v.w, v.h, v.utf8);
			render_view(&v, &c);
			canvas_dump(&c, out);
			canvas_free(&c);
		} else {
			ft_tui_opts to = {o->color, strcmp(o->files[0], "-") == 0, o->mouse};
			if (tui_run(&v, &to, &err) != 0) {
				fprintf(stderr, "flametui: %s\n", err.msg);
				rc = 1;
			}
		}
		view_free(&v);
		break;
	}
	}
	if (out != stdout && fclose(out) != 0) {
		fprintf(stderr, "flametui: %s: %s\n", o->out, strerror(errno));
		rc = 1;
	} else if (out == stdout && fflush(stdout) != 0) {
		rc = 1;
	}
	if (p != base)
		profile_free(p);
	profile_free(base);
	filters_free(&o->filters);
	return rc;
}

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	struct options o;
	int rc = parse_args(argc, argv, &o);
	if (rc >= 0) {
		filters_free(&o.filters);
		return rc;
	}
	return run(&o);
}
