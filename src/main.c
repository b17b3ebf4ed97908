/* main.c - argv -> options -> command -> exit status (0 ok, 1 error,
 * 2 usage).  The commands live in cmd*.c; the benchmark drivers in bench/.
 *
 * To add an option: an OPT_ value, a row in `options` (its --help text
 * included) and a case in parse_option(); the field goes in ft_cmdline
 * (cmd.h) and its use in the command that needs it. */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd_input.h"
#include "cli/cmd_msg.h"
#include "cli/cmd_record.h"
#include "cli/cmd_run.h"
#include "view/keymap.h"
#include "profile/demangle.h"
#include "profile/relabel.h"
#include "profile/units.h"
#include "profile/timeline.h"

#define FLAMETUI_VERSION "0.1.0"

enum {
	OPT_DUMP = 256, OPT_SIZE, OPT_EXPORT, OPT_TOP, OPT_INFO, OPT_STRICT,
	OPT_SORT, OPT_COLOR, OPT_ASCII, OPT_UTF8, OPT_FLIP, OPT_ZOOM,
	OPT_SAMPLE_TYPE, OPT_LINES, OPT_NO_MOUSE, OPT_VERSION, OPT_HELP,
	OPT_KEYS_MDOC, OPT_SEARCH, OPT_BUTTERFLY,
	OPT_DIFF, OPT_ELIDED, OPT_NORMALIZE, OPT_NO_NORMALIZE, OPT_STRIP_ROOT, OPT_EXACT_NAMES, OPT_MERGE, OPT_GROUP, OPT_UNIT, OPT_DEMANGLE, OPT_DETAILS,
	OPT_SVG_WIDTH, OPT_MIN_WIDTH, OPT_SECONDS, OPT_TIMEOUT, OPT_WATCH,
	OPT_THREADS, OPT_VIEW, OPT_TIME_RANGE_B, OPT_PALETTE, OPT_MIN_CHANGE, OPT_MIN_SHARE,
	OPT_FILTER, /* OPT_FILTER + enum ft_filter_kind: keep last */
};

/* One row per long option: getopt's entry and its --help lines (NULL for
 * aliases and hidden options), in --help order. */
struct cli_option {
	const char *name;
	int has_arg;
	int id;
	const char *help;
};

