/* load_folded.c - Brendan Gregg's folded ("collapsed") stack format.
 *
 *     root;child;leaf COUNT          one stack per line, root first
 *     root;child;leaf BEFORE AFTER   differential (difffolded) form
 *
 * The count is the text after the last run of whitespace; frame names may
 * hold spaces.  Lines are trimmed (CRLF accepted); blank lines and lines
 * starting with '#' are skipped.  Counts are decimal, optionally
 * fractional (kept exactly up to FT_MAX_SCALE places), never negative: a
 * sample count below zero is a malformed line.
 * Annotation suffixes _[k] _[j] _[i] _[w] become the frame's kind.
 *
 * Line ends: LF, CRLF, and a lone CR (old Mac files) are all line ends.
 * A line with one count in a differential file is read as BEFORE 0 and
 * warned about.  Input where most lines are malformed is not a folded
 * profile: an error, not a picture of the few lines that happened to
 * parse; the loader gives up after NOT_FOLDED_LINES malformed lines with
 * no valid one (a log file, a binary that slipped through).
 *
 * Speed: input is usually sorted, so consecutive stacks share a prefix.
 * The previous stack's text, frame ends and nodes are kept; a new line
 * re-walks only the frames after the first byte that differs.
 *
 * Threads (ft_load_opts.threads): a plain file is cut at line starts into
 * parts; the first is read here, each other one by a thread of its own into
 * a tree and name table of its own.  The parts are then merged in file
 * order by replaying each part's names and nodes in creation order: a
 * node or name new to the tree so far is created exactly where reading the
 * file in one go would have created it, so ids, order, totals and counts
 * are those of the single-threaded build.  A part with anything to say
 * that names a line (a malformed or rounded line, a one-count line in a
 * differential file, an error), a different number of columns or decimal
 * scale, or sums that could overflow, is not merged: the rest of the file
 * from that part on is read here instead, with the right line numbers.
 */
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "profile/demangle.h"
#include "input/loader.h"
#include "profile/relabel.h"
#include "base/xalloc.h"

struct prev {
	char *text;          /* previous stack text */
	size_t len, cap;
	uint32_t *ends;      /* byte offset where frame k ends */
	uint32_t *nodes;     /* node of frame k */
	uint32_t *raw;       /* frame k's name as loaded when demangling
	                      * renamed it, else UINT32_MAX */
	uint32_t depth, dcap;
	uint32_t nraw;       /* frames of the stack with a raw[] name */
};

static int
is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* A byte a count may hold (parse_count accepts nothing else). */
static int
is_count_byte(unsigned char c)
{
	return (c >= '0' && c <= '9') || c == '.' || c == '-';
}

/* Parse a decimal count s[0..n): [-]digits[.digits].  Sets *v in units of
 * 10^-digits with *digits fraction digits.  Returns 0 ok, -1 not a number,
 * -2 too large. */
static int
parse_count(const char *s, size_t n, uint64_t *ip, uint64_t *fp, int *fdigits,
    int *neg, int *extra)
{
	size_t i = 0;
	*neg = 0;
	*extra = 0;
	if (i < n && s[i] == '-') {
		*neg = 1;
		i++;
	}
	size_t d0 = i;
	uint64_t v = 0;
	int big = 0;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		unsigned dig = (unsigned)(s[i] - '0');
		if (v > (UINT64_MAX - dig) / 10)
			big = 1;
		else
			v = v * 10 + dig;
	}
	if (i == d0)
		return -1;
	uint64_t f = 0;
	int fd = 0, first_dropped = -1, inexact = 0;
	if (i < n && s[i] == '.') {
		i++;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			int dig = s[i] - '0';
			if (fd < FT_MAX_SCALE) {
				f = f * 10 + (uint64_t)dig;
				fd++;
				continue;
			}
			if (first_dropped < 0)
				first_dropped = dig;
			if (dig != 0)
				inexact = 1;
		}
	}
	if (inexact)
		*extra = first_dropped >= 5 ? 2 : 1;
	if (i != n)
		return -1;
	if (big)
		return -2;
	*ip = v;
	*fp = f;
	*fdigits = fd;
	return 0;
}

/* Position of the start of the last whitespace-separated token of s[0..n)
 * (n > 0, s[n-1] not a space) and the end of the text before it. */
