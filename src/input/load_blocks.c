/* load_blocks.c - "frames, then a count" aggregations (see load_blocks.h). */
#include "input/load_blocks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

struct blocks {
	const ft_block_format *fmt;
	ft_profile *p;
	ft_source *src;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_diag *err;
	uint32_t *frames; /* name ids, leaf first */
	size_t nframes, cframes;
	long open_line;   /* line of the first frame of the open stack */
	char *buf;
	size_t cbuf;
	int in_header;    /* still skipping a header */
	int seen_line;    /* a non-blank line was read */
	ft_stackset stacks;
};

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

size_t
block_strip_offset(const char *s, size_t n)
{
	for (size_t i = n; i-- > 0;)
		if (s[i] == '+')
			return i;
	return n;
}

static void
bad_line(struct blocks *B, long line, const char *reason, const char *s, size_t n)
{
	B->rep->invalid++;
	if (B->rep->invalid == 1) {
		diag_set(&B->rep->first_bad, "%s:%ld: %s", source_name(B->src), line, reason);
		diag_append_text(&B->rep->first_bad, s, n);
	}
}

/* A count line: optional blanks, digits, optional blanks.  1 with *v set,
 * 0 not a count, -1 too large. */
static int
count_line(const char *s, size_t n, ft_val *v)
{
	size_t i = 0;
	while (i < n && is_blank(s[i]))
		i++;
	size_t d = i;
	ft_val x = 0;
	int big = 0;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		if (x > (INT64_MAX - (s[i] - '0')) / 10)
			big = 1;
		else
			x = x * 10 + (s[i] - '0');
	}
	if (i == d)
		return 0;
	while (i < n && is_blank(s[i]))
		i++;
	if (i != n)
		return 0;
	if (big)
		return -1;
	*v = x;
	return 1;
}

static int
end_stack(struct blocks *B, ft_val count)
{
	uint32_t node = FT_ROOT;
	if (B->nframes == 0)
		node = profile_child(B->p, node, intern_get(B->p->names, "[no stack]", 10,
		    FT_KIND_NONE));
	for (size_t i = B->nframes; i-- > 0;)
		node = profile_child(B->p, node, B->frames[i]);
	B->nframes = 0;
	B->rep->valid++;
	if (stackset_add(&B->stacks, node))
		B->rep->stacks++;
	if (profile_add_self(B->p, node, &count, B->err) != 0) {
		ft_diag d = *B->err;
		diag_set(B->err, "%s:%ld: %s", source_name(B->src), source_lineno(B->src), d.msg);
		return -1;
	}
	return 0;
}

static int
one_line(struct blocks *B, const char *line, size_t len)
{
	const char *s = line;
	size_t n = len;
	while (n > 0 && is_blank(s[n - 1]))
		n--;
	int indented = n > 0 && is_blank(s[0]);
	while (n > 0 && is_blank(*s))
		s++, n--;
	if (n == 0) {
		B->rep->blank++;
		B->in_header = 0;
		return 0;
	}
	if (!B->seen_line) {
		B->seen_line = 1;
		B->in_header = B->fmt->header && !indented;
	}
	if (B->in_header) {
		B->rep->comment++;
		return 0;
	}
	ft_val count;
	int c = count_line(s, n, &count);
	if (c < 0) {
		bad_line(B, source_lineno(B->src), "count is larger than 64 bits", line, len);
		B->nframes = 0; /* the stack goes with its count */
		return B->o->strict ? -1 : 0;
	}
	if (c > 0)
		return end_stack(B, count);
	if (n + 64 > B->cbuf) {
		B->cbuf = grow_cap(B->cbuf, n + 64, 256);
		B->buf = xrealloc(B->buf, B->cbuf);
	}
	ft_block_frame f;
	if (B->fmt->frame(s, n, B->buf, &f) != 0) {
		char reason[96];
		snprintf(reason, sizeof(reason), "not a %s frame or count", B->fmt->what);
		bad_line(B, source_lineno(B->src), reason, line, len);
		return B->o->strict ? -1 : 0;
	}
	if (B->nframes == 0)
		B->open_line = source_lineno(B->src);
	if (B->nframes == B->cframes) {
		B->cframes = grow_cap(B->cframes, B->nframes + 1, 256);
		B->frames = xreallocarray(B->frames, B->cframes, sizeof(uint32_t));
	}
	B->frames[B->nframes++] = intern_get(B->p->names, f.name, f.len, f.kind);
	return 0;
}

ft_profile *
load_blocks(ft_source *src, const ft_block_format *fmt, ft_intern *names,
    const ft_load_opts *o, ft_load_report *rep, ft_diag *err)
{
	struct blocks B = {0};
	B.fmt = fmt;
	B.p = profile_new(names, 1);
	if (o->keep_order)
		profile_keep_order(B.p);
	B.p->format = fmt->format;
	B.p->unit_unknown = 1; /* on-CPU scripts count samples, off-CPU ones us */
	B.src = src;
	B.o = o;
	B.rep = rep;
	B.err = err;
	profile_set_source(B.p, source_name(src));
	const char *line;
	size_t len;
	int rc;
	while ((rc = source_getline(src, &line, &len, err)) == 1) {
		rep->lines++;
		if (one_line(&B, line, len) != 0) {
			if (rep->invalid > 0 && err->msg[0] == '\0')
				*err = rep->first_bad;
			rc = -1;
			break;
		}
	}
	if (rc == 0 && B.nframes > 0) {
		char what[96];
		snprintf(what, sizeof(what), "%zu frame%s without a count at the end of the input",
		    B.nframes, B.nframes == 1 ? "" : "s");
		bad_line(&B, B.open_line, what, "", 0);
		if (o->strict) {
			*err = rep->first_bad;
			rc = -1;
		}
	}
	free(B.frames);
	free(B.buf);
	stackset_free(&B.stacks);
	if (rc < 0) {
		profile_free(B.p);
		return NULL;
	}
	if (rep->valid == 0) {
		if (rep->invalid > 0)
			diag_set(err, "%s: no %s stack with a count in %ld lines (first problem: %s)",
			    source_name(src), fmt->what, rep->lines, rep->first_bad.msg);
		else
			diag_set(err, "%s: no stacks found", source_name(src));
		profile_free(B.p);
		return NULL;
	}
	if (profile_finish(B.p, o->sort, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", source_name(src), d.msg);
		profile_free(B.p);
		return NULL;
	}
	return B.p;
}
