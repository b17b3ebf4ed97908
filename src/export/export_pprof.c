/* export_pprof.c - a pprof (profile.proto) writer, gzip'd like Go writes it.
 *
 * Shape of the output: string_table[0] = ""; one ValueType per column with
 * default_sample_type naming the default column; one Function and one
 * Location (id k, a single Line) per distinct frame name; one Sample per
 * tree node with a non-zero self value in any column, its location ids
 * leaf first; period, duration, time and comments copied.  No mappings.
 *
 * Kinds: for profiles that did not come from pprof, a frame's annotation
 * is kept in the function name ("read_[k]"), so folded -> pprof -> folded
 * gives the same text; for pprof input an inlined frame becomes a plain
 * frame (its caller relation is kept, the inline marker is not).
 * Fractional values (folded input with decimals) cannot be written:
 * pprof values are integers.
 */
#include "export/export_pprof.h"

#include <stdlib.h>
#include <string.h>

#include "input/source.h"
#include "base/xalloc.h"

struct buf {
	unsigned char *d;
	size_t len, cap;
};

static void
put(struct buf *b, const void *s, size_t n)
{
	if (b->len + n > b->cap) {
		b->cap = grow_cap(b->cap, b->len + n, 256);
		b->d = xrealloc(b->d, b->cap);
	}
	memcpy(b->d + b->len, s, n);
	b->len += n;
}

