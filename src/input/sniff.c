/* sniff.c - systemtap, DTrace and bpftrace text by content (see
 * sniff.h).  Each test looks at whole lines of the first bytes only:
 *
 *   bpftrace  a line starting "@[" or "@name[" (a map entry)
 *   systemtap a frame "0xADDR : symbol..." or "0xADDR [module]" followed,
 *             after more frames, by a line holding only a count
 *   DTrace    an indented frame "module`function" (or a bare hex address)
 *             followed, after more frames, by an indented count; or the
 *             "CPU ID FUNCTION:NAME" header DTrace prints first
 *   callgrind "# callgrind format" first, or an "events:" header and then
 *             an "fn=" line, with only headers ("name: value"),
 *             specifications ("name=value"), comments and blank lines
 *             before it (callgrind, cachegrind, xdebug)
 *
 * A first stack deeper than the sniffed lines (its count not in sight) is
 * told by DEEP_FRAMES frames of one shape in a row with nothing else.
 */
#include "input/sniff.h"

#include <stdio.h>
#include <string.h>

#define SNIFF_LINES 400
/* Frames of one shape in a row that tell a tracer without a count. */
#define DEEP_FRAMES 64

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static int
is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Only digits between blanks. */
static int
count_line(const char *l, size_t n)
{
	size_t i = 0;
	while (i < n && is_blank(l[i]))
		i++;
	size_t d = i;
	while (i < n && l[i] >= '0' && l[i] <= '9')
		i++;
	if (i == d)
		return 0;
	while (i < n && is_blank(l[i]))
		i++;
	return i == n;
}

/* "0xHEX" at l[i..]; the index after it, or 0. */
static size_t
hex_addr(const char *l, size_t n, size_t i)
{
	if (i + 2 >= n || l[i] != '0' || (l[i + 1] != 'x' && l[i + 1] != 'X'))
		return 0;
	size_t j = i + 2;
	while (j < n && is_hex(l[j]))
		j++;
	return j > i + 2 ? j : 0;
}

enum kind { K_OTHER, K_BLANK, K_COUNT, K_STAP, K_DTRACE, K_BPF, K_DTRACE_HEAD };

static enum kind
classify(const char *l, size_t n)
{
	size_t i = 0;
	while (i < n && is_blank(l[i]))
		i++;
	if (i == n)
		return K_BLANK;
	if (l[0] == '@' && i == 0) {
		size_t k = 1;
		while (k < n && (l[k] == '_' || (l[k] >= 'a' && l[k] <= 'z') ||
		    (l[k] >= 'A' && l[k] <= 'Z') || (l[k] >= '0' && l[k] <= '9')))
			k++;
		if (k < n && l[k] == '[')
			return K_BPF;
	}
	if (count_line(l, n))
		return K_COUNT;
	for (size_t k = 0; i == 0 && k + 13 <= n; k++)
		if (memcmp(l + k, "FUNCTION:NAME", 13) == 0)
			return K_DTRACE_HEAD;
	size_t a = hex_addr(l, n, i);
	if (a > 0 && a + 2 < n && l[a] == ' ' &&
	    ((l[a + 1] == ':' && l[a + 2] == ' ') || l[a + 1] == '['))
		return K_STAP;
	if (i > 0) {
		size_t e = n;
		while (e > i && is_blank(l[e - 1]))
			e--;
		if (memchr(l + i, '`', e - i) != NULL && memchr(l + i, ';', e - i) == NULL)
			return K_DTRACE;
		if (a > 0 && a == e)
			return K_DTRACE; /* a bare address frame */
	}
	return K_OTHER;
}

