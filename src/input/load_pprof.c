/* load_pprof.c - pprof profiles (profile.proto, gzip already undone by the
 * source layer) into a call tree.
 *
 * A protobuf cannot be streamed (the string table may come last), so the
 * decoded bytes are read into memory, capped at PPROF_MAX_BYTES.  Two passes
 * over the top-level fields: the first decodes everything but samples into
 * tables (strings, sample types, mappings, locations with their lines,
 * functions) and validates every index; the second walks the samples.
 *
 * Semantics (DESIGN.md section 2, and ../shared/corpora/pprof_ref.py):
 * - every sample type is a value column; the default column is the one
 *   named by default_sample_type, else the last;
 * - Sample.location_id[0] is the leaf;
 * - a Location's Lines are an inline chain: the LAST Line is the caller and
 *   is a plain frame; the ones before it are callees inlined into it and get
 *   FT_KIND_INLINED;
 * - a Location without Lines, and a Line whose function has an empty name
 *   (or function_id 0), is the frame `0x<address>` (lower-case hex) - the
 *   reference converter's convention, so folded exports match it - except
 *   a Line of a function whose name is empty, at address 0 in no mapping:
 *   there is no address to name it by, and that is how --export pprof
 *   writes an empty frame name (folded `a;;b`), which stays empty;
 * - --lines makes a frame `function file:line` (`function :line` when the
 *   file name is unknown);
 * - samples whose values are all zero add nothing (no zero-width nodes;
 *   the report's valid = all samples, stacks = distinct non-zero stacks);
 *   negative values are kept;
 * - ids may be sparse: id -> record lookups use sorted arrays and binary
 *   search; id 0 is reserved and rejected, except that when EVERY Function
 *   has id 0 (a broken .NET producer) Line.function_id is read as the
 *   1-based position in the function table, as pyroscope and pprof_ref.py
 *   do; duplicate ids: the last record wins (as in Go's decoder).
 *
 * Errors are "FILE: byte OFFSET: reason", OFFSET in the decoded bytes.
 * Nothing is allocated from a count read from the file: every table grows
 * by the records actually present, so memory is bounded by the input size.
 */
#include <inttypes.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "profile/demangle.h"
#include "profile/framesrc.h"
#include "profile/labels.h"
#include "input/loader.h"
#include "input/pbwire.h"
#include "input/symbolize.h"
#include "profile/relabel.h"
#include "base/xalloc.h"

#define PPROF_MAX_BYTES ((size_t)1 << 30) /* 1 GiB of decoded protobuf */
/* Inline chains multiply: one byte of location id can stand for many
 * frames.  A hostile file must not turn a small input into a huge tree, so
 * a sample's expanded depth and the tree's size relative to the input are
 * capped (real profiles are far below: ~0.25 nodes per input byte). */
#define PPROF_MAX_DEPTH ((size_t)1 << 22)
#define PPROF_NODES_PER_BYTE 16

struct pstr { size_t off, len; };
struct pvt { uint64_t type, unit; size_t off; };
struct pfunc { uint64_t id, name, filename; size_t off; };
struct pline { uint64_t function_id; int64_t line; };
struct ploc {
	uint64_t id, mapping_id, address;
	size_t line0, nlines;
	size_t off;
};
/* A location's expanded frames: fr[frame0 .. frame0 + (nframes &
 * SPAN_N)), caller first: all the sample pass needs of a location.  The
 * top bits of nframes are flags; nframes == SPAN_ABSENT: no such id. */
struct span { uint32_t frame0, nframes; };
#define SPAN_N ((1u << 30) - 1)
#define SPAN_DM (1u << 31)  /* frames not yet renamed (dm_location) */
#define SPAN_AMB (1u << 30) /* a frame shares its demangled name (stack_new) */
#define SPAN_ABSENT UINT32_MAX
struct pmap { uint64_t id, start, limit, offset, filename, build_id; size_t off; };
struct idx { uint64_t id; uint32_t at; };

struct pp {
	const char *name;
	const ft_load_opts *o;
	ft_diag *err;
	pb_reader top;
	const uint8_t *buf;
	size_t bufbytes;  /* buf is a big array of this size (xalloc.h) */
	size_t samp_end;  /* end of the last Sample */
	size_t str_lo;    /* offset of the first string table entry */

	struct pstr *strs; size_t nstrs, cstrs;
	struct pvt *vts; size_t nvts, cvts;
	struct pfunc *funcs; size_t nfuncs, cfuncs;
	struct pline *lines; size_t nlines, clines;
	struct ploc *locs; size_t nlocs, clocs;
	struct pmap *maps; size_t nmaps, cmaps;
	uint64_t *comments; size_t ncomments, ccomments;
	struct idx *fidx, *lidx, *midx; /* big arrays of *_bytes */
	size_t nfidx, nlidx, nmidx;
	size_t fidx_bytes, lidx_bytes, midx_bytes, ldense_bytes;
	/* Location id -> position as a plain array when ids are dense
	 * (max id < 4 * count + 1024, so its size is bounded by the input);
	 * the hot lookup of the sample loop.  UINT32_MAX = absent. */
	uint32_t *ldense;
	uint64_t nldense;
	int func_by_pos;
	int has_labels; /* some sample has a Label: keep them (labels.h) */

	int have_period_type;
	struct pvt period_type;
	int64_t period, time_ns, duration_ns;
	uint64_t default_type;
	uint64_t dropkeep[2];
	size_t dropkeep_off[2];

	uint32_t *fr; size_t nfr, cfr;
	struct span *span; /* per location (NULL once dspan is made) */
	struct span *dspan; /* per location id below nldense (dense ids) */
	ft_frame_where *where; size_t nwhere, cwhere;
	const char **strcache; /* NUL-terminated copies in p's arena, by index */
	ft_symbolizer *sym; /* names of locations without Lines (symbolize.h) */

	/* per-sample scratch */
	uint64_t *sloc; size_t csloc;
	/* The previous sample's locations (root first) and the node reached
	 * after each: consecutive samples often share their outer part. */
	uint64_t *ploc_ids; uint32_t *pnodes; size_t npprev, cprev;
	size_t *pkey; /* ... and the stack key's length after it (stack_new) */
	size_t *pdepth; /* ... and the depth of its node */
	ft_val *svals;
	unsigned char *keyseen; /* per string index: 1 string label, 2 numeric */
	/* The sample's labels, as label-set string ids (labels.h). */
	ft_label *lab; uint32_t nlab, clab;
	uint32_t *labstr; /* string index -> label string id + 1 (0 = not yet) */
	ft_stackset stacks; /* per node: a sample ended here (distinct stacks) */

	/* --demangle while building (o->dm_load), see dm_prepare(). */
	int dm;                 /* the mode, or -1: names as in the file */
	uint32_t dmn;           /* names (ids below) when the locations were read */
	char **dtext;           /* per name id: its demangled text, until interned */
	size_t *dtlen;
	uint32_t *dmap;         /* per name id: its demangled id (UINT32_MAX: not yet) */
	int changed;            /* some name demangles */
	/* Distinct stacks as loaded (rep->stacks): a frame whose demangled
	 * name has several names as loaded is told apart by its own. */
	unsigned char *amb;     /* per name id: such a name */
	uint32_t *rawfr;        /* fr[] as loaded (only with such names) */
	ft_keyset rs;           /* keys: node, names as loaded */
	uint32_t *key; size_t ckey;
};

