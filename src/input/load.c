/* load.c - open a profile file, sniff its format, dispatch to a loader.
 *
 * The format is decided from the first decoded bytes (after gunzip), never
 * from the file name: several real ".pb.gz" files are raw protobuf and
 * folded files come with any extension.  A JSON object whose telling key
 * is not among the first bytes is read on (json_late_keys) until it is.
 */
#include "input/load.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/sniff.h"
#include "base/xalloc.h"

/* Bytes the format is sniffed from (more for a JSON object whose telling
 * key comes later: json_late_keys). */
#define SNIFF_BYTES 65536

/* Wire type a Profile field must have (profile.proto), -1 if unknown. */
static int
profile_wire(uint64_t field)
{
	switch (field) {
	case 1: case 2: case 3: case 4: case 5: case 6: case 11:
		return 2; /* messages and strings */
	case 7: case 8: case 9: case 10: case 12: case 14:
		return 0; /* integers */
	case 13:
		return 3; /* comment: varint, or packed (length-delimited) */
	default:
		return -1;
	}
}

static int
varint(const unsigned char *d, size_t n, size_t *i, uint64_t *v)
{
	*v = 0;
	for (int shift = 0; shift < 64 && *i < n; shift += 7) {
		unsigned char b = d[(*i)++];
		*v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return 0;
	}
	return -1;
}

/* Is d[0..n) (the visible start of an embedded field that runs past the
 * sniffed bytes) a plausible message: keys with wire types 0, 1, 2 or 5
 * and small field numbers, up to where the bytes end? */
static int
looks_message_start(const unsigned char *d, size_t n)
{
	size_t i = 0;
	int keys = 0;
	while (i < n && keys < 16) {
		uint64_t key, v;
		if (varint(d, n, &i, &key) != 0)
			return keys > 0;
		int wt = (int)(key & 7);
		if ((key >> 3) == 0 || (key >> 3) > 64 || (wt != 0 && wt != 1 && wt != 2 && wt != 5))
			return 0;
		keys++;
		if (wt == 0) {
			if (varint(d, n, &i, &v) != 0)
				return 1;
		} else if (wt == 2) {
			if (varint(d, n, &i, &v) != 0)
				return 1;
			if (v > ((uint64_t)1 << 31))
				return 0;
			i += v;
		} else {
			i += wt == 1 ? 8 : 4;
		}
	}
	return keys > 0;
}

/* Does data look like the start of a Profile message?  The first fields
 * must be well-formed with the wire types profile.proto gives them; text
 * fails this within a field or two ('e' would be field 12 as fixed32).  A
 * message field longer than what was sniffed (a first sample of thousands
 * of frames) is judged by the visible start of its contents. */
static int
looks_protobuf(const unsigned char *d, size_t n)
{
	size_t i = 0;
	int fields = 0;
	while (i < n && fields < 4) {
		uint64_t key, v;
		if (varint(d, n, &i, &key) != 0)
			return fields >= 2;
		uint64_t field = key >> 3;
		int wt = (int)(key & 7);
		int want = profile_wire(field);
		if (field == 0 || (want >= 0 && want != 3 && want != wt) ||
		    (want == 3 && wt != 0 && wt != 2) ||
		    (want < 0 && wt != 0 && wt != 1 && wt != 2 && wt != 5))
			return 0;
		if (wt == 0) {
			if (varint(d, n, &i, &v) != 0)
				return fields >= 2;
		} else if (wt == 1) {
			i += 8;
		} else if (wt == 5) {
			i += 4;
		} else {
			if (varint(d, n, &i, &v) != 0)
				return fields >= 2;
			if (v > ((uint64_t)1 << 34))
				return 0;
			if (v > n - i && field >= 1 && field <= 5)
				return looks_message_start(d + i, n - i);
			i += v;
		}
		fields++;
	}
	/* Several valid fields, or a short buffer that parsed exactly. */
	return fields >= 3 || (fields >= 1 && i == n);
}

static int
is_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* perf script: an event header line, then "ADDR SYMBOL (DSO)" (indented,
 * or not, as some older perf versions print it). */
