/* keymap.c - the key table (see keymap.h). */
#include "view/keymap.h"

#include <string.h>

const ft_keydef keymap[] = {
	{"Left h", {FTK_LEFT, 'h'}, ACT_LEFT, "select the previous frame in the row"},
	{"Right l", {FTK_RIGHT, 'l'}, ACT_RIGHT, "select the next frame in the row"},
	{"Up k", {FTK_UP, 'k'}, ACT_UP, "select the parent (caller)"},
	{"Down j", {FTK_DOWN, 'j'}, ACT_DOWN, "select the widest child (callee)"},
	{"g Home", {'g', FTK_HOME}, ACT_TOP, "go to the first row"},
	{"G End", {'G', FTK_END}, ACT_BOTTOM, "go to the last row"},
	{"PgUp", {FTK_PGUP, FTK_CTRL('b')}, ACT_PGUP, "move a page up"},
	{"PgDn", {FTK_PGDN, FTK_CTRL('f')}, ACT_PGDN, "move a page down"},
	{"Enter", {FTK_ENTER}, ACT_ZOOM, "zoom into the selected frame"},
	{"Backspace u", {FTK_BACKSPACE, 'u'}, ACT_ZOOM_OUT, "zoom out one level"},
	{"Esc 0", {FTK_ESC, '0'}, ACT_RESET, "reset zoom; leave the butterfly view or table"},
	{"[", {'['}, ACT_BACK, "back in zoom history"},
	{"]", {']'}, ACT_FORWARD, "forward in zoom history"},
	{"f", {'f'}, ACT_FLIP, "flip: root at top or bottom (classic flame)"},
	{"c", {'c'}, ACT_COLOR, "cycle colours: name, package, self-time heat (kernel frames blue, JIT green, inlined aqua); "
	    "in the heat map, its scale: linear, enhanced (FlameScope's, sparse cells show), colour-blind safe (viridis)"},
	{"d", {'d'}, ACT_DETAILS, "show or hide the details panel"},
	{"s", {'s'}, ACT_TYPE_NEXT, "next sample type"},
	{"S", {'S'}, ACT_TYPE_PREV, "previous sample type"},
	{"/", {'/'}, ACT_SEARCH, "search frames by regex (in the table: filter rows)"},
	{"*", {'*'}, ACT_SEARCH_SEL, "search for the selected frame's exact name"},
	{"n", {'n'}, ACT_NEXT, "select the next search match (screen order; after the last "
	    "one drawn, a match too narrow to draw, zoomed to)"},
	{"N", {'N'}, ACT_PREV, "select the previous search match"},
	{":", {':'}, ACT_FILTER, "add a filter: focus|ignore|hide|show-from|prune-from|show RE, "
	    "tagfocus|tagignore [KEY=]VALUE, tagroot|tagleaf KEYS, tagshow|taghide RE, "
	    "invert, collapse-recursion [direct|all], time A,B (seconds), only-a|only-b "
	    "(comparison); the verbs show as you "
	    "type, Tab completes a verb, a frame name or a label key"},
	{"x", {'x'}, ACT_FILTER_POP, "remove the last filter"},
	{"X", {'X'}, ACT_FILTER_CLEAR, "remove all filters"},
	{"F", {'F'}, ACT_FILTER_LIST, "list the filters and the search; x or Delete removes the selected one"},
	{"U", {'U'}, ACT_FILTER_UNDO, "undo the last change of the filters"},
	{"Ctrl-R", {FTK_CTRL('r')}, ACT_FILTER_REDO, "redo the filter change undone"},
	{"b", {'b'}, ACT_BUTTERFLY, "butterfly: callers and callees of the selected function"},
	{"t", {'t'}, ACT_TABLE, "function table (Enter: butterfly of the row)"},
	{"o", {'o'}, ACT_TABLE_SORT, "function table: sort by self, total or name"},
	{"D", {'D'}, ACT_CMP_DIFF, "comparison: side by side or differential graph"},
	{"W", {'W'}, ACT_CMP_WIDTH, "comparison: differential widths from B, A, max(A,B) or A+B"},
	{"V", {'V'}, ACT_CMP_SPLIT, "comparison: panes left/right or top/bottom"},
	{"Tab", {FTK_TAB}, ACT_CMP_PANE, "comparison: switch pane (table: sort by self or total)"},
	{"E", {'E'}, ACT_CMP_ELIDED, "comparison: the elided graph, what vanished: the paths of A "
	    "that B no longer has, in A's values, under their callers (again: side by side)"},
	{"R", {'R'}, ACT_CMP_TABLE, "comparison: table of regressions by function"},
	{"K", {'K'}, ACT_CMP_NORM, "comparison: how A is scaled: robust (by k, the ratio of an "
	    "unchanged function), absolute, to B's total, per second (when both recordings "
	    "state their duration; two time ranges: by their lengths)"},
	{"M", {'M'}, ACT_DEMANGLE, "C++/Rust names: demangled short, in full, or as mangled"},
	{"i", {'i'}, ACT_INVERT, "invert: bottom-up graph, roots are where samples were taken"},
	{"r", {'r'}, ACT_COLLAPSE, "collapse recursion: direct, then all (flatten), then off"},
	{"P", {'P'}, ACT_GROUP, "processes and threads: merged, one root frame per process or per thread"},
	{"y", {'y'}, ACT_COPY, "copy the frame name to the clipboard (OSC 52)"},
	{"Y", {'Y'}, ACT_COPY_STACK, "copy the whole stack, root first, to the clipboard"},
	{"e", {'e'}, ACT_EXPORT_SVG, "write the view as an interactive SVG (flametui-N.svg) for a browser"},
	{"p", {'p'}, ACT_PAUSE, "--watch and record: pause or resume following the file (a recording goes on)"},
	{"H", {'H'}, ACT_HEATMAP, "heat map of the recording over time (perf script, .cpuprofile, JFR, speedscope): "
	    "columns are seconds, rows parts of a second, as FlameScope; arrows move the cursor, "
	    "Enter shows the flame graph of the range from the mark to the cursor (or of the "
	    "cursor's cell) as a `time A-B s` filter chip; a mouse drag from one cell to another "
	    "does the same"},
	{"m", {'m'}, ACT_HEAT_MARK, "heat map: mark the start of a time range (again: unmark)"},
	{"z", {'z'}, ACT_HEAT_STEP, "heat map: seconds per column: automatic, 1, 2, 5, 10, 60"},
	{"A", {'A'}, ACT_HEAT_COMPARE, "heat map: compare the range chosen (range A, its `time` chip) "
	    "with the range marked here (range B) in the comparison views, A normalised by the "
	    "ranges' lengths; Esc returns to the profile"},
	{"I", {'I'}, ACT_HEAT_IDLE, "heat map: show or leave out idle samples (perf's swapper in "
	    "cpu_idle and the like, V8's (idle): left out by default, as FlameScope does)"},
	{"T", {'T'}, ACT_CHART, "flame chart: the samples in time order (profiles with time; a "
	    "trace's events as recorded; folded, pprof, stap, DTrace and bpftrace files, "
	    "which have no time, in the order of their samples, the file read again), a lane "
	    "per thread, one row per depth, a frame as long "
	    "as consecutive samples keep it on the stack; arrows select, Enter fits the selected "
	    "frame, Backspace zooms out, 0 shows it all; the selected frame's start, duration "
	    "and stack show below; a `time` filter (the heat map's range) limits it"},
	{"+ =", {'+', '='}, ACT_CHART_IN, "flame chart: zoom in on time around the selection"},
	{"-", {'-'}, ACT_CHART_OUT, "flame chart: zoom out on time"},
	{"<", {'<'}, ACT_CHART_PAN_L, "flame chart: pan back in time (a quarter of the window)"},
	{">", {'>'}, ACT_CHART_PAN_R, "flame chart: pan forward in time"},
	{"#", {'#'}, ACT_CHART_THREAD, "flame chart: each thread's lane alone in turn, then all "
	    "threads again"},
	{"a", {'a'}, ACT_ACTIVITY, "show or hide the activity line above the flame graph (profiles "
	    "with time): samples over the recording (all) and those with the selected frame on "
	    "their stack (sel), as bars"},
	{"v", {'v'}, ACT_HINTS, "show or hide the line of key hints above the status line"},
	{"?", {'?'}, ACT_HELP, "show or hide this help, with the legend of the colours"},
	{"Ctrl-L", {FTK_CTRL('l')}, ACT_REDRAW, "redraw the screen"},
	{"Ctrl-Z", {FTK_CTRL('z')}, ACT_SUSPEND, "suspend (resume with fg)"},
	{"q Ctrl-C", {'q', FTK_CTRL('c')}, ACT_QUIT, "quit"},
};