static int
err_at(struct pp *P, size_t off, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int
err_at(struct pp *P, size_t off, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vset_at(P->err, P->name, off, fmt, ap);
	va_end(ap);
	return -1;
}

static int
wire_err(struct pp *P, const pb_error *e)
{
	return err_at(P, e->off, "%s", e->reason);
}

/* Grow a table by one element. */
#define PUSH(arr, n, cap, init) XPUSH(arr, n, cap, 64, init)
/* The same for the tables that grow with the input: big arrays (huge
 * pages, grown in place), given back with big_drop(arr, cap * size). */
#define BPUSH(arr, n, cap, init) do {                                    \
		if ((n) == (cap)) {                                     \
			size_t nc_ = grow_cap((cap), (n) + 1, 64);      \
			(arr) = xbig_realloc((arr), (cap) * sizeof(*(arr)), \
			    nc_ * sizeof(*(arr)));                      \
			(cap) = nc_;                                    \
		}                                                       \
		(arr)[(n)++] = init;                                    \
	} while (0)

static void
big_drop(void *p, size_t bytes)
{
	xbig_discard(p, bytes, bytes); /* a pooled mapping keeps no pages */
	xbig_free(p, bytes);
}

/* A submessage field must be length-delimited. */
static int
need_msg(struct pp *P, const pb_field *f, const char *what)
{
	if (f->wire != PB_LEN)
		return err_at(P, f->key_off, "%s is not a message (wire type %d)", what, f->wire);
	return 0;
}

static int
get_uint(struct pp *P, const pb_field *f, uint64_t *v)
{
	pb_error e;
	if (pb_uint(f, v, &e) < 0)
		return wire_err(P, &e);
	return 0;
}

static int
parse_vt(struct pp *P, const pb_field *m, struct pvt *vt)
{
	pb_reader r = pb_sub(&P->top, m);
	pb_field f;
	pb_error e;
	int rc;
	*vt = (struct pvt){0, 0, m->key_off};
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		if (f.num == 1 && get_uint(P, &f, &vt->type) < 0)
			return -1;
		if (f.num == 2 && get_uint(P, &f, &vt->unit) < 0)
			return -1;
	}
	return rc < 0 ? wire_err(P, &e) : 0;
}

static int
parse_function(struct pp *P, const pb_field *m)
{
	pb_reader r = pb_sub(&P->top, m);
	pb_field f;
	pb_error e;
	int rc;
	struct pfunc fn = {0, 0, 0, m->key_off};
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		uint64_t *dst = f.num == 1 ? &fn.id : f.num == 2 ? &fn.name :
		    f.num == 4 ? &fn.filename : NULL;
		if (f.num == 3 || f.num == 5) {
			uint64_t ignored;
			if (get_uint(P, &f, &ignored) < 0)
				return -1;
		}
		if (dst != NULL && get_uint(P, &f, dst) < 0)
			return -1;
	}
	if (rc < 0)
		return wire_err(P, &e);
	BPUSH(P->funcs, P->nfuncs, P->cfuncs, fn);
	return 0;
}

static int
parse_line(struct pp *P, const pb_field *m, struct pline *ln)
{
	pb_reader r = pb_sub(&P->top, m);
	pb_field f;
	pb_error e;
	int rc;
	*ln = (struct pline){0, 0};
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		uint64_t v;
		if (f.num == 1 && get_uint(P, &f, &ln->function_id) < 0)
			return -1;
		if (f.num == 2) {
			if (get_uint(P, &f, &v) < 0)
				return -1;
			ln->line = (int64_t)v;
		}
	}
	return rc < 0 ? wire_err(P, &e) : 0;
}

static int
parse_location(struct pp *P, const pb_field *m)
{
	pb_reader r = pb_sub(&P->top, m);
	pb_field f;
	pb_error e;
	int rc;
	struct ploc l = {0};
	l.off = m->key_off;
	l.line0 = P->nlines;
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		switch (f.num) {
		case 1:
			if (get_uint(P, &f, &l.id) < 0)
				return -1;
			break;
		case 2:
			if (get_uint(P, &f, &l.mapping_id) < 0)
				return -1;
			break;
		case 3:
			if (get_uint(P, &f, &l.address) < 0)
				return -1;
			break;
		case 4: {
			struct pline ln;
			if (need_msg(P, &f, "Location.line") < 0 || parse_line(P, &f, &ln) < 0)
				return -1;
			BPUSH(P->lines, P->nlines, P->clines, ln);
			break;
		}
		default:
			break;
		}
	}
	if (rc < 0)
		return wire_err(P, &e);
	l.nlines = P->nlines - l.line0;
	BPUSH(P->locs, P->nlocs, P->clocs, l);
	return 0;
}

static int
parse_mapping(struct pp *P, const pb_field *m)
{
	pb_reader r = pb_sub(&P->top, m);
	pb_field f;
	pb_error e;
	int rc;
	struct pmap mp = {0};
	mp.off = m->key_off;
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		uint64_t *dst = NULL;
		switch (f.num) {
		case 1: dst = &mp.id; break;
		case 2: dst = &mp.start; break;
		case 3: dst = &mp.limit; break;
		case 4: dst = &mp.offset; break;
		case 5: dst = &mp.filename; break;
		case 6: dst = &mp.build_id; break;
		default: break;
		}
		if (dst != NULL && get_uint(P, &f, dst) < 0)
			return -1;
	}
	if (rc < 0)
		return wire_err(P, &e);
	PUSH(P->maps, P->nmaps, P->cmaps, mp);
	return 0;
}

/* Pass 1: every top-level field except samples. */
static int
pass_tables(struct pp *P)
{
	pb_reader r = P->top;
	pb_field f;
	pb_error e;
	int rc;
	uint64_t v;
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		switch (f.num) {
		case 1: {
			struct pvt vt;
			if (need_msg(P, &f, "Profile.sample_type") < 0 || parse_vt(P, &f, &vt) < 0)
				return -1;
			PUSH(P->vts, P->nvts, P->cvts, vt);
			break;
		}
		case 2:
			if (need_msg(P, &f, "Profile.sample") < 0)
				return -1;
			P->samp_end = f.off + f.len;
			break;
		case 3:
			if (need_msg(P, &f, "Profile.mapping") < 0 || parse_mapping(P, &f) < 0)
				return -1;
			break;
		case 4:
			if (need_msg(P, &f, "Profile.location") < 0 || parse_location(P, &f) < 0)
				return -1;
			break;
		case 5:
			if (need_msg(P, &f, "Profile.function") < 0 || parse_function(P, &f) < 0)
				return -1;
			break;
		case 6: {
			if (need_msg(P, &f, "Profile.string_table entry") < 0)
				return -1;
			struct pstr s = {f.off, f.len};
			BPUSH(P->strs, P->nstrs, P->cstrs, s);
			if (f.off < P->str_lo)
				P->str_lo = f.off;
			break;
		}
		case 7: case 8: /* drop_frames, keep_frames: checked, not applied */
			if (get_uint(P, &f, &v) < 0)
				return -1;
			P->dropkeep[f.num - 7] = v;
			P->dropkeep_off[f.num - 7] = f.key_off;
			break;
		case 9: case 10: case 12:
			if (get_uint(P, &f, &v) < 0)
				return -1;
			if (f.num == 9)
				P->time_ns = (int64_t)v;
			else if (f.num == 10)
				P->duration_ns = (int64_t)v;
			else
				P->period = (int64_t)v;
			break;
		case 11:
			if (need_msg(P, &f, "Profile.period_type") < 0 ||
			    parse_vt(P, &f, &P->period_type) < 0)
				return -1;
			P->have_period_type = 1;
			break;
		case 13: {
			pb_ints it;
			if (pb_ints_begin(&it, &r, &f, &e) < 0)
				return wire_err(P, &e);
			while ((rc = pb_ints_next(&it, &v, &e)) == 1)
				PUSH(P->comments, P->ncomments, P->ccomments, v);
			if (rc < 0)
				return wire_err(P, &e);
			break;
		}
		case 14:
			if (get_uint(P, &f, &P->default_type) < 0)
				return -1;
			break;
		default:
			break; /* unknown fields (doc_url, future ones) are skipped */
		}
	}
	return rc < 0 ? wire_err(P, &e) : 0;
}

