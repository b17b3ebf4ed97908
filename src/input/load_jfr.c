/* load_jfr.c - Java Flight Recorder recordings (.jfr, gzip already undone
 * by the source layer) into a call tree.
 *
 * The chunk format (no C library reads it; the JDK's and async-profiler's
 * readers are Java): a recording is one or more chunks, each a 68-byte
 * header (magic "FLR\0", version 2.x, chunk size, offsets of the last
 * constant pool event and of the metadata event, start and duration in
 * nanoseconds, start ticks, ticks per second, features) followed by event
 * records `size type fields...`, integers LEB128-encoded (the "compressed
 * integers" feature every JDK since 11 and async-profiler write).  The
 * metadata event declares every class and its fields; constant pool events
 * (linked backwards by a delta) hold the stack traces, methods, classes,
 * symbols, strings and threads that events refer to by id.  Ids are per
 * chunk.
 *
 * Sample types (only those with events in the file, in this order):
 *   cpu                      jdk.ExecutionSample, count
 *   alloc_sample_bytes/count jdk.ObjectAllocationSample: weight, events
 *   alloc_tlab_bytes/count   jdk.ObjectAllocationInNewTLAB: tlabSize, events
 *   alloc_outside_bytes/count jdk.ObjectAllocationOutsideTLAB: allocationSize
 *   monitor_enter            jdk.JavaMonitorEnter: duration, nanoseconds
 *   thread_park              jdk.ThreadPark: duration, nanoseconds
 *   native                   jdk.NativeMethodSample, count: threads sampled
 *                            while in native code (blocked in a read, a
 *                            poll, a wait), which jdk.ExecutionSample skips
 * Frames are `package.Class.method` (the binary class name with '/' as
 * '.'), leaf first in the file; with --lines `package.Class.method:LINE`.
 * An event without a stack trace (or an empty one) is the frame
 * "(no stack trace)".  Each stack starts at its thread's root frame
 * (profile_thread_root: javaName or osName, javaThreadId), which --group
 * keeps or merges.
 *
 * Each jdk.ExecutionSample's startTime (ticks: the chunk's startNanos +
 * (ticks - startTicks) * 1e9 / ticksPerSecond, as the JDK's reader) and
 * stack go on the timeline (profile/timeline.h, 12 bytes a sample), with
 * the chunks' start and start + duration as the recording's bounds: the
 * heat map and time ranges.  Other events are counted there, not kept.
 *
 * Every event also carries its thread's name as the label `thread`
 * (labels.h), so --tagfocus thread=..., --tagroot thread and the details
 * panel's breakdown work as on pprof labels.
 *
 * The file is read one chunk at a time into one reused buffer (metadata
 * and pools sit at the end of each chunk; chunks are self-contained), in
 * one pass: events add up per (tree node, thread label set) in fixed
 * columns, and the columns of the event types present become the
 * profile's at the end.  The per-event path reads fields by a plan made
 * once per chunk and finds its (thread, stack) in a small direct-mapped
 * cache: no allocation, no name comparison, no hash lookup per event.
 * Nothing read from the file is trusted: every length, offset, count and
 * id is checked against the bytes actually there before use; counts never
 * size an allocation; nested types are followed at most MAX_NEST deep.
 * Work is bounded by what a chunk can hold (issue 24 item 12): the
 * constant pool chain is read once, a pool event met twice is a cycle and
 * an error; an array holds at most as many elements as bytes are left in
 * its record; reading fields (arrays of empty structs, nested types)
 * visits at most WORK_PER_BYTE per byte of the chunk plus WORK_BASE
 * fields; and building the tree walks at most WALK_PER_BYTE stack frames
 * per byte of the chunk plus WALK_BASE (a deep stack shared by many
 * threads is a tree of threads x depth nodes: a file of 233 KB made
 * 5.5 GB of them).  Past a bound the file is refused with the offset.
 * Errors are "FILE: byte OFFSET: reason" (offsets in the file).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "profile/idmap.h"
#include "profile/labels.h"
#include "input/loader.h"
#include "profile/relabel.h"
#include "profile/timeline.h"
#include "base/xalloc.h"

#define JFR_MAX_BYTES ((size_t)4 << 30)
#define HEADER 68
#define MAX_NEST 24
#define NONE UINT32_MAX
#define WORK_PER_BYTE 8
#define WORK_BASE ((uint64_t)1 << 20)
#define WALK_PER_BYTE 32
#define WALK_BASE ((uint64_t)1 << 22)

#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 64, init)

/* A string in the file: bytes (UTF-8 or Latin-1), or a reference into the
 * chunk's java.lang.String pool. */
struct jstr {
	const char *s;
	uint32_t n;
	uint8_t kind;   /* 0 null/empty, 1 bytes UTF-8, 2 Latin-1, 3 pool ref */
	uint64_t ref;
};

enum prim { P_STRUCT, P_BOOL, P_BYTE, P_INT, P_FLOAT, P_DOUBLE, P_STRING };

struct jfield { struct jstr name; uint64_t type; int cp, dim; };
struct jclass { uint64_t id; struct jstr name; size_t f0, nf; enum prim prim; };

/* Event types read, in column order. */
enum ev {
	EV_CPU, EV_ALLOC_SAMPLE, EV_TLAB, EV_OUTSIDE, EV_MONITOR, EV_PARK, EV_NATIVE,
	EV_N
};
static const char *const ev_class[EV_N] = {
	"jdk.ExecutionSample", "jdk.ObjectAllocationSample",
	"jdk.ObjectAllocationInNewTLAB", "jdk.ObjectAllocationOutsideTLAB",
	"jdk.JavaMonitorEnter", "jdk.ThreadPark", "jdk.NativeMethodSample",
};

struct jframe { uint64_t method; int64_t line; };
struct jstack { size_t f0, nf; };
struct jmethod { uint64_t cls, name; };
struct jthread { struct jstr name; int64_t tid; uint32_t root, set; };

/* Value columns, fixed while reading (those of the event types present
 * become the profile's at the end): the first column of each event type. */
#define NCOL 10
static const int ev_col[EV_N] = {0, 1, 3, 5, 7, 8, 9};
static const char *const col_name[NCOL] = {
	"cpu", "alloc_sample_bytes", "alloc_sample_count", "alloc_tlab_bytes",
	"alloc_tlab_count", "alloc_outside_bytes", "alloc_outside_count",
	"monitor_enter", "thread_park", "native",
};
static const char *const col_unit[NCOL] = {
	"count", "bytes", "count", "bytes", "count", "bytes", "count",
	"nanoseconds", "nanoseconds", "count",
};

/* How one event field is read: decided once per chunk from the metadata,
 * so the per-event loop compares no names. */
enum role { R_SKIP, R_STACK, R_DUR, R_BYTES, R_THREAD, R_START, R_N };
enum op { OP_VAR, OP_U8, OP_OTHER };
struct fplan {
	uint8_t role, op;
	const struct jfield *f;
	const struct jclass *c;  /* NULL for pool references */
};

