/* json.c - streaming JSON over yajl's push parser (see json.h).
 *
 * Why yajl: it is an event (SAX) parser that takes the input in chunks, so
 * a 200 MB trace is parsed with a few kilobytes of state; Debian ships it
 * (libyajl-dev, security-patched).  json-c, jansson and cJSON build a
 * document tree of the whole text, jsmn needs the whole text in memory.
 *
 * The path is kept here (yajl does not expose one) so messages can say
 * where in the document a problem is.
 */
#include "input/json.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "base/xalloc.h"

#define BLOCK (64u * 1024u)
/* Key length buckets of the field lookup: 0..15, and 16 for longer. */
#define KEYLENS 17
#define KEYLEN_BUCKET(n) ((n) < KEYLENS - 1 ? (n) : KEYLENS - 1)

/* Bump allocator for one collected record, reset after delivery. */
struct block {
	struct block *next;
	size_t used, cap;
	/* data follows */
};

struct level {
	enum json_type type;
	enum json_mode mode;
	json_val *val;      /* COLLECT: the container being built */
	int field;          /* FIELDS: the field looked into, -1 the record */
};

struct ft_json {
	const json_handler *h;
	void *ctx;
	const char *name;
	json_path path;
	struct level *lv;   /* open containers, lv[0] the outermost */
	size_t nlv, clv;
	size_t skip;        /* depth inside a skipped container */
	size_t collect_at;  /* level index where collecting started, or SIZE_MAX */
	struct block *blocks;
	size_t record_bytes, max_record;
	const char *pending_key; /* collecting: key of the next member */
	size_t pending_keylen;
	int drop;           /* the next value is a dropped member's */
	/* JSON_FIELDS */
	size_t rec_at;      /* level index of the open record, or SIZE_MAX */
	const json_val **slot; /* its fields' values */
	size_t *fkeylen;    /* the fields' key lengths */
	json_val *sval;     /* the scalar fields' values */
	uint64_t *cand;     /* [(parent + 1) * KEYLENS + keylen bucket]: the
			     * fields a key can be (bits) */
	uint64_t objects;   /* fields that are parents (objects looked into) */
	uint64_t seen;      /* fields met in the open record */
	int next_field;     /* the field the next value is, or -1 */
	int collect_field;  /* the field being collected, or -1 */
	int failed;
	ft_diag msg;        /* callback failure, without the byte offset */
	uint64_t events;    /* callbacks so far: none during a feed means one
			     * token (or blank) spans it */
	char *scratch;      /* NUL-terminated copy of a streamed scalar */
	size_t cscratch;
};

/* Copy n bytes and a NUL: keys and most scalars are a few bytes, where
 * fixed-size moves beat a call to memcpy. */