/* A string table index: -1 with the error at off when out of range.  Index
 * 0 is "" even when a producer wrote no table at all. */
static int
str_at(struct pp *P, uint64_t i, size_t off, const char *what, const char **s,
    size_t *n)
{
	if (i == 0 && P->nstrs == 0) {
		*s = "";
		*n = 0;
		return 0;
	}
	if (i >= P->nstrs)
		return err_at(P, off, "%s: string index %" PRIu64 " out of range "
		    "(string table has %zu entries)", what, i, P->nstrs);
	*s = (const char *)P->buf + P->strs[i].off;
	*n = P->strs[i].len;
	return 0;
}

static int
cmp_idx(const void *a, const void *b)
{
	const struct idx *x = a, *y = b;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* Sorted id -> position table, the last of equal ids kept. */
static size_t
build_idx(struct idx *ix, size_t n)
{
	size_t k = 1;
	while (k < n && ix[k - 1].id < ix[k].id)
		k++;
	if (k >= n)
		return n; /* ids in increasing order, as Go writes them */
	qsort(ix, n, sizeof(*ix), cmp_idx);
	size_t out = 0;
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && ix[out - 1].id == ix[i].id)
			ix[out - 1] = ix[i];
		else
			ix[out++] = ix[i];
	}
	return out;
}

static int
find_idx(const struct idx *ix, size_t n, uint64_t id, uint32_t *at)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ix[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n && ix[lo].id == id) {
		*at = ix[lo].at;
		return 1;
	}
	return 0;
}

static int
build_indexes(struct pp *P)
{
	if (P->nfuncs > UINT32_MAX || P->nlocs > UINT32_MAX || P->nmaps > UINT32_MAX)
		return err_at(P, 0, "too many records");
	P->func_by_pos = P->nfuncs > 0;
	for (size_t i = 0; i < P->nfuncs; i++)
		if (P->funcs[i].id != 0)
			P->func_by_pos = 0;
	P->fidx_bytes = (P->nfuncs + 1) * sizeof(struct idx);
	P->fidx = xbig_realloc(NULL, 0, P->fidx_bytes);
	for (size_t i = 0; i < P->nfuncs; i++) {
		uint64_t id = P->func_by_pos ? i + 1 : P->funcs[i].id;
		if (id == 0)
			return err_at(P, P->funcs[i].off, "function with the reserved id 0");
		P->fidx[i] = (struct idx){id, (uint32_t)i};
	}
	P->nfidx = build_idx(P->fidx, P->nfuncs);
	P->lidx_bytes = (P->nlocs + 1) * sizeof(struct idx);
	P->lidx = xbig_realloc(NULL, 0, P->lidx_bytes);
	for (size_t i = 0; i < P->nlocs; i++) {
		if (P->locs[i].id == 0)
			return err_at(P, P->locs[i].off, "location with the reserved id 0");
		P->lidx[i] = (struct idx){P->locs[i].id, (uint32_t)i};
	}
	P->nlidx = build_idx(P->lidx, P->nlocs);
	if (P->nlidx > 0 && P->lidx[P->nlidx - 1].id < 4 * (uint64_t)P->nlidx + 1024) {
		P->nldense = P->lidx[P->nlidx - 1].id + 1;
		P->ldense_bytes = (size_t)P->nldense * sizeof(uint32_t);
		P->ldense = xbig_realloc(NULL, 0, P->ldense_bytes);
		memset(P->ldense, 0xff, sizeof(uint32_t) * (size_t)P->nldense);
		for (size_t i = 0; i < P->nlidx; i++)
			P->ldense[P->lidx[i].id] = P->lidx[i].at;
	}
	P->midx_bytes = (P->nmaps + 1) * sizeof(struct idx);
	P->midx = xbig_realloc(NULL, 0, P->midx_bytes);
	for (size_t i = 0; i < P->nmaps; i++) {
		if (P->maps[i].id == 0)
			return err_at(P, P->maps[i].off, "mapping with the reserved id 0");
		P->midx[i] = (struct idx){P->maps[i].id, (uint32_t)i};
	}
	P->nmidx = build_idx(P->midx, P->nmaps);
	return 0;
}

/* Check every string index outside locations and samples. */
static int
check_strings(struct pp *P)
{
	const char *s;
	size_t n;
	for (size_t i = 0; i < P->nvts; i++)
		if (str_at(P, P->vts[i].type, P->vts[i].off, "sample type", &s, &n) < 0 ||
		    str_at(P, P->vts[i].unit, P->vts[i].off, "sample unit", &s, &n) < 0)
			return -1;
	if (P->have_period_type &&
	    (str_at(P, P->period_type.type, P->period_type.off, "period type", &s, &n) < 0 ||
	    str_at(P, P->period_type.unit, P->period_type.off, "period unit", &s, &n) < 0))
		return -1;
	for (size_t i = 0; i < P->nfuncs; i++)
		if (str_at(P, P->funcs[i].name, P->funcs[i].off, "function name", &s, &n) < 0 ||
		    str_at(P, P->funcs[i].filename, P->funcs[i].off, "function file", &s, &n) < 0)
			return -1;
	for (size_t i = 0; i < P->nmaps; i++)
		if (str_at(P, P->maps[i].filename, P->maps[i].off, "mapping file", &s, &n) < 0 ||
		    str_at(P, P->maps[i].build_id, P->maps[i].off, "mapping build id", &s, &n) < 0)
			return -1;
	for (size_t i = 0; i < P->ncomments; i++)
		if (str_at(P, P->comments[i], 0, "comment", &s, &n) < 0)
			return -1;
	if (str_at(P, P->dropkeep[0], P->dropkeep_off[0], "drop_frames", &s, &n) < 0 ||
	    str_at(P, P->dropkeep[1], P->dropkeep_off[1], "keep_frames", &s, &n) < 0)
		return -1;
	if (P->default_type != 0 &&
	    str_at(P, P->default_type, 0, "default sample type", &s, &n) < 0)
		return -1;
	return 0;
}