/* Per chunk: (thread ref, stack ref) of an event -> its accumulator, in a
 * direct-mapped cache (a slot is valid when gen is the chunk's). */
#define CACHE_BITS 12
#define EV_MAP 1024 /* event type ids below this are mapped by a table */
struct cslot { uint64_t stack, thread; uint32_t acc, gen; };

/* The kinds of constant pool read. */
enum kind { K_OTHER, K_STRING, K_STACK, K_SYMBOL, K_CLASS, K_METHOD, K_THREAD };

struct rd {
	const uint8_t *b;
	size_t pos, end; /* end: limit of the current record */
	int bad;
	ft_arena *arena; /* decoded UTF-16 strings */
	size_t lim;      /* end of the buffer (>= end): how far a read may look */
};

struct jfr {
	const char *path;
	const ft_load_opts *o;
	ft_load_report *rep;
	ft_diag *err;
	ft_intern *names;
	ft_source *src;
	ft_profile *p;
	uint8_t *buf;      /* the current chunk (buf[0] is its first byte) */
	size_t len, cap;
	uint64_t base;     /* file offset of the current chunk */
	/* per chunk */
	size_t c0, cend;
	int64_t tps;
	int64_t c_nanos;   /* the chunk's start: ns since the epoch */
	uint64_t c_ticks;  /* and in ticks */
	struct jclass *cls; size_t ncls, ccls;
	struct jfield *fld; size_t nfld, cfld;
	ft_idmap cls_ids;
	struct jstr *mstr; size_t nmstr, cmstr;     /* metadata strings */
	struct jstr *strs; size_t nstrs, cstrs;     /* java.lang.String pool */
	ft_idmap str_ids;
	struct jstr *syms; size_t nsyms, csyms;
	ft_idmap sym_ids;
	uint64_t *clsname; size_t nclsname, cclsname; /* java.lang.Class -> symbol id */
	ft_idmap clsname_ids;
	struct jmethod *meths; size_t nmeths, cmeths;
	ft_idmap meth_ids;
	uint32_t *methname;  /* interned frame name per method, NONE until made */
	struct jframe *frames; size_t nframes, cframes;
	struct jstack *stacks; size_t nstacks, cstacks;
	ft_idmap stack_ids;
	struct jthread *threads; size_t nthreads, cthreads;
	ft_idmap thread_ids;
	ft_idmap pair_nodes; /* (thread, stack) -> tree node */
	uint64_t ev_id[EV_N];
	int have_ev[EV_N];
	signed char ev_of[EV_MAP]; /* event type id -> enum ev, -1 none */
	struct fplan *plan[EV_N];
	size_t nplan[EV_N];
	int has_start[EV_N];       /* the event type has a startTime field */
	struct cslot *cache;
	uint32_t gen;
	uint32_t nostack;  /* "(no stack trace)" */
	uint64_t work, work_max; /* fields visited in this chunk, and the bound */
	uint64_t walk, walk_max; /* stack frames walked building the tree */
	int over;                /* a bound was passed: the error is set */
	/* whole file */
	long count[EV_N];
	uint64_t other;              /* events not kept on the timeline */
	int64_t rec_start, rec_end;  /* the chunks' bounds, ns since the epoch */
	int have_bounds;
	uint32_t *acc_node, *acc_set; /* accumulator: tree node, label set */
	ft_val *acc_val;             /* [acc * NCOL + column] */
	size_t nacc, cacc;
	ft_idmap acc_ids;            /* node << 32 | set -> accumulator */
	ft_labelsets *sets;
	uint32_t thread_key;
	int labelled;                /* some event had a thread label */
	ft_stackset seen;
	ft_arena *arena;
};

static int
fail(struct jfr *J, size_t off, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int
fail(struct jfr *J, size_t off, const char *fmt, ...)
{
	if (J->over)
		return -1; /* the bound's message stands */
	va_list ap;
	va_start(ap, fmt);
	diag_vset_at(J->err, J->path, J->base + off, fmt, ap);
	va_end(ap);
	return -1;
}

/* n more field visits: past the chunk's bound, the error (once) and r->bad. */
static int
spend(struct jfr *J, struct rd *r, uint64_t n)
{
	J->work += n;
	if (J->work <= J->work_max)
		return 0;
	if (!J->over)
		fail(J, r->pos, "reading the fields here takes more than %" PRIu64
		    " steps (%d per byte of the chunk + %" PRIu64 "): empty or deeply "
		    "nested types repeated; not loaded", J->work_max, WORK_PER_BYTE,
		    WORK_BASE);
	J->over = 1;
	r->bad = 1;
	return -1;
}

/* --- primitive reads (bounded by r->end; r->bad set past it) ------------- */

static uint8_t
rd_u8(struct rd *r)
{
	if (r->pos >= r->end) {
		r->bad = 1;
		return 0;
	}
	return r->b[r->pos++];
}

/* LEB128 near the end of a record, byte by byte. */
static uint64_t
rd_var_slow(struct rd *r)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++) {
		uint8_t c = rd_u8(r);
		v |= (uint64_t)(c & 0x7f) << (7 * i);
		if (!(c & 0x80))
			return v;
	}
	return v | (uint64_t)rd_u8(r) << 56;
}

/* LEB128, at most 9 bytes, the 9th taking all 8 bits (JFR's varlong).
 * Inline: most event fields are one of these. */
static inline uint64_t
rd_var(struct rd *r)
{
	/* Records are small: decode within the buffer, then check the record. */
	if (r->lim - r->pos < 9)
		return rd_var_slow(r);
	const uint8_t *b = r->b + r->pos; /* no bounds check per byte */
	uint64_t v = b[0] & 0x7f;
	size_t k = 1;
	if (b[0] & 0x80) {
		for (;; k++) {
			if (k == 8) {
				v |= (uint64_t)b[8] << 56;
				k = 9;
				break;
			}
			v |= (uint64_t)(b[k] & 0x7f) << (7 * k);
			if (!(b[k] & 0x80)) {
				k++;
				break;
			}
		}
	}
	if (k > r->end - r->pos) {
		r->bad = 1;
		r->pos = r->end;
		return 0;
	}
	r->pos += k;
	return v;
}

static void
rd_skip(struct rd *r, uint64_t n)
{
	if (n > r->end - r->pos) {
		r->bad = 1;
		r->pos = r->end;
	} else {
		r->pos += (size_t)n;
	}
}

static uint64_t
rd_be(const uint8_t *b, int n)
{
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v = v << 8 | b[i];
	return v;
}