static void
copy_text(char *d, const void *src, size_t n)
{
	const char *s = src;
	if (n >= 8 && n <= 16) {
		memcpy(d, s, 8);
		memcpy(d + n - 8, s + n - 8, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(d, s, 4);
		memcpy(d + n - 4, s + n - 4, 4);
	} else if (n < 4) {
		for (size_t i = 0; i < n; i++)
			d[i] = s[i];
	} else {
		memcpy(d, s, n);
	}
	d[n] = '\0';
}

/* --- the record arena ------------------------------------------------- */

static void *
rec_alloc(ft_json *j, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	j->record_bytes += n;
	if (j->record_bytes > j->max_record)
		return NULL;
	struct block *b = j->blocks;
	if (b == NULL || b->cap - b->used < n) {
		size_t cap = n > BLOCK ? n : BLOCK;
		struct block *nb = xmalloc(sizeof(struct block) + cap + 16);
		nb->used = 0;
		nb->cap = cap;
		nb->next = b;
		j->blocks = nb;
		b = nb;
	}
	char *base = (char *)(b + 1);
	base += (16 - ((uintptr_t)base & 15)) & 15;
	void *p = base + b->used;
	b->used += n;
	return p;
}

/* Free all blocks but one. */
static void
rec_reset(ft_json *j)
{
	struct block *b = j->blocks;
	if (b == NULL)
		return;
	struct block *keep = b;
	for (b = b->next; b != NULL;) {
		struct block *n = b->next;
		free(b);
		b = n;
	}
	if (keep->cap > BLOCK) {
		free(keep);
		keep = NULL;
	} else {
		keep->used = 0;
		keep->next = NULL;
	}
	j->blocks = keep;
	j->record_bytes = 0;
}

/* --- path --------------------------------------------------------------- */

const json_path *
json_cur(const ft_json *j)
{
	return &j->path;
}

size_t
json_depth(const ft_json *j)
{
	return j->path.depth;
}

const char *
json_key(const ft_json *j, size_t i, size_t *n)
{
	if (i >= j->path.depth || !j->path.seg[i].is_key)
		return NULL;
	*n = j->path.seg[i].keylen;
	const json_seg *g = &j->path.seg[i];
	return g->fkey != NULL ? g->fkey : j->path.keys + g->key_off;
}

int
json_key_is(const ft_json *j, size_t i, const char *k)
{
	size_t n;
	const char *s = json_key(j, i, &n);
	return s != NULL && n == strlen(k) && memcmp(s, k, n) == 0;
}

/* Text of the path ($.a[3].b) into buf, clipped. */
static void
path_text(const ft_json *j, char *buf, size_t cap)
{
	size_t len = 0;
	len += (size_t)snprintf(buf, cap, "$");
	for (size_t i = 0; i < j->path.depth && len < cap; i++) {
		const json_seg *s = &j->path.seg[i];
		int w;
		if (s->is_key) {
			char esc[96];
			escape_text(esc, sizeof(esc), s->fkey != NULL ? s->fkey :
			    j->path.keys + s->key_off, s->keylen, 60);
			w = snprintf(buf + len, cap - len, ".%s", esc);
		} else {
			w = snprintf(buf + len, cap - len, "[%lld]", (long long)s->index);
		}
		if (w < 0)
			break;
		len += (size_t)w;
	}
}

static void vwhere(const ft_json *j, ft_diag *d, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;

static void
vwhere(const ft_json *j, ft_diag *d, const char *fmt, va_list ap)
{
	char reason[512], path[256];
	vsnprintf(reason, sizeof(reason), fmt, ap);
	path_text(j, path, sizeof(path));
	diag_set(d, "at %s: %s", path, reason);
}

int
json_fail(ft_json *j, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwhere(j, &j->msg, fmt, ap);
	va_end(ap);
	j->failed = 1;
	return -1;
}

void
json_where(const ft_json *j, ft_diag *d, const char *fmt, ...)
{
	ft_diag tmp;
	va_list ap;
	va_start(ap, fmt);
	vwhere(j, &tmp, fmt, ap);
	va_end(ap);
	diag_set(d, "%.200s: %.800s", j->name, tmp.msg);
}


/* --- building ------------------------------------------------------------ */

/* A new value starts inside the innermost open container: advance the
 * array index. */
static void
value_starts(ft_json *j)
{
	if (j->nlv > 0 && j->lv[j->nlv - 1].type == JSON_ARR)
		j->path.seg[j->nlv - 1].index++;
}

/* Attach a collected value to its parent container. */
static int
attach(ft_json *j, json_val *v)
{
	json_val *parent = j->lv[j->nlv - 1].val;
	if (parent->type == JSON_OBJ) {
		v->key = j->pending_key;
		v->keylen = j->pending_keylen;
	}
	if (parent->last != NULL)
		parent->last->next = v;
	else
		parent->kids = v;
	parent->last = v;
	parent->count++;
	return 0;
}

static int
too_big(ft_json *j)
{
	return json_fail(j, "one record is larger than %zu MiB", j->max_record >> 20);
}

static int
deliver(ft_json *j, const json_val *v)
{
	if (j->h->value == NULL)
		return 1;
	if (j->h->value(j->ctx, j, v) != 0) {
		if (!j->failed)
			json_fail(j, "stopped");
		return 0;
	}
	return 1;
}

/* A scalar value and its text in one piece of the record arena. */
static json_val *
new_scalar(ft_json *j, enum json_type t, int b, const char *s, size_t n)
{
	json_val *v = rec_alloc(j, sizeof(*v) + n + 1);
	if (v == NULL)
		return NULL;
	char *copy = (char *)(v + 1);
	memset(v, 0, sizeof(*v));
	v->type = t;
	v->b = b;
	if (n > 0)
		memcpy(copy, s, n);
	copy[n] = '\0';
	v->s = copy;
	v->n = n;
	return v;
}

/* A scalar: collect it, deliver it, or drop it. */
static int
scalar(ft_json *j, enum json_type t, int b, const char *s, size_t n)
{
	j->events++;
	if (j->skip > 0)
		return 1;
	value_starts(j);
	if (j->drop) {
		j->drop = 0;
		return 1;
	}
	if (j->collect_at != SIZE_MAX) {
		json_val *v = new_scalar(j, t, b, s, n);
		if (v == NULL)
			return too_big(j), 0;
		return attach(j, v) == 0;
	}
	if (j->rec_at != SIZE_MAX) {
		/* A field of a record (a scalar where an object was looked
		 * for is dropped). */
		int f = j->next_field;
		j->next_field = -1;
		if (f < 0 || (j->objects >> f & 1))
			return 1;
		char *copy = rec_alloc(j, n + 1);
		if (copy == NULL)
			return too_big(j), 0;
		copy_text(copy, s, n);
		json_val *v = &j->sval[f];
		v->type = t;
		v->b = b;
		v->s = copy;
		v->n = n;
		j->slot[f] = v;
		return 1;
	}
	/* yajl's text is not NUL-terminated: copy it (scalars streamed
	 * through are short: numbers, names, units). */
	if (n + 1 > j->cscratch) {
		j->cscratch = grow_cap(j->cscratch, n + 1, 256);
		j->scratch = xrealloc(j->scratch, j->cscratch);
	}
	if (n > 0)
		memcpy(j->scratch, s, n);
	j->scratch[n] = '\0';
	json_val v = {0};
	v.type = t;
	v.b = b;
	v.s = j->scratch;
	v.n = n;
	return deliver(j, &v);
}

static int
on_null(void *ctx)
{
	return scalar(ctx, JSON_NULL, 0, NULL, 0);
}

static int
on_bool(void *ctx, int b)
{
	return scalar(ctx, JSON_BOOL, b, NULL, 0);
}

static int
on_number(void *ctx, const char *s, size_t n)
{
	return scalar(ctx, JSON_NUM, 0, s, n);
}

static int
on_string(void *ctx, const unsigned char *s, size_t n)
{
	return scalar(ctx, JSON_STR, 0, (const char *)s, n);
}

static int
start(ft_json *j, enum json_type t)
{
	j->events++;
	if (j->skip > 0) {
		j->skip++;
		return 1;
	}
	value_starts(j);
	if (j->drop) { /* a dropped member: parsed, not collected */
		j->drop = 0;
		j->skip = 1;
		return 1;
	}
	enum json_mode mode = JSON_COLLECT;
	json_val *v = NULL;
	int field = -1;
	if (j->collect_at == SIZE_MAX && j->rec_at != SIZE_MAX) {
		/* A field of a record: an object to look into, or a value
		 * collected whole into its slot. */
		field = j->next_field;
		j->next_field = -1;
		if (field < 0 || ((j->objects >> field & 1) && t != JSON_OBJ)) {
			j->skip = 1;
			return 1;
		}
		if (j->objects >> field & 1)
			mode = JSON_FIELDS;
		else
			j->collect_field = field;
	} else if (j->collect_at == SIZE_MAX) {
		mode = j->h->enter != NULL ? j->h->enter(j->ctx, j, t) : JSON_DESCEND;
		if (j->failed)
			return 0;
		if (mode == JSON_FIELDS && t != JSON_OBJ)
			mode = JSON_SKIP;
		if (mode == JSON_SKIP) {
			j->skip = 1;
			return 1;
		}
		if (mode == JSON_FIELDS) {
			j->rec_at = j->nlv;
			j->seen = 0;
			for (size_t i = 0; i < j->h->nfields; i++)
				j->slot[i] = NULL;
		}
	}
	if (mode == JSON_COLLECT) {
		v = rec_alloc(j, sizeof(*v));
		if (v == NULL)
			return too_big(j), 0;
		memset(v, 0, sizeof(*v));
		v->type = t;
		if (j->collect_at == SIZE_MAX)
			j->collect_at = j->nlv;
		else
			attach(j, v);
	}
	if (j->nlv == j->clv) {
		j->clv = grow_cap(j->clv, j->nlv + 1, 32);
		j->lv = xreallocarray(j->lv, j->clv, sizeof(*j->lv));
	}
	if (j->nlv == j->path.cap) {
		j->path.cap = grow_cap(j->path.cap, j->nlv + 1, 32);
		j->path.seg = xreallocarray(j->path.seg, j->path.cap, sizeof(json_seg));
	}
	j->lv[j->nlv] = (struct level){t, mode, v, field};
	j->path.seg[j->nlv] = (json_seg){0, j->path.klen, 0, -1, NULL};
	j->nlv++;
	j->path.depth = j->nlv;
	return 1;
}

static int
on_start_map(void *ctx)
{
	return start(ctx, JSON_OBJ);
}

static int
on_start_array(void *ctx)
{
	return start(ctx, JSON_ARR);
}

/* Keys are short: a byte loop beats a call to memcmp. */
static int
same_key(const char *a, const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)a[i] != b[i])
			return 0;
	return 1;
}