static size_t
last_token(const char *s, size_t n, size_t *before_end)
{
	size_t t = n;
	while (t > 0 && !is_space((unsigned char)s[t - 1]))
		t--;
	size_t b = t;
	while (b > 0 && is_space((unsigned char)s[b - 1]))
		b--;
	*before_end = b;
	return t;
}

#define NOT_FOLDED_LINES 1000

struct loader {
	ft_profile *p;
	ft_source *src;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_diag *err;
	struct prev prev;
	int width;  /* columns seen: 1, or 2 once a differential line appears */
	ft_stackset stacks;      /* nodes where some line ended */
	long cr_lines;           /* lines ended by a lone CR so far */
	long ncols[2];           /* valid lines with one and with two counts */
	ft_diag first_one;       /* the first line with one count */
	int first;               /* the next line is the file's first */
	int part;                /* a part read by a thread: stop at the first
	                          * thing to say about a line (trouble) */
	int trouble;
	int over;                /* sum[] overflowed */
	ft_val sum[2];           /* sums of the counts read, per column */
	/* --demangle while building (ft_load_opts.dm_load): the mode or -1,
	 * each name's demangled name by id (UINT32_MAX: not known yet), and
	 * whether any name was renamed. */
	int dm;
	uint32_t *dmap;
	size_t ndmap;
	int changed;
	/* Distinct stacks as loaded that have a frame renamed by demangling
	 * (two of them may end at one node): each is told apart by its leaf
	 * and the (depth, name as loaded) of its renamed frames, the rest of
	 * its frames being the leaf's path.  Key: leaf, then the pairs. */
	ft_keyset rawstacks;
	uint32_t *key;           /* scratch for a key */
	size_t ckey;
};

/* Line number for messages: the source's count of LF lines plus the lines
 * ended by a lone CR. */
static long
lineno(const struct loader *L)
{
	return source_lineno(L->src) + L->cr_lines;
}

static void
bad_line(struct loader *L, const char *reason, const char *line, size_t n)
{
	if (L->part)
		L->trouble = 1;
	L->rep->invalid++;
	if (L->rep->invalid == 1) {
		diag_set(&L->rep->first_bad, "%s:%ld: %s", source_name(L->src),
		    lineno(L), reason);
		diag_append_text(&L->rep->first_bad, line, n);
	}
}

/* Convert a parsed count to a value at the profile's scale, rescaling the
 * profile when this count has more decimals.  -1 on overflow. */
static int
to_value(struct loader *L, uint64_t ip, uint64_t fp, int fd, int neg, int extra,
    const char *line, size_t n, ft_val *out)
{
	ft_profile *p = L->p;
	if (extra > 0) {
		if (L->part)
			L->trouble = 1;
		L->rep->rounded++;
		if (L->rep->rounded == 1) {
			diag_set(&L->rep->first_rounded,
			    "%s:%ld: count has more than %d decimal places; rounded",
			    source_name(L->src), lineno(L), FT_MAX_SCALE);
			diag_append_text(&L->rep->first_rounded, line, n);
		}
		if (extra == 2) { /* round half up */
			fp++;
			uint64_t lim = 1;
			for (int i = 0; i < fd; i++)
				lim *= 10;
			if (fp == lim) {
				fp = 0;
				ip++;
			}
		}
	}
	/* Trim trailing fraction zeros so "19.0" does not force a scale. */
	while (fd > 0 && fp % 10 == 0) {
		fp /= 10;
		fd--;
	}
	if (fd > p->scale && profile_rescale(p, fd, L->err) != 0)
		return -1;
	uint64_t mul = 1;
	for (int i = fd; i < p->scale; i++)
		mul *= 10;
	uint64_t unit = 1;
	for (int i = 0; i < p->scale; i++)
		unit *= 10;
	if (ip > (uint64_t)INT64_MAX / unit)
		return -1;
	uint64_t v = ip * unit;
	if (fp * mul > (uint64_t)INT64_MAX - v)
		return -1;
	v += fp * mul;
	*out = neg ? -(ft_val)v : (ft_val)v;
	return 0;
}