static void
rd_string(struct rd *r, struct jstr *s)
{
	memset(s, 0, sizeof(*s));
	uint8_t enc = rd_u8(r);
	switch (enc) {
	case 0: case 1:
		return;
	case 2:
		s->kind = 3;
		s->ref = rd_var(r);
		return;
	case 3: case 5: {
		uint64_t n = rd_var(r);
		size_t at = r->pos;
		rd_skip(r, n);
		if (r->bad || n > UINT32_MAX)
			return;
		s->s = (const char *)r->b + at;
		s->n = (uint32_t)n;
		s->kind = enc == 3 ? 1 : 2;
		return;
	}
	case 4: { /* UTF-16 code units as varints: to UTF-8 (a surrogate as U+FFFD) */
		uint64_t n = rd_var(r);
		if (n > r->end - r->pos) { /* each unit takes at least a byte */
			r->bad = 1;
			return;
		}
		char *out = arena_alloc(r->arena, (size_t)n * 3 + 1);
		size_t k = 0;
		for (uint64_t i = 0; i < n && !r->bad; i++) {
			uint64_t u = rd_var(r);
			if (u >= 0xd800 && u < 0xe000)
				u = 0xfffd;
			if (u < 0x80) {
				out[k++] = (char)u;
			} else if (u < 0x800) {
				out[k++] = (char)(0xc0 | u >> 6);
				out[k++] = (char)(0x80 | (u & 0x3f));
			} else {
				u &= 0xffff;
				out[k++] = (char)(0xe0 | u >> 12);
				out[k++] = (char)(0x80 | ((u >> 6) & 0x3f));
				out[k++] = (char)(0x80 | (u & 0x3f));
			}
		}
		s->s = out;
		s->n = (uint32_t)k;
		s->kind = 1;
		return;
	}
	default:
		r->bad = 1;
	}
}

static int
jstr_is(const struct jstr *s, const char *k)
{
	size_t n = strlen(k);
	return (s->kind == 1 || s->kind == 2) && s->n == n && memcmp(s->s, k, n) == 0;
}

/* Resolve a pool reference; NULL text for null strings. */
static const struct jstr *
str_get(struct jfr *J, const struct jstr *s)
{
	if (s->kind != 3)
		return s;
	uint32_t at = idmap_get(&J->str_ids, s->ref);
	return at == NONE || J->strs[at].kind == 3 ? NULL : &J->strs[at];
}

/* --- metadata ------------------------------------------------------------------ */

static uint64_t
attr_u64(const struct jstr *v)
{
	uint64_t x = 0;
	if (v == NULL || v->kind != 1)
		return 0;
	for (uint32_t i = 0; i < v->n && v->s[i] >= '0' && v->s[i] <= '9'; i++)
		x = x * 10 + (uint64_t)(v->s[i] - '0');
	return x;
}