static int
on_key(void *ctx, const unsigned char *s, size_t n)
{
	ft_json *j = ctx;
	j->events++;
	if (j->skip > 0)
		return 1;
	json_seg *seg = &j->path.seg[j->nlv - 1];
	j->path.klen = seg->key_off;
	seg->is_key = 1;
	seg->keylen = n;
	int drop = 0;
	if (j->collect_at == SIZE_MAX && j->rec_at != SIZE_MAX) {
		/* In a record: the first occurrence of a field of the object
		 * looked into goes on (the path names it by the field's own
		 * key); everything else is dropped. */
		int in = j->lv[j->nlv - 1].field;
		uint64_t c = j->cand[(size_t)(in + 1) * KEYLENS + KEYLEN_BUCKET(n)];
		while (c != 0) {
			int i = __builtin_ctzll(c);
			c &= c - 1;
			if (j->fkeylen[i] == n && same_key(j->h->fields[i].key, s, n)) {
				if (j->seen >> i & 1)
					break;
				j->seen |= (uint64_t)1 << i;
				j->next_field = i;
				seg->fkey = j->h->fields[i].key;
				return 1;
			}
		}
		drop = 1;
	}
	seg->fkey = NULL;
	if (j->path.klen + n + 1 > j->path.kcap) {
		j->path.kcap = grow_cap(j->path.kcap, j->path.klen + n + 1, 256);
		j->path.keys = xrealloc(j->path.keys, j->path.kcap);
	}
	copy_text(j->path.keys + j->path.klen, s, n);
	j->path.klen += n + 1;
	if (drop) {
		j->drop = 1;
		return 1;
	}
	if (j->collect_at != SIZE_MAX) {
		char *k = rec_alloc(j, n + 1);
		if (k == NULL)
			return too_big(j), 0;
		memcpy(k, s, n);
		k[n] = '\0';
		j->pending_key = k;
		j->pending_keylen = n;
	}
	return 1;
}