static int
kind_of_suffix(const char *s, size_t n, size_t *stripped)
{
	if (n >= 4 && s[n - 4] == '_' && s[n - 3] == '[' && s[n - 1] == ']') {
		int k = FT_KIND_NONE;
		switch (s[n - 2]) {
		case 'k': k = FT_KIND_KERNEL; break;
		case 'j': k = FT_KIND_JIT; break;
		case 'i': k = FT_KIND_INLINED; break;
		case 'w': k = FT_KIND_WAKER; break;
		}
		if (k != FT_KIND_NONE) {
			*stripped = n - 4;
			return k;
		}
	}
	*stripped = n;
	return FT_KIND_NONE;
}

static void
prev_reserve(struct prev *pv, size_t len, uint32_t depth)
{
	if (len > pv->cap) {
		pv->cap = grow_cap(pv->cap, len, 4096);
		pv->text = xrealloc(pv->text, pv->cap);
	}
	if (depth > pv->dcap) {
		pv->dcap = (uint32_t)grow_cap(pv->dcap, depth, 256);
		pv->ends = xreallocarray(pv->ends, pv->dcap, sizeof(uint32_t));
		pv->nodes = xreallocarray(pv->nodes, pv->dcap, sizeof(uint32_t));
		pv->raw = xreallocarray(pv->raw, pv->dcap, sizeof(uint32_t));
	}
}

/* Frame name id as the tree gets it: demangled in mode L->dm, the way
 * relabel.c's name map renames a tree as loaded, so the tree is the one
 * profile_relabel() would have made of it. */
static uint32_t
dm_name(struct loader *L, uint32_t id)
{
	if (id >= L->ndmap) {
		size_t n = grow_cap(L->ndmap, (size_t)id + 1, 1024);
		L->dmap = xreallocarray(L->dmap, n, sizeof(uint32_t));
		memset(L->dmap + L->ndmap, 0xff, (n - L->ndmap) * sizeof(uint32_t));
		L->ndmap = n;
	}
	if (L->dmap[id] == UINT32_MAX) {
		size_t len;
		char *d = relabel_name_text(L->p->names, id, L->dm, &len);
		uint32_t out = d != NULL ? relabel_name_intern(L->p->names, id, d, len) : id;
		free(d);
		L->dmap[id] = out;
		L->changed |= out != id;
	}
	return L->dmap[id];
}

#define BATCH 32 /* frames hashed and prefetched together */

struct frame {
	size_t at, len, nlen; /* start, length, length without kind suffix */
	int kind;
	uint64_t hash;
};

/* Walk (or create) the nodes of stack s[0..n) and return the leaf; *depth
 * gets its frame count.  L->prev keeps the stack, or the previous one
 * when this one is a prefix of it (its first *depth frames). */
static uint32_t
walk_stack(struct loader *L, const char *s, size_t n, uint32_t *depth_out)
{
	struct prev *pv = &L->prev;
	/* Common prefix with the previous stack. */
	size_t lim = n < pv->len ? n : pv->len, c = 0;
	while (c + 8 <= lim) {
		uint64_t a, b;
		memcpy(&a, s + c, 8);
		memcpy(&b, pv->text + c, 8);
		if (a != b)
			break;
		c += 8;
	}
	while (c < lim && s[c] == pv->text[c])
		c++;
	/* Frames of the previous stack that end inside the common prefix, at
	 * a frame boundary of the new one too, are shared. */
	uint32_t k = 0;
	while (k < pv->depth && pv->ends[k] <= c &&
	    (pv->ends[k] == n || s[pv->ends[k]] == ';'))
		k++;
	uint32_t node = k > 0 ? pv->nodes[k - 1] : FT_ROOT;
	size_t at = k > 0 ? pv->ends[k - 1] + 1 : 0;
	*depth_out = k;
	if (k > 0 && pv->ends[k - 1] == n)
		return node; /* the previous stack or a prefix of it */
	uint32_t depth = k;
	if (pv->nraw > 0)
		for (uint32_t d = k; d < pv->depth; d++)
			pv->nraw -= pv->raw[d] != UINT32_MAX;
	/* The new frames go in batches: split and hash a batch, start loading
	 * their names' slots and records, then look them up and walk down. */
	struct frame fr[BATCH];
	int more = 1;
	while (more) {
		int nb = 0;
		while (more && nb < BATCH) {
			const char *f = s + at;
			const char *semi = memchr(f, ';', n - at);
			size_t flen = semi != NULL ? (size_t)(semi - f) : n - at;
			struct frame *e = &fr[nb++];
			e->at = at;
			e->len = flen;
			e->kind = kind_of_suffix(f, flen, &e->nlen);
			e->hash = intern_hash(f, e->nlen);
			intern_prefetch_slot(L->p->names, e->hash);
			more = semi != NULL;
			at += flen + 1;
		}
		for (int i = 0; i < nb; i++)
			intern_prefetch_name(L->p->names, fr[i].hash);
		prev_reserve(pv, n, depth + (uint32_t)nb);
		for (int i = 0; i < nb; i++) {
			const struct frame *e = &fr[i];
			uint32_t name = intern_get_hashed(L->p->names, s + e->at, e->nlen,
			    e->kind, e->hash);
			pv->raw[depth] = UINT32_MAX;
			if (L->dm >= 0) {
				uint32_t d = dm_name(L, name);
				if (d != name) {
					pv->raw[depth] = name;
					pv->nraw++;
				}
				name = d;
			}
			node = profile_child(L->p, node, name);
			pv->ends[depth] = (uint32_t)(e->at + e->len);
			pv->nodes[depth] = node;
			depth++;
		}
	}
	memcpy(pv->text, s, n);
	pv->len = n;
	pv->depth = depth;
	*depth_out = depth;
	return node;
}

