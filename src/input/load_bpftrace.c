/* load_bpftrace.c - bpftrace maps printed at exit, keyed by stacks:
 *
 *     Attaching 2 probes...                 (anything before the first '@')
 *     @[                                    @[kstack, ustack, comm] = count()
 *         finish_task_switch+146            kstack, leaf first
 *         schedule+35
 *     ,
 *         0x55e1ea5441a2                    ustack, leaf first
 *         main+50
 *     , burnloop]: 17                       the last key, then the value
 *     @[]: 125                              an empty stack (one line)
 *     @name[bash, sshd]: 891                keys without stacks
 *
 * Each entry is one stack, root first: its one-line keys (comm, pid, probe
 * ...) in key order, then its stacks from the last to the first (ustack
 * before kstack: user code calls into the kernel), each reversed to root
 * first, with a "-" frame between two non-empty stacks (the delimiter BCC's
 * profile -d and offcputime -d put there).  "+offset" is stripped from
 * frames.  Compared with FlameGraph's stackcollapse-bpftrace.pl: offsets are
 * stripped (it keeps them), the delimiter is "-" (it keeps the ", " line as
 * a frame), and entries whose first key is an empty stack or a one-line
 * key ("@[, ...", "@[comm, ...") are read (it drops them).  The value is
 * the map's count() or sum(): an empty key ("@[]: 125", a kstack sampled
 * in user mode) counts in a frame "[no stack]".  --unit declares its unit (offcputime.bt
 * sums microseconds).  A histogram (hist(), lhist()) has no value per
 * stack and is refused line by line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/loader.h"
#include "base/xalloc.h"

/* One key element: a one-line key, or a stack (frames[from..to)). */
struct elem {
	int stack;
	size_t from, to;  /* into B->frames (stack) */
	uint32_t name;    /* one-line key */
};

struct bpf {
	ft_profile *p;
	ft_source *src;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_diag *err;
	int in_entry;
	long entry_line;
	uint32_t *frames; /* frame ids of the entry's stacks, as printed */
	size_t nframes, cframes;
	struct elem *elems;
	size_t nelems, celems;
	ft_stackset stacks;
	uint32_t dash;    /* the "-" frame */
};

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static void
bad_line(struct bpf *B, long line, const char *reason, const char *s, size_t n)
{
	B->rep->invalid++;
	if (B->rep->invalid == 1) {
		diag_set(&B->rep->first_bad, "%s:%ld: %s", source_name(B->src), line, reason);
		diag_append_text(&B->rep->first_bad, s, n);
	}
}

static struct elem *
elem_new(struct bpf *B, int stack)
{
	if (B->nelems == B->celems) {
		B->celems = grow_cap(B->celems, B->nelems + 1, 8);
		B->elems = xreallocarray(B->elems, B->celems, sizeof(*B->elems));
	}
	struct elem *e = &B->elems[B->nelems++];
	*e = (struct elem){stack, B->nframes, B->nframes, 0};
	return e;
}

/* A one-line key element s[0..n) (blanks trimmed). */
static void
elem_scalar(struct bpf *B, const char *s, size_t n)
{
	while (n > 0 && is_blank(s[n - 1]))
		n--;
	while (n > 0 && is_blank(*s))
		s++, n--;
	struct elem *e = elem_new(B, 0);
	e->name = intern_get(B->p->names, n > 0 ? s : "-", n > 0 ? n : 1, FT_KIND_NONE);
}

/* A frame line of the open stack element: "func+123", "0x55e1ea5441a2",
 * "func+12 (/lib/x.so)" (ustack(perf) style: the module is dropped). */
