/* load_perf.c - `perf script` text output into a call tree, with the
 * semantics of FlameGraph's stackcollapse-perf.pl run with --all:
 *
 *     comm pid/tid [cpu] time: period event:      event header
 *         ADDR SYMBOL+0xOFF (DSO)                  stack, leaf first
 *         ...
 *     (blank line)                                 end of the event
 *
 * - the process name (comm; spaces become '_') is the root frame;
 * - every event type (cycles, instructions, cpu-clock, sched:sched_switch,
 *   ...) is a sample type of its own, in the order they first appear; the
 *   first one is the default (stackcollapse-perf.pl counts only that one).
 *   A sample counts the header's period, 1 when it has none; the unit is
 *   nanoseconds for cpu-clock and task-clock with periods, a count of
 *   events for other events with periods, samples without;
 * - each stack starts at its thread (profile_thread_root: comm, pid, tid),
 *   so --group can show processes and threads;
 * - `+0x...` offsets are stripped; "[unknown]" becomes "[DSO basename]" when
 *   the DSO is known, else "[unknown]"; ';' becomes ':', quotes are dropped,
 *   and an argument list "(...)" is cut (not "(anonymous namespace)"):
 *   at the first '(' with --demangle none (ft_load_opts.demangled), as
 *   stackcollapse-perf.pl does; only at bracket depth 0 in short mode
 *   (demangle_args_at: "std::function<void (int)>::operator()" stays
 *   whole); not at all in full mode;
 *   for comm "java", a leading "L" of a class path is dropped;
 * - `a->b` (perf --inline) is split: the later parts are FT_KIND_INLINED;
 * - frames whose DSO starts with '[' or ends in "vmlinux" (not "[unknown]")
 *   are FT_KIND_KERNEL, frames in /tmp/perf-PID.map are FT_KIND_JIT: the
 *   `_[k]` and `_[j]` of --all (a folded export writes them back);
 * - lines starting with '#' are comments; a stack line that matches nothing
 *   is counted as invalid (fatal with --strict);
 * - differences: the last event is kept even without a final blank line;
 *   stackcollapse-perf's --pid/--tid/--addrs variants are not offered.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/loader.h"
#include "profile/demangle.h"
#include "profile/relabel.h"
#include "profile/timeline.h"
#include "base/xalloc.h"

struct perf_event {
	char *name;
	size_t len;
	long samples;
	ft_val total;
	int periods; /* some header printed a period */
};

struct perf {
	ft_profile *p;
	ft_source *src;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_diag *err;
	int in_event;       /* a header was accepted; collecting its stack */
	uint32_t thread;    /* the event's thread root node */
	char *last_comm;    /* the previous header's thread (a cache) */
	size_t last_len;
	int64_t last_pid, last_tid;
	ft_val period;
	struct perf_event *events; /* event types seen, column = index */
	int nevents, cevents;
	int col;            /* the current event's column */
	ft_val *vals;       /* one row of values (nvals) */
	int is_java;
	uint32_t *frames;   /* name ids, leaf first (each line's parts reversed) */
	size_t nframes, cframes;
	char *tmp;
	size_t ctmp;
	char *tmp2;
	size_t ctmp2;
	ft_stackset stacks; /* per node: an event ended here (distinct stacks) */
	int64_t ts;         /* the current event's time (ns), when has_ts */
	int has_ts;
	int tl_dropped;     /* a period too big to keep: no timeline */
};