/* The loader's key scratch, with room for n words. */
static uint32_t *
key_room(struct loader *L, size_t n)
{
	if (n > L->ckey) {
		L->ckey = grow_cap(L->ckey, n, 64);
		L->key = xreallocarray(L->key, L->ckey, sizeof(uint32_t));
	}
	return L->key;
}

/* Note the stack just walked (ending at leaf, its first depth frames in
 * L->prev) as seen; 1 when it is new. */
static int
count_stack(struct loader *L, uint32_t leaf, uint32_t depth)
{
	const struct prev *pv = &L->prev;
	uint32_t nraw = 0;
	if (pv->nraw > 0)
		for (uint32_t d = 0; d < depth; d++)
			nraw += pv->raw[d] != UINT32_MAX;
	if (nraw == 0)
		return stackset_add(&L->stacks, leaf);
	size_t nk = 1 + 2 * (size_t)nraw;
	uint32_t *k = key_room(L, nk);
	k[0] = leaf;
	size_t j = 1;
	for (uint32_t d = 0; d < depth; d++)
		if (pv->raw[d] != UINT32_MAX) {
			k[j++] = d;
			k[j++] = pv->raw[d];
		}
	return keyset_add(&L->rawstacks, k, nk);
}

/* Handle one line; -1 on a fatal error. */
static int
one_line(struct loader *L, const char *line, size_t len)
{
	const char *s = line;
	size_t n = len;
	while (n > 0 && is_space((unsigned char)s[n - 1]))
		n--;
	while (n > 0 && is_space((unsigned char)*s))
		s++, n--;
	if (n == 0) {
		L->rep->blank++;
		return 0;
	}
	if (s[0] == '#') {
		L->rep->comment++;
		return 0;
	}
	const char *reason = NULL;
	size_t stack_end;
	size_t t = last_token(s, n, &stack_end);
	uint64_t ip[2], fp[2];
	int fd[2], neg[2], extra[2];
	int cols = 1;
	int rc = parse_count(s + t, n - t, &ip[1], &fp[1], &fd[1], &neg[1], &extra[1]);
	if (t == 0) {
		reason = rc == 0 ? "no stack before the count" : "no count after the stack";
	} else if (rc == -1) {
		reason = "the line does not end in a count";
	} else if (rc == -2) {
		reason = "count is larger than 64 bits";
	} else {
		/* A second number before the count: differential "BEFORE AFTER".
		 * Only a token of number characters can be one, so the scan
		 * back stops at the first other byte rather than walking the
		 * whole stack. */
		size_t se2 = 0, t2 = stack_end;
		while (t2 > 0 && is_count_byte((unsigned char)s[t2 - 1]))
			t2--;
		if (t2 < stack_end && t2 > 0 && is_space((unsigned char)s[t2 - 1])) {
			se2 = t2;
			while (se2 > 0 && is_space((unsigned char)s[se2 - 1]))
				se2--;
		}
		if (t2 > 0 && se2 > 0) {
			int rc2 = parse_count(s + t2, stack_end - t2, &ip[0], &fp[0],
			    &fd[0], &neg[0], &extra[0]);
			if (rc2 == 0) {
				cols = 2;
				stack_end = se2;
			} else if (rc2 == -2) {
				reason = "count is larger than 64 bits";
			}
		}
		if (reason == NULL && stack_end == 0)
			reason = "no stack before the count";
		if (reason == NULL && (neg[1] || (cols == 2 && neg[0])))
			reason = "negative count (a sample count is never below 0)";
	}
	if (reason != NULL) {
		bad_line(L, reason, line, len);
		if (L->o->strict) {
			*L->err = L->rep->first_bad;
			return -1;
		}
		return 0;
	}
	if (cols == 2 && L->width == 1) {
		profile_set_nvals(L->p, 2);
		profile_set_type(L->p, 0, "before", "count");
		profile_set_type(L->p, 1, "after", "count");
		L->p->differential = 1;
		L->p->deftype = 1;
		L->width = 2;
	}
	ft_val v[2] = {0, 0};
	for (int c = 2 - cols; c < 2; c++) {
		if (to_value(L, ip[c], fp[c], fd[c], neg[c], extra[c], line, len,
		    &v[c]) != 0) {
			bad_line(L, "count is too large", line, len);
			if (L->o->strict) {
				*L->err = L->rep->first_bad;
				return -1;
			}
			return 0;
		}
	}
	if (cols == 1 && L->ncols[0]++ == 0) {
		diag_set(&L->first_one, "%s:%ld", source_name(L->src), lineno(L));
		diag_append_text(&L->first_one, line, len);
	}
	if (cols == 2)
		L->ncols[1]++;
	for (int c = 0; c < 2; c++)
		L->over |= val_add(&L->sum[c], v[c]) != 0;
	uint32_t depth;
	uint32_t leaf = walk_stack(L, s, stack_end, &depth);
	L->rep->valid++;
	if (count_stack(L, leaf, depth))
		L->rep->stacks++;
	if (profile_add_self(L->p, leaf, L->width == 2 ? v : &v[1], L->err) != 0) {
		ft_diag d = *L->err;
		diag_set(L->err, "%s:%ld: %s", source_name(L->src), lineno(L), d.msg);
		diag_append_text(L->err, line, len);
		return -1;
	}
	return 0;
}