/* Intern one frame name (with kind). */
static uint32_t
frame_id(struct pp *P, ft_profile *p, const char *s, size_t n, int kind)
{
	return intern_get(p->names, s, n, kind);
}

/* String i as a NUL-terminated copy in p's arena, made once. */
static const char *
cached_str(struct pp *P, ft_profile *p, uint64_t i)
{
	if (P->strcache == NULL)
		P->strcache = xcalloc(P->nstrs ? P->nstrs : 1, sizeof(char *));
	if (i >= P->nstrs)
		return "";
	if (P->strcache[i] == NULL)
		P->strcache[i] = profile_strdup(p, (const char *)P->buf + P->strs[i].off,
		    P->strs[i].len);
	return P->strcache[i];
}

/* "basename+0xOFFSET" of an address in a mapping, or NULL without a
 * file name. */
static const char *
mapping_label(struct pp *P, ft_profile *p, const struct pmap *m, uint64_t addr)
{
	const char *file = cached_str(P, p, m->filename);
	const char *base = strrchr(file, '/');
	base = base != NULL ? base + 1 : file;
	if (*base == '\0')
		return NULL;
	uint64_t off = addr >= m->start ? addr - m->start + m->offset : addr;
	char buf[512];
	int n = snprintf(buf, sizeof(buf), "%.400s+0x%" PRIx64, base, off);
	return profile_strdup(p, buf, (size_t)n);
}

/* The name of a location without Lines from its binary, when the
 * mapping names a file and its build id and that build is here
 * (symbolize.h); else NULL. */
static const char *
symbol_name(struct pp *P, ft_profile *p, const struct pmap *m, uint64_t addr)
{
	if (m->build_id == 0 || m->filename == 0 || addr < m->start)
		return NULL;
	if (P->sym == NULL)
		P->sym = symbolizer_new();
	return symbolizer_name(P->sym, cached_str(P, p, m->filename),
	    cached_str(P, p, m->build_id), addr - m->start + m->offset);
}

static void
add_where(struct pp *P, uint32_t name, const char *where)
{
	if (where == NULL)
		return;
	ft_frame_where w = {name, where};
	PUSH(P->where, P->nwhere, P->cwhere, w);
}

/* What pprof's filters match besides the function name: the file, the
 * file:line and the mapping's file (framesrc.h). */
static void
add_sources(struct pp *P, ft_profile *p, uint32_t id, const char *file,
    size_t flen, int64_t line, const char *mfile)
{
	framesrc_add(p->fsrc, id, mfile, strlen(mfile));
	if (flen == 0)
		return;
	framesrc_add(p->fsrc, id, file, flen);
	if (flen > 4000)
		return;
	char buf[4096 + 32];
	memcpy(buf, file, flen);
	int k = snprintf(buf + flen, 32, ":%" PRId64, line);
	framesrc_add(p->fsrc, id, buf, flen + (size_t)k);
}

/* "0x" and v in lower-case hex without leading zeros ("0x0" for 0): the
 * name of a frame without a function name; returns the length. */