static int
looks_perf(const char *d, size_t n)
{
	size_t i = 0;
	int header = 0;
	int lines = 0;
	while (i < n && lines < 200) {
		const char *nl = memchr(d + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - d) : n;
		const char *l = d + i;
		size_t len = e - i;
		lines++;
		if (len > 0 && l[0] != '#') {
			if (l[0] != ' ' && l[0] != '\t' && !(header && len > 0 &&
			    l[len - 1 - (l[len - 1] == '\r')] == ')')) {
				header = 1;
			} else if (header) {
				size_t j = 0;
				while (j < len && (l[j] == ' ' || l[j] == '\t'))
					j++;
				size_t h = j;
				while (j < len && is_hex((unsigned char)l[j]))
					j++;
				/* "ADDR SYMBOL (DSO)": the stack line ends in ')'. */
				size_t end = len - (l[len - 1] == '\r');
				if (j > h && j < len && l[j] == ' ' && end > 0 && l[end - 1] == ')')
					return 1;
				return 0;
			}
		}
		if (nl == NULL)
			break;
		i = e + 1;
	}
	return 0;
}

/* Is line l[0..n) a folded stack line: text, then blanks, then a count
 * ([-]digits[.digits]), with a second count before it in the differential
 * form?  Blank lines and '#' comments pass too (*stack stays 0). */
static int
folded_line(const char *l, size_t n, int *stack)
{
	while (n > 0 && (l[n - 1] == ' ' || l[n - 1] == '\t' || l[n - 1] == '\r'))
		n--;
	size_t i = 0;
	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	if (i == n || l[i] == '#')
		return 1;
	size_t t = n;
	while (t > i && l[t - 1] != ' ' && l[t - 1] != '\t')
		t--;
	size_t k = t;
	if (k < n && l[k] == '-')
		k++;
	size_t d = k;
	while (k < n && l[k] >= '0' && l[k] <= '9')
		k++;
	if (k == d)
		return 0;
	if (k < n && l[k] == '.') {
		k++;
		while (k < n && l[k] >= '0' && l[k] <= '9')
			k++;
	}
	if (k != n || t <= i + 1)
		return 0;
	*stack = 1;
	return 1;
}

/* Text whose every line is a folded line (at least one a stack): folded,
 * whatever else its bytes could be.  A protobuf of a few bytes can be
 * printable ("x;y 5\nx;z 7\n" is well-formed protobuf); real protobuf
 * has control bytes (field keys 0x08, 0x10, lengths) within a few bytes.
 * A last line without its newline is judged only when no line before it
 * is complete (it may be cut by the sniffed window). */
static int
looks_folded(const char *d, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)d[i];
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			return 0;
	}
	size_t i = 0;
	int stacks = 0;
	if (n >= 3 && memcmp(d, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n) {
		const char *nl = memchr(d + i, '\n', n - i);
		if (nl == NULL && stacks > 0)
			break;
		size_t e = nl != NULL ? (size_t)(nl - d) : n;
		if (!folded_line(d + i, e - i, &stacks))
			return 0;
		i = e + 1;
	}
	return stacks > 0;
}

/* Does data[0..n) contain the text k? */
static int
has(const char *d, size_t n, const char *k)
{
	size_t kl = strlen(k);
	for (size_t i = 0; i + kl <= n; i++)
		if (d[i] == k[0] && memcmp(d + i, k, kl) == 0)
			return 1;
	return 0;
}