/* One line as the source returned it: a lone CR inside (not the CR of a
 * CRLF, which one_line trims) ends a line too. */
static int
cr_lines(struct loader *L, const char *line, size_t len)
{
	const char *cr;
	while (len > 1 && (cr = memchr(line, '\r', len - 1)) != NULL) {
		size_t n = (size_t)(cr - line);
		if (one_line(L, line, n) != 0)
			return -1;
		L->cr_lines++;
		L->rep->lines++;
		line = cr + 1;
		len -= n + 1;
	}
	return one_line(L, line, len);
}

/* Read lines from L->src until its end (or the part's trouble); -1 on a
 * fatal error (err set). */
static int
read_lines(struct loader *L)
{
	const char *line;
	size_t len;
	int rc;
	while ((rc = source_getline(L->src, &line, &len, L->err)) == 1) {
		L->rep->lines++;
		if (L->first) {
			L->first = 0;
			if (len >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0) {
				line += 3;
				len -= 3;
			}
		}
		if (cr_lines(L, line, len) != 0)
			return -1;
		if (L->trouble)
			return 0;
		if (L->rep->valid == 0 && L->rep->invalid >= NOT_FOLDED_LINES) {
			diag_set(L->err, "%s: not a folded profile: the first %ld lines are all "
			    "malformed (first: %s)", source_name(L->src), L->rep->invalid,
			    L->rep->first_bad.msg);
			return -1;
		}
	}
	return rc < 0 ? -1 : 0;
}