static int
hex_name(char *buf, uint64_t v)
{
	char t[16];
	int n = 0;
	do {
		t[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v != 0);
	buf[0] = '0';
	buf[1] = 'x';
	for (int i = 0; i < n; i++)
		buf[2 + i] = t[n - 1 - i];
	buf[n + 2] = '\0';
	return n + 2;
}

/* Expand every location into its frames (caller first). */
static int
expand_locations(struct pp *P, ft_profile *p)
{
	char tmp[64];
	char *big = NULL;
	size_t cbig = 0;
	P->span = xmalloc(sizeof(struct span) * (P->nlocs ? P->nlocs : 1));
	for (size_t i = 0; i < P->nlocs; i++) {
		struct ploc *l = &P->locs[i];
		if (l->nlines > SPAN_N || P->nfr > UINT32_MAX - l->nlines - 1) {
			free(big);
			return err_at(P, l->off, "too many frames");
		}
		P->span[i].frame0 = (uint32_t)P->nfr;
		uint32_t at = 0;
		if (l->mapping_id != 0 && !find_idx(P->midx, P->nmidx, l->mapping_id, &at)) {
			free(big);
			return err_at(P, l->off, "location %" PRIu64 " refers to unknown mapping id %"
			    PRIu64, l->id, l->mapping_id);
		}
		int alen = hex_name(tmp, l->address);
		const char *mlabel = l->mapping_id != 0 ?
		    mapping_label(P, p, &P->maps[at], l->address) : NULL;
		const char *mfile = l->mapping_id != 0 ?
		    cached_str(P, p, P->maps[at].filename) : "";
		if (l->nlines == 0) {
			const char *sname = l->mapping_id != 0 ?
			    symbol_name(P, p, &P->maps[at], l->address) : NULL;
			uint32_t id = sname != NULL ?
			    frame_id(P, p, sname, strlen(sname), FT_KIND_NONE) :
			    frame_id(P, p, tmp, (size_t)alen, FT_KIND_NONE);
			PUSH(P->fr, P->nfr, P->cfr, id);
			add_where(P, id, mlabel);
			framesrc_add(p->fsrc, id, mfile, strlen(mfile));
			P->span[i].nframes = 1;
			continue;
		}
		for (size_t j = l->nlines; j-- > 0;) {
			const struct pline *ln = &P->lines[l->line0 + j];
			int kind = j + 1 == l->nlines ? FT_KIND_NONE : FT_KIND_INLINED;
			const char *name = tmp, *file = "", *where = mlabel;
			size_t nlen = (size_t)alen, flen = 0;
			if (ln->function_id != 0) {
				if (!find_idx(P->fidx, P->nfidx, ln->function_id, &at)) {
					free(big);
					return err_at(P, l->off, "location %" PRIu64 " refers to unknown "
					    "function id %" PRIu64, l->id, ln->function_id);
				}
				const struct pfunc *fn = &P->funcs[at];
				const char *s;
				size_t n;
				/* Indices were checked by check_strings(). */
				str_at(P, fn->name, fn->off, "function name", &s, &n);
				if (n == 0 && l->address == 0 && l->mapping_id == 0)
					nlen = 0; /* an empty name, not "0x0" */
				if (n > 0) {
					name = s;
					nlen = n;
					str_at(P, fn->filename, fn->off, "function file", &file, &flen);
					where = flen > 0 ? cached_str(P, p, fn->filename) : NULL;
				}
			}
			uint32_t id;
			if (P->o->lines && name != tmp) {
				size_t need = nlen + flen + 32;
				if (need > cbig) {
					cbig = grow_cap(cbig, need, 256);
					big = xrealloc(big, cbig);
				}
				memcpy(big, name, nlen);
				big[nlen] = ' ';
				memcpy(big + nlen + 1, file, flen);
				int k = snprintf(big + nlen + 1 + flen, 32, ":%" PRId64, ln->line);
				id = frame_id(P, p, big, nlen + 1 + flen + (size_t)k, kind);
			} else {
				id = frame_id(P, p, name, nlen, kind);
			}
			PUSH(P->fr, P->nfr, P->cfr, id);
			add_where(P, id, where);
			add_sources(P, p, id, file, flen, ln->line, mfile);
		}
		P->span[i].nframes = (uint32_t)l->nlines;
	}
	free(big);
	if (P->nwhere > 0 && P->nwhere <= UINT32_MAX)
		profile_set_where(p, P->where, (uint32_t)P->nwhere);
	return 0;
}

/* The frames of location id, or NULL when there is none. */
static inline struct span *
loc_span(struct pp *P, uint64_t id)
{
	if (P->dspan != NULL)
		return id < P->nldense && P->dspan[id].nframes != SPAN_ABSENT ?
		    &P->dspan[id] : NULL;
	uint32_t at;
	return find_idx(P->lidx, P->nlidx, id, &at) ? &P->span[at] : NULL;
}

/* --demangle while building.  relabel.c defines the demangled tree: the
 * tree as loaded copied in node order with every name mapped (names that
 * demangle alike merge).  Building with the mapped names gives that tree
 * node for node: a merged node is created when the first of the nodes it
 * merges would have been, so ids, child order and totals are the same.
 * The new names are interned when a location is first used, which is
 * when the copy would intern them (at the first node of that name), so
 * name ids are the same too.  This prepares the map: each name used by a
 * frame gets its demangled text (relabel_name_text), and names whose
 * demangled name has other names as loaded are marked, for counting
 * distinct stacks as loaded. */
static void
dm_prepare(struct pp *P, ft_profile *p)
{
	ft_intern *names = p->names;
	uint32_t nn = intern_count(names);
	P->dmn = nn;
	P->dtext = xcalloc(nn ? nn : 1, sizeof(char *));
	P->dtlen = xcalloc(nn ? nn : 1, sizeof(size_t));
	P->dmap = xmalloc(sizeof(uint32_t) * (nn ? nn : 1));
	memset(P->dmap, 0xff, sizeof(uint32_t) * (nn ? nn : 1));
	for (size_t i = 0; i < P->nlocs; i++)
		P->span[i].nframes |= SPAN_DM;
	unsigned char *used = xcalloc(nn ? nn : 1, 1);
	for (size_t i = 0; i < P->nfr; i++)
		used[P->fr[i]] = 1;
	/* Group the demangled texts (with the frame kind) in a scratch table:
	 * a group of two or more, or one whose text is a used name that keeps
	 * its name, merges names. */
	ft_intern *groups = NULL;
	uint32_t *group = NULL;
	for (uint32_t id = 0; id < nn; id++) {
		if (!used[id])
			continue;
		size_t len;
		char *d = relabel_name_text(names, id, P->dm, &len);
		if (d == NULL)
			continue;
		if (groups == NULL) {
			groups = intern_new();
			group = xcalloc(nn, sizeof(uint32_t));
		}
		P->dtext[id] = d;
		P->dtlen[id] = len;
		group[id] = intern_get(groups, d, len, intern_kind(names, id));
		P->changed = 1;
	}
	if (groups != NULL) {
		uint32_t ng = intern_count(groups);
		uint32_t *size = xcalloc(ng, sizeof(uint32_t));
		uint32_t *same = xmalloc(sizeof(uint32_t) * ng);
		for (uint32_t id = 0; id < nn; id++)
			if (P->dtext[id] != NULL)
				size[group[id]]++;
		for (uint32_t g = 0; g < ng; g++) {
			same[g] = size[g] == 0 ? UINT32_MAX : intern_find(names,
			    intern_str(groups, g), intern_len(groups, g), intern_kind(groups, g));
			if (same[g] != UINT32_MAX && (same[g] >= nn || !used[same[g]] ||
			    P->dtext[same[g]] != NULL))
				same[g] = UINT32_MAX;
			if (same[g] != UINT32_MAX)
				size[g]++;
		}
		int any = 0;
		P->amb = xcalloc(nn, 1);
		for (uint32_t id = 0; id < nn; id++)
			if (P->dtext[id] != NULL && size[group[id]] >= 2)
				P->amb[id] = 1, any = 1;
		for (uint32_t g = 0; g < ng; g++)
			if (same[g] != UINT32_MAX && size[g] >= 2)
				P->amb[same[g]] = 1;
		free(size);
		free(same);
		free(group);
		intern_unref(groups);
		if (any) {
			for (size_t i = 0; i < P->nlocs; i++)
				for (uint32_t k = 0; k < (P->span[i].nframes & SPAN_N); k++)
					if (P->amb[P->fr[P->span[i].frame0 + k]])
						P->span[i].nframes |= SPAN_AMB;
			P->rawfr = xmalloc(sizeof(uint32_t) * (P->nfr ? P->nfr : 1));
			memcpy(P->rawfr, P->fr, sizeof(uint32_t) * P->nfr);
		} else {
			free(P->amb);
			P->amb = NULL;
		}
	}
	free(used);
}

/* Rename a location's frames, at its first use. */
static void
dm_location(struct pp *P, ft_profile *p, struct span *l)
{
	l->nframes &= ~SPAN_DM;
	for (uint32_t k = 0; k < (l->nframes & SPAN_N); k++) {
		uint32_t *f = &P->fr[l->frame0 + k], id = *f;
		if (id >= P->dmn)
			continue;
		if (P->dmap[id] == UINT32_MAX) {
			if (P->dtext[id] != NULL) {
				P->dmap[id] = relabel_name_intern(p->names, id, P->dtext[id],
				    P->dtlen[id]);
				free(P->dtext[id]);
				P->dtext[id] = NULL;
			} else {
				P->dmap[id] = id;
			}
		}
		*f = P->dmap[id];
	}
}

/* A stack as loaded is told apart by its node and the names as loaded of
 * its frames that share their demangled name with another (the rest
 * follows from the node's path): key[1 .. n] holds those of the path so
 * far; add location l's. */
static size_t
key_add(struct pp *P, const struct span *l, size_t n)
{
	for (uint32_t k = 0; k < (l->nframes & SPAN_N); k++) {
		uint32_t id = P->rawfr[l->frame0 + k];
		if (!P->amb[id])
			continue;
		if (n + 2 > P->ckey) {
			P->ckey = grow_cap(P->ckey, n + 2, 64);
			P->key = xreallocarray(P->key, P->ckey, sizeof(uint32_t));
		}
		P->key[1 + n++] = id;
	}
	return n;
}

/* Is the stack of this sample (ending at node, key[1 .. n]) new, as
 * loaded? */
static int
stack_new(struct pp *P, uint32_t node, size_t n)
{
	if (n == 0)
		return stackset_add(&P->stacks, node);
	P->key[0] = node;
	return keyset_add(&P->rs, P->key, n + 1);
}

/* String index i as a label string id (interned once). */
static uint32_t
label_str(struct pp *P, ft_profile *p, uint64_t i)
{
	if (P->labstr[i] == 0) {
		const char *s;
		size_t n;
		str_at(P, i, 0, "", &s, &n);
		P->labstr[i] = labelsets_str(p->labels->sets, s, n) + 1;
	}
	return P->labstr[i] - 1;
}

/* One Label of a sample: validate it, note its key, keep its value. */
static int
read_label(struct pp *P, ft_profile *p, const pb_reader *r, const pb_field *f)
{
	if (need_msg(P, f, "Sample.label") < 0)
		return -1;
	pb_reader lr = pb_sub(r, f);
	pb_field lf;
	pb_error e;
	int rc;
	uint64_t key = 0, str = 0, unit = 0, num = 0;
	while ((rc = pb_next(&lr, &lf, &e)) == 1) {
		uint64_t *dst = lf.num == 1 ? &key : lf.num == 2 ? &str :
		    lf.num == 3 ? &num : lf.num == 4 ? &unit : NULL;
		if (dst != NULL && get_uint(P, &lf, dst) < 0)
			return -1;
	}
	if (rc < 0)
		return wire_err(P, &e);
	const char *s;
	size_t n;
	if (str_at(P, key, f->key_off, "label key", &s, &n) < 0 ||
	    str_at(P, str, f->key_off, "label value", &s, &n) < 0 ||
	    str_at(P, unit, f->key_off, "label unit", &s, &n) < 0)
		return -1;
	/* pprof_ref's rule: a label with a string value is a string label,
	 * else numeric. */
	if (P->nstrs > 0) {
		P->keyseen[key] |= str != 0 ? 1 : 2;
		ft_label l = {label_str(P, p, key), str != 0 ? label_str(P, p, str) : FT_LABEL_NUM,
		    str != 0 ? 0 : (int64_t)num, label_str(P, p, unit)};
		PUSH(P->lab, P->nlab, P->clab, l);
	}
	return 0;
}

/* One varint of [*q, e), as pb_varint reads it: 0 when it would fail
 * there (the caller takes the general path, which says why). */
static inline int
varint_fast(const uint8_t **q, const uint8_t *e, uint64_t *v)
{
	const uint8_t *p = *q;
	if (p < e && *p < 0x80) {
		*v = *p;
		*q = p + 1;
		return 1;
	}
	uint64_t x = 0;
	for (unsigned i = 0; i < 10 && p < e; i++) {
		uint8_t c = *p++;
		if (i == 9 && c > 1)
			return 0;
		x |= (uint64_t)(c & 0x7f) << (7 * i);
		if (c < 0x80) {
			*v = x;
			*q = p;
			return 1;
		}
	}
	return 0;
}

/* The locations and values of a sample without labels or other fields,
 * in one tight loop: 1, or 0 when it has anything else or anything the
 * general path would refuse (nothing is kept then). */
static int
sample_fast(struct pp *P, const pb_field *m, size_t *nloc, size_t *nval)
{
	const uint8_t *q = P->buf + m->off, *e = q + m->len;
	size_t nl = 0, nv = 0, nt = P->nvts;
	while (q < e) {
		uint64_t key, v;
		if (!varint_fast(&q, e, &key) || ((key >> 3) != 1 && (key >> 3) != 2))
			return 0;
		int loc = (key >> 3) == 1;
		const uint8_t *r = q, *re = q;
		if ((key & 7) == PB_VARINT) {
			re = e; /* one value */
		} else if ((key & 7) == PB_LEN) {
			uint64_t len;
			if (!varint_fast(&q, e, &len) || len > (uint64_t)(e - q))
				return 0;
			r = q;
			re = q + len;
		} else {
			return 0;
		}
		do {
			if (!varint_fast(&r, re, &v))
				return 0;
			if (loc) {
				if (nl == P->csloc) {
					P->csloc = grow_cap(P->csloc, nl + 1, 64);
					P->sloc = xreallocarray(P->sloc, P->csloc, sizeof(uint64_t));
				}
				P->sloc[nl++] = v;
			} else {
				if (nv < nt)
					P->svals[nv] = (ft_val)v;
				nv++;
			}
		} while ((key & 7) == PB_LEN && r < re);
		q = (key & 7) == PB_LEN ? re : r;
	}
	*nloc = nl;
	*nval = nv;
	return 1;
}

/* The same, any sample: labels, fields in any order, errors said. */
static int
sample_general(struct pp *P, ft_profile *p, const pb_field *m, size_t *nlocp,
    size_t *nvalp)
{
	pb_reader r = pb_sub(&P->top, m);
	pb_field f;
	pb_error e;
	int rc;
	size_t nloc = 0, nval = 0;
	size_t nt = P->nvts;
	uint64_t v;
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		if (f.num == 1 || f.num == 2) {
			pb_ints it;
			if (pb_ints_begin(&it, &r, &f, &e) < 0)
				return wire_err(P, &e);
			while ((rc = pb_ints_next(&it, &v, &e)) == 1) {
				if (f.num == 1) {
					if (nloc == P->csloc) {
						P->csloc = grow_cap(P->csloc, nloc + 1, 64);
						P->sloc = xreallocarray(P->sloc, P->csloc, sizeof(uint64_t));
					}
					P->sloc[nloc++] = v;
				} else {
					if (nval < nt)
						P->svals[nval] = (ft_val)v;
					nval++;
				}
			}
			if (rc < 0)
				return wire_err(P, &e);
		} else if (f.num == 3 && read_label(P, p, &r, &f) < 0) {
			return -1;
		}
	}
	if (rc < 0)
		return wire_err(P, &e);
	*nlocp = nloc;
	*nvalp = nval;
	return 0;
}