/* JSON profiles: the first non-blank byte and the keys near the start. */
static enum ft_format
sniff_json(const char *d, size_t n, char *why, size_t cap)
{
	size_t i = 0;
	if (n >= 3 && memcmp(d, "\xef\xbb\xbf", 3) == 0)
		i = 3; /* UTF-8 byte order mark */
	while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
		i++;
	if (i >= n || (d[i] != '{' && d[i] != '['))
		return FT_FMT_UNKNOWN;
	char open = d[i++];
	while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
		i++;
	if (open == '[') {
		if (i < n && (d[i] == '{' || d[i] == ']')) {
			snprintf(why, cap, "a JSON array of objects (trace events)");
			return FT_FMT_TRACE;
		}
		return FT_FMT_UNKNOWN;
	}
	if (i < n && d[i] != '"' && d[i] != '}')
		return FT_FMT_UNKNOWN;
	if (has(d, n, "\"preprocessedProfileVersion\"")) {
		snprintf(why, cap, "a JSON object with \"preprocessedProfileVersion\" (the "
		    "Firefox Profiler's processed format: samply)");
		return FT_FMT_FIREFOX;
	}
	if (has(d, n, "\"meta\"") && has(d, n, "\"threads\"") &&
	    (has(d, n, "\"stackTable\"") || has(d, n, "\"processes\""))) {
		snprintf(why, cap, "a JSON object with \"meta\", \"threads\" and "
		    "\"stackTable\" or \"processes\" (the Firefox Profiler: a gecko or an "
		    "early processed profile)");
		return FT_FMT_FIREFOX;
	}
	if (has(d, n, "speedscope.app/file-format") ||
	    (has(d, n, "\"profiles\"") && has(d, n, "\"shared\""))) {
		snprintf(why, cap, "a JSON object with speedscope's $schema, or "
		    "\"profiles\" and \"shared\"");
		return FT_FMT_SPEEDSCOPE;
	}
	if (has(d, n, "\"flamebearer\"") && has(d, n, "\"levels\"")) {
		snprintf(why, cap, "a JSON object with \"flamebearer\" and \"levels\" "
		    "(Pyroscope)");
		return FT_FMT_FLAMEBEARER;
	}
	if (has(d, n, "\"traceEvents\"")) {
		snprintf(why, cap, "a JSON object with \"traceEvents\"");
		return FT_FMT_TRACE;
	}
	if (has(d, n, "\"callFrame\"") || has(d, n, "\"timeDeltas\"")) {
		snprintf(why, cap, "a JSON object with \"callFrame\" or \"timeDeltas\" "
		    "(a Chrome CPU profile)");
		return FT_FMT_CPUPROFILE;
	}
	if (has(d, n, "\"head\"") && (has(d, n, "\"timestamps\"") ||
	    has(d, n, "\"functionName\""))) {
		snprintf(why, cap, "a JSON object with \"head\" and \"functionName\" or "
		    "\"timestamps\" (the old V8 CPU profile)");
		return FT_FMT_CPUPROFILE;
	}
	if (has(d, n, "\"mode\"") && has(d, n, "\"frames\"") &&
	    (has(d, n, "\"raw\"") || has(d, n, "\"interval\""))) {
		snprintf(why, cap, "a JSON object with \"mode\", \"frames\" and \"raw\" or "
		    "\"interval\" (Ruby's stackprof)");
		return FT_FMT_STACKPROF;
	}
	if (has(d, n, "\"ph\"")) {
		snprintf(why, cap, "a JSON object with \"ph\" (trace events)");
		return FT_FMT_TRACE;
	}
	if (has(d, n, "\"flamegraph\"") && has(d, n, "\"levels\"") && has(d, n, "\"names\"")) {
		snprintf(why, cap, "a JSON object with \"flamegraph\", \"names\" and \"levels\" "
		    "(Grafana Pyroscope's query API)");
		return FT_FMT_FLAMEBEARER;
	}
	return FT_FMT_UNKNOWN;
}