static int
is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int
is_word(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static void
bad_line(struct perf *P, const char *reason, const char *line, size_t n)
{
	P->rep->invalid++;
	if (P->rep->invalid == 1) {
		diag_set(&P->rep->first_bad, "%s:%ld: %s", source_name(P->src),
		    source_lineno(P->src), reason);
		diag_append_text(&P->rep->first_bad, line, n);
	}
}

/* The comm of a header line: s[0..*end), or 0 when the line is not one.
 * Mirrors stackcollapse-perf.pl's header regex: the shortest name (two bytes at
 * least) followed by blanks, a pid (or pid/tid) and a blank.  *pid and *tid
 * get the numbers; a lone number is the tid and the pid is FT_ID_ASK (shown
 * as "?", as stackcollapse-perf.pl --pid/--tid name it). */
static int
header_comm(const char *s, size_t n, size_t *end, int64_t *pid, int64_t *tid)
{
	if (n == 0 || is_ws(s[0]))
		return 0;
	for (size_t k = 2; k < n; k++) {
		/* Within a run of blanks only the first position can match
		 * (the later ones see the same rest): linear, not quadratic. */
		if (!is_ws(s[k]) || (k > 2 && is_ws(s[k - 1])))
			continue;
		size_t j = k;
		while (j < n && is_ws(s[j]))
			j++;
		size_t d = j;
		int64_t a = 0, b = -1;
		while (j < n && is_digit(s[j])) {
			if (a < INT64_MAX / 10)
				a = a * 10 + (s[j] - '0');
			j++;
		}
		if (j == d)
			continue;
		while (j < n && s[j] == '/')
			j++;
		if (j < n && is_digit(s[j]))
			b = 0;
		while (j < n && is_digit(s[j])) {
			if (b < INT64_MAX / 10)
				b = b * 10 + (s[j] - '0');
			j++;
		}
		if (j < n && is_ws(s[j])) {
			*end = k;
			*pid = b >= 0 ? a : FT_ID_ASK;
			*tid = b >= 0 ? b : a;
			return 1;
		}
	}
	return 0;
}

/* Period and event of a header: /:\s*(\d+)*\s+(\S+):\s*$/ at the leftmost
 * ':' where it matches.  Returns 1 with *period (-1 when absent) and the
 * event text. */
static int
header_event(const char *s, size_t n, int64_t *period, const char **ev, size_t *evlen)
{
	size_t e = n;
	while (e > 0 && is_ws(s[e - 1]))
		e--;
	if (e < 2 || s[e - 1] != ':')
		return 0;
	/* The event token: the last run of non-blanks, without its ':'. */
	size_t t = e - 1;
	while (t > 0 && !is_ws(s[t - 1]))
		t--;
	if (t == e - 1 || t == 0)
		return 0;
	size_t b = t; /* blanks before the token */
	while (b > 0 && is_ws(s[b - 1]))
		b--;
	/* Optional period digits, then ':' with optional blanks. */
	size_t d = b;
	while (d > 0 && is_digit(s[d - 1]))
		d--;
	size_t c = d;
	while (c > 0 && is_ws(s[c - 1]))
		c--;
	int64_t per = -1;
	if (d < b && c > 0 && s[c - 1] == ':') {
		per = 0;
		for (size_t i = d; i < b; i++) {
			if (per > (INT64_MAX - 9) / 10)
				return 0;
			per = per * 10 + (s[i] - '0');
		}
	} else if (!(b > 0 && s[b - 1] == ':')) {
		return 0;
	}
	*period = per;
	*ev = s + t;
	*evlen = e - 1 - t;
	return 1;
}

/* A tracepoint's header names its event before the event's own text:
 * "comm pid [cpu] time: sched:sched_switch: prev_comm=...".  The first
 * ": SUBSYS:NAME: " after the comm gives the event (stackcollapse-perf.pl
 * names none here, and would count such stacks as its first event's).
 * Returns 1 with the event text. */
static int
tracepoint_event(const char *s, size_t n, size_t from, const char **ev, size_t *evlen)
{
	for (size_t k = from; k + 2 < n; k++) {
		if (s[k] != ':' || !is_ws(s[k + 1]))
			continue;
		size_t t = k + 1;
		while (t < n && is_ws(s[t]))
			t++;
		size_t e = t;
		int colon = 0;
		while (e < n && !is_ws(s[e]))
			e++;
		/* The token ends in ':' and has one inside (subsystem:name). */
		if (e - t < 3 || s[e - 1] != ':' || (e < n && !is_ws(s[e])))
			continue;
		for (size_t q = t; q + 1 < e; q++)
			colon |= s[q] == ':';
		if (!colon)
			continue;
		*ev = s + t;
		*evlen = e - 1 - t;
		return 1;
	}
	return 0;
}

/* The event's time and stack into the timeline (timeline.h). */
static void
keep_time(struct perf *P, uint32_t node)
{
	if (P->tl_dropped)
		return;
	ft_timeline *tl = P->p->timeline;
	if (tl == NULL) {
		tl = P->p->timeline = timeline_new(0, -1);
		tl->idle_rule = FT_IDLE_PERF;
	}
	if (!P->has_ts) {
		tl->untimed++;
		return;
	}
	if (timeline_add(tl, P->ts, node, P->period, P->col) != 0) {
		/* A period beyond 32 bits: no exact range can be taken. */
		timeline_free(tl);
		P->p->timeline = NULL;
		P->tl_dropped = 1;
	}
}

static int
finish_event(struct perf *P)
{
	if (!P->in_event)
		return 0;
	P->in_event = 0;
	uint32_t node = P->thread;
	for (size_t i = P->nframes; i-- > 0;)
		node = profile_child(P->p, node, P->frames[i]);
	P->nframes = 0;
	if (stackset_add(&P->stacks, node))
		P->rep->stacks++;
	memset(P->vals, 0, sizeof(ft_val) * (size_t)P->p->nvals);
	P->vals[P->col] = P->period;
	P->events[P->col].samples++;
	(void)val_add(&P->events[P->col].total, P->period); /* overflow: add_self fails */
	P->rep->valid++;
	keep_time(P, node);
	if (profile_add_self(P->p, node, P->vals, P->err) != 0) {
		ft_diag d = *P->err;
		diag_set(P->err, "%s:%ld: %s", source_name(P->src), source_lineno(P->src), d.msg);
		return -1;
	}
	return 0;
}

/* The column of event ev[0..n), added on first sight. */
static int
event_column(struct perf *P, const char *ev, size_t n)
{
	for (int i = 0; i < P->nevents; i++)
		if (P->events[i].len == n && memcmp(P->events[i].name, ev, n) == 0)
			return i;
	if (P->nevents == P->cevents) {
		P->cevents = (int)grow_cap((size_t)P->cevents, (size_t)P->nevents + 1, 4);
		P->events = xreallocarray(P->events, (size_t)P->cevents, sizeof(*P->events));
	}
	struct perf_event *e = &P->events[P->nevents];
	*e = (struct perf_event){xstrndup(ev, n), n, 0, 0, 0};
	if (P->nevents == 0)
		profile_set_type(P->p, 0, e->name, "samples");
	else
		profile_add_column(P->p, e->name, "samples");
	P->vals = xreallocarray(P->vals, (size_t)P->p->nvals, sizeof(ft_val));
	return P->nevents++;
}

/* Units once every event is known; the --info summary. */
static void
event_units(struct perf *P)
{
	size_t o = 0;
	for (int i = 0; i < P->nevents; i++) {
		const struct perf_event *e = &P->events[i];
		const char *unit = "samples";
		if (e->periods)
			unit = strncmp(e->name, "cpu-clock", 9) == 0 ||
			    strncmp(e->name, "task-clock", 10) == 0 ? "nanoseconds" : "count";
		profile_set_type(P->p, i, e->name, unit);
		char tot[32];
		val_format(tot, sizeof(tot), e->total, 0);
		int k = snprintf(P->rep->summary + o, sizeof(P->rep->summary) - o,
		    "%sevent%d=%s: %ld samples, total %s %s", i ? "\n" : "", i, e->name,
		    e->samples, tot, unit);
		if (k < 0 || (size_t)k >= sizeof(P->rep->summary) - o)
			break;
		o += (size_t)k;
	}
}

/* The event's time: FlameScope's " +([0-9.]+): " after the comm, seconds
 * with up to 9 decimals, into ns.  0 when the header has none. */
static int
header_time(const char *s, size_t n, size_t from, int64_t *ns)
{
	for (size_t i = from; i + 1 < n; i++) {
		if (!is_ws(s[i]) || !(is_digit(s[i + 1]) || s[i + 1] == '.'))
			continue;
		size_t j = i + 1;
		while (j < n && (is_digit(s[j]) || s[j] == '.'))
			j++;
		if (j + 1 >= n || s[j] != ':' || !is_ws(s[j + 1]))
			continue;
		int64_t w = 0, f = 0, scale = 1000000000;
		int dot = 0, digits = 0;
		for (size_t k = i + 1; k < j; k++) {
			if (s[k] == '.') {
				if (dot++)
					return 0;
			} else if (!dot) {
				if (w > INT64_MAX / 1000000000 / 10)
					return 0;
				w = w * 10 + (s[k] - '0');
				digits++;
			} else if (scale > 1) {
				scale /= 10;
				f += (s[k] - '0') * scale;
			}
		}
		if (digits == 0)
			return 0;
		*ns = w * 1000000000 + f;
		return 1;
	}
	return 0;
}

static int
header_line(struct perf *P, const char *s, size_t n, size_t comm_end,
    int64_t pid, int64_t tid)
{
	int64_t period;
	const char *ev;
	size_t evlen;
	ft_val count = 1;
	if (!header_event(s, n, &period, &ev, &evlen)) {
		period = -1; /* no event named: plain samples */
		if (!tracepoint_event(s, n, comm_end, &ev, &evlen)) {
			ev = "samples";
			evlen = 7;
		}
	}
	P->col = event_column(P, ev, evlen);
	if (period > 0) {
		count = period;
		P->events[P->col].periods = 1;
	}
	if (comm_end + 1 > P->ctmp) {
		P->ctmp = grow_cap(P->ctmp, comm_end + 1, 256);
		P->tmp = xrealloc(P->tmp, P->ctmp);
	}
	for (size_t i = 0; i < comm_end; i++)
		P->tmp[i] = s[i] == ' ' ? '_' : s[i];
	if (P->last_comm == NULL || P->last_len != comm_end || P->last_pid != pid ||
	    P->last_tid != tid || memcmp(P->last_comm, P->tmp, comm_end) != 0) {
		ft_thread t = {P->tmp, comm_end, NULL, 0, pid, tid, 1};
		P->thread = profile_thread_root(P->p, &t);
		free(P->last_comm);
		P->last_comm = xstrndup(P->tmp, comm_end);
		P->last_len = comm_end;
		P->last_pid = pid;
		P->last_tid = tid;
	}
	P->has_ts = header_time(s, n, comm_end, &P->ts);
	P->is_java = comm_end == 4 && memcmp(s, "java", 4) == 0;
	P->period = count;
	P->nframes = 0;
	P->in_event = 1;
	return 0;
}

static void
push_frame(struct perf *P, uint32_t id)
{
	if (P->nframes == P->cframes) {
		P->cframes = grow_cap(P->cframes, P->nframes + 1, 256);
		P->frames = xreallocarray(P->frames, P->cframes, sizeof(uint32_t));
	}
	P->frames[P->nframes++] = id;
}

/* Tidy one function name (stackcollapse-perf's tidy_generic and tidy_java)
 * into P->tmp; returns its length. */
static size_t
tidy(struct perf *P, const char *f, size_t n, const char *mod, size_t mlen, int *kind,
    int inlined)
{
	if (n + mlen + 8 > P->ctmp) {
		P->ctmp = grow_cap(P->ctmp, n + mlen + 8, 256);
		P->tmp = xrealloc(P->tmp, P->ctmp);
	}
	char *o = P->tmp;
	size_t len = 0;
	if (n == 9 && memcmp(f, "[unknown]", 9) == 0 &&
	    !(mlen == 9 && memcmp(mod, "[unknown]", 9) == 0)) {
		/* "[DSO basename]", then tidied like any name, as
		 * stackcollapse-perf.pl does. */
		if (mlen + 2 > P->ctmp2) {
			P->ctmp2 = grow_cap(P->ctmp2, mlen + 2, 256);
			P->tmp2 = xrealloc(P->tmp2, P->ctmp2);
		}
		size_t b = mlen;
		while (b > 0 && mod[b - 1] != '/')
			b--;
		P->tmp2[0] = '[';
		memcpy(P->tmp2 + 1, mod + b, mlen - b);
		P->tmp2[mlen - b + 1] = ']';
		f = P->tmp2;
		n = mlen - b + 2;
	}
	/* A name with `.(...).` (Go's pkg.(*T).m) keeps its parens: true when
	 * the first ".(" comes before the last ")." (a linear test). */
	int keep_parens = 0;
	size_t first_open = n;
	for (size_t i = 0; i + 1 < n; i++) {
		if (f[i] == '.' && f[i + 1] == '(') {
			first_open = i;
			break;
		}
	}
	for (size_t j = n; first_open < n && j-- > first_open + 2;) {
		if (j + 1 < n && f[j] == ')' && f[j + 1] == '.') {
			keep_parens = 1;
			break;
		}
	}
	/* The argument list: at bracket depth 0 only, not inside template
	 * arguments ("std::function<void (int)>::operator()"); --demangle
	 * full keeps the whole name, none (or demangled 0) cuts at the first '('
	 * as stackcollapse-perf.pl does. */
	size_t cut = n;
	if (keep_parens || P->o->demangled == 1 + FT_DEMANGLE_FULL) {
		cut = n;
	} else if (P->o->demangled != 1 + FT_DEMANGLE_SHORT) {
		for (size_t i = 0; i < n && cut == n; i++)
			if (f[i] == '(' &&
			    !(n - i - 1 >= 20 && memcmp(f + i + 1, "anonymous namespace)", 20) == 0))
				cut = i;
	} else {
		cut = demangle_args_at(f, n);
	}
	for (size_t i = 0; i < cut; i++) {
		char c = f[i];
		if (c == '"' || c == '\'')
			continue;
		o[len++] = c == ';' ? ':' : c;
	}
	if (P->is_java && len > 0 && o[0] == 'L' && memchr(o, '/', len) != NULL) {
		memmove(o, o + 1, len - 1);
		len--;
	}
	*kind = FT_KIND_NONE;
	int unknown = 0;
	for (size_t i = 0; i + 7 <= mlen && !unknown; i++)
		unknown = memcmp(mod + i, "unknown", 7) == 0;
	if (inlined) {
		*kind = FT_KIND_INLINED;
	} else if (((mlen > 0 && mod[0] == '[') ||
	    (mlen >= 7 && memcmp(mod + mlen - 7, "vmlinux", 7) == 0)) && !unknown) {
		*kind = FT_KIND_KERNEL;
	} else if (mlen > 13 && memcmp(mod, "/tmp/perf-", 10) == 0) {
		size_t i = 10;
		while (i < mlen && is_digit(mod[i]))
			i++;
		if (i > 10 && i + 4 <= mlen && memcmp(mod + i, ".map", 4) == 0)
			*kind = FT_KIND_JIT;
	}
	return len;
}

/* A stack line "ADDR SYMBOL (DSO)".  0 ok or skipped, -1 unrecognised. */
static int
stack_line(struct perf *P, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && is_ws(s[i]))
		i++;
	size_t pc = i;
	while (i < n && is_word(s[i]))
		i++;
	if (i == pc)
		return -1;
	size_t pc_end = i;
	while (i < n && is_ws(s[i]))
		i++;
	size_t f0 = i;
	/* The last " (" followed by non-blanks and a ')'. */
	size_t fe = 0, m0 = 0, me = 0;
	int found = 0;
	for (size_t k = n; k-- > pc_end + 2 && !found;) {
		if (s[k] != '(' || s[k - 1] != ' ')
			continue;
		size_t j = k + 1;
		while (j < n && !is_ws(s[j]))
			j++;
		for (size_t q = j; q-- > k + 1;) {
			if (s[q] == ')') {
				fe = k - 1;
				m0 = k + 1;
				me = q;
				found = 1;
				break;
			}
		}
	}
	if (!found)
		return -1;
	/* The symbol is at least one byte: "ADDR  (DSO)" has the symbol " "
	 * (the regex's \s* gives back a blank), as stackcollapse-perf.pl reads it. */
	if (f0 >= fe)
		f0 = fe - 1;
	if (!P->in_event)
		return 0;
	const char *f = s + f0;
	size_t flen = fe - f0;
	/* Strip a trailing +0xHEX offset. */
	for (size_t k = flen; k-- > 0;) {
		char c = f[k];
		if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))
			continue;
		if (c == 'x' && k >= 2 && f[k - 1] == '0' && f[k - 2] == '+' && k + 1 < flen)
			flen = k - 2;
		break;
	}
	if (flen > 0 && f[0] == '(')
		return 0; /* a process name in parentheses */
	const char *mod = s + m0;
	size_t mlen = me - m0;
	/* Split a->b->c; push the parts reversed (frames[] is leaf first). */
	size_t parts_at = P->nframes;
	size_t a = 0;
	int idx = 0;
	for (;;) {
		size_t b = a;
		while (b + 1 < flen && !(f[b] == '-' && f[b + 1] == '>'))
			b++;
		if (b + 1 >= flen)
			b = flen;
		int kind;
		size_t len = tidy(P, f + a, b - a, mod, mlen, &kind, idx > 0);
		push_frame(P, intern_get(P->p->names, P->tmp, len, kind));
		idx++;
		if (b >= flen)
			break;
		a = b + 2;
	}
	for (size_t x = parts_at, y = P->nframes - 1; x < y; x++, y--) {
		uint32_t t = P->frames[x];
		P->frames[x] = P->frames[y];
		P->frames[y] = t;
	}
	return 0;
}

