/* export_folded.c - folded export (see export_folded.h).
 *
 * Stacks are materialised as text and sorted with memcmp: the bytewise
 * order of whole lines (LC_ALL=C sort) is not the tree's child order when
 * names contain bytes below ';', so walking the tree alone cannot give it.
 *
 * Profiles loaded from pprof are written without kind annotations (the
 * pprof-to-folded convention of ../shared/corpora/README.md: inline frames
 * expanded but unmarked); two stacks that then read the same (a function
 * inlined at one call site and not at another) are merged into one line.
 */
#include "export/export_folded.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

struct line {
	size_t off, len;
	uint32_t node;
};

static const char *sort_buf;

static int
cmp_line(const void *a, const void *b)
{
	const struct line *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(sort_buf + x->off, sort_buf + y->off, n);
	if (c != 0)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

static void
append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	if (n == 0) /* an empty frame name: nothing to copy (and *buf may be NULL) */
		return;
	if (*len + n > *cap) {
		*cap = grow_cap(*cap, *len + n, 1 << 16);
		*buf = xrealloc(*buf, *cap);
	}
	memcpy(*buf + *len, s, n);
	*len += n;
}

int
export_folded(const ft_profile *p, int col, int col2, FILE *out)
{
	return export_folded_root(p, col, col2, 0, out);
}

int
export_folded_root(const ft_profile *p, int col, int col2, int root_line, FILE *out)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	struct line *lines = NULL;
	size_t nl = 0, lcap = 0;
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 1));
	int plain = p->format != NULL && strcmp(p->format, "pprof") == 0;
	/* From the root: samples whose every frame a filter removed (--hide,
	 * --show) are the root's self; they are written under one frame,
	 * EXPORT_EMPTY_STACK, so the export sums to the same total as every
	 * other output. */
	for (uint32_t n = root_line ? 0 : 1; n < p->nnodes; n++) {
		ft_val a = profile_self(p, n, col);
		ft_val b = col2 >= 0 ? profile_self(p, n, col2) : 0;
		if (a == 0 && b == 0)
			continue;
		uint32_t d = n == FT_ROOT ? 0 : profile_path(p, n, path);
		size_t start = len;
		if (n == FT_ROOT)
			append(&buf, &len, &cap, EXPORT_EMPTY_STACK, strlen(EXPORT_EMPTY_STACK));
		for (uint32_t i = 0; i < d; i++) {
			if (i > 0)
				append(&buf, &len, &cap, ";", 1);
			const char *s = intern_str(p->names, path[i]);
			size_t sl = intern_len(p->names, path[i]);
			size_t at = len;
			append(&buf, &len, &cap, s, sl);
			for (size_t k = at; k < len; k++)
				if (buf[k] == ';' || buf[k] == '\n')
					buf[k] = buf[k] == ';' ? ':' : ' ';
			const char *suf = plain ? "" :
			    kind_suffix(intern_kind(p->names, path[i]));
			append(&buf, &len, &cap, suf, strlen(suf));
		}
		if (nl == lcap) {
			lcap = grow_cap(lcap, nl + 1, 1024);
			lines = xreallocarray(lines, lcap, sizeof(*lines));
		}
		lines[nl++] = (struct line){start, len - start, n};
	}
	free(path);
	sort_buf = buf;
	if (nl > 1)
		qsort(lines, nl, sizeof(*lines), cmp_line);
	int rc = 0;
	for (size_t i = 0; i < nl && rc == 0;) {
		char v1[32], v2[32];
		ft_val a = profile_self(p, lines[i].node, col);
		ft_val b = col2 >= 0 ? profile_self(p, lines[i].node, col2) : 0;
		size_t j = i + 1;
		/* Equal text (possible only in plain mode): one line, summed;
		 * a sum that would overflow starts a new line instead. */
		for (; j < nl && cmp_line(&lines[i], &lines[j]) == 0; j++) {
			ft_val a2 = a, b2 = b;
			if (val_add(&a2, profile_self(p, lines[j].node, col)) != 0 ||
			    (col2 >= 0 && val_add(&b2, profile_self(p, lines[j].node, col2)) != 0))
				break;
			a = a2;
			b = b2;
		}
		fwrite(buf + lines[i].off, 1, lines[i].len, out);
		i = j;
		val_format(v1, sizeof(v1), a, p->scale);
		if (col2 >= 0) {
			val_format(v2, sizeof(v2), b, p->scale);
			fprintf(out, " %s %s\n", v1, v2);
		} else {
			fprintf(out, " %s\n", v1);
		}
		if (ferror(out))
			rc = -1;
	}
	free(lines);
	free(buf);
	if (fflush(out) != 0 || ferror(out))
		rc = -1;
	return rc;
}