/* One Sample: its locations, values and label keys; adds to the tree. */
static int
one_sample(struct pp *P, ft_profile *p, const pb_field *m, long *nsamples,
    long *nstacks)
{
	size_t nloc = 0, nval = 0;
	size_t nt = P->nvts;
	P->nlab = 0;
	if (!sample_fast(P, m, &nloc, &nval) &&
	    sample_general(P, p, m, &nloc, &nval) < 0)
		return -1;
	if (nval != nt)
		return err_at(P, m->key_off, "sample has %zu values for %zu sample types",
		    nval, nt);
	(*nsamples)++;
	int nonzero = 0;
	for (size_t i = 0; i < nt; i++)
		nonzero |= P->svals[i] != 0;
	if (!nonzero)
		return 0;
	/* Common outer part with the previous sample. */
	size_t c = 0;
	while (c < nloc && c < P->npprev && P->ploc_ids[c] == P->sloc[nloc - 1 - c])
		c++;
	if (nloc > P->cprev) {
		P->cprev = grow_cap(P->cprev, nloc, 64);
		P->ploc_ids = xreallocarray(P->ploc_ids, P->cprev, sizeof(uint64_t));
		P->pnodes = xreallocarray(P->pnodes, P->cprev, sizeof(uint32_t));
		P->pkey = xreallocarray(P->pkey, P->cprev, sizeof(size_t));
		P->pdepth = xreallocarray(P->pdepth, P->cprev, sizeof(size_t));
	}
	uint32_t node = c > 0 ? P->pnodes[c - 1] : FT_ROOT;
	size_t nkey = c > 0 ? P->pkey[c - 1] : 0;
	size_t depth = c > 0 ? P->pdepth[c - 1] : 0;
	P->npprev = c;
	for (size_t i = nloc - c; i-- > 0;) {
		uint64_t id = P->sloc[i];
		struct span *l = loc_span(P, id);
		if (l == NULL)
			return err_at(P, m->key_off, "sample refers to unknown location id %"
			    PRIu64, P->sloc[i]);
		if (l->nframes & SPAN_DM)
			dm_location(P, p, l);
		uint32_t nf = l->nframes & SPAN_N;
		const uint32_t *fr = P->fr + l->frame0;
		depth += nf;
		if (depth > PPROF_MAX_DEPTH)
			return err_at(P, m->key_off, "sample deeper than %zu frames",
			    PPROF_MAX_DEPTH);
		for (uint32_t k = 0; k < nf; k++)
			node = profile_child(p, node, fr[k]);
		if ((uint64_t)p->nnodes > (uint64_t)P->top.end * PPROF_NODES_PER_BYTE + (1u << 20))
			return err_at(P, m->key_off, "the profile expands to more than %d "
			    "frames per input byte; not loaded", PPROF_NODES_PER_BYTE);
		if (l->nframes & SPAN_AMB)
			nkey = key_add(P, l, nkey);
		P->ploc_ids[P->npprev] = id;
		P->pkey[P->npprev] = nkey;
		P->pdepth[P->npprev] = depth;
		P->pnodes[P->npprev++] = node;
	}
	if (stack_new(P, node, nkey))
		(*nstacks)++;
	ft_diag d;
	if (profile_add_self(p, node, P->svals, &d) < 0)
		return err_at(P, m->key_off, "%s", d.msg);
	/* Every sample of a profile with labels gets an entry (the empty set
	 * for one without), so tag filters see all of them. */
	if (P->has_labels) {
		uint32_t set = labelsets_intern(p->labels->sets, P->lab, P->nlab);
		if (labelled_add(p->labels, node, set, P->svals, &d) < 0)
			return err_at(P, m->key_off, "%s", d.msg);
	}
	return 0;
}

