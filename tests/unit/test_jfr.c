/* test_jfr.c - the Java Flight Recorder loader on a real recording
 * (tests/data/jfr/java-work.jfr.gz, JDK 17) and on damaged copies of it. */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "profile/labels.h"
#include "input/load.h"
#include "profile/relabel.h"
#include "profile/timeline.h"
#include "input/source.h"

static unsigned char *raw;
static size_t nraw;

/* The recording, gunzipped through the source layer. */
static int
read_recording(void)
{
	ft_diag err;
	ft_source *s = source_open("tests/data/jfr/java-work.jfr.gz", &err);
	if (s == NULL)
		return -1;
	size_t cap = 1 << 20;
	raw = malloc(cap);
	long r;
	while ((r = source_read(s, raw + nraw, cap - nraw, &err)) > 0) {
		nraw += (size_t)r;
		if (nraw == cap)
			raw = realloc(raw, cap *= 2);
	}
	source_close(s);
	return r < 0 ? -1 : 0;
}

static ft_profile *
load_bytes(const unsigned char *b, size_t n, ft_load_report *rep, ft_diag *err)
{
	ft_source *s = source_open_mem(b, n, "t.jfr");
	ft_load_opts o = {0};
	memset(err, 0, sizeof(*err));
	ft_profile *p = load_source(s, FT_FMT_JFR, NULL, &o, rep, err);
	source_close(s);
	return p;
}

static int
column(const ft_profile *p, const char *name)
{
	for (int c = 0; c < p->nvals; c++)
		if (strcmp(p->types[c].name, name) == 0)
			return c;
	return -1;
}

/* Totals as `jfr summary` and `jfr print --json` give them
 * (tests/data/jfr/java-work.counts and the .folded files). */
TEST(real_recording)
{
	ft_load_report rep;
	ft_diag err;
	CHECK_INT(load_sniff((const char *)raw, nraw), FT_FMT_JFR);
	ft_profile *p = load_bytes(raw, nraw, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL) {
		fprintf(stderr, "%s\n", err.msg);
		return;
	}
	CHECK_INT(p->nvals, 9);
	CHECK_STR(p->types[0].name, "cpu");
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "cpu")), 21);
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "alloc_sample_count")), 153);
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "alloc_tlab_count")), 412);
	CHECK_INT(profile_total(p, FT_ROOT, column(p, "alloc_outside_count")), 3);
	CHECK_STR(p->types[column(p, "thread_park")].unit, "nanoseconds");
	CHECK_STR(p->types[column(p, "alloc_tlab_bytes")].unit, "bytes");
	CHECK_INT(rep.valid, 21 + 153 + 412 + 3 + 25 + 45);
	CHECK(intern_find(p->names, "Work.main", 9, FT_KIND_NONE) != UINT32_MAX);
	CHECK(intern_find(p->names, "java.lang.Integer.toString", 26, FT_KIND_NONE) !=
	    UINT32_MAX);
	profile_free(p);
}

/* The breakdown of the root's value in column col by the label `thread`,
 * checked against java-work.threads (from `jfr print --json`). */
static void
check_threads(const ft_profile *p, int col, const char *const *want,
    const long long *v, int n)
{
	ft_label_share *r = NULL;
	uint32_t got = labels_breakdown(p, FT_ROOT, col, NULL, NULL, &r);
	int seen = 0;
	for (uint32_t i = 0; i < got; i++) {
		CHECK_STR(labelsets_text(p->labels->sets, r[i].key, NULL), "thread");
		const char *t = labelsets_text(p->labels->sets, r[i].value, NULL);
		for (int k = 0; k < n; k++)
			if (strcmp(t, want[k]) == 0) {
				CHECK_INT(r[i].v, v[k]);
				seen++;
			}
	}
	CHECK_INT(seen, n);
	free(r);
}

/* Thread names are the label `thread` of every event (issue 15), and stay
 * when the thread root frames are merged (--group none, the default). */