static void
loader_init(struct loader *L, ft_profile *p, ft_source *src, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	memset(L, 0, sizeof(*L));
	L->p = p;
	L->src = src;
	L->o = o;
	L->rep = rep;
	L->err = err;
	L->width = 1;
	L->first = 1;
	L->dm = o->dm_load > 0 && o->dm_load - 1 != FT_DEMANGLE_NONE &&
	    (!o->keep_input || o->reopenable) ? o->dm_load - 1 : -1;
}

static void
loader_free(struct loader *L)
{
	free(L->prev.text);
	free(L->prev.ends);
	free(L->prev.nodes);
	free(L->prev.raw);
	free(L->dmap);
	free(L->key);
	keyset_free(&L->rawstacks);
	stackset_free(&L->stacks);
	memset(&L->prev, 0, sizeof(L->prev));
}

/* Room for a tree from bytes of input: real folded files take 40-50 input
 * bytes per node (gzip: about 5x fewer), so bytes/16 is generous.  Only
 * the part used is ever touched. */
static void
reserve_for(ft_profile *p, uint64_t bytes, int gzip)
{
	uint64_t hint = bytes / 16;
	if (gzip)
		hint *= 5;
	if (hint > 1024)
		profile_reserve(p, hint > UINT32_MAX / 2 ? UINT32_MAX / 2 : (size_t)hint);
}

#define MAX_PARTS 16

/* One part of the file read by a thread. */
struct part {
	struct loader L;
	ft_load_report rep;
	ft_diag err;
	ft_load_opts o;
	int rc;
	pthread_t th;
	int running;
};

static void *
part_main(void *arg)
{
	struct part *P = arg;
	P->rc = read_lines(&P->L);
	return NULL;
}

/* Can part P be merged into A as it is (see the top of the file)? */
static int
part_mergeable(const struct loader *A, const struct part *P)
{
	const struct loader *B = &P->L;
	if (!P->running || P->rc != 0 || B->trouble || B->over || A->over ||
	    B->width != A->width || B->p->scale != A->p->scale ||
	    (B->width == 2 && B->ncols[0] > 0))
		return 0;
	for (int c = 0; c < 2; c++) {
		ft_val t = A->sum[c];
		if (val_add(&t, B->sum[c]) != 0)
			return 0;
	}
	return 1;
}

/* Where the merge put part B's nodes in A.  It makes A's new nodes in
 * B's order, so a node it made is A's made + (the nodes it made before):
 * a bit says so, and a count per 64 nodes gives the rank; only the nodes
 * it found in A (the parts' common prefixes: a few in most profiles)
 * take an entry of their own.  A fraction of a map by node. */
struct nodemap {
	uint64_t *isnew;
	uint32_t *rank;   /* nodes made below each 64-node word */
	uint32_t *found;  /* A's node of each node found, in B's order */
	size_t nfound, cfound;
	uint32_t made, nnew;
};

static void
nodemap_set(struct nodemap *m, uint32_t n, uint32_t id)
{
	if ((n & 63) == 0)
		m->rank[n >> 6] = m->nnew;
	if (id >= m->made) {
		m->isnew[n >> 6] |= UINT64_C(1) << (n & 63);
		m->nnew++;
		return;
	}
	if (m->nfound == m->cfound) {
		m->cfound = grow_cap(m->cfound, m->nfound + 1, 1024);
		m->found = xreallocarray(m->found, m->cfound, sizeof(uint32_t));
	}
	m->found[m->nfound++] = id;
}

static inline uint32_t
nodemap_get(const struct nodemap *m, uint32_t n)
{
	uint64_t w = m->isnew[n >> 6], bit = UINT64_C(1) << (n & 63);
	uint32_t r = m->rank[n >> 6] + (uint32_t)__builtin_popcountll(w & (bit - 1));
	return (w & bit) ? m->made + r : m->found[n - r];
}