static void
put_varint(struct buf *b, uint64_t v)
{
	unsigned char t[10];
	size_t n = 0;
	while (v >= 0x80) {
		t[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	t[n++] = (unsigned char)v;
	put(b, t, n);
}

static void
put_key(struct buf *b, uint32_t field, int wire)
{
	put_varint(b, (uint64_t)field << 3 | (uint64_t)wire);
}

/* A varint field (proto3: zero values are left out). */
static void
put_uint(struct buf *b, uint32_t field, uint64_t v)
{
	if (v == 0)
		return;
	put_key(b, field, 0);
	put_varint(b, v);
}

static void
put_bytes(struct buf *b, uint32_t field, const void *s, size_t n)
{
	put_key(b, field, 2);
	put_varint(b, n);
	put(b, s, n);
}

/* The string table: text -> index, by a small open-addressing hash. */
struct strtab {
	struct buf out;     /* encoded string_table fields */
	const char **s;
	size_t *len;
	uint32_t n, cap;
	uint32_t *slots, mask;
};

static uint64_t
str_hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static void
strtab_grow(struct strtab *t)
{
	uint32_t mask = t->mask ? t->mask * 2 + 1 : 255;
	uint32_t *slots = xcalloc((size_t)mask + 1, sizeof(uint32_t));
	for (uint32_t i = 0; i < t->n; i++) {
		uint32_t h = (uint32_t)str_hash(t->s[i], t->len[i]) & mask;
		while (slots[h] != 0)
			h = (h + 1) & mask;
		slots[h] = i + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->mask = mask;
}

/* Index of s[0..n) (the bytes must outlive the table). */
static uint64_t
strtab_get(struct strtab *t, const char *s, size_t n)
{
	if ((uint64_t)(t->n + 1) * 2 > (uint64_t)t->mask)
		strtab_grow(t);
	uint32_t h = (uint32_t)str_hash(s, n) & t->mask;
	for (; t->slots[h] != 0; h = (h + 1) & t->mask) {
		uint32_t i = t->slots[h] - 1;
		if (t->len[i] == n && memcmp(t->s[i], s, n) == 0)
			return i;
	}
	if (t->n == t->cap) {
		t->cap = (uint32_t)grow_cap(t->cap, (size_t)t->n + 1, 256);
		t->s = xreallocarray(t->s, t->cap, sizeof(*t->s));
		t->len = xreallocarray(t->len, t->cap, sizeof(*t->len));
	}
	t->s[t->n] = s;
	t->len[t->n] = n;
	t->slots[h] = t->n + 1;
	put_bytes(&t->out, 6, s, n);
	return t->n++;
}

static uint64_t
strtab_cstr(struct strtab *t, const char *s)
{
	return strtab_get(t, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

/* Functions and locations: one per distinct name id, ids from 1. */
static void
write_functions(const ft_profile *p, struct strtab *t, uint32_t *loc_of,
    struct buf *body, char **names_out)
{
	int keep_kind = p->format == NULL || strcmp(p->format, "pprof") != 0;
	uint32_t next = 1;
	struct buf m = {0}, line = {0};
	size_t namecap = 0, namelen = 0;
	char *names = NULL;
	/* Names with a suffix are built in one growing buffer first (the
	 * string table keeps pointers), then interned. */
	size_t *offs = xcalloc(intern_count(p->names) + 1, sizeof(size_t));
	for (uint32_t i = 1; i < p->nnodes; i++) {
		uint32_t nm = p->nodes[i].name;
		if (loc_of[nm] != 0)
			continue;
		loc_of[nm] = next++;
		const char *s = intern_str(p->names, nm);
		size_t sl = intern_len(p->names, nm);
		const char *suf = keep_kind ? kind_suffix(intern_kind(p->names, nm)) : "";
		size_t fl = strlen(suf);
		offs[nm] = namelen;
		if (namelen + sl + fl + 1 > namecap) {
			namecap = grow_cap(namecap, namelen + sl + fl + 1, 4096);
			names = xrealloc(names, namecap);
		}
		memcpy(names + namelen, s, sl);
		memcpy(names + namelen + sl, suf, fl);
		namelen += sl + fl;
		names[namelen++] = '\0';
	}
	for (uint32_t nm = 0; nm < intern_count(p->names); nm++) {
		uint32_t id = loc_of[nm];
		if (id == 0)
			continue;
		const char *s = names + offs[nm];
		uint64_t si = strtab_get(t, s, strlen(s));
		m.len = 0;
		put_uint(&m, 1, id);
		put_uint(&m, 2, si);
		put_uint(&m, 3, si);
		put_bytes(body, 5, m.d, m.len);
		line.len = 0;
		put_uint(&line, 1, id);
		m.len = 0;
		put_uint(&m, 1, id);
		put_bytes(&m, 4, line.d, line.len);
		put_bytes(body, 4, m.d, m.len);
	}
	free(offs);
	free(m.d);
	free(line.d);
	*names_out = names;
}

int
export_pprof(const ft_profile *p, FILE *out, ft_diag *err)
{
	if (p->scale > 0) {
		diag_set(err, "%s: fractional counts cannot be written as pprof "
		    "(its values are integers)", p->source);
		return -1;
	}
	if (profile_check_stack_frames(p, "the pprof export", err) != 0)
		return -1;
	struct strtab t = {0};
	struct buf body = {0}, m = {0}, pk = {0};
	strtab_get(&t, "", 0);
	for (int c = 0; c < p->nvals; c++) {
		m.len = 0;
		put_uint(&m, 1, strtab_cstr(&t, p->types[c].name));
		put_uint(&m, 2, strtab_cstr(&t, p->types[c].unit));
		put_bytes(&body, 1, m.d, m.len);
	}
	uint32_t *loc_of = xcalloc((size_t)intern_count(p->names) + 1, sizeof(uint32_t));
	char *names = NULL;
	write_functions(p, &t, loc_of, &body, &names);
	uint32_t *path = xmalloc(sizeof(uint32_t) * ((size_t)p->max_depth + 1));
	for (uint32_t n = 0; n < p->nnodes; n++) {
		int nonzero = 0;
		for (int c = 0; c < p->nvals; c++)
			nonzero |= profile_self(p, n, c) != 0;
		if (!nonzero)
			continue;
		uint32_t d = profile_path(p, n, path);
		m.len = 0;
		pk.len = 0;
		for (uint32_t i = d; i-- > 0;)
			put_varint(&pk, loc_of[path[i]]);
		put_bytes(&m, 1, pk.d, pk.len);
		pk.len = 0;
		for (int c = 0; c < p->nvals; c++)
			put_varint(&pk, (uint64_t)profile_self(p, n, c));
		put_bytes(&m, 2, pk.d, pk.len);
		put_bytes(&body, 2, m.d, m.len);
	}
	free(path);
	free(loc_of);
	put_uint(&body, 9, (uint64_t)p->time_ns);
	put_uint(&body, 10, (uint64_t)p->duration_ns);
	if (p->period_type.name != NULL) {
		m.len = 0;
		put_uint(&m, 1, strtab_cstr(&t, p->period_type.name));
		put_uint(&m, 2, strtab_cstr(&t, p->period_type.unit));
		put_bytes(&body, 11, m.d, m.len);
	}
	put_uint(&body, 12, (uint64_t)p->period);
	for (int i = 0; i < p->ncomments; i++) {
		put_key(&body, 13, 0);
		put_varint(&body, strtab_cstr(&t, p->comments[i]));
	}
	put_uint(&body, 14, strtab_cstr(&t, p->types[p->deftype].name));
	/* The string table goes last: every index is known by now. */
	put(&body, t.out.d, t.out.len);
	int rc = source_write_gzip(out, body.d, body.len, err);
	free(names);
	free(body.d);
	free(m.d);
	free(pk.d);
	free(t.out.d);
	free(t.s);
	free(t.len);
	free(t.slots);
	return rc;
}