/* Does any sample carry a Label?  A quick scan of the samples' fields. */
static int
has_labels(struct pp *P)
{
	pb_reader r = P->top;
	pb_field f, g;
	pb_error e;
	while (pb_next(&r, &f, &e) == 1) {
		if (f.num != 2 || f.wire != PB_LEN)
			continue;
		pb_reader s = pb_sub(&P->top, &f);
		while (pb_next(&s, &g, &e) == 1)
			if (g.num == 3)
				return 1;
	}
	return 0;
}

/* Pass 2: samples, up to the last one (pass 1 has read every field).
 * The bytes read go back to the system as the tree grows (a megabyte at a
 * time), but for the strings while labels need them. */
static int
pass_samples(struct pp *P, ft_profile *p, long *nsamples, long *nstacks)
{
	pb_reader r = P->top;
	pb_field f;
	pb_error e;
	int rc;
	size_t keep = P->has_labels ? P->str_lo : SIZE_MAX, done = 0;
	r.end = P->samp_end;
	while ((rc = pb_next(&r, &f, &e)) == 1) {
		if (f.num == 2 && one_sample(P, p, &f, nsamples, nstacks) < 0)
			return -1;
		size_t upto = r.pos < keep ? r.pos : keep;
		if (upto > done + ((size_t)1 << 20)) {
			xbig_discard_range((void *)P->buf, P->bufbytes, done, upto);
			done = upto;
		}
	}
	return rc < 0 ? wire_err(P, &e) : 0;
}