static const struct cli_option options[] = {
	{"dump", no_argument, OPT_DUMP,
	    "  --dump                 print the view as plain text instead of opening it\n"},
	{"size", required_argument, OPT_SIZE,
	    "  --size COLSxROWS       size of --dump output (default 120x40)\n"},
	{"export", required_argument, OPT_EXPORT,
	    "  --export folded        write the profile as folded stacks\n"
	    "  --export pprof         write the profile as gzip'd pprof (profile.proto)\n"
	    "  --export speedscope    write the profile as speedscope JSON\n"
	    "  --export svg           write the view (zoom, filters, search, --flip) as an\n"
	    "                         interactive SVG: hover for details, click to zoom,\n"
	    "                         Ctrl-F to search; e.g. --export svg -o cpu.svg x.pb.gz\n"
	    "  --export heatmap       write the heat map of the whole recording (perf\n"
	    "                         script, .cpuprofile) as FlameScope's JSON: 1 s\n"
	    "                         columns, 50 subsecond rows, idle samples left out\n"},
	{"watch", no_argument, OPT_WATCH,
	    "  --watch                reload the file(s) when they change (appended,\n"
	    "                         rewritten, replaced), keeping zoom, selection,\n"
	    "                         filters and search; a URL is fetched again every\n"
	    "                         --seconds N (default 10)\n"},
	{"seconds", required_argument, OPT_SECONDS,
	    "  --seconds N            URL: profile for N seconds (sets seconds=N)\n"},
	{"timeout", required_argument, OPT_TIMEOUT,
	    "  --timeout N            URL: give up after N seconds (default: the\n"
	    "                         profiling time plus 30)\n"},
	{"svg-width", required_argument, OPT_SVG_WIDTH,
	    "  --svg-width PX         width of the SVG (default 1200)\n"},
	{"min-width", required_argument, OPT_MIN_WIDTH,
	    "  --min-width PX         leave out SVG frames narrower than PX (default 0.1)\n"},
	{"output", required_argument, 'o',
	    "  -o, --output FILE      where --export writes (default: stdout)\n"},
	{"top", required_argument, OPT_TOP,
	    "  --top N                print the N functions with most self time\n"},
	{"info", no_argument, OPT_INFO,
	    "  --info                 print load statistics (lines, total, stacks, nodes)\n"},
	{"sample-type", required_argument, OPT_SAMPLE_TYPE,
	    "  --sample-type NAME|N   sample type to show (pprof, perf events)\n"},
	{"unit", required_argument, OPT_UNIT,
	    "  --unit U               unit of the counts when the format has none\n"
	    "                         (folded, systemtap, DTrace, bpftrace):\n"
	    "                         samples, ns, us, ms, s, bytes or count\n"},
	{"demangle", required_argument, OPT_DEMANGLE,
	    "  --demangle M           C++/Rust names: short drops argument lists and\n"
	    "                         template arguments (default, as pprof; keeps\n"
	    "                         <Type as Trait>::f), full keeps them, none shows\n"
	    "                         names as mangled in the file\n"},
	{"group", required_argument, OPT_GROUP,
	    "  --group G              processes and threads (perf): none merges them\n"
	    "                         (default), process and thread give each its own\n"
	    "                         root frame, comm-pid or comm-pid/tid\n"},
	{"lines", no_argument, OPT_LINES,
	    "  --lines                pprof: one frame per function and line\n"},
	{"zoom", required_argument, OPT_ZOOM,
	    "  --zoom PATH            start zoomed into PATH (frames joined by ';')\n"},
	{"flip", no_argument, OPT_FLIP,
	    "  --flip                 root at the bottom (classic flame graph)\n"},
	{"sort", required_argument, OPT_SORT,
	    "  --sort name|weight     child order: alphabetical (default) or heaviest first\n"
	    "  --sort self|total      order of the --top table and the function table\n"
	    "                         (name sorts it by name, weight by self)\n"},
	{"strict", no_argument, OPT_STRICT,
	    "  --strict               malformed input lines are fatal\n"},
	{"threads", required_argument, OPT_THREADS,
	    "  --threads N            read a big folded file in N parts at once\n"
	    "                         (default: the CPUs, at most 2; 1: one thread)\n"},
	{"color", required_argument, OPT_COLOR,
	    "  --color auto|always|never  colours (NO_COLOR is honoured)\n"},
	{"colour", required_argument, OPT_COLOR, NULL},
	{"min-change", required_argument, OPT_MIN_CHANGE,
	    "  --min-change PCT       comparison: hide regressions rows (--top, R) whose\n"
	    "                         change is below PCT% of A's value (e.g. 5%)\n"},
	{"min-share", required_argument, OPT_MIN_SHARE,
	    "  --min-share PCT        comparison: hide regressions rows below PCT% of both\n"
	    "                         totals (e.g. 0.5%)\n"},
	{"palette", required_argument, OPT_PALETTE,
	    "  --palette redblue|colorblind  comparison: frames whose change is significant\n"
	    "                         are red (slower) and blue (faster), or orange and\n"
	    "                         blue (colour-blind safe); the others are grey\n"},
	{"ascii", no_argument, OPT_ASCII,
	    "  --ascii, --utf8        force ASCII or UTF-8 drawing (default: from locale)\n"},
	{"utf8", no_argument, OPT_UTF8, NULL},
	{"no-mouse", no_argument, OPT_NO_MOUSE,
	    "  --no-mouse             do not enable mouse reporting\n"},
	{"focus", required_argument, OPT_FILTER + FILTER_FOCUS,
	    "  --focus RE             keep only stacks with a frame matching RE\n"},
	{"ignore", required_argument, OPT_FILTER + FILTER_IGNORE,
	    "  --ignore RE            drop stacks with a frame matching RE\n"},
	{"hide", required_argument, OPT_FILTER + FILTER_HIDE,
	    "  --hide RE              remove frames matching RE (callees move up)\n"},
	{"show-from", required_argument, OPT_FILTER + FILTER_SHOW_FROM,
	    "  --show-from RE         re-root each stack at its outermost match\n"},
	{"prune-from", required_argument, OPT_FILTER + FILTER_PRUNE_FROM,
	    "  --prune-from RE        cut each stack below its innermost match (pprof)\n"},
	{"show", required_argument, OPT_FILTER + FILTER_SHOW,
	    "  --show RE              keep only frames matching RE\n"
	    "                         (filters repeat and apply in order, to the viewer,\n"
	    "                         --dump, --top, --export and --info alike)\n"},
	{"collapse-recursion", optional_argument, OPT_FILTER + FILTER_COLLAPSE,
	    "  --collapse-recursion[=direct|all]  merge direct recursion (a;a;b -> a;b),\n"
	    "                         or with =all drop every frame already on the stack\n"
	    "                         (a;b;a;c -> a;b;c); --top keeps unflattened figures\n"},
	{"invert", no_argument, OPT_FILTER + FILTER_INVERT,
	    "  --invert               bottom-up graph: leaves become roots, callers above\n"},
	{"only-a", no_argument, OPT_FILTER + FILTER_ONLY_A,
	    "  --only-a, --only-b     comparison: only the call paths that A alone has\n"
	    "                         (what vanished), or B alone (what is new), under\n"
	    "                         their callers; shares stay of the whole A and B\n"},
	{"only-b", no_argument, OPT_FILTER + FILTER_ONLY_B, NULL},
	{"tagfocus", required_argument, OPT_FILTER + FILTER_TAGFOCUS,
	    "  --tagfocus [KEY=]VALUE keep samples with a label matching (pprof syntax:\n"
	    "                         regexes, or ranges with units: bytes=1kb:, :64b)\n"},
	{"tagignore", required_argument, OPT_FILTER + FILTER_TAGIGNORE,
	    "  --tagignore [KEY=]VALUE  drop samples with a label matching\n"},
	{"tagroot", required_argument, OPT_FILTER + FILTER_TAGROOT,
	    "  --tagroot KEY[,KEY]    label values as frames above the root\n"},
	{"tagleaf", required_argument, OPT_FILTER + FILTER_TAGLEAF,
	    "  --tagleaf KEY[,KEY]    label values as frames below the leaf\n"},
	{"tagshow", required_argument, OPT_FILTER + FILTER_TAGSHOW,
	    "  --tagshow RE, --taghide RE  which label keys the details list\n"},
	{"taghide", required_argument, OPT_FILTER + FILTER_TAGHIDE, NULL},
	{"time-range", required_argument, OPT_FILTER + FILTER_TIME,
	    "  --time-range A,B       only the samples taken from A to B seconds after\n"
	    "                         the recording's first whole second (the heat\n"
	    "                         map's origin; A <= t - floor(start) < B); B may be\n"
	    "                         'end' (perf script, .cpuprofile); a trace's\n"
	    "                         duration events: their self time in the range,\n"
	    "                         seconds after the first event's start\n"},
	{"time-range-b", required_argument, OPT_TIME_RANGE_B,
	    "  --time-range-b C,D     compare the --time-range A,B of the one file (A)\n"
	    "                         with its samples (a trace: its events' self time)\n"
	    "                         from C to D (B), A per second: normalised by the\n"
	    "                         ranges' lengths (--normalize: another mode), in\n"
	    "                         the viewer, --dump, --top, --export and --info\n"},
	{"search", required_argument, OPT_SEARCH,
	    "  --search RE            highlight frames matching RE (PCRE2, smart case)\n"},
	{"butterfly", required_argument, OPT_BUTTERFLY,
	    "  --butterfly NAME       open the callers/callees view of function NAME\n"},
	{"view", required_argument, OPT_VIEW,
	    "  --view heatmap         open the heat map (key H): when the samples were\n"
	    "                         taken, FlameScope's subsecond-offset picture\n"
	    "  --view chart           open the flame chart (key T): the samples in time\n"
	    "                         order, a frame as long as it stays on the stack;\n"
	    "                         without time, in the order of the file's samples\n"
	    "                         (--view flame: the flame graph, the default)\n"},
	{"details", no_argument, OPT_DETAILS,
	    "  --details              open the details panel of the selected frame\n"},
	{"merge", no_argument, OPT_MERGE,
	    "  --merge                sum all the given profiles into one\n"},
	{"diff", no_argument, OPT_DIFF,
	    "  --diff                 comparison: open the differential flame graph\n"},
	{"elided", no_argument, OPT_ELIDED,
	    "  --elided               comparison: open the elided graph, what vanished\n"
	    "                         (the paths of BEFORE that AFTER no longer has)\n"},
	{"normalize", optional_argument, OPT_NORMALIZE,
	    "  --normalize [MODE]     comparison: how BEFORE is scaled: robust (the\n"
	    "                         default: by k, the ratio of an unchanged function),\n"
	    "                         absolute (not), total (to AFTER's total: --normalize\n"
	    "                         alone), rate (per second of each recording, or\n"
	    "                         of each --time-range-b range: their default)\n"
	    "                         (with two profiles, --top lists regressions and\n"
	    "                         --export folded writes 'stack BEFORE AFTER')\n"},
	{"normalise", optional_argument, OPT_NORMALIZE, NULL},
	{"no-normalize", no_argument, OPT_NO_NORMALIZE,
	    "  --no-normalize         comparison: raw values even when the sample types\n"
	    "                         differ (then BEFORE is scaled to AFTER's total)\n"},
	{"no-normalise", no_argument, OPT_NO_NORMALIZE, NULL},
	{"strip-root", no_argument, OPT_STRIP_ROOT,
	    "  --strip-root           comparison: match stacks below their root frames\n"
	    "                         (app-v1 vs app-v2)\n"},
	{"exact-names", no_argument, OPT_EXACT_NAMES,
	    "  --exact-names          comparison: match frame names exactly (not ignoring\n"
	    "                         kinds, +0x offsets, argument lists, .so versions;\n"
	    "                         by default one A name to one B name, listed by\n"
	    "                         --info)\n"},
	{"version", no_argument, OPT_VERSION, NULL},
	{"help", no_argument, OPT_HELP, "  --help, --version\n"},
	{"keys-mdoc", no_argument, OPT_KEYS_MDOC, NULL},
};