static int
end(ft_json *j)
{
	j->events++;
	if (j->skip > 0) {
		j->skip--;
		return 1;
	}
	struct level l = j->lv[--j->nlv];
	j->path.depth = j->nlv;
	j->path.klen = j->path.seg[j->nlv].key_off;
	if (l.mode == JSON_COLLECT) {
		if (j->collect_at != j->nlv)
			return 1;
		j->collect_at = SIZE_MAX;
		if (j->collect_field >= 0) { /* a record's field, built */
			j->slot[j->collect_field] = l.val;
			j->collect_field = -1;
			return 1;
		}
		int ok = deliver(j, l.val);
		rec_reset(j);
		return ok;
	}
	if (l.mode == JSON_FIELDS) {
		if (j->rec_at != j->nlv)
			return 1;
		j->rec_at = SIZE_MAX;
		int ok = 1;
		if (j->h->record != NULL && j->h->record(j->ctx, j, j->slot) != 0) {
			if (!j->failed)
				json_fail(j, "stopped");
			ok = 0;
		}
		rec_reset(j);
		return ok;
	}
	if (j->h->leave != NULL && j->h->leave(j->ctx, j, l.type) != 0) {
		if (!j->failed)
			json_fail(j, "stopped");
		return 0;
	}
	return 1;
}