/* What only pass 1 and expand_locations need. */
static void
tables_done(struct pp *P)
{
	big_drop(P->funcs, P->cfuncs * sizeof(*P->funcs));
	big_drop(P->lines, P->clines * sizeof(*P->lines));
	free(P->maps);
	big_drop(P->fidx, P->fidx_bytes);
	big_drop(P->midx, P->midx_bytes);
	free(P->strcache);
	free(P->where);
	big_drop(P->locs, P->clocs * sizeof(*P->locs));
	P->locs = NULL;
	P->clocs = P->cfuncs = P->clines = 0;
	if (P->ldense != NULL) {
		/* One lookup by id in the sample pass. */
		P->dspan = xmalloc(sizeof(struct span) * (size_t)P->nldense);
		for (uint64_t id = 0; id < P->nldense; id++)
			P->dspan[id] = P->ldense[id] == UINT32_MAX ?
			    (struct span){0, SPAN_ABSENT} : P->span[P->ldense[id]];
		big_drop(P->ldense, P->ldense_bytes);
		big_drop(P->lidx, P->lidx_bytes);
		free(P->span);
		P->ldense = NULL;
		P->lidx = NULL;
		P->span = NULL;
		P->nlidx = 0;
	}
	P->nlocs = 0;
	P->funcs = NULL;
	P->lines = NULL;
	P->maps = NULL;
	P->fidx = P->midx = NULL;
	P->strcache = NULL;
	P->where = NULL;
	P->nfuncs = P->nlines = P->nmaps = P->nfidx = P->nmidx = P->nwhere = 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Label keys seen (bit) into a sorted array in p's arena. */
static const char **
label_keys(struct pp *P, ft_profile *p, int bit, int *count)
{
	int n = 0;
	for (size_t i = 0; i < P->nstrs; i++)
		if (P->keyseen[i] & bit)
			n++;
	*count = n;
	if (n == 0)
		return NULL;
	const char **v = xmalloc(sizeof(char *) * (size_t)n);
	const char **out;
	n = 0;
	for (size_t i = 0; i < P->nstrs; i++)
		if (P->keyseen[i] & bit)
			v[n++] = profile_strdup(p, (const char *)P->buf + P->strs[i].off,
			    P->strs[i].len);
	qsort(v, (size_t)n, sizeof(char *), cmp_str);
	out = arena_alloc(p->arena, sizeof(char *) * (size_t)n);
	memcpy(out, v, sizeof(char *) * (size_t)n);
	free(v);
	return out;
}

static const char *
pstrdup(struct pp *P, ft_profile *p, uint64_t i)
{
	const char *s;
	size_t n;
	str_at(P, i, 0, "", &s, &n);
	return profile_strdup(p, s, n);
}

/* Sample types, default column and metadata into p. */
static void
set_metadata(struct pp *P, ft_profile *p)
{
	for (size_t i = 0; i < P->nvts; i++)
		profile_set_type(p, (int)i, pstrdup(P, p, P->vts[i].type),
		    pstrdup(P, p, P->vts[i].unit));
	p->deftype = (int)P->nvts - 1;
	if (P->default_type != 0) {
		const char *want = pstrdup(P, p, P->default_type);
		for (size_t i = 0; i < P->nvts; i++) {
			if (strcmp(p->types[i].name, want) == 0) {
				p->deftype = (int)i;
				break;
			}
		}
	}
	if (P->have_period_type) {
		p->period_type.name = pstrdup(P, p, P->period_type.type);
		p->period_type.unit = pstrdup(P, p, P->period_type.unit);
	}
	p->period = P->period;
	p->duration_ns = P->duration_ns;
	p->time_ns = P->time_ns;
	if (P->ncomments > 0 && P->ncomments <= INT32_MAX) {
		p->comments = arena_alloc(p->arena, sizeof(char *) * P->ncomments);
		for (size_t i = 0; i < P->ncomments; i++)
			p->comments[i] = pstrdup(P, p, P->comments[i]);
		p->ncomments = (int)P->ncomments;
	}
}

/* After finish: say so when the default type sums to zero and another does not. */
static void
note_zero_default(ft_profile *p)
{
	if (profile_total(p, FT_ROOT, p->deftype) != 0)
		return;
	for (int c = 0; c < p->nvals; c++) {
		if (profile_total(p, FT_ROOT, c) != 0) {
			char buf[512];
			snprintf(buf, sizeof(buf), "default sample type %s sums to zero; %s does not",
			    p->types[p->deftype].name, p->types[c].name);
			p->note = profile_strdup(p, buf, strlen(buf));
			return;
		}
	}
}

/* Read the whole (decoded) source; NULL with err set.  With input, the
 * bytes as read (NULL: they are the decoded ones). */
static uint8_t *
slurp(ft_source *src, size_t *len, unsigned char **input, size_t *ninput,
    ft_diag *err)
{
	unsigned char *buf;
	int rc = source_slurp_input(src, &buf, len, PPROF_MAX_BYTES, input, ninput, err);
	if (rc == -2)
		diag_set(err, "%s: protobuf larger than %zu MiB; not loaded",
		    source_name(src), PPROF_MAX_BYTES >> 20);
	return rc == 0 ? buf : NULL;
}

static void
pp_free(struct pp *P)
{
	big_drop(P->strs, P->cstrs * sizeof(*P->strs));
	free(P->vts);
	big_drop(P->funcs, P->cfuncs * sizeof(*P->funcs));
	big_drop(P->lines, P->clines * sizeof(*P->lines));
	big_drop(P->locs, P->clocs * sizeof(*P->locs));
	free(P->maps);
	free(P->comments);
	if (P->fidx != NULL)
		big_drop(P->fidx, P->fidx_bytes);
	if (P->lidx != NULL)
		big_drop(P->lidx, P->lidx_bytes);
	if (P->midx != NULL)
		big_drop(P->midx, P->midx_bytes);
	if (P->ldense != NULL)
		big_drop(P->ldense, P->ldense_bytes);
	free(P->fr);
	free(P->span);
	free(P->dspan);
	free(P->where);
	free(P->strcache);
	symbolizer_free(P->sym);
	free(P->sloc);
	free(P->ploc_ids);
	free(P->pnodes);
	free(P->pkey);
	free(P->pdepth);
	free(P->svals);
	free(P->keyseen);
	free(P->lab);
	free(P->labstr);
	stackset_free(&P->stacks);
	for (uint32_t i = 0; P->dtext != NULL && i < P->dmn; i++)
		free(P->dtext[i]);
	free(P->dtext);
	free(P->dtlen);
	free(P->dmap);
	free(P->amb);
	free(P->rawfr);
	keyset_free(&P->rs);
	free(P->key);
}

ft_profile *
load_pprof(ft_source *src, ft_intern *names, const ft_load_opts *o,
    ft_load_report *rep, ft_diag *err)
{
	size_t len, ninput = 0;
	/* A regular file is read again by its name; anything else is kept. */
	int keep = o->keep_input && o->dm_load > 0 && !o->reopenable;
	unsigned char *input = NULL;
	uint8_t *buf = slurp(src, &len, keep ? &input : NULL, &ninput, err);
	if (buf == NULL)
		return NULL;
	struct pp P = {0};
	P.bufbytes = len + 1;
	P.str_lo = SIZE_MAX;
	P.dm = o->dm_load > 0 ? o->dm_load - 1 : -1;
	P.name = source_name(src);
	P.o = o;
	P.err = err;
	P.buf = buf;
	pb_init(&P.top, buf, len);
	ft_profile *p = NULL;
	long nsamples = 0;
	if (len == 0) {
		diag_set(err, "%s: empty file: no stacks found", P.name);
		goto fail;
	}
	if (pass_tables(&P) < 0 || build_indexes(&P) < 0 || check_strings(&P) < 0)
		goto fail;
	if (P.nvts == 0) {
		err_at(&P, 0, "profile has no sample types");
		goto fail;
	}
	if (P.nvts > 4096) {
		err_at(&P, P.vts[4096].off, "more than 4096 sample types");
		goto fail;
	}
	p = profile_new(names, (int)P.nvts);
	if (o->keep_order)
		profile_keep_order(p);
	/* Room for the tree, reserved (only what is used is touched; it grows
	 * past this when it must): real profiles make a node per ~4 bytes. */
	if (len / 2 > 1024)
		profile_reserve(p, len / 2 > UINT32_MAX / 2 ? UINT32_MAX / 2 : len / 2);
	p->format = "pprof";
	p->fsrc = framesrc_new();
	profile_set_source(p, P.name);
	set_metadata(&P, p);
	if (expand_locations(&P, p) < 0)
		goto fail;
	if (P.dm == FT_DEMANGLE_NONE)
		P.dm = -1;
	if (P.dm >= 0)
		dm_prepare(&P, p);
	tables_done(&P);
	if (keep && P.changed && input == NULL) {
		/* The decoded bytes are the input: kept before they go. */
		input = xmalloc(len ? len : 1);
		memcpy(input, buf, len);
		ninput = len;
	}
	P.svals = xcalloc(P.nvts, sizeof(ft_val));
	P.keyseen = xcalloc(P.nstrs ? P.nstrs : 1, 1);
	P.labstr = xcalloc(P.nstrs ? P.nstrs : 1, sizeof(uint32_t));
	if ((P.has_labels = has_labels(&P)) != 0) {
		ft_labelsets *ls = labelsets_new();
		p->labels = labelled_new(ls, p->nvals);
		labelsets_unref(ls);
	} else {
		/* Nothing after the last sample is read again, and no string. */
		xbig_discard_range(buf, P.bufbytes, P.samp_end, P.bufbytes);
		big_drop(P.strs, P.cstrs * sizeof(*P.strs));
		P.strs = NULL;
		P.cstrs = 0;
	}
#ifdef __GLIBC__
	/* The freed tables' pages back to the system before the tree grows
	 * (glibc keeps the middle of its heap otherwise). */
	malloc_trim(0);
#endif
	if (pass_samples(&P, p, &nsamples, &rep->stacks) < 0)
		goto fail;
	rep->valid = nsamples;
	if (nsamples == 0) {
		diag_set(err, "%s: profile has no samples", P.name);
		goto fail;
	}
	p->label_keys = label_keys(&P, p, 1, &p->nlabel_keys);
	p->numlabel_keys = label_keys(&P, p, 2, &p->nnumlabel_keys);
	if (profile_finish(p, o->sort, p->deftype, err) != 0) {
		ft_diag d = *err;
		diag_set(err, "%s: %s", P.name, d.msg);
		goto fail;
	}
	note_zero_default(p);
	if (P.changed) {
		/* What relabel.h would have made of it (cmd.c asks no more). */
		p->renamed = 1;
		p->rename_dm = o->dm_load - 1;
		p->names_merged = 1;
	}
	if (keep && P.changed) {
		rep->input = input;
		rep->ninput = ninput;
		input = NULL;
	}
	rep->reopen = o->keep_input && o->dm_load > 0 && o->reopenable && P.changed;
	symbolizer_summary(P.sym, rep->summary, sizeof(rep->summary));
	pp_free(&P);
	xbig_free(buf, len + 1);
	free(input);
	return p;
fail:
	profile_free(p);
	pp_free(&P);
	xbig_free(buf, len + 1);
	free(input);
	return NULL;
}
