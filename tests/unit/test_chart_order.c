/* test_chart_order.c - a profile without time in the order its samples
 * came (profile/order.h) and its flame chart (ops/chart.h, ch.ordinal):
 * the loaders of folded, pprof, DTrace and bpftrace files keep each
 * sample only when asked, their values add up to the tree's, relabelling
 * carries the order, and the chart of a real folded file equals a model
 * worked out here from the file's lines alone (file order, each line as
 * long as its count, a frame's span running on while consecutive lines
 * share the call path to it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/load.h"
#include "ops/chart.h"
#include "profile/demangle.h"
#include "profile/order.h"
#include "profile/relabel.h"
#include "unit.h"

static ft_profile *
load_kept(const char *path, int keep)
{
	ft_load_report rep;
	ft_diag err;
	ft_load_opts o = {.keep_order = keep};
	ft_profile *p = load_file(path, NULL, &o, &rep, &err);
	if (p == NULL)
		fprintf(stderr, "%s: %s\n", path, err.msg);
	return p;
}

/* Every node's self value in every column equals the sum of the kept
 * samples at it. */
static int
sums_match(const ft_profile *p)
{
	const ft_order *o = p->sample_order;
	if (o == NULL || o->lost || o->nv != p->nvals)
		return 0;
	size_t nn = (size_t)p->nnodes * (size_t)p->nvals;
	ft_val *sum = calloc(nn ? nn : 1, sizeof(ft_val));
	for (uint32_t i = 0; i < o->n; i++)
		for (int c = 0; c < p->nvals; c++)
			sum[(size_t)o->leaf[i] * (size_t)p->nvals + (size_t)c] +=
			    o->v[(size_t)i * (size_t)o->nv + (size_t)c];
	int ok = 1;
	for (uint32_t n = 0; n < p->nnodes && ok; n++)
		for (int c = 0; c < p->nvals; c++)
			if (sum[(size_t)n * (size_t)p->nvals + (size_t)c] != profile_self(p, n, c)) {
				fprintf(stderr, "%s: node %u column %d: kept %lld, tree %lld\n",
				    p->source, n, c,
				    (long long)sum[(size_t)n * (size_t)p->nvals + (size_t)c],
				    (long long)profile_self(p, n, c));
				ok = 0;
				break;
			}
	free(sum);
	return ok;
}

static const char *const real_files[] = {
	"tests/data/bcc-profile-adf.folded", "tests/data/recursive.folded",
	"tests/data/fractional.folded", "tests/data/cxx-overloads.folded",
	"tests/data/go-labels.cpu.pb.gz", "tests/data/go-labels.heap.pb.gz",
	"tests/data/bpftrace-profile.txt", "tests/data/dtrace-hex-addresses.txt",
	"tests/data/stap-sample-bt.txt",
};

/* Kept when asked, by each loader, adding up to the tree; not otherwise
 * (a profile without time pays nothing). */
TEST(kept_only_when_asked)
{
	for (size_t k = 0; k < sizeof(real_files) / sizeof(real_files[0]); k++) {
		ft_profile *p = load_kept(real_files[k], 1);
		CHECK(p != NULL);
		if (p == NULL)
			continue;
		CHECK(p->sample_order != NULL && p->sample_order->n > 0);
		CHECK(sums_match(p));
		CHECK(load_keeps_order(p->format));
		profile_free(p);
		p = load_kept(real_files[k], 0);
		CHECK(p != NULL && p->sample_order == NULL);
		profile_free(p);
	}
	/* A format with time keeps its timeline instead. */
	ft_profile *p = load_kept("tests/data/perf-phases.txt.gz", 1);
	CHECK(p != NULL && p->timeline != NULL && p->sample_order == NULL);
	CHECK(!load_keeps_order(p->format));
	profile_free(p);
}

/* Demangling merges nodes: the order follows them (copied, and moved when
 * the tree is rebuilt in its own memory). */
TEST(follows_relabel)
{
	ft_profile *p = load_kept("tests/data/cxx-overloads.folded", 1);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	uint32_t n = p->sample_order->n;
	ft_diag err;
	ft_profile *q = profile_relabel(p, FT_GROUP_THREAD, FT_DEMANGLE_SHORT, FT_SORT_NAME, 0,
	    &err);
	CHECK(q != NULL && q->nnodes < p->nnodes); /* overloads merged */
	CHECK(q != NULL && q->sample_order != NULL && q->sample_order->n == n);
	CHECK(q != NULL && sums_match(q));
	profile_free(q);
	q = profile_relabel_consume(p, FT_GROUP_THREAD, FT_DEMANGLE_SHORT, FT_SORT_NAME, 0, &err);
	CHECK(q != NULL && q->sample_order != NULL && q->sample_order->n == n);
	CHECK(q != NULL && sums_match(q));
	profile_free(q);
}

/* The model: the file's lines, read here. */
#define MAXS 4096
#define MAXD 64
typedef struct {
	char *frame[MAXD];
	int depth;
	long long w, at;
} mline;