static int
on_end(void *ctx)
{
	return end(ctx);
}

static const yajl_callbacks callbacks = {
	on_null, on_bool, NULL, NULL, on_number, on_string,
	on_start_map, on_key, on_end, on_start_array, on_end,
};

/* yajl's message for a syntax error, on one line. */
static void
syntax_error(yajl_handle y, const unsigned char *chunk, size_t n, char *out, size_t cap)
{
	unsigned char *m = yajl_get_error(y, 0, chunk, n);
	snprintf(out, cap, "%s", m != NULL ? (const char *)m : "syntax error");
	for (char *p = out; *p; p++)
		if (*p == '\n')
			*p = ' ';
	size_t l = strlen(out);
	while (l > 0 && (out[l - 1] == ' ' || out[l - 1] == '.'))
		out[--l] = '\0';
	if (m != NULL)
		yajl_free_error(y, m);
}

static void
json_free(ft_json *j)
{
	rec_reset(j);
	free(j->blocks);
	free(j->lv);
	free(j->path.seg);
	free(j->path.keys);
	free(j->scratch);
	free(j->slot);
	free(j->fkeylen);
	free(j->sval);
	free(j->cand);
}

/* Report a stop inside yajl: a callback's failure or a syntax error at
 * byte off (counted from the start of the decoded input). */
static void
report(ft_json *j, yajl_handle y, yajl_status st, const unsigned char *chunk,
    size_t n, uint64_t off, ft_diag *err)
{
	if (st == yajl_status_client_canceled && j->failed) {
		diag_set(err, "%.200s: byte %llu: %.800s", j->name, (unsigned long long)off,
		    j->msg.msg);
		return;
	}
	char m[300], path[256];
	syntax_error(y, chunk, n, m, sizeof(m));
	path_text(j, path, sizeof(path));
	diag_set(err, "%s: byte %llu: at %s: invalid JSON: %s", j->name,
	    (unsigned long long)off, path, m);
}