TEST(thread_labels)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_bytes(raw, nraw, &rep, &err);
	CHECK(p != NULL && p->labels != NULL);
	if (p == NULL || p->labels == NULL)
		return;
	CHECK_INT(p->nlabel_keys, 1);
	CHECK_STR(p->label_keys[0], "thread");
	static const char *const mon[] = {"contender-0", "contender-1", "contender-2"};
	static const long long monv[] = {772579569, 644910895, 677812030};
	static const char *const cpu[] = {"main", "contender-1", "contender-2", "contender-0"};
	static const long long cpuv[] = {11, 4, 4, 2};
	check_threads(p, column(p, "monitor_enter"), mon, monv, 3);
	check_threads(p, column(p, "cpu"), cpu, cpuv, 4);
	ft_profile *q = profile_regroup(p, FT_GROUP_NONE, FT_SORT_NAME, 0, &err);
	CHECK(q != NULL && q->labels != NULL);
	if (q != NULL && q->labels != NULL) {
		CHECK(p->nthreads == 7 && q->nthreads == 0); /* merged */
		check_threads(q, column(q, "monitor_enter"), mon, monv, 3);
		check_threads(q, column(q, "cpu"), cpu, cpuv, 4);
	}
	profile_free(q);
	profile_free(p);
}

static uint64_t
be64(const unsigned char *b)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v = v << 8 | b[i];
	return v;
}

/* Each execution sample's time (issue 25): one per jdk.ExecutionSample
 * (21, `jfr summary`), within the chunk's bounds read here from its
 * header (startNanos at byte 32, durationNanos at 40); the other 638
 * events counted, not kept.  With the tick rate doubled in the header
 * (startTicks unchanged), every time is half as far from the start. */
TEST(timeline)
{
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_bytes(raw, nraw, &rep, &err);
	CHECK(p != NULL && p->timeline != NULL);
	if (p == NULL || p->timeline == NULL)
		return;
	const ft_timeline *tl = p->timeline;
	int64_t start = (int64_t)be64(raw + 32), dur = (int64_t)be64(raw + 40);
	uint64_t tps = be64(raw + 56);
	CHECK_INT(tl->n, 21);
	CHECK_INT(tl->untimed, 0);
	CHECK_INT(tl->other, 153 + 412 + 3 + 25 + 45);
	CHECK_INT(tl->w == NULL && tl->cols == NULL && tl->col == 0, 1);
	CHECK_INT(tl->have_bounds, 1);
	CHECK(tl->start == start && tl->end == start + dur);
	int inside = 0;
	for (uint32_t i = 0; i < tl->n; i++)
		inside += tl->t[i] >= start && tl->t[i] <= start + dur &&
		    tl->leaf[i] < p->nnodes && profile_self(p, tl->leaf[i], 0) > 0;
	CHECK_INT(inside, 21);
	unsigned char *b = malloc(nraw);
	memcpy(b, raw, nraw);
	for (int i = 0; i < 8; i++)
		b[56 + i] = (unsigned char)((tps * 2) >> (56 - 8 * i));
	ft_profile *q = load_bytes(b, nraw, &rep, &err);
	CHECK(q != NULL && q->timeline != NULL && q->timeline->n == 21);
	if (q != NULL && q->timeline != NULL && q->timeline->n == 21) {
		int half = 0;
		for (uint32_t i = 0; i < 21; i++)
			half += q->timeline->t[i] - start == (tl->t[i] - start) / 2;
		CHECK_INT(half, 21);
	}
	profile_free(q);
	/* No field named startTime in the metadata: no time either. */
	memcpy(b, raw, nraw);
	int renamed = 0;
	for (size_t i = 0; i + 9 <= nraw; i++)
		if (memcmp(b + i, "startTime", 9) == 0) {
			b[i + 8] = 'X';
			renamed++;
		}
	CHECK(renamed > 0);
	q = load_bytes(b, nraw, &rep, &err);
	CHECK(q != NULL && q->timeline != NULL && q->timeline->n == 0 &&
	    q->timeline->untimed == 21);
	profile_free(q);
	/* No tick rate: no time, each sample counted as without one. */
	memcpy(b, raw, nraw);
	memset(b + 56, 0, 8);
	q = load_bytes(b, nraw, &rep, &err);
	CHECK(q != NULL && q->timeline != NULL && q->timeline->n == 0 &&
	    q->timeline->untimed == 21);
	profile_free(q);
	free(b);
	profile_free(p);
}