enum ft_format
sniff_tracers(const char *d, size_t n, char *why, size_t cap)
{
	size_t i = 0;
	int line = 0;
	int stap_at = 0, dtrace_at = 0; /* line of the first frame of a block */
	int nstap = 0, ndtrace = 0;     /* frames of the open block */
	int other = 0;                  /* lines of another kind in the block */
	while (i < n && line < SNIFF_LINES) {
		const char *nl = memchr(d + i, '\n', n - i);
		if (nl == NULL)
			break; /* a partial last line says nothing */
		size_t len = (size_t)(nl - (d + i));
		const char *l = d + i;
		line++;
		i += len + 1;
		enum kind k = classify(l, len);
		if (k == K_BPF) {
			snprintf(why, cap, "line %d: a bpftrace map entry `%.*s`", line,
			    len > 40 ? 40 : (int)len, l);
			return FT_FMT_BPFTRACE;
		}
		if (k == K_DTRACE_HEAD && line == 1) {
			snprintf(why, cap, "line 1: DTrace's `CPU ID FUNCTION:NAME` header");
			return FT_FMT_DTRACE;
		}
		if (k == K_STAP && stap_at == 0)
			stap_at = line;
		if (k == K_DTRACE && dtrace_at == 0)
			dtrace_at = line;
		nstap += k == K_STAP;
		ndtrace += k == K_DTRACE;
		other += k == K_OTHER;
		if (k == K_COUNT && stap_at > 0) {
			snprintf(why, cap, "line %d: systemtap backtrace frames "
			    "`0xADDR : symbol+0xOFF/0xSIZE [module]` then a count on line %d",
			    stap_at, line);
			return FT_FMT_STAP;
		}
		if (k == K_COUNT && dtrace_at > 0 && len > 0 && is_blank(l[0])) {
			snprintf(why, cap, "line %d: DTrace stack frames `module`function+0xOFF` "
			    "then a count on line %d", dtrace_at, line);
			return FT_FMT_DTRACE;
		}
		/* A count, or a line that is not indented, ends a block; an
		 * indented line of another shape may be a frame (a Java frame
		 * of jstack()). */
		if (k == K_COUNT || (k == K_OTHER && len > 0 && !is_blank(l[0]))) {
			stap_at = dtrace_at = 0;
			nstap = ndtrace = other = 0;
		}
	}
	/* The sniffed bytes (or lines) end inside a first stack hundreds
	 * of frames deep, its count not in sight: that many frames of one
	 * tracer's shape, and nothing else, tell as well as a count. */
	if (stap_at > 0 && nstap >= DEEP_FRAMES && other == 0 && ndtrace == 0) {
		snprintf(why, cap, "line %d: %d systemtap backtrace frames `0xADDR : "
		    "symbol+0xOFF/0xSIZE [module]` in a row (a deep first stack)",
		    stap_at, nstap);
		return FT_FMT_STAP;
	}
	if (dtrace_at > 0 && ndtrace >= DEEP_FRAMES && other == 0 && nstap == 0) {
		snprintf(why, cap, "line %d: %d DTrace stack frames `module`function+0xOFF` "
		    "in a row (a deep first stack)", dtrace_at, ndtrace);
		return FT_FMT_DTRACE;
	}
	return FT_FMT_UNKNOWN;
}

/* Does l[0..n) contain k? */
static int
line_has(const char *l, size_t n, const char *k)
{
	size_t kl = strlen(k);
	for (size_t i = 0; i + kl <= n; i++)
		if (l[i] == k[0] && memcmp(l + i, k, kl) == 0)
			return 1;
	return 0;
}

/* Does l[0..n), blanks skipped, start with k? */
static int
line_starts(const char *l, size_t n, const char *k)
{
	size_t i = 0;
	while (i < n && is_blank(l[i]))
		i++;
	size_t kl = strlen(k);
	return n - i >= kl && memcmp(l + i, k, kl) == 0;
}

/* The next of the first SNIFF_LINES lines of d[0..n) from *i: its text
 * in l[0..ll), its 1-based number in *line; 0 past them. */
static int
next_line(const char *d, size_t n, size_t *i, int *line, const char **l, size_t *ll)
{
	if (*i >= n || *line >= SNIFF_LINES)
		return 0;
	const char *nl = memchr(d + *i, '\n', n - *i);
	size_t e = nl != NULL ? (size_t)(nl - d) : n;
	*l = d + *i;
	*ll = e - *i;
	(*line)++;
	*i = e + 1;
	return 1;
}