static void
frame_line(struct bpf *B, const char *s, size_t n)
{
	if (n > 2 && s[n - 1] == ')') {
		for (size_t i = n - 1; i-- > 1;) {
			if (s[i] == '(' && s[i - 1] == ' ') {
				n = i - 1;
				break;
			}
		}
	}
	for (size_t i = n; i-- > 1;) {
		if (s[i] == '+') {
			size_t j = i + 1;
			int hex = j + 1 < n && s[j] == '0' && s[j + 1] == 'x';
			if (hex)
				j += 2;
			size_t d = j;
			while (j < n && ((s[j] >= '0' && s[j] <= '9') || (hex &&
			    ((s[j] >= 'a' && s[j] <= 'f') || (s[j] >= 'A' && s[j] <= 'F')))))
				j++;
			if (j == n && j > d)
				n = i;
			break;
		}
	}
	if (B->nelems == 0 || !B->elems[B->nelems - 1].stack)
		elem_new(B, 1);
	if (B->nframes == B->cframes) {
		B->cframes = grow_cap(B->cframes, B->nframes + 1, 256);
		B->frames = xreallocarray(B->frames, B->cframes, sizeof(uint32_t));
	}
	B->frames[B->nframes++] = intern_get(B->p->names, n > 0 ? s : "-", n > 0 ? n : 1,
	    FT_KIND_NONE);
	B->elems[B->nelems - 1].to = B->nframes;
}

/* Key elements in s[0..n): ", "-separated one-line keys; an empty piece is
 * a stack element (empty, or the one whose frames follow). */
static void
scalars(struct bpf *B, const char *s, size_t n)
{
	size_t a = 0;
	for (;;) {
		size_t b = a;
		while (b < n && s[b] != ',')
			b++;
		if (b == n) {
			size_t k = a;
			while (k < n && is_blank(s[k]))
				k++;
			if (k < n)
				elem_scalar(B, s + a, n - a);
			else
				elem_new(B, 1); /* a stack follows, or an empty one */
			return;
		}
		size_t k = a;
		while (k < b && is_blank(s[k]))
			k++;
		if (k < b)
			elem_scalar(B, s + a, b - a);
		else
			elem_new(B, 1); /* "@[, ": an empty stack */
		a = b + 1;
	}
}

static int
end_entry(struct bpf *B, ft_val v)
{
	uint32_t node = FT_ROOT;
	for (size_t i = 0; i < B->nelems; i++)
		if (!B->elems[i].stack)
			node = profile_child(B->p, node, B->elems[i].name);
	int any = 0;
	for (size_t i = B->nelems; i-- > 0;) {
		const struct elem *e = &B->elems[i];
		if (!e->stack || e->to == e->from)
			continue;
		if (any)
			node = profile_child(B->p, node, B->dash);
		any = 1;
		for (size_t k = e->to; k-- > e->from;)
			node = profile_child(B->p, node, B->frames[k]);
	}
	if (node == FT_ROOT) /* "@[]: 125": shown, not hidden as the root's self */
		node = profile_child(B->p, node, intern_get(B->p->names, "[no stack]", 10,
		    FT_KIND_NONE));
	B->nframes = 0;
	B->nelems = 0;
	B->in_entry = 0;
	B->rep->valid++;
	if (stackset_add(&B->stacks, node))
		B->rep->stacks++;
	if (profile_add_self(B->p, node, &v, B->err) != 0) {
		ft_diag d = *B->err;
		diag_set(B->err, "%s:%ld: %s", source_name(B->src), source_lineno(B->src), d.msg);
		return -1;
	}
	return 0;
}

/* "]: VALUE" at the end of s[0..n): 1 with *v and *close (where ']' is),
 * 0 when absent, -1 when the value is not an integer. */
static int
entry_end(const char *s, size_t n, ft_val *v, size_t *close)
{
	size_t i = n;
	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	size_t d = i;
	int neg = i > 0 && s[i - 1] == '-';
	if (neg)
		i--;
	if (i < 3 || s[i - 1] != ' ' || s[i - 2] != ':' || s[i - 3] != ']')
		return 0;
	if (d == n)
		return -1;
	ft_val x = 0;
	for (size_t k = d; k < n; k++) {
		if (x > (INT64_MAX - (s[k] - '0')) / 10)
			return -1;
		x = x * 10 + (s[k] - '0');
	}
	*v = neg ? -x : x;
	*close = i - 3;
	return 1;
}