TEST(damaged_headers)
{
	ft_load_report rep;
	ft_diag err;
	unsigned char *b = malloc(nraw);
	/* Cut short: the chunk size runs past the end. */
	CHECK(load_bytes(raw, nraw / 2, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "t.jfr: byte 8: chunk size") == err.msg);
	/* Another major version. */
	memcpy(b, raw, nraw);
	b[5] = 9;
	CHECK(load_bytes(b, nraw, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "version 9.") != NULL);
	/* Metadata offset past the chunk. */
	memcpy(b, raw, nraw);
	memset(b + 24, 0x7f, 8);
	CHECK(load_bytes(b, nraw, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "no metadata or constant pool") != NULL);
	/* Constant pool offset pointing at the metadata event. */
	memcpy(b, raw, nraw);
	memcpy(b + 16, b + 24, 8);
	CHECK(load_bytes(b, nraw, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "does not point at a constant pool event") != NULL);
	/* Not JFR at all. */
	CHECK(load_bytes((const unsigned char *)"FLR\0short", 9, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "not a JFR chunk") != NULL);
	free(b);
}

/* Every single-byte change in a spread of positions (metadata, pools,
 * events) loads or fails with a message: never a crash (the sanitizer
 * build runs this too). */
TEST(mutations_never_crash)
{
	unsigned char *b = malloc(nraw);
	unsigned seed = 12345;
	int loaded = 0, failed = 0;
	for (int i = 0; i < 300; i++) {
		memcpy(b, raw, nraw);
		seed = seed * 1103515245u + 12345u;
		size_t at = 68 + (seed >> 4) % (nraw - 68);
		b[at] ^= (unsigned char)(1u << (seed % 8));
		ft_load_report rep;
		ft_diag err;
		ft_profile *p = load_bytes(b, nraw, &rep, &err);
		if (p != NULL) {
			loaded++;
			profile_free(p);
		} else {
			failed++;
			CHECK(strncmp(err.msg, "t.jfr: ", 7) == 0);
		}
	}
	CHECK_INT(loaded + failed, 300);
	CHECK(failed > 0);
	free(b);
}

/* --- hostile recordings (issue 24 item 12) ---------------------------------
 * Made here, not recorded: they are attacks, not profiles.  The layout is
 * java-work.jfr's (JDK 17): a 68-byte header, events, the metadata event
 * (strings, then the element tree root > class > field), constant pool
 * events; integers LEB128, record sizes padded to 4 bytes. */

struct wb { unsigned char *b; size_t n, cap; };

static void
w_u8(struct wb *w, unsigned v)
{
	if (w->n == w->cap)
		w->b = realloc(w->b, w->cap = w->cap ? w->cap * 2 : 4096);
	w->b[w->n++] = (unsigned char)v;
}

static void
w_var(struct wb *w, uint64_t v)
{
	while (v >= 0x80) {
		w_u8(w, (unsigned)(v & 0x7f) | 0x80);
		v >>= 7;
	}
	w_u8(w, (unsigned)v);
}

static void
w_be(struct wb *w, uint64_t v, int n)
{
	for (int i = n - 1; i >= 0; i--)
		w_u8(w, (unsigned)(v >> (8 * i)) & 0xff);
}

static void
w_str(struct wb *w, const char *s)
{
	w_u8(w, 3); /* UTF-8 with its length */
	w_var(w, strlen(s));
	for (; *s != '\0'; s++)
		w_u8(w, (unsigned char)*s);
}

/* A record starts: its size, patched by rec_end, as a 4-byte varint. */
static size_t
rec_begin(struct wb *w)
{
	size_t at = w->n;
	for (int i = 0; i < 4; i++)
		w_u8(w, 0);
	return at;
}

static void
rec_end(struct wb *w, size_t at)
{
	uint64_t n = w->n - at;
	for (int i = 0; i < 3; i++)
		w->b[at + (size_t)i] = (unsigned char)(((n >> (7 * i)) & 0x7f) | 0x80);
	w->b[at + 3] = (unsigned char)((n >> 21) & 0x7f);
}

/* Metadata strings, by index. */
static const char *mstr[64];
static int nmstr;