enum ft_format
sniff_ghcprof(const char *d, size_t n, char *why, size_t cap)
{
	size_t i = 0;
	int line = 0;
	const char *l;
	size_t ll;
	while (next_line(d, n, &i, &line, &l, &ll)) {
		if (line_has(l, ll, "Time and Allocation Profiling Report")) {
			snprintf(why, cap, "line %d: GHC's report title \"Time and Allocation "
			    "Profiling Report\"", line);
			return FT_FMT_GHCPROF;
		}
		if (line_starts(l, ll, "COST CENTRE") && line_has(l, ll, "MODULE") &&
		    line_has(l, ll, " no.") && line_has(l, ll, "entries")) {
			snprintf(why, cap, "line %d: the header of GHC's cost-centre tree "
			    "(COST CENTRE MODULE ... no. entries ...)", line);
			return FT_FMT_GHCPROF;
		}
	}
	return FT_FMT_UNKNOWN;
}

/* Is tab-separated field s[0..n) one of the NULL-terminated names? */
static int
tsv_has(const char *l, size_t n, const char *const *names)
{
	size_t i = 0;
	while (i <= n) {
		const char *t = memchr(l + i, '\t', n - i);
		size_t e = t != NULL ? (size_t)(t - l) : n;
		for (const char *const *k = names; *k != NULL; k++)
			if (e - i == strlen(*k) && memcmp(l + i, *k, e - i) == 0)
				return 1;
		i = e + 1;
	}
	return 0;
}

enum ft_format
sniff_instruments(const char *d, size_t n, char *why, size_t cap)
{
	static const char *const sym[] = {"Symbol Name", "Symbol Names", NULL};
	static const char *const wt[] = {"Weight", "Running Time", "Bytes Used", NULL};
	if (n >= 3 && memcmp(d, "\xef\xbb\xbf", 3) == 0) {
		d += 3;
		n -= 3;
	}
	const char *nl = memchr(d, '\n', n);
	size_t ll = nl != NULL ? (size_t)(nl - d) : n;
	while (ll > 0 && d[ll - 1] == '\r')
		ll--;
	if (memchr(d, '\t', ll) == NULL || !tsv_has(d, ll, sym) || !tsv_has(d, ll, wt))
		return FT_FMT_UNKNOWN;
	snprintf(why, cap, "line 1: the tab-separated header of an Instruments deep copy "
	    "(a \"Symbol Name\" column and a \"Weight\", \"Running Time\" or \"Bytes "
	    "Used\" one)");
	return FT_FMT_INSTRUMENTS;
}

int
sniff_foreign(const char *d, size_t n, const char **what, const char **at, size_t *len)
{
	size_t i = 0;
	int line = 0;
	const char *l;
	size_t ll;
	while (next_line(d, n, &i, &line, &l, &ll)) {
		const char *w = NULL;
		/* GHC's flat cost-centre table without the report's title or
		 * its tree (sniff_ghcprof() takes those): a piece of a report,
		 * not stacks. */
		if (line_starts(l, ll, "COST CENTRE") && line_has(l, ll, "MODULE"))
			w = "a GHC profiling report's flat table of cost centres without "
			    "the report's cost-centre tree (cut?): not stacks; open the "
			    "whole .prof file";
		/* Valgrind's callgrind and cachegrind outputs that
		 * sniff_callgrind() did not take (no "events:" before "fn="):
		 * cost lines of numbers, never folded stacks. */
		else if (line_starts(l, ll, "# callgrind format") ||
		    line_starts(l, ll, "creator: callgrind") ||
		    line_starts(l, ll, "creator: cachegrind") ||
		    line_starts(l, ll, "creator: valgrind"))
			w = "a Valgrind callgrind/cachegrind output without its \"events:\" "
			    "header before the first fn= (cut, or written by hand); its "
			    "cost lines are not stacks";
		if (w != NULL) {
			*what = w;
			*at = l;
			*len = ll > 0 && l[ll - 1] == '\r' ? ll - 1 : ll;
			return line;
		}
	}
	return 0;
}

/* --- top-level keys of a JSON object ------------------------------------------ */

enum {
	SEEN_TRACE = 1, SEEN_PROFILES = 2, SEEN_SHARED = 4, SEEN_SCHEMA = 8,
	SEEN_NODES = 16, SEEN_DELTAS = 32, SEEN_STACKFRAMES = 64, SEEN_SAMPLES = 128,
	SEEN_START = 256, SEEN_META = 512, SEEN_THREADS = 1024, SEEN_FLAMEBEARER = 2048,
	SEEN_MODE = 4096, SEEN_FRAMES = 8192, SEEN_RAW = 16384,
};

