/* load.c - open a profile file, sniff its format, dispatch to a loader.
 *
 * The format is decided from the first decoded bytes (after gunzip), never
 * from the file name: several real ".pb.gz" files are raw protobuf and
 * folded files come with any extension.
 */
#include "load.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

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

/* Does data look like the start of a Profile message?  The first fields
 * must be well-formed with the wire types profile.proto gives them; text
 * fails this within a field or two ('e' would be field 12 as fixed32). */
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
				if (j > h && j < len && l[j] == ' ')
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

enum ft_format
load_sniff(const char *data, size_t n)
{
	const unsigned char *d = (const unsigned char *)data;
	if (looks_protobuf(d, n))
		return FT_FMT_PPROF;
	if (looks_perf(data, n))
		return FT_FMT_PERF;
	return FT_FMT_FOLDED;
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
	default:
		return load_folded(src, names, o, rep, err);
	}
}

ft_profile *
load_file(const char *path, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	memset(rep, 0, sizeof(*rep));
	ft_source *src = source_open(path, err);
	if (src == NULL)
		return NULL;
	if (o->progress != NULL)
		source_set_progress(src, o->progress, o->progress_ctx);
	const char *head;
	long n = source_peek(src, &head, 4096, err);
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
	ft_profile *p = load_source(src, load_sniff(head, (size_t)n), names, o, rep, err);
	source_close(src);
	return p;
}
