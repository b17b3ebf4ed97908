/* export_speedscope.c - speedscope JSON writer (see export_speedscope.h).
 *
 * Names are bytes from untrusted files; JSON wants valid UTF-8, so invalid
 * bytes are written as U+FFFD and control characters as \u00XX escapes.
 * The exporter field is "flametui": load_speedscope.c reads such files
 * back with one column per profile (a round trip keeps the sample types),
 * where other producers' same-unit profiles are threads.
 */
#include "export/export_speedscope.h"

#include <stdlib.h>
#include <string.h>

#include "profile/intern.h"
#include "base/utf8.h"
#include "base/xalloc.h"

static void
put_json_str(FILE *out, const char *s, size_t n)
{
	fputc('"', out);
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			fputc('\\', out);
			fputc(c, out);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(out, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			fputc(c, out);
			i++;
		} else {
			uint32_t cp;
			size_t l = utf8_decode(s + i, n - i, &cp);
			if (l == 0) {
				fputs("\xef\xbf\xbd", out);
				i++;
			} else {
				fwrite(s + i, 1, l, out);
				i += l;
			}
		}
	}
	fputc('"', out);
}

static const char *
ss_unit(const char *u)
{
	static const char *known[] = {"nanoseconds", "microseconds", "milliseconds",
	    "seconds", "bytes"};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(u, known[i]) == 0)
			return known[i];
	if (strcmp(u, "ns") == 0)
		return "nanoseconds";
	if (strcmp(u, "us") == 0)
		return "microseconds";
	if (strcmp(u, "ms") == 0)
		return "milliseconds";
	if (strcmp(u, "s") == 0)
		return "seconds";
	return "none";
}

int
export_speedscope(const ft_profile *p, int col, FILE *out, ft_diag *err)
{
	if (profile_check_stack_frames(p, "the speedscope export", err) != 0)
		return -1;
	uint32_t nnames = intern_count(p->names);
	uint32_t *frame = xreallocarray(NULL, nnames ? nnames : 1, sizeof(uint32_t));
	memset(frame, 0xff, sizeof(uint32_t) * (nnames ? nnames : 1));
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 1));
	uint32_t nframes = 0;
	int plain = p->format != NULL && strcmp(p->format, "pprof") == 0;
	const char *base = strrchr(p->source, '/');
	base = base != NULL ? base + 1 : p->source;

	fputs("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n", out);
	fputs("\"exporter\":\"flametui\",\"name\":", out);
	put_json_str(out, base, strlen(base));
	fprintf(out, ",\"activeProfileIndex\":%d,\n\"shared\":{\"frames\":[", col);
	/* Frames in first-use order over the tree (node order). */
	for (uint32_t n = 1; n < p->nnodes; n++) {
		uint32_t id = p->nodes[n].name;
		if (frame[id] != UINT32_MAX)
			continue;
		frame[id] = nframes++;
		/* Kinds as name suffixes, except for pprof input (the folded
		 * export's convention, so the two exports agree). */
		const char *suf = plain ? "" : kind_suffix(intern_kind(p->names, id));
		size_t nl = intern_len(p->names, id), sl = strlen(suf);
		char *name = xmalloc(nl + sl + 1);
		memcpy(name, intern_str(p->names, id), nl);
		memcpy(name + nl, suf, sl);
		fputs(nframes > 1 ? ",\n{\"name\":" : "\n{\"name\":", out);
		put_json_str(out, name, nl + sl);
		free(name);
		const char *w = profile_frame_where(p, id);
		if (w != NULL) {
			fputs(",\"file\":", out);
			put_json_str(out, w, strlen(w));
		}
		fputc('}', out);
	}
	fputs("]},\n\"profiles\":[", out);
	char v[48], end[48];
	for (int c = 0; c < p->nvals; c++) {
		val_format(end, sizeof(end), profile_total(p, FT_ROOT, c), p->scale);
		fprintf(out, "%s\n{\"type\":\"sampled\",\"name\":", c ? "," : "");
		put_json_str(out, p->types[c].name, strlen(p->types[c].name));
		fprintf(out, ",\"unit\":\"%s\",\"startValue\":0,\"endValue\":%s,\n\"samples\":[",
		    ss_unit(p->types[c].unit), end);
		int first = 1;
		for (uint32_t n = 1; n < p->nnodes; n++) {
			if (profile_self(p, n, c) == 0)
				continue;
			uint32_t d = profile_path(p, n, path);
			fputs(first ? "\n[" : ",\n[", out);
			first = 0;
			for (uint32_t i = 0; i < d; i++)
				fprintf(out, i ? ",%u" : "%u", frame[path[i]]);
			fputc(']', out);
		}
		fputs("],\n\"weights\":[", out);
		first = 1;
		for (uint32_t n = 1; n < p->nnodes; n++) {
			if (profile_self(p, n, c) == 0)
				continue;
			val_format(v, sizeof(v), profile_self(p, n, c), p->scale);
			fprintf(out, first ? "%s" : ",%s", v);
			first = 0;
		}
		fputs("]}", out);
	}
	fputs("]}\n", out);
	free(frame);
	free(path);
	if (fflush(out) != 0 || ferror(out)) {
		diag_set(err, "write error");
		return -1;
	}
	return 0;
}