void
json_keys_init(ft_json_keys *k)
{
	memset(k, 0, sizeof(*k));
	k->fmt = FT_FMT_UNKNOWN;
}

static int
text_is(const ft_json_keys *k, const char *s)
{
	return k->len == strlen(s) && memcmp(k->text, s, k->len) == 0;
}

/* A top-level key (or $schema's value) has been read: does it decide? */
static void
json_keys_string(ft_json_keys *k)
{
	if (k->capture == 2) {
		k->text[k->len] = '\0';
		if (strstr(k->text, "speedscope") != NULL)
			k->seen |= SEEN_SCHEMA;
	} else {
		static const struct { const char *key; int bit; } keys[] = {
			{"traceEvents", SEEN_TRACE}, {"profiles", SEEN_PROFILES},
			{"shared", SEEN_SHARED}, {"nodes", SEEN_NODES},
			{"timeDeltas", SEEN_DELTAS}, {"stackFrames", SEEN_STACKFRAMES},
			{"samples", SEEN_SAMPLES}, {"startTime", SEEN_START},
			{"meta", SEEN_META}, {"threads", SEEN_THREADS},
			{"flamebearer", SEEN_FLAMEBEARER}, {"flamegraph", SEEN_FLAMEBEARER},
			{"mode", SEEN_MODE}, {"frames", SEEN_FRAMES}, {"raw", SEEN_RAW},
		};
		k->after_schema = text_is(k, "$schema");
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (text_is(k, keys[i].key))
				k->seen |= keys[i].bit;
	}
	int s = k->seen;
	enum ft_format f = FT_FMT_UNKNOWN;
	if ((s & SEEN_META) && (s & SEEN_THREADS))
		f = FT_FMT_FIREFOX;
	else if ((s & SEEN_SCHEMA) || ((s & SEEN_PROFILES) && (s & SEEN_SHARED)))
		f = FT_FMT_SPEEDSCOPE;
	else if (s & (SEEN_TRACE | SEEN_STACKFRAMES))
		f = FT_FMT_TRACE;
	else if ((s & SEEN_DELTAS) || ((s & SEEN_NODES) && (s & (SEEN_SAMPLES | SEEN_START))))
		f = FT_FMT_CPUPROFILE;
	else if (s & SEEN_FLAMEBEARER)
		f = FT_FMT_FLAMEBEARER;
	else if ((s & SEEN_MODE) && (s & (SEEN_FRAMES | SEEN_RAW)))
		f = FT_FMT_STACKPROF;
	if (f != FT_FMT_UNKNOWN) {
		k->fmt = f;
		k->key_at = k->str_at;
	}
}

enum ft_format
json_keys_feed(ft_json_keys *k, const char *d, size_t n)
{
	for (size_t i = 0; i < n && k->fmt == FT_FMT_UNKNOWN && !k->not_object; i++) {
		char c = d[i];
		if (k->in_str) {
			if (k->esc)
				k->esc = 0;
			else if (c == '\\')
				k->esc = 1;
			else if (c == '"') {
				k->in_str = 0;
				if (k->capture)
					json_keys_string(k);
				k->capture = 0;
				continue;
			}
			if (k->capture && k->len + 1 < sizeof(k->text))
				k->text[k->len++] = c;
			continue;
		}
		switch (c) {
		case '"':
			k->in_str = 1;
			k->len = 0;
			k->str_at = k->at + i;
			if (k->depth == 1 && k->key_next)
				k->capture = 1;
			else if (k->depth == 1 && k->after_schema)
				k->capture = 2;
			break;
		case '{': case '[':
			if (k->depth == 0 && c != '{')
				k->not_object = 1;
			if (++k->depth == 1)
				k->key_next = 1;
			break;
		case '}': case ']':
			k->depth--;
			break;
		case ',':
			if (k->depth == 1) {
				k->key_next = 1;
				k->after_schema = 0;
			}
			break;
		case ':':
			if (k->depth == 1)
				k->key_next = 0;
			break;
		default:
			break;
		}
	}
	k->at += n;
	return k->fmt;
}