static int
one_line(struct perf *P, const char *line, size_t len)
{
	size_t n = len;
	if (n > 0 && line[n - 1] == '\r')
		n--;
	if (n == 0) {
		P->rep->blank++;
		return finish_event(P);
	}
	if (line[0] == '#') {
		P->rep->comment++;
		return 0;
	}
	size_t comm_end;
	int64_t pid, tid;
	if (header_comm(line, n, &comm_end, &pid, &tid)) {
		if (finish_event(P) != 0)
			return -1;
		return header_line(P, line, n, comm_end, pid, tid);
	}
	if (stack_line(P, line, n) < 0) {
		bad_line(P, "not a perf script event header or stack line", line, n);
		if (P->o->strict) {
			*P->err = P->rep->first_bad;
			return -1;
		}
	}
	return 0;
}

ft_profile *
load_perf(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct perf P = {0};
	P.p = profile_new(names, 1);
	P.src = src;
	P.o = o;
	P.rep = rep;
	P.err = err;
	P.p->format = "perf";
	profile_set_source(P.p, source_name(src));
	const char *line;
	size_t len;
	int rc;
	while ((rc = source_getline(src, &line, &len, err)) == 1) {
		rep->lines++;
		if (one_line(&P, line, len) != 0) {
			rc = -1;
			break;
		}
	}
	if (rc == 0 && finish_event(&P) != 0)
		rc = -1;
	event_units(&P);
	free(P.frames);
	free(P.tmp);
	free(P.tmp2);
	free(P.last_comm);
	stackset_free(&P.stacks);
	for (int i = 0; i < P.nevents; i++)
		free(P.events[i].name);
	free(P.events);
	free(P.vals);
	if (rc < 0) {
		profile_free(P.p);
		return NULL;
	}
	if (rep->valid == 0) {
		diag_set(err, "%s: no perf script events with stacks found", source_name(src));
		profile_free(P.p);
		return NULL;
	}
	if (profile_finish(P.p, o->sort, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", source_name(src), d.msg);
		profile_free(P.p);
		return NULL;
	}
	return P.p;
}