static enum prim
prim_of(const struct jstr *n)
{
	static const struct { const char *n; enum prim p; } t[] = {
		{"boolean", P_BOOL}, {"byte", P_BYTE}, {"char", P_INT}, {"short", P_INT},
		{"int", P_INT}, {"long", P_INT}, {"float", P_FLOAT}, {"double", P_DOUBLE},
		{"java.lang.String", P_STRING},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (jstr_is(n, t[i].n))
			return t[i].p;
	return P_STRUCT;
}

/* The element tree: root { metadata { class { field ... } ... } region }.
 * Read iteratively with an explicit stack of remaining child counts. */
static int
read_metadata(struct jfr *J, size_t off)
{
	struct rd r = {J->buf, off, J->cend, 0, J->arena, J->cend};
	uint64_t size = rd_var(&r);
	if (r.bad || size < 1 || size > J->cend - off)
		return fail(J, off, "metadata event size %" PRIu64 " runs past the chunk", size);
	r.end = off + (size_t)size;
	rd_var(&r); /* type 0 */
	rd_var(&r); /* start */
	rd_var(&r); /* duration */
	rd_var(&r); /* metadata id */
	uint64_t ns = rd_var(&r);
	J->nmstr = 0;
	for (uint64_t i = 0; i < ns && !r.bad; i++) {
		struct jstr s;
		rd_string(&r, &s);
		PUSH(J->mstr, J->nmstr, J->cmstr, s);
	}
	struct lvl { uint64_t left; int is_class; } *st = NULL;
	size_t n = 0, cap = 0;
	size_t cur_class = NONE;
	int rc = 0;
	/* One element: name, attributes, child count. */
	for (;;) {
		uint64_t name = rd_var(&r), na = rd_var(&r);
		if (r.bad || name >= J->nmstr) {
			rc = fail(J, r.pos, "metadata element with a bad name index");
			break;
		}
		const struct jstr *en = &J->mstr[name];
		struct jstr *attr[6] = {0}; /* id name superType simpleType... */
		static const char *const want[] = {"id", "name", "class", "constantPool",
		    "dimension", "simpleType"};
		for (uint64_t i = 0; i < na && !r.bad; i++) {
			uint64_t k = rd_var(&r), v = rd_var(&r);
			if (k >= J->nmstr || v >= J->nmstr) {
				r.bad = 1;
				break;
			}
			for (int w = 0; w < 6; w++)
				if (jstr_is(&J->mstr[k], want[w]))
					attr[w] = &J->mstr[v];
		}
		uint64_t nkids = rd_var(&r);
		if (r.bad) {
			rc = fail(J, r.pos, "metadata ends inside an element");
			break;
		}
		int is_class = jstr_is(en, "class");
		if (is_class) {
			struct jclass c = {attr_u64(attr[0]), {0}, J->nfld, 0, P_STRUCT};
			if (attr[1] != NULL)
				c.name = *attr[1];
			c.prim = prim_of(&c.name);
			cur_class = J->ncls;
			PUSH(J->cls, J->ncls, J->ccls, c);
			idmap_put(&J->cls_ids, c.id, (uint32_t)cur_class);
		} else if (jstr_is(en, "field") && n > 0 && st[n - 1].is_class &&
		    cur_class != NONE) {
			struct jfield f = {{0}, attr_u64(attr[2]),
			    attr[3] != NULL && jstr_is(attr[3], "true"),
			    attr[4] != NULL && attr_u64(attr[4]) > 0};
			if (attr[1] != NULL)
				f.name = *attr[1];
			PUSH(J->fld, J->nfld, J->cfld, f);
			J->cls[cur_class].nf++;
		}
		if (n > 4096) {
			rc = fail(J, r.pos, "metadata nested deeper than 4096 elements");
			break;
		}
		PUSH(st, n, cap, ((struct lvl){nkids, is_class}));
		while (n > 0 && st[n - 1].left == 0) {
			if (st[n - 1].is_class)
				cur_class = NONE;
			n--;
		}
		if (n == 0)
			break;
		st[n - 1].left--;
	}
	free(st);
	return rc;
}

static const struct jclass *
class_of(struct jfr *J, uint64_t id)
{
	uint32_t at = idmap_get(&J->cls_ids, id);
	return at == NONE ? NULL : &J->cls[at];
}

/* --- values ---------------------------------------------------------------------- */

static int skip_value(struct jfr *J, struct rd *r, const struct jclass *c, int depth);

/* One field's value: a scalar or pool id into *num, a string into *s;
 * arrays and inline structs are read past. */
static void
read_field(struct jfr *J, struct rd *r, const struct jfield *f, uint64_t *num,
    struct jstr *s, int depth)
{
	*num = 0;
	if (s != NULL)
		memset(s, 0, sizeof(*s));
	if (f->cp && !f->dim) {
		*num = rd_var(r);
		return;
	}
	const struct jclass *c = class_of(J, f->type);
	uint64_t n = 1;
	if (f->dim) {
		/* Every real element takes a byte at least: more elements than
		 * bytes left are empty ones repeated (a loop without end). */
		n = rd_var(r);
		if (n > r->end - r->pos)
			r->bad = 1;
	}
	for (uint64_t i = 0; i < n && !r->bad; i++) {
		if (spend(J, r, 1) != 0)
			break;
		if (f->cp) {
			*num = rd_var(r);
		} else if (c == NULL) {
			r->bad = 1;
		} else if (c->prim == P_STRING) {
			struct jstr t;
			rd_string(r, &t);
			if (s != NULL)
				*s = t;
		} else {
			if (c->prim == P_INT || c->prim == P_BOOL || c->prim == P_BYTE) {
				*num = c->prim == P_INT ? rd_var(r) : rd_u8(r);
			} else if (skip_value(J, r, c, depth + 1) != 0) {
				r->bad = 1;
			}
		}
	}
}

static int
skip_value(struct jfr *J, struct rd *r, const struct jclass *c, int depth)
{
	switch (c->prim) {
	case P_BOOL: case P_BYTE: rd_skip(r, 1); return 0;
	case P_INT: rd_var(r); return 0;
	case P_FLOAT: rd_skip(r, 4); return 0;
	case P_DOUBLE: rd_skip(r, 8); return 0;
	case P_STRING: { struct jstr s; rd_string(r, &s); return 0; }
	default: break;
	}
	if (depth > MAX_NEST)
		return -1;
	if (spend(J, r, c->nf) != 0)
		return -1;
	for (size_t i = 0; i < c->nf && !r->bad; i++) {
		uint64_t v;
		read_field(J, r, &J->fld[c->f0 + i], &v, NULL, depth);
	}
	return 0;
}

/* --- constant pools ------------------------------------------------------------- */

/* Where a StackTrace's frames, and their method and line, are: found once
 * per pool (SIZE_MAX: absent). */
struct stplan { size_t frames, method, line; const struct jclass *fc; };

static void
stack_plan(struct jfr *J, const struct jclass *c, struct stplan *sp)
{
	*sp = (struct stplan){SIZE_MAX, SIZE_MAX, SIZE_MAX, NULL};
	for (size_t i = 0; i < c->nf; i++) {
		const struct jfield *f = &J->fld[c->f0 + i];
		const struct jclass *fc = class_of(J, f->type);
		if (!(jstr_is(&f->name, "frames") && f->dim && !f->cp && fc != NULL &&
		    fc->prim == P_STRUCT))
			continue;
		sp->frames = i;
		sp->fc = fc;
		for (size_t m = 0; m < fc->nf; m++) {
			const struct jfield *g = &J->fld[fc->f0 + m];
			if (jstr_is(&g->name, "method"))
				sp->method = m;
			else if (jstr_is(&g->name, "lineNumber"))
				sp->line = m;
		}
		return;
	}
}

/* StackTrace { truncated, frames: StackFrame[] { method, lineNumber, ... } } */
static void
read_stacktrace(struct jfr *J, struct rd *r, const struct jclass *c,
    const struct stplan *sp, uint64_t key)
{
	struct jstack st = {J->nframes, 0};
	for (size_t i = 0; i < c->nf && !r->bad; i++) {
		const struct jfield *f = &J->fld[c->f0 + i];
		if (i != sp->frames) {
			uint64_t v;
			read_field(J, r, f, &v, NULL, 0);
			continue;
		}
		const struct jclass *fc = sp->fc;
		uint64_t n = rd_var(r);
		if (n > r->end - r->pos) /* a frame takes a byte at least */
			r->bad = 1;
		for (uint64_t k = 0; k < n && !r->bad; k++) {
			struct jframe fr = {0, -1};
			if (spend(J, r, fc->nf + 1) != 0)
				break;
			for (size_t m = 0; m < fc->nf && !r->bad; m++) {
				uint64_t v;
				read_field(J, r, &J->fld[fc->f0 + m], &v, NULL, 1);
				if (m == sp->method)
					fr.method = v;
				else if (m == sp->line)
					fr.line = (int32_t)(uint32_t)v;
			}
			PUSH(J->frames, J->nframes, J->cframes, fr);
			st.nf++;
		}
	}
	if (r->bad)
		return;
	idmap_put(&J->stack_ids, key, (uint32_t)J->nstacks);
	PUSH(J->stacks, J->nstacks, J->cstacks, st);
}

static enum kind
kind_of(const struct jclass *c)
{
	if (c->prim == P_STRING)
		return K_STRING;
	if (jstr_is(&c->name, "jdk.types.StackTrace"))
		return K_STACK;
	if (c->prim != P_STRUCT)
		return K_OTHER;
	if (jstr_is(&c->name, "jdk.types.Symbol"))
		return K_SYMBOL;
	if (jstr_is(&c->name, "java.lang.Class"))
		return K_CLASS;
	if (jstr_is(&c->name, "jdk.types.Method"))
		return K_METHOD;
	if (jstr_is(&c->name, "java.lang.Thread"))
		return K_THREAD;
	return K_OTHER;
}

/* One entry of a pool of class c (of kind k). */
static void
read_constant(struct jfr *J, struct rd *r, const struct jclass *c, enum kind k,
    const struct stplan *sp, uint64_t key)
{
	switch (k) {
	case K_STRING: {
		struct jstr s;
		rd_string(r, &s);
		idmap_put(&J->str_ids, key, (uint32_t)J->nstrs);
		PUSH(J->strs, J->nstrs, J->cstrs, s);
		return;
	}
	case K_STACK:
		read_stacktrace(J, r, c, sp, key);
		return;
	case K_THREAD: {
		struct jthread t = {{0}, -1, NONE, NONE};
		struct jstr os = {0};
		for (size_t i = 0; i < c->nf && !r->bad; i++) {
			const struct jfield *f = &J->fld[c->f0 + i];
			uint64_t v;
			struct jstr str;
			read_field(J, r, f, &v, &str, 0);
			if (jstr_is(&f->name, "javaName"))
				t.name = str;
			else if (jstr_is(&f->name, "osName"))
				os = str;
			else if (jstr_is(&f->name, "javaThreadId") && v != 0)
				t.tid = (int64_t)v;
		}
		if (t.name.kind == 0)
			t.name = os;
		if (!r->bad) {
			idmap_put(&J->thread_ids, key, (uint32_t)J->nthreads);
			PUSH(J->threads, J->nthreads, J->cthreads, t);
		}
		return;
	}
	case K_OTHER:
		if (skip_value(J, r, c, 0) != 0)
			r->bad = 1;
		return;
	default:
		break;
	}
	struct jstr str = {0};
	struct jmethod m = {0, 0};
	uint64_t name = 0;
	for (size_t i = 0; i < c->nf && !r->bad; i++) {
		const struct jfield *f = &J->fld[c->f0 + i];
		uint64_t v;
		struct jstr s;
		read_field(J, r, f, &v, &s, 0);
		if (k == K_SYMBOL && jstr_is(&f->name, "string"))
			str = s;
		else if (jstr_is(&f->name, "name"))
			name = v;
		else if (k == K_METHOD && jstr_is(&f->name, "type"))
			m.cls = v;
	}
	if (r->bad)
		return;
	if (k == K_SYMBOL) {
		idmap_put(&J->sym_ids, key, (uint32_t)J->nsyms);
		PUSH(J->syms, J->nsyms, J->csyms, str);
	} else if (k == K_CLASS) {
		idmap_put(&J->clsname_ids, key, (uint32_t)J->nclsname);
		PUSH(J->clsname, J->nclsname, J->cclsname, name);
	} else {
		m.name = name;
		idmap_put(&J->meth_ids, key, (uint32_t)J->nmeths);
		PUSH(J->meths, J->nmeths, J->cmeths, m);
	}
}

static int read_pool_chain(struct jfr *J, size_t off, ft_idmap *seen);

/* Every constant pool event of the chunk, from the last one backwards,
 * each once: a delta leading back to an event already read is a cycle. */
static int
read_pools(struct jfr *J, size_t off)
{
	ft_idmap seen = {0}; /* offsets of the pool events read */
	int rc = read_pool_chain(J, off, &seen);
	idmap_free(&seen);
	return rc;
}

static int
read_pool_chain(struct jfr *J, size_t off, ft_idmap *seen)
{
	for (;;) {
		if (idmap_get(seen, off) != NONE)
			return fail(J, off, "constant pool chain comes back to this event, "
			    "already read (a cycle)");
		idmap_put(seen, off, 1);
		struct rd r = {J->buf, off, J->cend, 0, J->arena, J->cend};
		uint64_t size = rd_var(&r);
		if (r.bad || size < 1 || size > J->cend - off)
			return fail(J, off, "constant pool event size %" PRIu64 " runs past the chunk",
			    size);
		r.end = off + (size_t)size;
		if (rd_var(&r) != 1)
			return fail(J, off, "constant pool offset does not point at a "
			    "constant pool event");
		rd_var(&r); /* start */
		rd_var(&r); /* duration */
		int64_t delta = (int64_t)rd_var(&r);
		rd_var(&r); /* flush */
		uint64_t npools = rd_var(&r);
		for (uint64_t p = 0; p < npools && !r.bad; p++) {
			size_t at = r.pos;
			uint64_t type = rd_var(&r), count = rd_var(&r);
			const struct jclass *c = class_of(J, type);
			if (c == NULL && !r.bad)
				return fail(J, at, "constant pool of undeclared class id %" PRIu64, type);
			if (r.bad)
				break;
			enum kind k = kind_of(c);
			struct stplan sp = {SIZE_MAX, SIZE_MAX, SIZE_MAX, NULL};
			if (k == K_STACK)
				stack_plan(J, c, &sp);
			for (uint64_t i = 0; i < count && !r.bad; i++) {
				uint64_t key = rd_var(&r);
				read_constant(J, &r, c, k, &sp, key);
			}
		}
		if (r.bad)
			return fail(J, r.pos, "constant pool event is truncated or malformed");
		if (delta == 0)
			return 0;
		/* delta is relative to this event and must stay in the chunk. */
		int64_t next;
		if (__builtin_add_overflow((int64_t)(off - J->c0), delta, &next) ||
		    next < HEADER || (uint64_t)next >= J->cend - J->c0)
			return fail(J, off, "constant pool delta %" PRId64 " leaves the chunk", delta);
		off = J->c0 + (size_t)next;
	}
}

/* --- frames ------------------------------------------------------------------------ */

/* Text of a string as UTF-8 into buf (Latin-1 converted); its length. */
static size_t
str_text(struct jfr *J, const struct jstr *s, char *buf, size_t cap)
{
	const struct jstr *t = str_get(J, s);
	if (t == NULL || t->kind == 0)
		return 0;
	size_t n = 0;
	for (uint32_t i = 0; i < t->n && n + 2 < cap; i++) {
		unsigned char c = (unsigned char)t->s[i];
		if (t->kind == 2 && c >= 0x80) {
			buf[n++] = (char)(0xc0 | c >> 6);
			buf[n++] = (char)(0x80 | (c & 0x3f));
		} else {
			buf[n++] = (char)c;
		}
	}
	return n;
}

static size_t
sym_text(struct jfr *J, uint64_t id, char *buf, size_t cap)
{
	uint32_t at = idmap_get(&J->sym_ids, id);
	return at == NONE ? 0 : str_text(J, &J->syms[at], buf, cap);
}

/* `package.Class.method` of a method id (":LINE" with --lines). */
static uint32_t
method_frame(struct jfr *J, uint64_t mid, int64_t line)
{
	uint32_t at = idmap_get(&J->meth_ids, mid);
	if (at != NONE && !J->o->lines && J->methname[at] != NONE)
		return J->methname[at];
	char buf[2048];
	size_t n = 0;
	if (at == NONE) {
		n = (size_t)snprintf(buf, sizeof(buf), "(unknown method %" PRIu64 ")", mid);
	} else {
		const struct jmethod *m = &J->meths[at];
		uint32_t c = idmap_get(&J->clsname_ids, m->cls);
		if (c != NONE)
			n = sym_text(J, J->clsname[c], buf, 1000);
		for (size_t i = 0; i < n; i++)
			if (buf[i] == '/')
				buf[i] = '.';
		if (n > 0)
			buf[n++] = '.';
		n += sym_text(J, m->name, buf + n, 1000);
		if (J->o->lines && line >= 0)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, ":%" PRId64, line);
	}
	uint32_t id = intern_get(J->names, buf, n, FT_KIND_NONE);
	if (at != NONE && !J->o->lines)
		J->methname[at] = id;
	return id;
}