void
json_keys_why(const ft_json_keys *k, char *why, size_t cap)
{
	const char *what = k->fmt == FT_FMT_FIREFOX ? "\"meta\" and \"threads\" (the "
	    "Firefox Profiler)" : k->fmt == FT_FMT_SPEEDSCOPE ? "speedscope's $schema, or "
	    "\"profiles\" and \"shared\"" : k->fmt == FT_FMT_TRACE ?
	    "\"traceEvents\" (or \"stackFrames\")" : k->fmt == FT_FMT_FLAMEBEARER ?
	    "\"flamebearer\" or \"flamegraph\" (Pyroscope)" : k->fmt == FT_FMT_STACKPROF ?
	    "\"mode\" with \"frames\" or \"raw\" (Ruby's stackprof)" : "\"timeDeltas\", or \"nodes\" "
	    "with \"samples\" or \"startTime\" (a Chrome CPU profile)";
	snprintf(why, cap, "a JSON object with %s among its top-level keys (decided at "
	    "byte %llu)", what, (unsigned long long)k->key_at);
}

/* "word:" or "word=" at the start of l: the separator, or 0. */
static char
key_line(const char *l, size_t n)
{
	size_t k = 0;
	while (k < n && ((l[k] >= 'a' && l[k] <= 'z') || (l[k] >= 'A' && l[k] <= 'Z') ||
	    (l[k] >= '0' && l[k] <= '9') || l[k] == '_' || l[k] == '-'))
		k++;
	if (k == 0 || k == n || (l[k] != ':' && l[k] != '='))
		return 0;
	return l[k];
}

enum ft_format
sniff_callgrind(const char *d, size_t n, char *why, size_t cap)
{
	size_t i = 0;
	int line = 0, events_at = 0;
	while (i < n && line < SNIFF_LINES) {
		const char *nl = memchr(d + i, '\n', n - i);
		if (nl == NULL)
			break;
		size_t len = (size_t)(nl - (d + i));
		const char *l = d + i;
		line++;
		i += len + 1;
		while (len > 0 && is_blank(l[len - 1]))
			len--;
		if (len >= 18 && memcmp(l, "# callgrind format", 18) == 0 && events_at == 0) {
			snprintf(why, cap, "line %d: `# callgrind format`", line);
			return FT_FMT_CALLGRIND;
		}
		if (len == 0 || l[0] == '#')
			continue;
		char k = key_line(l, len);
		if (k == 0)
			return FT_FMT_UNKNOWN;
		if (k == ':' && len >= 7 && memcmp(l, "events:", 7) == 0 && events_at == 0) {
			/* event names only: "Ir Dr", "Time_(10ns) Memory_(bytes)" */
			size_t j = 7;
			while (j < len && (l[j] == ' ' || l[j] == '\t' || l[j] == '_' || l[j] == '(' ||
			    l[j] == ')' || (l[j] >= 'a' && l[j] <= 'z') || (l[j] >= 'A' && l[j] <= 'Z') ||
			    (l[j] >= '0' && l[j] <= '9')))
				j++;
			if (j < len)
				return FT_FMT_UNKNOWN;
			events_at = line;
		}
		if (k == '=' && len >= 3 && memcmp(l, "fn=", 3) == 0) {
			if (events_at == 0)
				return FT_FMT_UNKNOWN;
			snprintf(why, cap, "line %d: an `events:` header, then `fn=` on line %d "
			    "(callgrind's format)", events_at, line);
			return FT_FMT_CALLGRIND;
		}
	}
	return FT_FMT_UNKNOWN;
}

/* A JSON string at d[*i] (the opening quote): *i past it; its text (raw,
 * escapes kept) in [*a, *b).  0, or -1 when it does not end in sight. */
static int
json_string(const char *d, size_t n, size_t *i, size_t *a, size_t *b)
{
	size_t k = *i + 1;
	*a = k;
	while (k < n && d[k] != '"') {
		if (d[k] == '\\')
			k++;
		k++;
	}
	if (k >= n)
		return -1;
	*b = k;
	*i = k + 1;
	return 0;
}

