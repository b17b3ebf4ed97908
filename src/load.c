/* load.c - open a profile file, sniff its format, dispatch to a loader.
 *
 * The format is decided from the first decoded bytes (after gunzip), never
 * from the file name: several real ".pb.gz" files are raw protobuf and
 * folded files come with any extension.
 */
#include "load.h"

#include <string.h>

/* Does data look like the start of a protobuf message?  A Profile starts
 * with a length-delimited field (sample_type, 0x0a) or, rarely, another
 * field; text never starts with a control byte other than '\n', and a text
 * line starting with '\n' is not followed by a plausible varint and field. */
static int
looks_protobuf(const unsigned char *d, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n && i < 256; i++)
		if (d[i] == 0 || (d[i] < 0x09) || (d[i] > 0x0d && d[i] < 0x20 && d[i] != 0x1b))
			return 1; /* binary */
	if (d[0] != 0x0a || n < 3)
		return 0;
	/* 0x0a LEN 0x08 ...: a ValueType submessage. */
	size_t i = 1;
	while (i < n && i < 6 && (d[i] & 0x80))
		i++;
	return i + 1 < n && (d[i + 1] == 0x08 || d[i + 1] == 0x10);
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