const int keymap_len = (int)(sizeof(keymap) / sizeof(keymap[0]));

const ft_legend keymap_legend[] = {
	{"\xe2\x96\x91", ":", "\\[u2591]",
	    "frames under one cell wide, merged into a dim filler so their time shows"},
};

const int keymap_legend_len = (int)(sizeof(keymap_legend) / sizeof(keymap_legend[0]));

/* The key hint line's entries, most useful first; the last is always
 * kept. */
static const struct {
	enum ft_action action;
	const char *label;
	int when; /* HINT_* flags any of which shows it */
} hints[] = {
	{ACT_HELP, "help", HINT_SINGLE | HINT_CMP},
	{ACT_SEARCH, "search", HINT_SINGLE | HINT_CMP},
	{ACT_FILTER, "filter", HINT_SINGLE | HINT_CMP},
	{ACT_TABLE, "table", HINT_SINGLE},
	{ACT_CMP_TABLE, "regressions", HINT_CMP},
	{ACT_CMP_DIFF, "diff", HINT_CMP},
	{ACT_BUTTERFLY, "butterfly", HINT_SINGLE},
	{ACT_HEATMAP, "heat map", HINT_TIME},
	{ACT_CHART, "flame chart", HINT_TIME},
	{ACT_ZOOM, "zoom", HINT_SINGLE | HINT_CMP},
	{ACT_HINTS, "hide this", HINT_SINGLE | HINT_CMP},
	{ACT_QUIT, "quit", HINT_SINGLE | HINT_CMP},
};