static uint64_t
sidx(const char *t)
{
	for (int i = 0; i < nmstr; i++)
		if (strcmp(mstr[i], t) == 0)
			return (uint64_t)i;
	mstr[nmstr] = t;
	return (uint64_t)nmstr++;
}

struct hfield { const char *name, *type; int cp, dim; };
struct hclass { const char *id, *name; int nf; struct hfield f[4]; };

/* The metadata event for classes c[0..n). */
static void
w_metadata(struct wb *w, const struct hclass *c, int n)
{
	struct wb e = {0};
	nmstr = 0;
	w_var(&e, sidx("root"));
	w_var(&e, 0);
	w_var(&e, (uint64_t)n);
	for (int i = 0; i < n; i++) {
		w_var(&e, sidx("class"));
		w_var(&e, 2);
		w_var(&e, sidx("id"));
		w_var(&e, sidx(c[i].id));
		w_var(&e, sidx("name"));
		w_var(&e, sidx(c[i].name));
		w_var(&e, (uint64_t)c[i].nf);
		for (int k = 0; k < c[i].nf; k++) {
			const struct hfield *f = &c[i].f[k];
			w_var(&e, sidx("field"));
			w_var(&e, 2 + (uint64_t)f->cp + (uint64_t)f->dim);
			w_var(&e, sidx("name"));
			w_var(&e, sidx(f->name));
			w_var(&e, sidx("class"));
			w_var(&e, sidx(f->type));
			if (f->cp) {
				w_var(&e, sidx("constantPool"));
				w_var(&e, sidx("true"));
			}
			if (f->dim) {
				w_var(&e, sidx("dimension"));
				w_var(&e, sidx("1"));
			}
			w_var(&e, 0);
		}
	}
	size_t at = rec_begin(w);
	w_var(w, 0); /* type: metadata */
	w_var(w, 0);
	w_var(w, 0);
	w_var(w, 1);
	w_var(w, (uint64_t)nmstr);
	for (int i = 0; i < nmstr; i++)
		w_str(w, mstr[i]);
	for (size_t i = 0; i < e.n; i++)
		w_u8(w, e.b[i]);
	rec_end(w, at);
	free(e.b);
}

/* The classes of an execution sample; with `junk`, the event also has an
 * array of a class without fields. */
static int
sample_classes(struct hclass *c, int junk)
{
	static const struct hclass base[] = {
		{.id = "1", .name = "long"},
		{.id = "2", .name = "java.lang.String"},
		{.id = "3", .name = "boolean"},
		{.id = "4", .name = "int"},
		{.id = "5", .name = "java.lang.Thread", .nf = 2, .f = {
			{.name = "javaName", .type = "2"},
			{.name = "javaThreadId", .type = "1"}}},
		{.id = "6", .name = "jdk.types.StackTrace", .nf = 2, .f = {
			{.name = "truncated", .type = "3"},
			{.name = "frames", .type = "7", .dim = 1}}},
		{.id = "7", .name = "jdk.types.StackFrame", .nf = 2, .f = {
			{.name = "method", .type = "8", .cp = 1},
			{.name = "lineNumber", .type = "4"}}},
		{.id = "8", .name = "jdk.types.Method", .nf = 1, .f = {
			{.name = "name", .type = "1"}}},
		{.id = "11", .name = "Empty"},
		{.id = "100", .name = "jdk.ExecutionSample", .nf = 3, .f = {
			{.name = "startTime", .type = "1"},
			{.name = "sampledThread", .type = "5", .cp = 1},
			{.name = "stackTrace", .type = "6", .cp = 1}}},
	};
	int n = (int)(sizeof(base) / sizeof(base[0]));
	memcpy(c, base, sizeof(base));
	if (junk)
		c[n - 1].f[c[n - 1].nf++] = (struct hfield){.name = "junk", .type = "11",
		    .dim = 1};
	return n;
}

/* Constant pool event header: its fields up to the pool count. */
static size_t
pool_begin(struct wb *w, int64_t delta, uint64_t npools)
{
	size_t at = rec_begin(w);
	w_var(w, 1);
	w_var(w, 0);
	w_var(w, 0);
	w_var(w, (uint64_t)delta);
	w_var(w, 0);
	w_var(w, npools);
	return at;
}