static void
skip_ws(const char *d, size_t n, size_t *i)
{
	while (*i < n && (d[*i] == ' ' || d[*i] == '\t' || d[*i] == '\r' || d[*i] == '\n'))
		(*i)++;
}

/* Past one JSON value at d[*i]; -1 when it does not end in sight (then
 * *i is n) or is not JSON. */
static int
json_skip(const char *d, size_t n, size_t *i)
{
	size_t depth = 0;
	do {
		skip_ws(d, n, i);
		if (*i >= n)
			return -1;
		char c = d[*i];
		if (c == '"') {
			size_t a, b;
			if (json_string(d, n, i, &a, &b) != 0) {
				*i = n; /* a string not ended in sight */
				return -1;
			}
		} else if (c == '{' || c == '[') {
			depth++;
			(*i)++;
		} else if (c == '}' || c == ']') {
			if (depth == 0)
				return -1;
			depth--;
			(*i)++;
		} else if (c == ',' || c == ':') {
			if (depth == 0)
				return -1;
			(*i)++;
		} else {
			size_t k = *i;
			while (*i < n && ((d[*i] >= '0' && d[*i] <= '9') || d[*i] == '-' ||
			    d[*i] == '+' || d[*i] == '.' || (d[*i] >= 'a' && d[*i] <= 'z') ||
			    (d[*i] >= 'A' && d[*i] <= 'Z')))
				(*i)++;
			if (*i == k)
				return -1;
		}
	} while (depth > 0);
	return 0;
}

int
sniff_json_shape(const char *d, size_t n, char *out, size_t cap)
{
	size_t i = 0;
	if (n >= 3 && memcmp(d, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	skip_ws(d, n, &i);
	if (i >= n || (d[i] != '{' && d[i] != '['))
		return 0;
	if (d[i] == '[') {
		i++;
		skip_ws(d, n, &i);
		if (i >= n)
			return 0;
		const char *what = d[i] == '{' ? "objects" : d[i] == '[' ? "arrays" :
		    d[i] == '"' ? "strings" : d[i] == ']' ? NULL : "numbers or literals";
		size_t k = i;
		if (what != NULL && json_skip(d, n, &k) != 0 && k < n)
			return 0;
		snprintf(out, cap, what ? "a JSON array of %s" : "an empty JSON array",
		    what);
		return 1;
	}
	i++;
	size_t len = (size_t)snprintf(out, cap, "a JSON object with the keys");
	int keys = 0, done = 0;
	for (;;) {
		skip_ws(d, n, &i);
		if (i < n && d[i] == '}' && keys == 0) {
			snprintf(out, cap, "an empty JSON object");
			return 1;
		}
		size_t a, b;
		if (i >= n || d[i] != '"' || json_string(d, n, &i, &a, &b) != 0)
			break;
		skip_ws(d, n, &i);
		if (i >= n || d[i] != ':')
			break;
		i++;
		if (keys < 12 && len + 50 < cap) {
			/* The key, cut and with anything not plain ASCII shown
			 * as '?': it goes to the terminal. */
			size_t m = b - a > 40 ? 40 : b - a;
			len += (size_t)snprintf(out + len, cap - len, "%s \"", keys ? "," : "");
			for (size_t k = 0; k < m; k++)
				out[len++] = d[a + k] >= 0x20 && d[a + k] < 0x7f && d[a + k] != '"' ?
				    d[a + k] : '?';
			len += (size_t)snprintf(out + len, cap - len, "%s\"", b - a > m ? "..." : "");
		} else if (keys == 12 && len + 8 < cap) {
			len += (size_t)snprintf(out + len, cap - len, ", ...");
		}
		keys++;
		if (json_skip(d, n, &i) != 0)
			break;
		skip_ws(d, n, &i);
		if (i < n && d[i] == ',') {
			i++;
			continue;
		}
		if (i < n && d[i] == '}')
			done = 1;
		break;
	}
	if (keys == 0)
		return 0;
	if (!done && i >= n && len + 40 < cap)
		snprintf(out + len, cap - len, " (the first ones)");
	else if (!done)
		return 0; /* not JSON after all */
	return 1;
}