/* The root a thread's stacks start at: a thread frame the --group option
 * keeps or merges (relabel.h). */
static uint32_t
thread_root(struct jfr *J, uint32_t at)
{
	if (at == NONE)
		return FT_ROOT;
	struct jthread *t = &J->threads[at];
	if (t->root != NONE)
		return t->root;
	char buf[512];
	size_t n = str_text(J, &t->name, buf, sizeof(buf));
	ft_thread th = {NULL, 0, n > 0 ? buf : NULL, n, -1, t->tid, 0};
	t->root = profile_thread_root(J->p, &th);
	return t->root;
}

/* The label set {thread=NAME} of thread `at` (0, the empty set, when the
 * event has no thread or the thread no name). */
static uint32_t
thread_set(struct jfr *J, uint32_t at)
{
	if (at == NONE)
		return 0;
	struct jthread *t = &J->threads[at];
	if (t->set != NONE)
		return t->set;
	char buf[512];
	size_t n = str_text(J, &t->name, buf, sizeof(buf));
	t->set = 0;
	if (n > 0) {
		ft_label l = {J->thread_key, labelsets_str(J->sets, buf, n), 0,
		    labelsets_str(J->sets, "", 0)};
		t->set = labelsets_intern(J->sets, &l, 1);
		J->labelled = 1;
	}
	return t->set;
}