/* Threads 1..nthreads named t1.., one stack (id 1) `depth` frames deep,
 * `nevents` samples of thread 1 + i % nthreads (each with a `junk` array
 * of `junk` empty elements when junk > 0, and as many bytes of padding
 * when fewer than 100); with `cycle`, a second pool
 * event whose delta points back at the last one.  The chunk in w. */
static void
make_jfr(struct wb *w, int nthreads, int depth, int nevents, uint64_t junk,
    int cycle)
{
	struct hclass c[16];
	int nc = sample_classes(c, junk > 0);
	w->n = 0;
	w_u8(w, 'F'); w_u8(w, 'L'); w_u8(w, 'R'); w_u8(w, 0);
	w_be(w, 2, 2);
	w_be(w, 0, 2);
	for (int i = 0; i < 7; i++)
		w_be(w, 0, 8); /* size, cp, meta, start, duration, ticks: patched */
	w_be(w, 1, 4);       /* features: compressed integers */
	for (int i = 0; i < nevents; i++) {
		size_t at = rec_begin(w);
		w_var(w, 100);
		w_var(w, (uint64_t)i);
		w_var(w, 1 + (uint64_t)(i % nthreads));
		w_var(w, 1);
		if (junk > 0)
			w_var(w, junk);
		for (uint64_t k = 0; junk < 100 && k < junk; k++)
			w_u8(w, 0); /* padding: a record may end with bytes unread */
		rec_end(w, at);
	}
	size_t meta = w->n;
	w_metadata(w, c, nc);
	size_t first = w->n;
	size_t at = pool_begin(w, 0, 2);
	w_var(w, 5);
	w_var(w, (uint64_t)nthreads);
	for (int i = 1; i <= nthreads; i++) {
		char name[32];
		snprintf(name, sizeof(name), "t%d", i);
		w_var(w, (uint64_t)i);
		w_str(w, name);
		w_var(w, (uint64_t)i);
	}
	w_var(w, 6);
	w_var(w, 1);
	w_var(w, 1);  /* stack id 1 */
	w_u8(w, 0);   /* truncated */
	w_var(w, (uint64_t)depth);
	for (int k = 0; k < depth; k++) {
		w_var(w, (uint64_t)k + 1);
		w_var(w, 1);
	}
	rec_end(w, at);
	size_t last = first;
	if (cycle) {
		/* A second pool event: back to the first, whose delta (patched)
		 * leads here again. */
		last = w->n;
		at = pool_begin(w, -(int64_t)(last - first), 1);
		w_var(w, 8);
		w_var(w, 200);
		for (int i = 0; i < 200; i++) {
			w_var(w, (uint64_t)i + 1);
			w_var(w, (uint64_t)i);
		}
		rec_end(w, at);
		/* The first one's delta, one byte (the values are small). */
		w->b[first + 4 + 3] = (unsigned char)(last - first);
	}
	uint64_t size = w->n;
	struct wb h = {.b = w->b + 8, .n = 0, .cap = 24};
	w_be(&h, size, 8);
	w_be(&h, last, 8);
	w_be(&h, meta, 8);
	w->b[56 + 7] = 0; /* ticks per second 0: ticks are nanoseconds */
}

/* Each hostile recording is refused with the bound it passes, in time and
 * memory (main() limits both, so a loop without end or an allocation
 * without bound fails the test instead of hanging the suite). */
TEST(hostile_pool_cycle)
{
	struct wb w = {0};
	make_jfr(&w, 1, 1, 1, 0, 1);
	ft_load_report rep;
	ft_diag err;
	CHECK(load_bytes(w.b, w.n, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "constant pool chain comes back to this event, already "
	    "read (a cycle)") != NULL);
	CHECK(strncmp(err.msg, "t.jfr: byte ", 12) == 0);
	if (getenv("FT_WRITE_SEEDS") != NULL) {
		FILE *f = fopen("tests/fuzz/seeds/hostile-pool-cycle.jfr", "wb");
		fwrite(w.b, 1, w.n, f);
		fclose(f);
	}
	/* The same without the cycle loads: the generator is sound. */
	make_jfr(&w, 3, 5, 6, 0, 0);
	ft_profile *p = load_bytes(w.b, w.n, &rep, &err);
	CHECK(p != NULL);
	if (p == NULL)
		fprintf(stderr, "%s\n", err.msg);
	else
		CHECK_INT(profile_total(p, FT_ROOT, 0), 6);
	profile_free(p);
	free(w.b);
}