int
json_stream(ft_source *src, const json_handler *h, void *ctx,
    json_opts *o, ft_diag *err)
{
	ft_json J = {0};
	J.h = h;
	J.ctx = ctx;
	J.name = source_name(src);
	J.collect_at = SIZE_MAX;
	J.rec_at = SIZE_MAX;
	J.next_field = J.collect_field = -1;
	if (h->nfields > 64) {
		diag_set(err, "%s: more than 64 fields", J.name);
		return -1;
	}
	if (h->nfields > 0) {
		J.slot = xcalloc(h->nfields, sizeof(*J.slot));
		J.fkeylen = xcalloc(h->nfields, sizeof(*J.fkeylen));
		J.sval = xcalloc(h->nfields, sizeof(*J.sval));
		J.cand = xcalloc((h->nfields + 1) * KEYLENS, sizeof(*J.cand));
		for (size_t i = 0; i < h->nfields; i++) {
			int par = h->fields[i].parent;
			J.fkeylen[i] = strlen(h->fields[i].key);
			if (par >= (int)h->nfields || par < -1) {
				diag_set(err, "%s: field %zu: bad parent", J.name, i);
				json_free(&J);
				return -1;
			}
			if (par >= 0)
				J.objects |= (uint64_t)1 << par;
			J.cand[(size_t)(par + 1) * KEYLENS + KEYLEN_BUCKET(J.fkeylen[i])] |=
			    (uint64_t)1 << i;
		}
	}
	J.max_record = o != NULL && o->max_record > 0 ? o->max_record : (size_t)64 << 20;
	yajl_handle y = yajl_alloc(&callbacks, NULL, &J);
	if (y == NULL) {
		diag_set(err, "%s: out of memory", J.name);
		json_free(&J);
		return -1;
	}
	yajl_config(y, yajl_dont_validate_strings, 1);
	if (o != NULL && o->allow_partial)
		yajl_config(y, yajl_allow_partial_values, 1);
	uint64_t fed = 0, pending = 0;
	char *gather = NULL; /* see below */
	size_t cgather = 0;
	int rc = 0;
	for (;;) {
		const char *data = NULL;
		long r = source_next(src, &data, err);
		const unsigned char *buf = (const unsigned char *)data;
		if (r < 0) {
			rc = -1;
			break;
		}
		/* yajl lexes a token cut by the end of a feed again from its
		 * start at the next feed: fed block by block, a 50 MB number
		 * took 6 s and 100 MB 25 s.  Once no callback has run for two
		 * blocks, the next feed gathers at least as many bytes as have
		 * passed without one, so each re-lex is paid for by as many new
		 * bytes: linear. */
		if (r > 0 && pending >= 2 * BLOCK) {
			size_t n = 0;
			for (;;) {
				if (n + (size_t)r > cgather) {
					cgather = grow_cap(cgather, n + (size_t)r, BLOCK);
					gather = xrealloc(gather, cgather);
				}
				memcpy(gather + n, data, (size_t)r);
				n += (size_t)r;
				if (n >= pending)
					break;
				if ((r = source_next(src, &data, err)) < 0)
					break;
				if (r == 0)
					break; /* the end: the next call says so again */
			}
			if (r < 0) {
				rc = -1;
				break;
			}
			buf = (const unsigned char *)gather;
			r = (long)n;
		}
		uint64_t ev = J.events;
		yajl_status st;
		if (r == 0)
			st = yajl_complete_parse(y);
		else
			st = yajl_parse(y, buf, (size_t)r);
		if (st != yajl_status_ok) {
			size_t used = r > 0 ? yajl_get_bytes_consumed(y) : 0;
			report(&J, y, st, buf, r > 0 ? (size_t)r : 0, fed + used, err);
			rc = -1;
			break;
		}
		if (r == 0)
			break;
		fed += (uint64_t)r;
		pending = J.events == ev ? pending + (uint64_t)r : 0;
	}
	free(gather);
	if (o != NULL)
		o->truncated = rc != 0 || J.nlv == 0 ? 0 :
		    J.nlv == 1 && J.collect_at == SIZE_MAX ? 1 : 2;
	yajl_free(y);
	json_free(&J);
	return rc;
}

/* --- values ----------------------------------------------------------------- */

const json_val *
json_get(const json_val *obj, const char *k)
{
	if (obj == NULL || obj->type != JSON_OBJ)
		return NULL;
	size_t n = strlen(k);
	for (const json_val *v = obj->kids; v != NULL; v = v->next)
		if (v->keylen == n && memcmp(v->key, k, n) == 0)
			return v;
	return NULL;
}

const char *
json_get_str(const json_val *obj, const char *k, size_t *n)
{
	const json_val *v = json_get(obj, k);
	if (v == NULL || v->type != JSON_STR)
		return NULL;
	if (n != NULL)
		*n = v->n;
	return v->s;
}

/* Split number text: sign, digits (without the point), where the point
 * was, exponent.  0, or -1 when it is not a JSON number. */