static int
read_model(const char *path, mline *m)
{
	FILE *f = fopen(path, "r");
	char buf[8192];
	int n = 0;
	while (f != NULL && n < MAXS && fgets(buf, sizeof(buf), f) != NULL) {
		buf[strcspn(buf, "\n")] = '\0';
		char *sp = strrchr(buf, ' ');
		if (sp == NULL || buf[0] == '#')
			continue;
		*sp = '\0';
		long long w = atoll(sp + 1);
		if (w <= 0)
			continue;
		mline *l = &m[n];
		l->depth = 0;
		l->w = w;
		l->at = n > 0 ? m[n - 1].at + m[n - 1].w : 0;
		for (char *s = strtok(buf, ";"); s != NULL && l->depth < MAXD; s = strtok(NULL, ";"))
			l->frame[l->depth++] = strdup(s);
		n++;
	}
	if (f != NULL)
		fclose(f);
	return n;
}

/* A frame's name without its kind's suffix ("_[k]": the kernel's), as
 * the folded format gives it. */
static size_t
name_len(const char *f)
{
	size_t n = strlen(f);
	return n > 4 && f[n - 4] == '_' && f[n - 3] == '[' && f[n - 1] == ']' ? n - 4 : n;
}

/* Lines a and b share the call path down to depth d (0-based). */
static int
same_path(const mline *a, const mline *b, int d)
{
	if (a->depth <= d || b->depth <= d)
		return 0;
	for (int k = 0; k <= d; k++)
		if (strcmp(a->frame[k], b->frame[k]) != 0)
			return 0;
	return 1;
}

TEST(real_folded_against_model)
{
	static mline m[MAXS];
	const char *path = "tests/data/bcc-profile-adf.folded";
	int n = read_model(path, m);
	CHECK(n > 20);
	ft_profile *p = load_kept(path, 1);
	CHECK(p != NULL);
	if (p == NULL)
		return;
	ft_chart ch;
	ft_diag err;
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, 0, &ch, &err), 0);
	CHECK(ch.ordinal);
	CHECK_INT((int)ch.samples, n);
	int maxd = 0;
	for (int i = 0; i < n; i++)
		if (m[i].depth > maxd)
			maxd = m[i].depth;
	CHECK_INT((int)ch.rows, maxd);
	CHECK(ch.t0 == 0 && ch.t1 == m[n - 1].at + m[n - 1].w);
	int bad = 0, spans = 0, merged = 0;
	for (int d = 0; d < maxd; d++) {
		uint32_t nr, k = 0;
		const ft_span *r = chart_row(&ch, (uint32_t)d, &nr);
		for (int i = 0; i < n; i++) {
			if (m[i].depth <= d)
				continue;
			long long st = m[i].at, en = m[i].at + m[i].w;
			unsigned cnt = 1;
			while (i + 1 < n && same_path(&m[i], &m[i + 1], d)) {
				i++;
				cnt++;
				en = m[i].at + m[i].w;
			}
			merged += cnt > 1;
			spans++;
			if (k >= nr) {
				bad++;
				continue;
			}
			const ft_span *sp = &r[k++];
			uint32_t nm = p->nodes[sp->node].name;
			if (sp->start != st || sp->end != en || sp->samples != cnt ||
			    name_len(m[i].frame[d]) != intern_len(p->names, nm) ||
			    memcmp(m[i].frame[d], intern_str(p->names, nm), intern_len(p->names, nm)) != 0)
				bad++;
		}
		if (k != nr)
			bad++;
	}
	CHECK_INT(bad, 0);
	CHECK(spans > n && merged > 5);
	chart_free(&ch);
	profile_free(p);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < m[i].depth; k++)
			free(m[i].frame[k]);
}

/* A pprof file's chart runs along the column asked for (the viewer's):
 * its length is that column's total. */
TEST(column_of_the_chart)
{
	ft_profile *p = load_kept("tests/data/go-labels.heap.pb.gz", 1);
	CHECK(p != NULL && p->nvals == 4);
	if (p == NULL)
		return;
	for (int c = 0; c < p->nvals; c++) {
		ft_chart ch;
		ft_diag err;
		CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, c, &ch, &err), 0);
		CHECK(ch.ordinal && ch.col == c);
		if (profile_total(p, FT_ROOT, c) > 0)
			CHECK(ch.t1 - ch.t0 == profile_total(p, FT_ROOT, c));
		chart_free(&ch);
	}
	profile_free(p);
}

/* A profile kept without order: refused, as before. */
TEST(no_order_refused)
{
	ft_profile *p = load_kept("tests/data/bcc-profile-adf.folded", 0);
	CHECK(p != NULL);
	ft_chart ch;
	ft_diag err = {{0}};
	CHECK_INT(chart_build(p, INT64_MIN, INT64_MAX, FT_NONE, 0, &ch, &err), -1);
	chart_free(&ch);
	profile_free(p);
}

int
main(void)
{
	RUN(kept_only_when_asked);
	RUN(follows_relabel);
	RUN(real_folded_against_model);
	RUN(column_of_the_chart);
	RUN(no_order_refused);
	return unit_report();
}