/* The fuzzer's input (tests/fuzz/seeds/README.md): a constant pool delta
 * near INT64_MAX added to the event's offset overflowed (UBSan) before it
 * was checked against the chunk. */
TEST(fuzz_pool_delta_overflow)
{
	FILE *f = fopen("tests/fuzz/seeds/fuzz-jfr-pool-delta-overflow.jfr", "rb");
	CHECK(f != NULL);
	if (f == NULL)
		return;
	unsigned char b[4096];
	size_t n = fread(b, 1, sizeof(b), f);
	fclose(f);
	ft_load_report rep;
	ft_diag err = {{0}};
	ft_profile *p = load_bytes(b, n, &rep, &err);
	CHECK(p == NULL);
	CHECK(strstr(err.msg, "constant pool delta 9223372036854775779 leaves the chunk") != NULL);
	profile_free(p);
}

TEST(hostile_empty_elements)
{
	struct wb w = {0};
	ft_load_report rep;
	ft_diag err;
	/* 2^40 elements of a class without fields in an 8-byte record. */
	make_jfr(&w, 1, 1, 1, (uint64_t)1 << 40, 0);
	CHECK(load_bytes(w.b, w.n, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "jdk.ExecutionSample event is truncated or malformed") != NULL);
	if (getenv("FT_WRITE_SEEDS") != NULL) {
		FILE *f = fopen("tests/fuzz/seeds/hostile-empty-elements.jfr", "wb");
		fwrite(w.b, 1, w.n, f);
		fclose(f);
	}
	/* As many empty elements as bytes left: loads. */
	make_jfr(&w, 1, 1, 1, 3, 0);
	ft_profile *p = load_bytes(w.b, w.n, &rep, &err);
	CHECK(p != NULL);
	profile_free(p);
	free(w.b);
}

TEST(hostile_shared_deep_stack)
{
	struct wb w = {0};
	ft_load_report rep;
	ft_diag err;
	/* 5000 threads each sampled once in one stack 4000 frames deep:
	 * 20 M tree nodes from 110 KB. */
	make_jfr(&w, 5000, 4000, 5000, 0, 0);
	CHECK(w.n < 150000);
	CHECK(load_bytes(w.b, w.n, &rep, &err) == NULL);
	CHECK(strstr(err.msg, "the events' stacks walk more than") != NULL);
	/* 50 threads are fine. */
	make_jfr(&w, 50, 4000, 50, 0, 0);
	ft_profile *p = load_bytes(w.b, w.n, &rep, &err);
	CHECK(p != NULL);
	if (p != NULL)
		CHECK_INT(profile_total(p, FT_ROOT, 0), 50);
	profile_free(p);
	free(w.b);
}

int
main(void)
{
	/* A hostile recording must fail its test, not hang or swap: 60 s
	 * (SIGALRM ends the run) and, outside the sanitizer build (its
	 * shadow memory is terabytes of address space), 3 GiB. */
	alarm(60);
#if !defined(__SANITIZE_ADDRESS__)
	struct rlimit rl = {.rlim_cur = (rlim_t)3 << 30, .rlim_max = (rlim_t)3 << 30};
	setrlimit(RLIMIT_AS, &rl);
#endif
	if (read_recording() != 0) {
		fprintf(stderr, "test_jfr: cannot read tests/data/jfr/java-work.jfr.gz\n");
		return 1;
	}
	RUN(real_recording);
	RUN(thread_labels);
	RUN(timeline);
	RUN(damaged_headers);
	RUN(mutations_never_crash);
	RUN(hostile_pool_cycle);
	RUN(fuzz_pool_delta_overflow);
	RUN(hostile_empty_elements);
	RUN(hostile_shared_deep_stack);
	free(raw);
	return unit_report();
}