/* Replay part P's names and nodes into A in creation order. */
static int
part_merge(struct loader *A, struct part *P, int last)
{
	ft_profile *a = A->p, *b = P->L.p;
	uint32_t nn = intern_count(b->names);
	uint32_t *nmap = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	nmap[0] = 0;
	for (uint32_t id = 1; id < nn; id++)
		nmap[id] = intern_get(a->names, intern_str(b->names, id),
		    intern_len(b->names, id), intern_kind(b->names, id));
	/* The part's names are A's now: its table goes (and the memory its
	 * thread's heap kept) before A's tree grows to its peak. */
	intern_unref(b->names);
	b->names = NULL;
	malloc_trim(0);
	size_t nv = (size_t)a->nvals;
	/* A node of A made by this merge has only children made by it too,
	 * each of a different name (they are one node's children in the
	 * part): under it nothing need be looked up.  After the last part
	 * nothing is looked up at all, so such children are pushed without
	 * the child counts and hash entries later lookups would need. */
	uint32_t made = a->nnodes;
	size_t nw = (size_t)b->nnodes / 64 + 1;
	struct nodemap map = {xcalloc(nw, sizeof(uint64_t)), xmalloc(sizeof(uint32_t) * nw),
	    NULL, 0, 0, made, 0};
	nodemap_set(&map, FT_ROOT, FT_ROOT);
	int rc = profile_add_self(a, FT_ROOT, b->total, A->err);
	for (uint32_t n = 1; n < b->nnodes && rc == 0; n++) {
		const ft_node *nd = &b->nodes[n];
		uint32_t up = nodemap_get(&map, nd->parent);
		uint32_t id = up < made ? profile_child(a, up, nmap[nd->name]) :
		    last ? profile_push(a, up, nmap[nd->name]) :
		    profile_append(a, up, nmap[nd->name]);
		nodemap_set(&map, n, id);
		const ft_val *v = &b->total[(size_t)n * nv];
		int any = 0;
		for (size_t c = 0; c < nv; c++)
			any |= v[c] != 0;
		if (any)
			rc = profile_add_self(a, id, v, A->err);
		/* The part's tree shrinks as the merged one grows. */
		if ((n & 0xffff) == 0)
			profile_discard_below(b, n);
	}
	/* Stacks: the part's line ends, as nodes of A. */
	const ft_stackset *st = &P->L.stacks;
	for (size_t i = 0; i < st->cap && rc == 0; i++) {
		for (unsigned bit = 0; st->seen[i] >> bit; bit++) {
			uint32_t n = (uint32_t)(i * 8 + bit);
			if ((st->seen[i] >> bit & 1) && n < b->nnodes &&
			    stackset_add(&A->stacks, nodemap_get(&map, n)))
				A->rep->stacks++;
		}
	}
	/* Stacks with renamed frames: their keys in A's node and name ids. */
	const uint32_t *k;
	size_t at = 0, nk;
	while (rc == 0 && (k = keyset_next(&P->L.rawstacks, &at, &nk)) != NULL) {
		uint32_t *ak = key_room(A, nk);
		ak[0] = nodemap_get(&map, k[0]);
		for (size_t j = 1; j < nk; j += 2) {
			ak[j] = k[j];
			ak[j + 1] = nmap[k[j + 1]];
		}
		if (keyset_add(&A->rawstacks, ak, nk))
			A->rep->stacks++;
	}
	A->changed |= P->L.changed;
	free(map.isnew);
	free(map.rank);
	free(map.found);
	free(nmap);
	A->rep->lines += P->rep.lines;
	A->rep->blank += P->rep.blank;
	A->rep->comment += P->rep.comment;
	A->rep->valid += P->rep.valid;
	A->ncols[0] += P->L.ncols[0];
	A->ncols[1] += P->L.ncols[1];
	for (int c = 0; c < 2; c++)
		val_add(&A->sum[c], P->L.sum[c]);
	return rc;
}

/* How many parts to read the file in: the option, or the online CPUs (at
 * most 2: every part but the first is merged by one thread, and each
 * costs memory while it waits) for files of 16 MiB and more. */
static int
parts_wanted(const ft_load_opts *o, const ft_source *src)
{
	int n = o->threads;
	if (o->keep_order)
		return 1; /* the parts' samples would come out of order */
	if (n <= 0) {
		if (source_size(src) < ((uint64_t)16 << 20))
			return 1;
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);
		n = cpus < 1 ? 1 : cpus > 2 ? 2 : (int)cpus;
	}
	return n > MAX_PARTS ? MAX_PARTS : n;
}

/* Read the file: in parts by threads when it can be cut, else in one go.
 * -1 on a fatal error. */