struct num {
	int neg;
	const char *dig;   /* integer and fraction digits */
	size_t nint, nfrac;
	const char *frac;
	long exp;
};

static int
num_split(const char *s, size_t n, struct num *x)
{
	size_t i = 0;
	memset(x, 0, sizeof(*x));
	if (i < n && s[i] == '-') {
		x->neg = 1;
		i++;
	}
	x->dig = s + i;
	while (i < n && s[i] >= '0' && s[i] <= '9') {
		i++;
		x->nint++;
	}
	if (x->nint == 0)
		return -1;
	if (i < n && s[i] == '.') {
		i++;
		x->frac = s + i;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			i++;
			x->nfrac++;
		}
		if (x->nfrac == 0)
			return -1;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		int eneg = 0;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		size_t e0 = i;
		long e = 0;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			if (e < 100000)
				e = e * 10 + (s[i] - '0');
			i++;
		}
		if (i == e0)
			return -1;
		x->exp = eneg ? -e : e;
	}
	return i == n ? 0 : -1;
}

/* Digit k of the number's digit string (integer part then fraction). */
static int
num_digit(const struct num *x, size_t k)
{
	if (k < x->nint)
		return x->dig[k] - '0';
	k -= x->nint;
	return k < x->nfrac ? x->frac[k] - '0' : 0;
}

int
json_fixed(const char *s, size_t n, int scale, int64_t *out, int *rounded)
{
	/* Most numbers in profiles are short plain integers (timestamps,
	 * ids, counts): exact without the general path. */
	if (n > 0 && n <= 18 && scale >= 0 && scale <= 9 && (size_t)scale + n <= 18) {
		size_t i = s[0] == '-';
		uint64_t v = 0;
		if (i < n) {
			for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
				v = v * 10 + (uint64_t)(s[i] - '0');
			if (i == n) {
				for (int k = 0; k < scale; k++)
					v *= 10;
				*out = s[0] == '-' ? -(int64_t)v : (int64_t)v;
				return 0;
			}
		}
	}
	struct num x;
	if (num_split(s, n, &x) != 0)
		return -1;
	/* Value = digits * 10^(exp - nfrac); we want it * 10^scale. */
	long shift = x.exp + scale; /* digits kept after the point move */
	size_t ndig = x.nint + x.nfrac;
	/* Keep the digits whose position is integer after scaling: the
	 * first nint + shift of them. */
	long keep = (long)x.nint + shift;
	uint64_t v = 0;
	const uint64_t lim = (uint64_t)INT64_MAX;
	for (long k = 0; k < keep; k++) {
		int d = k < (long)ndig ? num_digit(&x, (size_t)k) : 0;
		if (v > (lim - (uint64_t)d) / 10)
			return -1;
		v = v * 10 + (uint64_t)d;
	}
	int lost = 0;
	if (keep < (long)ndig) {
		long first = keep < 0 ? 0 : keep;
		int d = keep < 0 ? 0 : num_digit(&x, (size_t)first);
		for (long k = first; k < (long)ndig; k++)
			if (num_digit(&x, (size_t)k) != 0)
				lost = 1;
		if (d >= 5) {
			if (v == lim)
				return -1;
			v++;
		}
	}
	if (lost && rounded != NULL)
		(*rounded)++;
	*out = x.neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

int
json_int(const json_val *v, int64_t *out)
{
	if (v == NULL || v->type != JSON_NUM)
		return -1;
	int r = 0;
	if (json_fixed(v->s, v->n, 0, out, &r) != 0 || r != 0)
		return -1;
	return 0;
}

int
json_decimals(const char *s, size_t n)
{
	struct num x;
	if (num_split(s, n, &x) != 0)
		return 0;
	size_t nf = x.nfrac;
	while (nf > 0 && x.frac[nf - 1] == '0')
		nf--;
	long d = (long)nf - x.exp;
	if (d <= 0)
		return 0;
	return d > 18 ? 18 : (int)d;
}