/* Does d[0..n) start like a JSON object with a key: '{' then '"'? */
static int
json_object_start(const char *d, size_t n)
{
	size_t i = 0;
	if (n >= 3 && memcmp(d, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
		i++;
	if (i >= n || d[i++] != '{')
		return 0;
	while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
		i++;
	return i < n && d[i] == '"';
}

/* Most bytes read ahead to find a late key in input that cannot be read
 * twice (a pipe): they are held in memory. */
#define LATE_KEY_MAX ((size_t)1 << 30)

/* The format of a JSON object from its top-level keys, read on past the
 * sniffed head[0..n) until one decides (sniff.h, ft_json_keys): through a
 * second reader of the input when it can be read twice (a file, a fetched
 * URL), else by reading ahead in src (held in memory, at most
 * LATE_KEY_MAX bytes).  FT_FMT_UNKNOWN when no key decides (err set only
 * on a read error). */
static enum ft_format
json_late_keys(ft_source *src, const char *head, size_t n, char *why, size_t cap,
    ft_diag *err)
{
	ft_json_keys k;
	json_keys_init(&k);
	if (json_keys_feed(&k, head, n) == FT_FMT_UNKNOWN) {
		ft_diag ignore = {{0}};
		ft_source *t = source_reopen(src, &ignore);
		if (t != NULL) {
			const char *d;
			long got = 0;
			json_keys_init(&k);
			while (k.fmt == FT_FMT_UNKNOWN && (got = source_next(t, &d, err)) > 0)
				json_keys_feed(&k, d, (size_t)got);
			source_close(t);
			if (got < 0 && k.fmt == FT_FMT_UNKNOWN)
				return FT_FMT_UNKNOWN;
		} else {
			size_t want = n;
			const char *d;
			while (k.fmt == FT_FMT_UNKNOWN && want < LATE_KEY_MAX) {
				size_t fed = want;
				want *= 2;
				long got = source_peek(src, &d, want, err);
				if (got < 0)
					return FT_FMT_UNKNOWN;
				if ((size_t)got > fed)
					json_keys_feed(&k, d + fed, (size_t)got - fed);
				if ((size_t)got < want)
					break;
			}
		}
	}
	if (k.fmt != FT_FMT_UNKNOWN)
		json_keys_why(&k, why, cap);
	return k.fmt;
}

const char *
load_format_name(enum ft_format f)
{
	switch (f) {
	case FT_FMT_FOLDED: return "folded stacks";
	case FT_FMT_PPROF: return "pprof";
	case FT_FMT_PERF: return "perf script";
	case FT_FMT_STAP: return "systemtap";
	case FT_FMT_DTRACE: return "DTrace";
	case FT_FMT_BPFTRACE: return "bpftrace";
	case FT_FMT_CPUPROFILE: return "Chrome CPU profile";
	case FT_FMT_TRACE: return "Chrome trace events";
	case FT_FMT_SPEEDSCOPE: return "speedscope";
	case FT_FMT_JFR: return "Java Flight Recorder";
	case FT_FMT_CALLGRIND: return "callgrind";
	case FT_FMT_FLAMEBEARER: return "Pyroscope flamebearer";
	case FT_FMT_PERFDATA: return "perf.data";
	case FT_FMT_GHCPROF: return "GHC profiling report";
	case FT_FMT_FIREFOX: return "Firefox Profiler";
	case FT_FMT_STACKPROF: return "Ruby stackprof";
	case FT_FMT_INSTRUMENTS: return "Instruments deep copy";
	default: return "unknown";
	}
}

enum ft_format
load_sniff_why(const char *data, size_t n, char *why, size_t cap)
{
	const unsigned char *d = (const unsigned char *)data;
	if (n >= 4 && memcmp(data, "FLR", 4) == 0) {
		snprintf(why, cap, "the JFR chunk magic FLR\\0");
		return FT_FMT_JFR;
	}
	if (n >= 8 && memcmp(data, "PERFILE2", 8) == 0) {
		snprintf(why, cap, "the perf.data magic PERFILE2 (read through perf script)");
		return FT_FMT_PERFDATA;
	}
	enum ft_format j = sniff_json(data, n, why, cap);
	if (j != FT_FMT_UNKNOWN)
		return j;
	if (sniff_callgrind(data, n, why, cap) != FT_FMT_UNKNOWN)
		return FT_FMT_CALLGRIND;
	if (sniff_ghcprof(data, n, why, cap) != FT_FMT_UNKNOWN)
		return FT_FMT_GHCPROF;
	if (sniff_instruments(data, n, why, cap) != FT_FMT_UNKNOWN)
		return FT_FMT_INSTRUMENTS;
	if (looks_protobuf(d, n) && !looks_folded(data, n)) {
		snprintf(why, cap, "protobuf fields with profile.proto's wire types");
		return FT_FMT_PPROF;
	}
	enum ft_format f = sniff_tracers(data, n, why, cap);
	if (f != FT_FMT_UNKNOWN)
		return f;
	if (looks_perf(data, n)) {
		snprintf(why, cap, "an event header line followed by `ADDR SYMBOL (DSO)` "
		    "stack lines");
		return FT_FMT_PERF;
	}
	snprintf(why, cap, "no other format matched (tried JFR, JSON, callgrind, pprof, "
	    "systemtap, DTrace, bpftrace, perf script)");
	return FT_FMT_FOLDED;
}

enum ft_format
load_sniff(const char *data, size_t n)
{
	char why[256];
	return load_sniff_why(data, n, why, sizeof(why));
}

ft_profile *
load_source(ft_source *src, enum ft_format fmt, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err)
{
	memset(rep, 0, sizeof(*rep));
	switch (fmt) {
	case FT_FMT_PPROF:
		return load_pprof(src, names, o, rep, err);
	case FT_FMT_PERF:
		return load_perf(src, names, o, rep, err);
	case FT_FMT_STAP:
		return load_stap(src, names, o, rep, err);
	case FT_FMT_DTRACE:
		return load_dtrace(src, names, o, rep, err);
	case FT_FMT_BPFTRACE:
		return load_bpftrace(src, names, o, rep, err);
	case FT_FMT_CPUPROFILE:
		return load_cpuprofile(src, names, o, rep, err);
	case FT_FMT_TRACE:
		return load_trace(src, names, o, rep, err);
	case FT_FMT_SPEEDSCOPE:
		return load_speedscope(src, names, o, rep, err);
	case FT_FMT_JFR:
		return load_jfr(src, names, o, rep, err);
	case FT_FMT_CALLGRIND:
		return load_callgrind(src, names, o, rep, err);
	case FT_FMT_FLAMEBEARER:
		return load_flamebearer(src, names, o, rep, err);
	case FT_FMT_PERFDATA:
		return load_perfdata(src, NULL, names, o, rep, err);
	case FT_FMT_GHCPROF:
		return load_ghcprof(src, names, o, rep, err);
	case FT_FMT_FIREFOX:
		return load_firefox(src, names, o, rep, err);
	case FT_FMT_STACKPROF:
		return load_stackprof(src, names, o, rep, err);
	case FT_FMT_INSTRUMENTS:
		return load_instruments(src, names, o, rep, err);
	default:
		return load_folded(src, names, o, rep, err);
	}
}

/* Files people open by mistake, recognised by their magic bytes. */
static const struct magic {
	const char *bytes;
	size_t n;
	const char *what;
} magics[] = {
	{"\x7f" "ELF", 4, "an ELF executable or library, not a profile"},
	{"\xfd" "7zXZ\0", 6, "xz-compressed (only gzip is read as is): xz -dc FILE | flametui -"},
	{"BZh", 3, "bzip2-compressed (only gzip is read as is): bzip2 -dc FILE | flametui -"},
	{"\x28\xb5\x2f\xfd", 4, "zstd-compressed (only gzip is read as is): zstd -dc FILE | flametui -"},
	{"PK\x03\x04", 4, "a zip archive: unzip it first"},
	{"\x1f\x8b", 2, "compressed twice (gzip inside gzip): gzip -dc FILE | flametui -"},
	{"\x89PNG", 4, "a PNG image, not a profile"},
	{"%PDF", 4, "a PDF document, not a profile"},
};

/* Where the visible top-level fields of d[0..n) stop being a Profile
 * message: the offset of the first bad key (with *why), or -1 when every
 * visible field is well-formed. */
static long
protobuf_bad_at(const unsigned char *d, size_t n, const char **why)
{
	size_t i = 0;
	while (i < n) {
		size_t at = i;
		uint64_t key, v;
		if (varint(d, n, &i, &key) != 0)
			return -1;
		uint64_t field = key >> 3;
		int wt = (int)(key & 7);
		int want = profile_wire(field);
		if (field == 0) {
			*why = "field number 0";
			return (long)at;
		}
		if ((want >= 0 && want != 3 && want != wt) || (want == 3 && wt != 0 && wt != 2)) {
			*why = "wrong wire type for a Profile field";
			return (long)at;
		}
		if (wt == 0) {
			if (varint(d, n, &i, &v) != 0)
				return -1;
		} else if (wt == 2) {
			if (varint(d, n, &i, &v) != 0)
				return -1;
			if (v > ((uint64_t)1 << 34)) {
				*why = "field length beyond any profile";
				return (long)at;
			}
			if (v > n - i)
				return -1;
			i += v;
		} else if (wt == 1 || wt == 5) {
			i += wt == 1 ? 8 : 4;
		} else {
			*why = "invalid wire type";
			return (long)at;
		}
	}
	return -1;
}

/* Text or binary?  Profiles in text formats have no NUL bytes and few
 * control characters; returns the offset of the first NUL (or of the
 * control byte that tipped the balance), or -1 for text. */
static long
binary_at(const unsigned char *d, size_t n)
{
	size_t ctl = 0;
	long first = -1;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = d[i];
		if (c == 0)
			return (long)i;
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' &&
		    c != '\f' && c != 0x1b) {
			ctl++;
			if (first < 0)
				first = (long)i;
		}
	}
	return ctl * 10 > n ? first : -1;
}