static int
read_all(struct loader *L)
{
	uint64_t at[MAX_PARTS];
	int np = parts_wanted(L->o, L->src);
	if (np > 1)
		np = source_line_starts(L->src, np, at);
	if (np <= 1)
		return read_lines(L);
	struct part *parts = xcalloc((size_t)np, sizeof(*parts));
	for (int i = 1; i < np; i++) {
		struct part *P = &parts[i];
		P->o = *L->o;
		ft_source *ps = source_open_part(L->src, at[i],
		    i + 1 < np ? at[i + 1] : UINT64_MAX, &P->err);
		if (ps == NULL)
			continue;
		ft_profile *p = profile_new(NULL, 1);
		loader_init(&P->L, p, ps, &P->o, &P->rep, &P->err);
		P->L.part = 1;
		P->L.first = 0;
		reserve_for(p, (i + 1 < np ? at[i + 1] : source_size(L->src)) - at[i], 0);
		if (pthread_create(&P->th, NULL, part_main, P) == 0) {
			P->running = 1;
		} else {
			source_close(ps);
			loader_free(&P->L);
			profile_free(p);
		}
	}
	source_set_limit(L->src, at[1]);
	int rc = read_lines(L);
	for (int i = 1; i < np; i++)
		if (parts[i].running)
			pthread_join(parts[i].th, NULL);
	int merged = 1;
	for (int i = 1; i < np && rc == 0 && merged; i++) {
		if (part_mergeable(L, &parts[i])) {
			rc = part_merge(L, &parts[i], i == np - 1);
			L->rep->parts = i + 1;
			continue;
		}
		/* Read the rest here, from this part's first line on. */
		merged = 0;
		ft_source *rest = source_open_part(L->src, at[i], UINT64_MAX, L->err);
		if (rest == NULL) {
			rc = -1;
			break;
		}
		/* Line numbers go on from the lines read so far. */
		source_set_lineno(rest, L->rep->lines);
		ft_source *main_src = L->src;
		L->src = rest;
		L->cr_lines = 0;
		rc = read_lines(L);
		L->src = main_src;
		source_close(rest);
	}
	for (int i = 1; i < np; i++) {
		if (!parts[i].running)
			continue;
		ft_source *ps = parts[i].L.src;
		loader_free(&parts[i].L);
		profile_free(parts[i].L.p);
		source_close(ps);
	}
	free(parts);
	return rc;
}

ft_profile *
load_folded(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct loader L;
	loader_init(&L, profile_new(names, 1), src, o, rep, err);
	if (o->keep_order)
		profile_keep_order(L.p);
	L.p->format = "folded";
	L.p->unit_unknown = 1; /* --unit declares it */
	profile_set_source(L.p, source_name(src));
	reserve_for(L.p, source_size(src), source_is_gzip(src));
	int rc = read_all(&L);
	loader_free(&L);
	if (rc < 0) {
		profile_free(L.p);
		return NULL;
	}
	if (rep->valid == 0) {
		if (rep->invalid > 0)
			diag_set(err, "%s: no valid stack in %ld lines (first problem: %s)",
			    source_name(src), rep->lines, rep->first_bad.msg);
		else
			diag_set(err, "%s: empty profile: no stacks found", source_name(src));
		profile_free(L.p);
		return NULL;
	}
	if (rep->invalid > rep->valid) {
		diag_set(err, "%s: not a folded profile: %ld of %ld stack lines are malformed "
		    "(first: %s)", source_name(src), rep->invalid, rep->invalid + rep->valid,
		    rep->first_bad.msg);
		profile_free(L.p);
		return NULL;
	}
	if (L.ncols[0] > 0 && L.ncols[1] > 0)
		load_report_warn(rep, "%s: %ld line%s with one count in a differential "
		    "(two-count) file, read as BEFORE 0; first: %s", source_name(src),
		    L.ncols[0], L.ncols[0] == 1 ? "" : "s", L.first_one.msg);
	if (L.changed) {
		/* What relabel.h would have made of it (cmd.c asks no more);
		 * a viewer loads the file again for another mode. */
		L.p->renamed = 1;
		L.p->rename_dm = L.dm;
		L.p->names_merged = 1;
		rep->reopen = o->keep_input;
	}
	if (profile_finish(L.p, o->sort, L.p->deftype, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", source_name(src), d.msg);
		profile_free(L.p);
		return NULL;
	}
	return L.p;
}