/* Tree node of stack trace id sid in thread `at`, built once per (thread,
 * stack) pair in a chunk: the pair's key is exact (two array indices). */
static uint32_t
stack_node(struct jfr *J, uint32_t at, uint64_t sid)
{
	ft_profile *p = J->p;
	uint32_t si = idmap_get(&J->stack_ids, sid);
	uint64_t key = (uint64_t)(at == NONE ? UINT32_MAX : at) << 32 |
	    (si == NONE ? UINT32_MAX : si);
	uint32_t node = idmap_get(&J->pair_nodes, key);
	if (node != NONE)
		return node;
	uint32_t root = thread_root(J, at);
	J->walk += si == NONE ? 1 : J->stacks[si].nf + 1;
	if (J->walk > J->walk_max)
		return NONE; /* the caller says so, at the event */
	if (si == NONE || J->stacks[si].nf == 0) {
		node = profile_child(p, root, J->nostack);
	} else {
		const struct jstack *st = &J->stacks[si];
		node = root;
		for (size_t k = st->nf; k-- > 0;) {
			const struct jframe *f = &J->frames[st->f0 + k];
			node = profile_child(p, node, method_frame(J, f->method, f->line));
		}
	}
	idmap_put(&J->pair_nodes, key, node);
	return node;
}

/* The accumulator of events of (thread ref, stack ref): made on a cache
 * miss, found through the cache otherwise. */
static uint32_t
acc_slow(struct jfr *J, struct cslot *cs, uint64_t thread, uint64_t stack)
{
	uint32_t at = idmap_get(&J->thread_ids, thread);
	uint32_t node = stack_node(J, at, stack);
	if (node == NONE)
		return NONE;
	uint32_t set = thread_set(J, at);
	uint64_t key = (uint64_t)node << 32 | set;
	uint32_t a = idmap_get(&J->acc_ids, key);
	if (a == NONE) {
		if (J->nacc == J->cacc) {
			J->cacc = grow_cap(J->cacc, J->nacc + 1, 256);
			J->acc_node = xreallocarray(J->acc_node, J->cacc, sizeof(uint32_t));
			J->acc_set = xreallocarray(J->acc_set, J->cacc, sizeof(uint32_t));
			J->acc_val = xreallocarray(J->acc_val, J->cacc, sizeof(ft_val) * NCOL);
		}
		a = (uint32_t)J->nacc++;
		J->acc_node[a] = node;
		J->acc_set[a] = set;
		memset(&J->acc_val[(size_t)a * NCOL], 0, sizeof(ft_val) * NCOL);
		idmap_put(&J->acc_ids, key, a);
		if (stackset_add(&J->seen, node))
			J->rep->stacks++;
	}
	*cs = (struct cslot){stack, thread, a, J->gen};
	return a;
}

static inline uint32_t
acc_of(struct jfr *J, uint64_t thread, uint64_t stack)
{
	uint64_t h = (stack * 0x9e3779b97f4a7c15ull) ^ (thread * 0xff51afd7ed558ccdull);
	struct cslot *cs = &J->cache[h >> (64 - CACHE_BITS)];
	if (cs->gen == J->gen && cs->stack == stack && cs->thread == thread)
		return cs->acc;
	return acc_slow(J, cs, thread, stack);
}

/* --- events ------------------------------------------------------------------------- */

static int64_t
ticks_ns(struct jfr *J, uint64_t t)
{
	if (J->tps <= 0 || J->tps == 1000000000)
		return t > INT64_MAX ? INT64_MAX : (int64_t)t;
	uint64_t tps = (uint64_t)J->tps, q = t / tps, rem = t % tps, a, b;
	if (__builtin_mul_overflow(q, (uint64_t)1000000000u, &a) ||
	    __builtin_mul_overflow(rem, (uint64_t)1000000000u, &b) ||
	    __builtin_add_overflow(a, b / tps, &a) || a > INT64_MAX)
		return INT64_MAX;
	return (int64_t)a;
}

/* An event's startTime (ticks) as ns since the epoch, as the JDK's reader
 * converts it: the chunk's startNanos + (ticks - startTicks) * 1e9 /
 * ticksPerSecond (exact here, where the JDK divides by a double).  -1
 * when the result is outside 64 bits or the chunk has no tick rate. */
static int
tick_time(const struct jfr *J, uint64_t ticks, int64_t *ns)
{
	if (J->tps <= 0)
		return -1;
	int neg = ticks < J->c_ticks;
	uint64_t d = neg ? J->c_ticks - ticks : ticks - J->c_ticks;
	uint64_t tps = (uint64_t)J->tps, q = d / tps, rem = d % tps, a, b;
	if (__builtin_mul_overflow(q, (uint64_t)1000000000u, &a) ||
	    __builtin_mul_overflow(rem, (uint64_t)1000000000u, &b))
		return -1;
	/* |d| * 1e9 / tps, rounded down (up before the start: a floor). */
	uint64_t f = b / tps + (neg && b % tps != 0);
	if (__builtin_add_overflow(a, f, &a) || a > INT64_MAX)
		return -1;
	return neg ? (__builtin_sub_overflow(J->c_nanos, (int64_t)a, ns) ? -1 : 0) :
	    (__builtin_add_overflow(J->c_nanos, (int64_t)a, ns) ? -1 : 0);
}

/* Field plans of the event types present in this chunk. */
static void
make_plans(struct jfr *J)
{
	for (int e = 0; e < EV_N; e++) {
		J->nplan[e] = 0;
		J->has_start[e] = 0;
		if (!J->have_ev[e])
			continue;
		const struct jclass *c = class_of(J, J->ev_id[e]);
		free(J->plan[e]);
		J->plan[e] = xreallocarray(NULL, c->nf + 1, sizeof(struct fplan));
		for (size_t i = 0; i < c->nf; i++) {
			const struct jfield *f = &J->fld[c->f0 + i];
			struct fplan fp = {R_SKIP, OP_OTHER, f, f->cp ? NULL : class_of(J, f->type)};
			if (jstr_is(&f->name, "stackTrace"))
				fp.role = R_STACK;
			else if (jstr_is(&f->name, "duration"))
				fp.role = R_DUR;
			else if (jstr_is(&f->name, "startTime")) {
				fp.role = R_START;
				J->has_start[e] = 1;
			} else if (jstr_is(&f->name, "eventThread") ||
			    jstr_is(&f->name, "sampledThread"))
				fp.role = R_THREAD;
			else if ((e == EV_ALLOC_SAMPLE && jstr_is(&f->name, "weight")) ||
			    (e == EV_TLAB && jstr_is(&f->name, "tlabSize")) ||
			    (e == EV_OUTSIDE && jstr_is(&f->name, "allocationSize")))
				fp.role = R_BYTES;
			if (!f->dim && (f->cp || (fp.c != NULL && fp.c->prim == P_INT)))
				fp.op = OP_VAR;
			else if (!f->dim && fp.c != NULL &&
			    (fp.c->prim == P_BOOL || fp.c->prim == P_BYTE))
				fp.op = OP_U8;
			J->plan[e][J->nplan[e]++] = fp;
		}
	}
}