#define NOPTIONS (sizeof(options) / sizeof(options[0]))

static void
usage(FILE *out)
{
	fputs("usage: flametui [options] PROFILE|URL\n"
	    "       flametui [options] BEFORE AFTER   (compare two profiles)\n"
	    "       flametui record [record options] [options] (-- CMD ARGS | -p PID[,PID] | -a)\n"
	    "\n"
	    "Interactive terminal flame graph viewer.  PROFILE may be - for stdin; its\n"
	    "format is recognised from its content (--info says which and why):\n"
	    "  folded stacks   stackcollapse-*.pl, BCC profile -df / offcputime -df\n"
	    "  pprof           go tool pprof -proto, Cloud Profiler, Pyroscope (gzip or raw)\n"
	    "  perf script     perf record -g ...; perf script > out.perf\n"
	    "  perf.data       perf record -g ... (read through perf script, which must be here)\n"
	    "  systemtap       sample-bt -p PID -t 30 -u > out.bt (sample-bt-off-cpu: --unit us)\n"
	    "  DTrace          dtrace -n 'profile-997 { @[ustack()] = count(); }' -o out.stacks\n"
	    "  bpftrace        bpftrace -e 'profile:hz:99 { @[kstack, ustack, comm] = count(); }'\n"
	    "  .cpuprofile     node --cpu-prof; Chrome DevTools: Save profile; v8-profiler\n"
	    "  Chrome trace    Performance panel, chrome --trace-startup, clang -ftime-trace\n"
	    "  speedscope      flametui --export speedscope, py-spy record -f speedscope\n"
	    "  JFR             java -XX:StartFlightRecording=filename=x.jfr; jcmd PID JFR.dump\n"
	    "  callgrind       valgrind --tool=callgrind ./prog (callgrind.out.PID; one sample\n"
	    "                  type per event: --cache-sim=yes adds Dr, D1mr...)\n"
	    "  GHC report      prog +RTS -P (or -p) writes prog.prof: the cost-centre tree\n"
	    "  Firefox/samply  samply record -o profile.json.gz ./prog; Firefox Profiler:\n"
	    "                  Download (processed format; gecko exports of Firefox 59-63)\n"
	    "  stackprof       StackProf.run(mode: :cpu, raw: true, out: 'p.dump') {...};\n"
	    "                  stackprof --json p.dump > p.json (modes cpu, wall, object)\n"
	    "  Instruments     macOS Instruments call tree: Edit > Deep Copy, pbpaste > t.txt\n"
	    "  flamebearer     Pyroscope: /pyroscope/render?query=... (or render-diff: a\n"
	    "                  comparison), Grafana's flame graph panel: export as JSON;\n"
	    "                  Grafana Pyroscope's query API ({\"flamegraph\": ...})\n"
	    "PROFILE may also be the URL of a pprof HTTP endpoint, fetched like go tool\n"
	    "pprof does (profile, heap, allocs, block, mutex, goroutine; http or https):\n"
	    "  flametui http://127.0.0.1:6060/debug/pprof/profile?seconds=5\n"
	    "\n"
	    "record: profile a command (-- CMD ARGS), processes (-p PID[,PID]) or the\n"
	    "whole machine (-a) with perf and watch the flame graph grow live; q or\n"
	    "Ctrl-C stops the recording and keeps it open (q again quits), p pauses the\n"
	    "refresh.  With --dump, --top, --export, --info or -o it\n"
	    "records to the end (the command exits, --duration, or Ctrl-C), then prints.\n"
	    "  flametui record -p 1234            flametui record --top 20 -- make -j8\n"
	    "  --freq HZ              samples per second (default 997)\n"
	    "  --duration S           stop after S seconds\n"
	    "  --call-graph fp|dwarf|lbr  how perf walks stacks (default fp)\n"
	    "  --off-cpu              also record the sched_switch tracepoint (where\n"
	    "                         threads leave the CPU) as its own sample type\n"
	    "  -p PID[,PID], -a       processes to profile, or all CPUs\n"
	    "  -o FILE                keep the recording (perf script text; gzip'd when\n"
	    "                         FILE ends in .gz): open it later with flametui FILE\n"
	    "\n"
	    "options:\n", out);
	for (size_t i = 0; i < NOPTIONS; i++)
		if (options[i].help != NULL)
			fputs(options[i].help, out);
	fputs("\nkeys:\n", out);
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
	return cmd_usage("", fmt, arg);
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

/* One option (c as getopt_long returns it): -1 to go on, else the exit
 * status. */
static int
parse_option(ft_cmdline *o, int c, char *arg, char **argv)
{
	switch (c) {
	case OPT_DUMP: o->cmd = CMD_DUMP; break;
	case OPT_SIZE:
		if (parse_size(arg, &o->dump_w, &o->dump_h) != 0)
			return usage_error("--size wants COLSxROWS (e.g. 120x40), not '%s'", arg);
		break;
	case OPT_EXPORT:
		if (strcmp(arg, "folded") != 0 && strcmp(arg, "pprof") != 0 &&
		    strcmp(arg, "speedscope") != 0 && strcmp(arg, "svg") != 0 &&
		    strcmp(arg, "heatmap") != 0)
			return usage_error("--export: unknown format '%s' (known: folded, pprof, "
			    "speedscope, svg, heatmap)", arg);
		o->cmd = CMD_EXPORT;
		o->export_fmt = arg;
		break;
	case 'o': o->out = arg; break;
	case OPT_TOP: {
		char *end;
		long n = strtol(arg, &end, 10);
		if (end == arg || *end != '\0' || n < 0)
			return usage_error("--top wants a number, not '%s'", arg);
		o->top = n;
		o->cmd = CMD_TOP;
		break;
	}
	case OPT_INFO: o->cmd = CMD_INFO; break;
	case OPT_STRICT: o->strict = 1; break;
	case OPT_THREADS: {
		char *end;
		long n = strtol(arg, &end, 10);
		if (end == arg || *end != '\0' || n < 1 || n > 16)
			return usage_error("--threads wants a number from 1 to 16, not '%s'", arg);
		o->threads = (int)n;
		break;
	}
	case OPT_SORT:
		if (strcmp(arg, "name") == 0)
			o->sort = FT_SORT_NAME, o->table_sort = FUNC_BY_NAME;
		else if (strcmp(arg, "weight") == 0)
			o->sort = FT_SORT_WEIGHT, o->table_sort = FUNC_BY_SELF;
		else if (strcmp(arg, "self") == 0)
			o->table_sort = FUNC_BY_SELF;
		else if (strcmp(arg, "total") == 0)
			o->table_sort = FUNC_BY_TOTAL;
		else
			return usage_error("--sort wants name, weight, self or total, not '%s'", arg);
		break;
	case OPT_COLOR:
		if (strcmp(arg, "auto") == 0)
			o->color = FT_COLOR_AUTO;
		else if (strcmp(arg, "always") == 0)
			o->color = FT_COLOR_ALWAYS;
		else if (strcmp(arg, "never") == 0)
			o->color = FT_COLOR_NEVER;
		else
			return usage_error("--color wants auto, always or never, not '%s'", arg);
		break;
	case OPT_MIN_CHANGE:
	case OPT_MIN_SHARE: {
		char *end;
		errno = 0;
		double pct = strtod(arg, &end);
		if (end != arg && *end == '%')
			end++;
		if (end == arg || *end != '\0' || errno != 0 || !(pct >= 0 && pct <= 1e6))
			return usage_error(c == OPT_MIN_CHANGE ?
			    "--min-change wants a percentage such as 5%%, not '%s'" :
			    "--min-share wants a percentage such as 0.5%%, not '%s'", arg);
		*(c == OPT_MIN_CHANGE ? &o->min_change : &o->min_share) = pct;
		break;
	}
	case OPT_PALETTE:
		if (strcmp(arg, "redblue") == 0)
			o->palette = CMP_PAL_REDBLUE;
		else if (strcmp(arg, "colorblind") == 0 || strcmp(arg, "colourblind") == 0)
			o->palette = CMP_PAL_COLORBLIND;
		else
			return usage_error("--palette wants redblue or colorblind, not '%s'", arg);
		break;
	case OPT_ASCII: o->ascii = 1; o->utf8 = 0; break;
	case OPT_UTF8: o->utf8 = 1; o->ascii = 0; break;
	case OPT_FLIP: o->flip = 1; break;
	case OPT_ZOOM: o->zoom = arg; break;
	case OPT_SAMPLE_TYPE: o->sample_type = arg; break;
	case OPT_LINES: o->lines = 1; break;
	case OPT_NO_MOUSE: o->mouse = 0; break;
	case OPT_DIFF: o->diff = 1; break;
	case OPT_ELIDED: o->elided = 1; break;
	case OPT_MERGE: o->merge = 1; break;
	case OPT_NORMALIZE: {
		/* --normalize=MODE, --normalize MODE (a mode word that is not a
		 * file here), or alone: to B's total as before. */
		const char *m = arg;
		if (m == NULL && argv[optind] != NULL && compare_norm_parse(argv[optind]) >= 0 &&
		    access(argv[optind], F_OK) != 0)
			m = argv[optind++];
		int mode = m != NULL ? compare_norm_parse(m) : CMP_NORM_TOTAL;
		if (mode < 0)
			return usage_error("--normalize wants robust, absolute, total or rate, "
			    "not '%s'", m);
		o->norm_mode = mode;
		o->normalize = mode == CMP_NORM_TOTAL ? 1 : mode == CMP_NORM_ABS ? -1 : 2;
		break;
	}
	case OPT_NO_NORMALIZE: o->normalize = -1; o->norm_mode = CMP_NORM_ABS; break;
	case OPT_STRIP_ROOT: o->strip_root = 1; break;
	case OPT_EXACT_NAMES: o->exact_names = 1; break;
	case OPT_GROUP:
		if ((o->group = group_parse(arg)) < 0)
			return usage_error("--group wants none, process or thread, not '%s'", arg);
		break;
	case OPT_DEMANGLE:
		if ((o->demangle = demangle_parse(arg)) < 0)
			return usage_error("--demangle wants full, short or none, not '%s'", arg);
		break;
	case OPT_UNIT:
		if ((o->unit = units_parse(arg)) == NULL)
			return usage_error("--unit wants samples, ns, us, ms, s, bytes or count, "
			    "not '%s'", arg);
		break;
	case OPT_WATCH: o->watch = 1; break;
	case OPT_SECONDS:
	case OPT_TIMEOUT: {
		char *end;
		long n = strtol(arg, &end, 10);
		if (end == arg || *end != '\0' || n < (c == OPT_SECONDS ? 0 : 1) || n > 86400)
			return usage_error(c == OPT_SECONDS ? "--seconds wants a number of seconds, not '%s'" :
			    "--timeout wants a positive number of seconds, not '%s'", arg);
		if (c == OPT_SECONDS)
			o->seconds = n;
		else
			o->timeout = n;
		break;
	}
	case OPT_SVG_WIDTH: {
		char *end;
		long n = strtol(arg, &end, 10);
		if (end == arg || *end != '\0' || n < 200 || n > 100000)
			return usage_error("--svg-width wants pixels from 200 to 100000, not '%s'", arg);
		o->svg_width = (int)n;
		break;
	}
	case OPT_MIN_WIDTH: {
		char *end;
		double d = strtod(arg, &end);
		if (end == arg || *end != '\0' || !(d >= 0.01 && d <= 1000))
			return usage_error("--min-width wants pixels from 0.01 to 1000, not '%s'", arg);
		o->min_width = d;
		break;
	}
	case OPT_SEARCH: o->search = arg; break;
	case OPT_TIME_RANGE_B: {
		int64_t a, b;
		ft_diag err;
		if (timerange_parse(arg, &a, &b, &err) != 0)
			return usage_error("--time-range-b: %s", err.msg);
		o->time_b = arg;
		break;
	}
	case OPT_BUTTERFLY: o->butterfly = arg; break;
	case OPT_DETAILS: o->details = 1; break;
	case OPT_VIEW:
		if (strcmp(arg, "heatmap") != 0 && strcmp(arg, "flame") != 0 &&
		    strcmp(arg, "chart") != 0)
			return usage_error("--view wants heatmap, chart or flame, not '%s'", arg);
		o->heatmap = strcmp(arg, "heatmap") == 0;
		o->chart = strcmp(arg, "chart") == 0;
		break;
	case 'h':
	case OPT_HELP:
		usage(stdout);
		return fflush(stdout) != 0;
	case OPT_KEYS_MDOC:
		keymap_print_mdoc(stdout);
		return fflush(stdout) != 0;
	case ':':
		return usage_error("option '%s' needs an argument", argv[optind - 1]);
	default:
		if (c >= OPT_FILTER && c < OPT_FILTER + FILTER_KINDS) {
			ft_diag err;
			if (filters_add(&o->filters, c - OPT_FILTER, arg != NULL ? arg : "",
			    &err) != 0) {
				char m[DIAG_MAX + 32];
				snprintf(m, sizeof(m), "%s: %s", c - OPT_FILTER == FILTER_TIME ?
				    "time-range" : filter_kind_name(c - OPT_FILTER), err.msg);
				return usage_error("--%s", m);
			}
			break;
		}
		return usage_error("unknown option '%s'", argv[optind - 1]);
	}
	return -1;
}

/* The file operands: one profile, two to compare, or --merge's many. */
static int
parse_files(ft_cmdline *o, int argc, char **argv)
{
	for (int i = optind; i < argc; i++) {
		if (o->nfiles == (o->merge ? CMD_MAX_FILES : 2))
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
	if (o->time_b != NULL) {
		/* Range against range: --time-range is range A, kept apart from
		 * the filters (which apply to both ranges alike). */
		int i = filters_find(&o->filters, FILTER_TIME);
		if (i < 0)
			return usage_error("%s", "--time-range-b compares with range A: give "
			    "--time-range A,B too");
		if (o->nfiles != 1 || o->merge)
			return usage_error("%s", "--time-range-b compares two ranges of one "
			    "profile: give one file");
		if (o->watch)
			return usage_error("%s", "--time-range-b does not go with --watch");
		snprintf(o->time_a, sizeof(o->time_a), "%s", o->filters.v[i].pattern);
		filters_remove(&o->filters, i);
		if (filters_find(&o->filters, FILTER_TIME) >= 0)
			return usage_error("%s", "--time-range-b: give one --time-range (range A)");
	}
	if (o->watch) {
		if (o->cmd != CMD_VIEW)
			return usage_error("%s", "--watch follows the file(s) in the viewer; "
			    "it does not go with --dump, --export, --top or --info");
		if (o->merge)
			return usage_error("%s", "--watch follows one profile or the two of a comparison, not --merge");
		for (int i = 0; i < o->nfiles; i++)
			if (strcmp(o->files[i], "-") == 0)
				return usage_error("%s", "--watch needs a file or a URL, not stdin");
	}
	return -1;
}

/* argv into o: -1 to run the command, else the exit status. */
static int
parse_args(int argc, char **argv, ft_cmdline *o)
{
	struct option lo[NOPTIONS + 1];
	for (size_t i = 0; i < NOPTIONS; i++)
		lo[i] = (struct option){options[i].name, options[i].has_arg, NULL, options[i].id};
	lo[NOPTIONS] = (struct option){NULL, 0, NULL, 0};
	memset(o, 0, sizeof(*o));
	o->dump_w = 120;
	o->dump_h = 40;
	o->mouse = 1;
	o->top = -1;
	o->demangle = FT_DEMANGLE_SHORT;
	o->seconds = -1;
	int c, rc;
	opterr = 0;
	int version = 0;
	while ((c = getopt_long(argc, argv, ":o:hV", lo, NULL)) != -1) {
		if (c == 'V' || c == OPT_VERSION) {
			version = 1; /* after the loop: nothing may follow it */
			continue;
		}
		if ((rc = parse_option(o, c, optarg, argv)) >= 0)
			return rc;
	}
	if (version) {
		if (optind < argc)
			return usage_error("--version takes no file or other argument: '%s'",
			    argv[optind]);
		printf("flametui %s\n", FLAMETUI_VERSION);
		return fflush(stdout) != 0;
	}
	return parse_files(o, argc, argv);
}

/* Does --name (a long option of the table) take a value?  For `record`,
 * which passes the viewer's options on. */
static int
option_takes_arg(const char *a)
{
	if (strncmp(a, "--", 2) != 0)
		return 0;
	for (size_t i = 0; i < NOPTIONS; i++)
		if (strcmp(a + 2, options[i].name) == 0)
			return options[i].has_arg == required_argument;
	return 0;
}

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	ft_cmdline o;
	if (argc > 1 && strcmp(argv[1], "record") == 0) {
		static ft_record rec;
		int rc = cmd_record_parse(argc, argv, &rec, option_takes_arg);
		if (rc >= 0)
			return rc;
		rc = parse_args(rec.nrest, rec.rest, &o);
		if (rc >= 0) {
			filters_free(&o.filters);
			rmdir(rec.dir);
			return rc;
		}
		return cmd_record(&rec, &o);
	}
	int rc = parse_args(argc, argv, &o);
	if (rc >= 0) {
		filters_free(&o.filters);
		return rc;
	}
	return cmd_run(&o);
}