static int
fail(struct bpf *B, long line, const char *reason, const char *s, size_t n)
{
	bad_line(B, line, reason, s, n);
	B->nframes = 0;
	B->nelems = 0;
	B->in_entry = 0;
	if (B->o->strict) {
		*B->err = B->rep->first_bad;
		return -1;
	}
	return 0;
}

static int
one_line(struct bpf *B, const char *line, size_t len)
{
	size_t n = len;
	while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' '))
		n--;
	if (n == 0) {
		B->rep->blank++;
		return 0;
	}
	long ln = source_lineno(B->src);
	ft_val v;
	size_t close;
	if (line[0] == '@') {
		if (B->in_entry && fail(B, B->entry_line, "entry without a value", "", 0) != 0)
			return -1;
		size_t k = 1;
		while (k < n && line[k] != '[' && line[k] != ':')
			k++;
		if (k == n || line[k] != '[') {
			B->in_entry = 0;
			return fail(B, ln, "a map without a key, not a stack", line, len);
		}
		B->in_entry = 1;
		B->entry_line = ln;
		int e = entry_end(line, n, &v, &close);
		if (e < 0)
			return fail(B, ln, "the value is not an integer", line, len);
		if (e > 0) {
			scalars(B, line + k + 1, close - k - 1);
			return end_entry(B, v);
		}
		if (line[n - 1] == ':')
			return fail(B, ln, "a histogram, not a value per stack", line, len);
		scalars(B, line + k + 1, n - k - 1);
		return 0;
	}
	if (!B->in_entry) {
		B->rep->comment++; /* "Attaching 2 probes...", histogram bars */
		return 0;
	}
	if (line[0] == ',' || line[0] == ']') {
		int e = entry_end(line, n, &v, &close);
		if (e < 0)
			return fail(B, ln, "the value is not an integer", line, len);
		if (e == 0 && line[0] == ']')
			return fail(B, ln, "a histogram, not a value per stack", line, len);
		if (line[0] == ',') {
			size_t end = e > 0 ? close : n;
			/* ", comm]: 5" or ", " (a stack follows) */
			scalars(B, line + 1, end - 1);
		}
		return e > 0 ? end_entry(B, v) : 0;
	}
	if (!is_blank(line[0]))
		return fail(B, ln, "not a bpftrace map entry line", line, len);
	size_t a = 0;
	while (a < n && is_blank(line[a]))
		a++;
	frame_line(B, line + a, n - a);
	return 0;
}

ft_profile *
load_bpftrace(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct bpf B = {0};
	B.p = profile_new(names, 1);
	if (o->keep_order)
		profile_keep_order(B.p);
	B.p->format = "bpftrace";
	B.p->unit_unknown = 1;
	B.src = src;
	B.o = o;
	B.rep = rep;
	B.err = err;
	B.dash = intern_get(B.p->names, "-", 1, FT_KIND_NONE);
	profile_set_source(B.p, source_name(src));
	const char *line;
	size_t len;
	int rc;
	while ((rc = source_getline(src, &line, &len, err)) == 1) {
		rep->lines++;
		if (one_line(&B, line, len) != 0) {
			rc = -1;
			break;
		}
	}
	if (rc == 0 && B.in_entry) {
		bad_line(&B, B.entry_line, "entry without a value at the end of the input", "", 0);
		if (o->strict) {
			*err = rep->first_bad;
			rc = -1;
		}
	}
	free(B.frames);
	free(B.elems);
	stackset_free(&B.stacks);
	if (rc < 0) {
		profile_free(B.p);
		return NULL;
	}
	if (rep->valid == 0) {
		if (rep->invalid > 0)
			diag_set(err, "%s: no bpftrace map entry with a value in %ld lines "
			    "(first problem: %s)", source_name(src), rep->lines, rep->first_bad.msg);
		else
			diag_set(err, "%s: no bpftrace map entries found", source_name(src));
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