/* A field the plan cannot read as one integer: arrays, inline structs,
 * strings, floats; 0 as its value. */
static uint64_t
other_field(struct jfr *J, struct rd *r, const struct fplan *fp)
{
	uint64_t v = 0;
	if (fp->f->dim || fp->c == NULL)
		read_field(J, r, fp->f, &v, NULL, 0);
	else if (skip_value(J, r, fp->c, 1) != 0)
		r->bad = 1;
	return v;
}

/* An execution sample's time and stack into the timeline (timeline.h):
 * weight 1 in column 0 (cpu, the first column whenever there are
 * execution samples). */
static void
keep_time(struct jfr *J, uint64_t ticks, uint32_t node)
{
	ft_timeline *tl = J->p->timeline;
	if (tl == NULL)
		tl = J->p->timeline = timeline_new(0, -1);
	int64_t ns;
	if (!J->has_start[EV_CPU] || tick_time(J, ticks, &ns) != 0 ||
	    timeline_add(tl, ns, node, 1, 0) != 0)
		tl->untimed++;
}

static int
one_event(struct jfr *J, struct rd *r, int e, size_t off)
{
	uint64_t v[R_N] = {0};
	const struct fplan *fp = J->plan[e], *end = fp + J->nplan[e];
	for (; fp < end; fp++) {
		uint64_t x;
		if (fp->op == OP_VAR)
			x = rd_var(r);
		else if (fp->op == OP_U8)
			x = rd_u8(r);
		else
			x = other_field(J, r, fp);
		v[fp->role] = x;
	}
	if (r->bad)
		return fail(J, off, "%s event is truncated or malformed", ev_class[e]);
	ft_val x;
	if (e == EV_CPU || e == EV_NATIVE)
		x = 1;
	else if (e == EV_MONITOR || e == EV_PARK)
		x = ticks_ns(J, v[R_DUR]);
	else
		x = v[R_BYTES] > INT64_MAX ? INT64_MAX : (ft_val)v[R_BYTES];
	uint32_t a = acc_of(J, v[R_THREAD], v[R_STACK]);
	if (a == NONE)
		return fail(J, off, "the events' stacks walk more than %" PRIu64 " frames "
		    "(%d per byte of the chunk + %" PRIu64 ") into the tree: deep stacks "
		    "shared by many threads; not loaded", J->walk_max, WALK_PER_BYTE,
		    WALK_BASE);
	ft_val *s = &J->acc_val[(size_t)a * NCOL + (size_t)ev_col[e]];
	if (__builtin_add_overflow(s[0], x, &s[0]) ||
	    (e >= EV_ALLOC_SAMPLE && e <= EV_OUTSIDE &&
	    __builtin_add_overflow(s[1], (ft_val)1, &s[1])))
		return fail(J, off, "sum of %s values overflows 64 bits", ev_class[e]);
	J->count[e]++;
	if (e == EV_CPU)
		keep_time(J, v[R_START], J->acc_node[a]);
	else
		J->other++;
	return 0;
}

static void
chunk_reset(struct jfr *J)
{
	J->ncls = J->nfld = J->nmstr = J->nstrs = J->nsyms = 0;
	J->nclsname = J->nmeths = J->nframes = J->nstacks = J->nthreads = 0;
	idmap_free(&J->thread_ids);
	idmap_free(&J->pair_nodes);
	idmap_free(&J->cls_ids);
	idmap_free(&J->str_ids);
	idmap_free(&J->sym_ids);
	idmap_free(&J->clsname_ids);
	idmap_free(&J->meth_ids);
	idmap_free(&J->stack_ids);
	free(J->methname);
	J->methname = NULL;
	arena_free(J->arena); /* UTF-16 strings decoded from the last chunk */
	J->arena = arena_new();
	J->gen++;             /* empties the (thread, stack) cache */
}

/* The chunk in J->buf[0..len): header, metadata, pools, then its events. */
static int
one_chunk(struct jfr *J)
{
	const uint8_t *h = J->buf;
	uint64_t size = J->len, cp = rd_be(h + 16, 8), meta = rd_be(h + 24, 8);
	J->tps = (int64_t)rd_be(h + 56, 8);
	J->c_nanos = (int64_t)rd_be(h + 32, 8);
	J->c_ticks = rd_be(h + 48, 8);
	int64_t dur = (int64_t)rd_be(h + 40, 8), cend;
	uint32_t features = (uint32_t)rd_be(h + 64, 4);
	/* The recording's bounds: the earliest chunk start, the latest end (a
	 * chunk still being written says duration 0: no bound from it). */
	if (dur > 0 && !__builtin_add_overflow(J->c_nanos, dur, &cend)) {
		if (!J->have_bounds || J->c_nanos < J->rec_start)
			J->rec_start = J->c_nanos;
		if (!J->have_bounds || cend > J->rec_end)
			J->rec_end = cend;
		J->have_bounds = 1;
	}
	if (cp < HEADER || cp >= size || meta < HEADER || meta >= size)
		return fail(J, 16, "chunk has no metadata or constant pool (an "
		    "unfinished recording?)");
	if (!(features & 1))
		return fail(J, 64, "uncompressed-integer JFR chunks are not supported");
	J->c0 = 0;
	J->cend = (size_t)size;
	chunk_reset(J);
	J->work = J->walk = 0;
	J->work_max = WORK_PER_BYTE * size + WORK_BASE;
	J->walk_max = WALK_PER_BYTE * size + WALK_BASE;
	if (read_metadata(J, (size_t)meta) != 0)
		return -1;
	memset(J->ev_of, -1, sizeof(J->ev_of));
	for (int e = 0; e < EV_N; e++) {
		J->have_ev[e] = 0;
		for (size_t i = 0; i < J->ncls; i++) {
			if (jstr_is(&J->cls[i].name, ev_class[e])) {
				J->ev_id[e] = J->cls[i].id;
				J->have_ev[e] = 1;
			}
		}
		if (J->have_ev[e] && J->ev_id[e] < EV_MAP)
			J->ev_of[J->ev_id[e]] = (signed char)e;
	}
	if (read_pools(J, (size_t)cp) != 0)
		return -1;
	make_plans(J);
	J->methname = xreallocarray(NULL, J->nmeths + 1, sizeof(uint32_t));
	memset(J->methname, 0xff, sizeof(uint32_t) * (J->nmeths + 1));
	size_t off = HEADER;
	while (off < J->cend) {
		struct rd r = {J->buf, off, J->cend, 0, J->arena, J->cend};
		uint64_t es = rd_var(&r);
		if (r.bad || es < 2 || es > J->cend - off)
			return fail(J, off, "event size %" PRIu64 " is invalid or runs past the "
			    "chunk", es);
		r.end = off + (size_t)es;
		uint64_t type = rd_var(&r);
		int e = -1;
		if (type < EV_MAP) {
			e = J->ev_of[type];
		} else {
			for (int k = 0; k < EV_N && e < 0; k++)
				if (J->have_ev[k] && type == J->ev_id[k])
					e = k;
		}
		if (e >= 0 && one_event(J, &r, e, off) != 0)
			return -1;
		off += (size_t)es;
	}
	return 0;
}