/* The first name of the key bound to action a ("q" of "q Ctrl-C"). */
static size_t
first_key(enum ft_action a, const char **k)
{
	for (int i = 0; i < keymap_len; i++)
		if (keymap[i].action == a) {
			*k = keymap[i].keys;
			return strcspn(*k, " ");
		}
	*k = "";
	return 0;
}

size_t
keymap_hint_line(int flags, int width, char *buf, size_t cap)
{
	enum { N = (int)(sizeof(hints) / sizeof(hints[0])) };
	char item[N][48];
	int n = 0;
	for (int i = 0; i < N; i++) {
		const char *k;
		size_t kl = first_key(hints[i].action, &k);
		if ((hints[i].when & flags) == 0 || kl == 0)
			continue;
		snprintf(item[n++], sizeof(item[0]), "%.*s %s", (int)kl, k, hints[i].label);
	}
	/* The last entry's room first, then the others while they fit. */
	size_t last = n > 0 ? strlen(item[n - 1]) : 0;
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t il = strlen(item[i]);
		size_t need = (len ? 2 : 0) + il + (i < n - 1 ? 2 + last : 0);
		if ((int)(len + need) > width || len + need + 1 > cap) {
			if (i == n - 1)
				break;
			continue;
		}
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? "  " : "", item[i]);
	}
	return len;
}

enum ft_action
keymap_action(int key)
{
	for (int i = 0; i < keymap_len; i++)
		for (int j = 0; j < 4 && keymap[i].codes[j] != 0; j++)
			if (keymap[i].codes[j] == key)
				return keymap[i].action;
	return ACT_NONE;
}

void
keymap_print_text(FILE *out)
{
	for (int i = 0; i < keymap_len; i++)
		fprintf(out, "  %-14s %s\n", keymap[i].keys, keymap[i].help);
	fprintf(out, "  %-14s %s\n", "mouse", "click selects, double click zooms, wheel scrolls");
	for (int i = 0; i < keymap_legend_len; i++)
		fprintf(out, "  %s (ASCII %s)%*s %s\n", keymap_legend[i].utf8, keymap_legend[i].ascii,
		    (int)(14 - 10 - strlen(keymap_legend[i].ascii)), "", keymap_legend[i].help);
}

void
keymap_print_mdoc(FILE *out)
{
	fputs(".Bl -tag -width Ds\n", out);
	for (int i = 0; i < keymap_len; i++) {
		fputs(".It Cm ", out);
		/* Each key a separate argument; escape mdoc-special first chars. */
		const char *k = keymap[i].keys;
		while (*k) {
			const char *sp = strchr(k, ' ');
			size_t n = sp ? (size_t)(sp - k) : strlen(k);
			if (n == 1 && strchr(".,:;()[]?!|", k[0]) != NULL)
				fputs("\\&", out);
			fwrite(k, 1, n, out);
			k += n;
			if (*k == ' ') {
				fputs(" , ", out);
				k++;
			}
		}
		fputc('\n', out);
		fprintf(out, "%c%s.\n", keymap[i].help[0] - 32 * (keymap[i].help[0] >= 'a' && keymap[i].help[0] <= 'z'),
		    keymap[i].help + 1);
	}
	fputs(".It Cm mouse\nClick selects, double click zooms, wheel scrolls.\n", out);
	for (int i = 0; i < keymap_legend_len; i++)
		fprintf(out, ".It Sy %s No (ASCII Sy \\&%s )\n%c%s.\n", keymap_legend[i].mdoc,
		    keymap_legend[i].ascii, keymap_legend[i].help[0] - 32, keymap_legend[i].help + 1);
	fputs(".El\n", out);
}