ft_profile *
load_file(const char *path, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	memset(rep, 0, sizeof(*rep));
	ft_source *src = source_open_path(path, o->fetch, o->regular_only, err);
	if (src == NULL)
		return NULL;
	if (o->progress != NULL)
		source_set_progress(src, o->progress, o->progress_ctx);
	source_set_whole_lines(src, o->whole_lines);
	const char *head;
	long n = source_peek(src, &head, SNIFF_BYTES, err);
	if (n < 0) {
		source_close(src);
		return NULL;
	}
	if (n == 0) {
		diag_set(err, "%s: empty file: no stacks found", path);
		source_close(src);
		return NULL;
	}
	if (n >= 2 && ((head[0] == '\xff' && head[1] == '\xfe') ||
	    (head[0] == '\xfe' && head[1] == '\xff'))) {
		diag_set(err, "%s:1: UTF-16 text is not supported; convert it first: "
		    "iconv -f UTF-16 -t UTF-8 %s > profile.folded", path, path);
		source_close(src);
		return NULL;
	}
	for (size_t i = 0; i < sizeof(magics) / sizeof(magics[0]); i++) {
		const struct magic *m = &magics[i];
		if ((size_t)n >= m->n && memcmp(head, m->bytes, m->n) == 0 &&
		    (m->bytes[0] != '\x1f' || source_is_gzip(src))) {
			/* The hint names the file ("FILE" in the table). */
			const char *f = strstr(m->what, "FILE");
			if (f == NULL)
				diag_set(err, "%s: %s", path, m->what);
			else if (strcmp(path, "-") == 0)
				diag_set(err, "%s: %.*s%s", path, (int)(f - m->what), m->what, f + 5);
			else
				diag_set(err, "%s: %.*s%s%s", path, (int)(f - m->what), m->what, path, f + 4);
			source_close(src);
			return NULL;
		}
	}
	char sniffed[sizeof(rep->format_why)];
	enum ft_format fmt = load_sniff_why(head, (size_t)n, sniffed, sizeof(sniffed));
	if (fmt != FT_FMT_CPUPROFILE && fmt != FT_FMT_TRACE && fmt != FT_FMT_SPEEDSCOPE &&
	    fmt != FT_FMT_JFR && fmt != FT_FMT_PERFDATA && n == SNIFF_BYTES && json_object_start(head, (size_t)n)) {
		/* A JSON object whose telling key is past the sniffed bytes. */
		enum ft_format j = json_late_keys(src, head, (size_t)n, sniffed,
		    sizeof(sniffed), err);
		if (j == FT_FMT_UNKNOWN && err->msg[0] != '\0') {
			source_close(src);
			return NULL;
		}
		if (j != FT_FMT_UNKNOWN)
			fmt = j;
		/* Reading on may have moved the buffer. */
		if ((n = source_peek(src, &head, SNIFF_BYTES, err)) < 0) {
			source_close(src);
			return NULL;
		}
	}
	if (fmt == FT_FMT_PERFDATA) {
		ft_profile *p = load_perfdata(src, path, names, o, rep, err);
		memcpy(rep->format_why, sniffed, sizeof(sniffed));
		source_close(src);
		return p;
	}
	const unsigned char *uh = (const unsigned char *)head;
	long bin = fmt == FT_FMT_PPROF || fmt == FT_FMT_JFR ? -1 : binary_at(uh, (size_t)n);
	if (bin >= 0) {
		/* Binary that is no known file type can only be a (broken)
		 * protobuf: say where it breaks, at once when that is in
		 * sight (never read all of /dev/zero), else as the protobuf
		 * decoder finds it. */
		const char *why = NULL;
		unsigned char b = uh[bin];
		long bad = protobuf_bad_at(uh, (size_t)n, &why);
		ft_profile *p = NULL;
		ft_diag d = {{0}};
		if (bad >= 0) {
			snprintf(d.msg, sizeof(d.msg), "byte %ld: %s", bad, why);
		} else {
			p = load_source(src, FT_FMT_PPROF, names, o, rep, err);
			if (p == NULL) {
				size_t pl = strlen(path);
				d = *err;
				if (strncmp(d.msg, path, pl) == 0 && d.msg[pl] == ':' && d.msg[pl + 1] == ' ')
					memmove(d.msg, d.msg + pl + 2, strlen(d.msg + pl + 2) + 1);
			}
		}
		if (p == NULL) {
			diag_set(err, "%s: binary data (byte %ld is 0x%02x), not a text profile; "
			    "read as pprof: %s", path, bin, b, d.msg);
			source_close(src);
			return NULL;
		}
		if (source_trailing_garbage(src) > 0)
			load_report_warn(rep, "%s: %llu bytes after the end of the gzip data ignored",
			    path, (unsigned long long)source_trailing_garbage(src));
		source_close(src);
		return p;
	}
	if (fmt == FT_FMT_FOLDED) {
		/* A table of another tool must not be read as stacks. */
		const char *what, *at;
		size_t len;
		int line = sniff_foreign(head, (size_t)n, &what, &at, &len);
		if (line > 0) {
			diag_set(err, "%s:%d: %s", path, line, what);
			diag_append_text(err, at, len);
			source_close(src);
			return NULL;
		}
	}
	/* JSON no loader knows: said as such, with its keys, when the folded
	 * reader finds nothing in it. */
	char shape[400];
	int json = fmt == FT_FMT_FOLDED && sniff_json_shape(head, (size_t)n, shape, sizeof(shape));
	ft_profile *p = load_source(src, fmt, names, o, rep, err);
	memcpy(rep->format_why, sniffed, sizeof(sniffed));
	if (p == NULL && json && rep->valid == 0) {
		diag_set(err, "%s: JSON of an unknown shape: %s; flametui reads the JSON of "
		    ".cpuprofile, Chrome trace events, speedscope, Pyroscope and the Firefox Profiler", path, shape);
	} else if (p == NULL && fmt == FT_FMT_FOLDED && rep->valid == 0 && rep->lines > 0 &&
	    strlen(err->msg) + 80 < sizeof(err->msg))
		strcat(err->msg, "; not pprof, perf script, systemtap, DTrace, bpftrace, "
		    "callgrind, JSON or JFR either");
	if (p != NULL && source_trailing_garbage(src) > 0)
		load_report_warn(rep, "%s: %llu bytes after the end of the gzip data ignored",
		    path, (unsigned long long)source_trailing_garbage(src));
	source_close(src);
	return p;
}

int
load_keeps_order(const char *format)
{
	static const char *const keep[] = {"folded", "pprof", "stap", "dtrace", "bpftrace"};
	for (size_t i = 0; i < sizeof(keep) / sizeof(keep[0]); i++)
		if (format != NULL && strcmp(format, keep[i]) == 0)
			return 1;
	return 0;
}