/* The next chunk of the file into J->buf (grown as its bytes arrive, never
 * sized from the header alone).  1 with a chunk, 0 at the end of the file,
 * -1 on error. */
static int
read_chunk(struct jfr *J)
{
	uint8_t h[HEADER];
	size_t n = 0;
	while (n < HEADER) {
		long got = source_read(J->src, h + n, HEADER - n, J->err);
		if (got < 0)
			return -1;
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (n == 0)
		return 0;
	if (n < HEADER || memcmp(h, "FLR", 4) != 0)
		return fail(J, 0, "not a JFR chunk (magic FLR\\0 expected)");
	unsigned major = (unsigned)rd_be(h + 4, 2);
	if (major != 2)
		return fail(J, 4, "JFR format version %u.%u is not supported (2.x is)",
		    major, (unsigned)rd_be(h + 6, 2));
	uint64_t size = rd_be(h + 8, 8);
	if (size < HEADER)
		return fail(J, 8, "chunk size %" PRIu64 " is smaller than a chunk header",
		    size);
	if (size > JFR_MAX_BYTES)
		return fail(J, 8, "chunk size %" PRIu64 " is larger than %zu MiB; not loaded",
		    size, JFR_MAX_BYTES >> 20);
	if (J->cap < HEADER) {
		J->cap = (size_t)1 << 20;
		J->buf = xrealloc(J->buf, J->cap);
	}
	memcpy(J->buf, h, HEADER);
	while (n < size) {
		if (n == J->cap) {
			J->cap = J->cap * 2 < size ? J->cap * 2 : (size_t)size;
			J->buf = xrealloc(J->buf, J->cap);
		}
		size_t want = (J->cap < size ? J->cap : (size_t)size) - n;
		long got = source_read(J->src, J->buf + n, want, J->err);
		if (got < 0)
			return -1;
		if (got == 0)
			return fail(J, 8, "chunk size %" PRIu64 " runs past the end of the file "
			    "(%zu bytes left): truncated recording?", size, n);
		n += (size_t)got;
	}
	J->len = (size_t)size;
	return 1;
}

static void
jfr_free(struct jfr *J)
{
	chunk_reset(J);
	free(J->cls);
	free(J->fld);
	free(J->mstr);
	free(J->strs);
	free(J->syms);
	free(J->clsname);
	free(J->meths);
	free(J->frames);
	free(J->stacks);
	free(J->threads);
	for (int e = 0; e < EV_N; e++)
		free(J->plan[e]);
	free(J->cache);
	free(J->acc_node);
	free(J->acc_set);
	free(J->acc_val);
	idmap_free(&J->acc_ids);
	labelsets_unref(J->sets);
	stackset_free(&J->seen);
	intern_unref(J->names);
	arena_free(J->arena);
	free(J->buf);
}

/* The columns of the event types present, and the accumulated values in
 * them (and per thread label set, when there are any). */
static int
make_columns(struct jfr *J)
{
	ft_profile *p = J->p;
	int map[NCOL], n = 0;
	for (int c = 0; c < NCOL; c++) {
		int e = EV_N - 1;
		while (ev_col[e] > c)
			e--;
		map[c] = J->count[e] > 0 ? n++ : -1;
	}
	if (n == 0)
		return -1;
	for (int c = 1; c < n; c++)
		profile_add_column(p, "", "");
	for (int c = 0; c < NCOL; c++)
		if (map[c] >= 0)
			profile_set_type(p, map[c], col_name[c], col_unit[c]);
	if (J->labelled) {
		p->labels = labelled_new(J->sets, n);
		const char **keys = arena_alloc(p->arena, sizeof(char *));
		keys[0] = profile_strdup(p, "thread", 6);
		p->label_keys = keys;
		p->nlabel_keys = 1;
	}
	ft_val row[NCOL];
	ft_diag d;
	for (size_t a = 0; a < J->nacc; a++) {
		const ft_val *v = &J->acc_val[a * NCOL];
		for (int c = 0; c < NCOL; c++)
			if (map[c] >= 0)
				row[map[c]] = v[c];
		if (profile_add_self(p, J->acc_node[a], row, &d) != 0 ||
		    (p->labels != NULL &&
		    labelled_add(p->labels, J->acc_node[a], J->acc_set[a], row, &d) != 0)) {
			diag_set(J->err, "%s: %s", J->path, d.msg);
			return -2;
		}
	}
	return 0;
}

ft_profile *
load_jfr(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	struct jfr J;
	memset(&J, 0, sizeof(J));
	J.path = source_name(src);
	J.o = o;
	J.rep = rep;
	J.err = err;
	J.src = src;
	J.names = names != NULL ? intern_ref(names) : intern_new();
	J.arena = arena_new();
	J.sets = labelsets_new();
	J.thread_key = labelsets_str(J.sets, "thread", 6);
	J.cache = xcalloc((size_t)1 << CACHE_BITS, sizeof(struct cslot));
	J.p = profile_new(J.names, 1);
	J.nostack = intern_get(J.names, "(no stack trace)", 16, FT_KIND_NONE);
	rep->what = "event";
	ft_profile *p = J.p;
	int rc;
	while ((rc = read_chunk(&J)) == 1) {
		if (one_chunk(&J) != 0)
			goto fail;
		J.base += J.len;
	}
	if (rc < 0)
		goto fail;
	if (J.base == 0) {
		diag_set(err, "%s: empty file, not a JFR recording", J.path);
		goto fail;
	}
	if ((rc = make_columns(&J)) != 0) {
		if (rc == -1)
			diag_set(err, "%s: no execution, native, allocation, monitor or park "
			    "events (jdk.ExecutionSample, jdk.NativeMethodSample, "
			    "jdk.ObjectAllocation*, jdk.JavaMonitorEnter, jdk.ThreadPark): no "
			    "stacks", J.path);
		goto fail;
	}
	for (int e = 0; e < EV_N; e++)
		rep->valid += J.count[e];
	if (p->timeline != NULL) {
		p->timeline->other = J.other;
		if (J.have_bounds) {
			p->timeline->start = J.rec_start;
			p->timeline->end = J.rec_end;
			p->timeline->have_bounds = 1;
		}
	}
	p->format = "jfr";
	profile_set_source(p, J.path);
	p->deftype = 0;
	if (profile_finish(p, o->sort, 0, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", J.path, d.msg);
		goto fail;
	}
	jfr_free(&J);
	return p;
fail:
	profile_free(p);
	jfr_free(&J);
	return NULL;
}
