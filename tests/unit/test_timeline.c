/* test_timeline.c - per-sample times (profile/timeline.h), FlameScope's
 * heat map binning, the auto column step, range parsing, the tree of a
 * time range (ops/timerange.h) alone and among other filters, idle rules,
 * and the timeline carried through relabelling.  Expected cells are
 * worked out by hand from FlameScope's rules (app/controllers/heatmap.py):
 * row = rows - floor(rows * frac(t)) - 1, column = floor(t - floor(start)),
 * columns = ceil(end) - floor(start). */
#include "ops/filters.h"
#include "ops/timerange.h"
#include "profile/relabel.h"
#include "profile/timeline.h"
#include "tree_util.h"
#include "unit.h"

#define MS 1000000LL

static uint32_t
node_of(const ft_profile *p, const char *path)
{
	uint32_t ids[16], n = 0;
	char buf[128];
	snprintf(buf, sizeof(buf), "%s", path);
	for (char *s = strtok(buf, ";"); s != NULL; s = strtok(NULL, ";"))
		ids[n++] = intern_find(p->names, s, strlen(s), 0);
	return profile_lookup(p, ids, n);
}

static uint32_t
cell(const ft_heatmap *hm, uint32_t col, uint32_t row)
{
	return hm->counts[(size_t)col * hm->rows + row];
}

TEST(binning)
{
	ft_timeline *tl = timeline_new(0, -1);
	/* 10.000 s: column 0, row 49; 10.999 s: row 0; 12.500 s: column 2,
	 * row 50 - 25 - 1 = 24; 12.519 s: row 24 too (floor(25.95) = 25);
	 * 12.520 s: floor(26.0) = 26, row 23. */
	int64_t t[] = {10000 * MS, 10999 * MS, 12500 * MS, 12519 * MS, 12520 * MS};
	for (int i = 0; i < 5; i++)
		CHECK_INT(timeline_add(tl, t[i], 1, 1, 0), 0);
	ft_heatmap hm;
	heatmap_bin(tl, 50, FT_NS, NULL, &hm);
	CHECK_INT(hm.origin, 10 * FT_NS);
	CHECK_INT(hm.cols, 3); /* ceil(12.52) - 10 */
	CHECK_INT(cell(&hm, 0, 49), 1);
	CHECK_INT(cell(&hm, 0, 0), 1);
	CHECK_INT(cell(&hm, 2, 24), 2);
	CHECK_INT(cell(&hm, 2, 23), 1);
	CHECK_INT(hm.maxvalue, 2);
	heatmap_free(&hm);
	/* The recording's own bounds widen the map (a .cpuprofile's start
	 * and end): start 9.4 s, end 14.2 s: columns from 9, 15 - 9 = 6. */
	tl->have_bounds = 1;
	tl->start = 9400 * MS;
	tl->end = 14200 * MS;
	heatmap_bin(tl, 50, FT_NS, NULL, &hm);
	CHECK_INT(hm.origin, 9 * FT_NS);
	CHECK_INT(hm.cols, 6);
	CHECK_INT(cell(&hm, 1, 49), 1);
	CHECK_INT(cell(&hm, 3, 24), 2);
	heatmap_free(&hm);
	/* A sample exactly at a whole-second end gets a column (FlameScope
	 * would index past its last one). */
	tl->have_bounds = 0;
	timeline_add(tl, 13000 * MS, 1, 1, 0);
	heatmap_bin(tl, 50, FT_NS, NULL, &hm);
	CHECK_INT(hm.cols, 4);
	CHECK_INT(cell(&hm, 3, 49), 1);
	heatmap_free(&hm);
	timeline_free(tl);
}

TEST(backwards_and_gaps)
{
	ft_timeline *tl = timeline_new(0, -1);
	timeline_add(tl, 100 * FT_NS + 500 * MS, 1, 1, 0);
	timeline_add(tl, 99 * FT_NS + 100 * MS, 1, 1, 0); /* backwards */
	timeline_add(tl, 100 * FT_NS + 3 * 3600 * FT_NS, 1, 1, 0); /* 3 h later */
	CHECK(tl->backwards);
	CHECK_INT(tl->tmin, 99 * FT_NS + 100 * MS);
	/* 10802 s over 80 columns: 60 s gives 181, 300 s gives 37. */
	int64_t step = heatmap_step(tl, 0, 80);
	CHECK_INT(step, 300 * FT_NS);
	ft_heatmap hm;
	heatmap_bin(tl, 50, step, NULL, &hm);
	CHECK_INT(hm.cols, 37);
	CHECK_INT(cell(&hm, 0, 49 - 25), 1); /* 100.5 s */
	CHECK_INT(cell(&hm, 0, 49 - 5), 1);  /* 99.1 s */
	CHECK_INT(cell(&hm, 36, 49), 1);   /* 10900 s: (10900 - 99) / 300 */
	heatmap_free(&hm);
	/* A recording of 24 hours on 200 columns: 600 s. */
	timeline_add(tl, 99 * FT_NS + 86400 * FT_NS, 1, 1, 0);
	CHECK_INT(heatmap_step(tl, 0, 200), 600 * FT_NS);
	CHECK_INT(heatmap_step(tl, 5, 200), 5 * FT_NS);
	CHECK_INT(heatmap_step(tl, 0, 0), FT_NS);
	timeline_free(tl);
}

TEST(parse)
{
	int64_t a, b;
	ft_diag err;
	char buf[64];
	CHECK_INT(timerange_parse("1.5,3", &a, &b, &err), 0);
	CHECK_INT(a, 1500 * MS);
	CHECK_INT(b, 3 * FT_NS);
	CHECK_INT(timerange_text("12.34-14.02 s", &a, &b, buf, sizeof(buf), &err), 0);
	CHECK_STR(buf, "12.34-14.02 s");
	CHECK_INT(a, 12340 * MS);
	CHECK_INT(timerange_text("2,end", &a, &b, buf, sizeof(buf), &err), 0);
	CHECK_STR(buf, "2-end s");
	CHECK_INT(b, INT64_MAX);
	CHECK_INT(timerange_text("0.000000001,1", &a, &b, buf, sizeof(buf), &err), 0);
	CHECK_STR(buf, "0.000000001-1 s");
	CHECK_INT(timerange_parse("3,2", &a, &b, &err), -1);
	CHECK_INT(timerange_parse("x", &a, &b, &err), -1);
	CHECK_INT(timerange_parse("1,2x", &a, &b, &err), -1);
	CHECK_INT(timerange_parse("", &a, &b, &err), -1);
}

/* main;a at 0.1 0.5 1.2 s, main;b at 1.5 2.5 s, w 1 and 10 (column 0
 * weighted, column 1 counting, as a .cpuprofile). */
static ft_profile *
timed(void)
{
	ft_profile *p = tree_from("main;a 3 3\nmain;b 20 2\n", 2);
	uint32_t a = node_of(p, "main;a"), b = node_of(p, "main;b");
	ft_timeline *tl = p->timeline = timeline_new(0, 1);
	timeline_add(tl, 100 * MS, a, 1, 0);
	timeline_add(tl, 500 * MS, a, 1, 0);
	timeline_add(tl, 1200 * MS, a, 1, 0);
	timeline_add(tl, 1500 * MS, b, 10, 0);
	timeline_add(tl, 2500 * MS, b, 10, 0);
	return p;
}

TEST(range)
{
	ft_profile *p = timed();
	ft_diag err;
	ft_profile *q = timerange_apply(p, 1 * FT_NS, 2 * FT_NS, FT_SORT_NAME, 0, &err);
	CHECK_STR(tree_folded(q, 0), "main;a 1\nmain;b 10\n");
	CHECK_STR(tree_folded(q, 1), "main;a 1\nmain;b 1\n");
	CHECK(q->timeline != NULL && q->timeline->n == 2);
	profile_free(q);
	/* A <= t < B: 0.5 is in [0.5, 1.2), 1.2 is not. */
	q = timerange_apply(p, 500 * MS, 1200 * MS, FT_SORT_NAME, 0, &err);
	CHECK_STR(tree_folded(q, 1), "main;a 1\n");
	profile_free(q);
	q = timerange_apply(p, 5 * FT_NS, 6 * FT_NS, FT_SORT_NAME, 0, &err);
	CHECK_INT(profile_total(q, FT_ROOT, 0), 0);
	profile_free(q);
	/* As a filter, with others: the range first, then focus. */
	ft_filters f = {0};
	CHECK_INT(filters_add_line(&f, "focus ^b$", &err), 0);
	CHECK_INT(filters_add_line(&f, "time 0,2", &err), 0);
	CHECK_STR(f.v[1].pattern, "0-2 s");
	q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_STR(tree_folded(q, 0), "main;b 10\n");
	profile_free(q);
	/* Two ranges: their intersection. */
	CHECK_INT(filters_add_line(&f, "time 1.6,end", &err), 0);
	q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_INT(profile_total(q, FT_ROOT, 0), 0);
	profile_free(q);
	CHECK_INT(filters_add_line(&f, "time 2,1", &err), -1);
	filters_free(&f);
	/* A tree without time: an error, not a silent whole tree. */
	ft_profile *u = tree_from("main;a 3\n", 1);
	CHECK(timerange_apply(u, 0, FT_NS, FT_SORT_NAME, 0, &err) == NULL);
	f = (ft_filters){0};
	filters_add_line(&f, "time 0,1", &err);
	CHECK(transform_apply(u, &f, FT_SORT_NAME, 0, &err) == NULL);
	filters_free(&f);
	profile_free(u);
	profile_free(p);
}

TEST(idle)
{
	ft_profile *p = tree_from("swapper;cpu_startup_entry;cpuidle_enter 4\n"
	    "swapper;irq_work 2\nbash;cpu_idle_poll 1\nswapper_cpu_idle 1\n", 1);
	p->timeline = timeline_new(0, -1);
	p->timeline->idle_rule = FT_IDLE_PERF;
	uint8_t *idle = timerange_idle_nodes(p);
	CHECK(ft_bit(idle, node_of(p, "swapper;cpu_startup_entry;cpuidle_enter")));
	CHECK(!ft_bit(idle, node_of(p, "swapper;cpu_startup_entry")));
	CHECK(!ft_bit(idle, node_of(p, "swapper;irq_work")));
	CHECK(!ft_bit(idle, node_of(p, "bash;cpu_idle_poll")));
	CHECK(ft_bit(idle, node_of(p, "swapper_cpu_idle"))); /* one frame, both words */
	free(idle);
	timeline_add(p->timeline, 10 * MS, node_of(p, "swapper;irq_work"), 1, 0);
	timeline_add(p->timeline, 20 * MS,
	    node_of(p, "swapper;cpu_startup_entry;cpuidle_enter"), 1, 0);
	ft_heatmap hm;
	ft_diag err;
	CHECK_INT(timerange_heatmap(p, 50, FT_NS, 0, &hm, &err), 0);
	CHECK_INT(hm.idle, 1);
	CHECK_INT(hm.maxvalue, 1);
	heatmap_free(&hm);
	CHECK_INT(timerange_heatmap(p, 50, FT_NS, 1, &hm, &err), 0);
	CHECK_INT(hm.idle, 0);
	heatmap_free(&hm);
	profile_free(p);
	p = tree_from("(idle) 3\n(program) 1\n", 1);
	p->timeline = timeline_new(0, -1);
	p->timeline->idle_rule = FT_IDLE_V8;
	idle = timerange_idle_nodes(p);
	CHECK(ft_bit(idle, node_of(p, "(idle)")));
	CHECK(!ft_bit(idle, node_of(p, "(program)")));
	free(idle);
	profile_free(p);
}

TEST(remap)
{
	ft_timeline *tl = timeline_new(0, -1);
	timeline_add(tl, 5, 1, 1, 0);
	timeline_add(tl, 3, 2, 7, 1); /* a second column: cols kept */
	timeline_add(tl, 9, 3, 1, 0);
	uint32_t map[] = {0, 5, UINT32_MAX, 4};
	ft_timeline *c = timeline_remap(tl, map);
	CHECK_INT(c->n, 2);
	CHECK_INT(c->leaf[0], 5);
	CHECK_INT(c->leaf[1], 4);
	CHECK(c->w != NULL && c->w[0] == 1);
	CHECK(c->cols != NULL && c->cols[1] == 0);
	CHECK_INT(c->tmin, 5);
	CHECK(!c->backwards);
	CHECK(tl->backwards);
	CHECK_INT(timeline_add(tl, 1, 1, (int64_t)UINT32_MAX + 1, 0), -1);
	/* In place, as relabelling a tree in its own memory does. */
	timeline_remap_inplace(tl, map);
	CHECK_INT(tl->n, 2);
	CHECK_INT(tl->leaf[1], 4);
	CHECK_INT(tl->t[1], 9);
	CHECK(tl->w[0] == 1 && tl->cols[1] == 0);
	CHECK(!tl->backwards);
	CHECK_INT(tl->tmin, 5);
	timeline_free(c);
	timeline_free(tl);
}

/* The activity line's binning against a model of its own: sample d ns
 * after the origin is in column i when i * span <= d * ncols < (i + 1) *
 * span (exact integers; the end itself in the last), over random samples
 * and widths. */
TEST(activity)
{
	ft_timeline *tl = timeline_new(0, -1);
	/* By hand: origin 10 s, end 13.5 s (tmax): span 3.5 s; 7 columns of
	 * 0.5 s: 10.2 -> 0, 10.5 -> 1, 11.9 -> 3, 13.5 (the end itself) -> 6. */
	int64_t t[] = {10200 * MS, 10500 * MS, 11900 * MS, 13500 * MS, 11950 * MS};
	uint32_t leaf[] = {1, 2, 1, 3, 2};
	for (int i = 0; i < 5; i++)
		CHECK_INT(timeline_add(tl, t[i], leaf[i], 1, 0), 0);
	uint32_t all[7], in[7];
	uint8_t mark[4] = {0, 0, 1, 0}, skip[1] = {1u << 3}; /* node 3 */
	CHECK_INT(timeline_activity(tl, 7, NULL, mark, INT64_MIN, INT64_MAX, all, in), 2);
	CHECK_INT(all[0], 1);
	CHECK_INT(all[1], 1);
	CHECK_INT(all[3], 2);
	CHECK_INT(all[6], 1);
	CHECK_INT(all[2] + all[4] + all[5], 0);
	CHECK_INT(in[1], 1);
	CHECK_INT(in[3], 1);
	CHECK_INT(in[0] + in[6], 0);
	CHECK_INT(timeline_activity(tl, 7, skip, mark, INT64_MIN, INT64_MAX, all, in), 2);
	CHECK_INT(all[6], 0); /* skipped (idle) */
	/* In a range 1.9 s .. 3.5 s: only 11.95 s of leaf 2; mark NULL: all. */
	timeline_activity(tl, 7, NULL, mark, 1900 * MS, 3500 * MS, all, in);
	CHECK_INT(in[3], 1);
	CHECK_INT(in[1] + in[6], 0);
	timeline_activity(tl, 7, NULL, NULL, 1900 * MS, 3500 * MS, all, in);
	CHECK_INT(in[3], 2);
	CHECK_INT(in[0] + in[1] + in[6], 0);
	timeline_free(tl);

	uint64_t seed = 12345;
	for (int round = 0; round < 20; round++) {
		tl = timeline_new(0, -1);
		uint32_t nleaf = 6, nsamp = 500;
		uint8_t mk[6], sk[6];
		for (uint32_t k = 0; k < nleaf; k++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			mk[k] = (seed >> 33) % 2;
			sk[k] = (seed >> 40) % 5 == 0;
		}
		uint8_t skb[1] = {0}; /* sk as the set the functions take */
		for (uint32_t k = 0; k < nleaf; k++)
			skb[0] |= (uint8_t)(sk[k] << k);
		int64_t base = (int64_t)(round * 7 + 3) * FT_NS + 123456789;
		for (uint32_t i = 0; i < nsamp; i++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			int64_t d = (int64_t)((seed >> 20) % (uint64_t)(5 * FT_NS + round * 777777));
			/* Odd rounds in time order (ties too): the slices are
			 * then found by binary search, not per sample. */
			if (round % 2 == 1)
				d = (int64_t)(i / 3) * 30 * MS + (int64_t)(i % 3 / 2) * 7;
			timeline_add(tl, base + d, (uint32_t)((seed >> 8) % nleaf), 1, 0);
		}
		CHECK_INT(tl->backwards, round % 2 == 0);
		if (round % 3 == 0) { /* stated bounds beyond the samples */
			tl->have_bounds = 1;
			tl->start = base - 50 * MS;
			tl->end = base + 9 * FT_NS;
		}
		int64_t o = timeline_origin(tl);
		int64_t span = timeline_end(tl) - o;
		if (tl->tmax - o > span)
			span = tl->tmax - o;
		uint32_t ncols = 13 + (uint32_t)round * 11;
		uint32_t *a = calloc(ncols, 4), *b = calloc(ncols, 4);
		uint32_t *ma = calloc(ncols, 4), *mb = calloc(ncols, 4), mmax = 0;
		for (uint32_t i = 0; i < tl->n; i++) {
			if (sk[tl->leaf[i]])
				continue;
			int64_t d = tl->t[i] - o;
			uint32_t c = 0;
			while (c + 1 < ncols && !((int64_t)c * span <= d * (int64_t)ncols &&
			    d * (int64_t)ncols < (int64_t)(c + 1) * span))
				c++;
			ma[c]++;
			mb[c] += mk[tl->leaf[i]] && d >= (int64_t)round * 100 * MS &&
			    d < (int64_t)round * 100 * MS + 3 * FT_NS;
			if (ma[c] > mmax)
				mmax = ma[c];
		}
		int64_t from = (int64_t)round * 100 * MS, to = from + 3 * FT_NS;
		CHECK_INT(timeline_activity(tl, ncols, skb, mk, from, to, a, b), mmax);
		int same = 1;
		for (uint32_t c = 0; c < ncols; c++)
			same &= a[c] == ma[c] && b[c] == mb[c];
		CHECK(same);
		/* The halves a viewer caches give the same rows; without
		 * skip, mark or range too. */
		CHECK_INT(timeline_activity_all(tl, ncols, skb, a), mmax);
		timeline_activity_in(tl, ncols, skb, mk, from, to, b);
		for (uint32_t c = 0; c < ncols; c++)
			same &= a[c] == ma[c] && b[c] == mb[c];
		CHECK(same);
		uint32_t total = 0, intotal = 0;
		timeline_activity_all(tl, ncols, NULL, a);
		timeline_activity_in(tl, ncols, NULL, NULL, INT64_MIN, INT64_MAX, b);
		for (uint32_t c = 0; c < ncols; c++) {
			total += a[c];
			intotal += b[c];
			same &= a[c] == b[c];
		}
		CHECK(same);
		CHECK_INT(total, nsamp);
		CHECK_INT(intotal, nsamp);
		free(a);
		free(b);
		free(ma);
		free(mb);
		timeline_free(tl);
	}
}

/* The selected frame's nodes in the loaded tree: its subtree by call
 * path, or by name where the path is gone (an inverted tree). */
TEST(frame_nodes)
{
	ft_profile *p = tree_from("a;b;c 1\na;d;b 2\ne 3\n", 1);
	uint8_t *m = timerange_frame_nodes(p, p, node_of(p, "a;b"));
	CHECK(m[node_of(p, "a;b")] && m[node_of(p, "a;b;c")]);
	CHECK(!m[node_of(p, "a")] && !m[node_of(p, "a;d;b")] && !m[node_of(p, "e")]);
	free(m);
	CHECK(timerange_frame_nodes(p, p, FT_ROOT) == NULL);
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, "invert", &err), 0);
	ft_profile *inv = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK(inv != NULL);
	m = timerange_frame_nodes(p, inv, node_of(inv, "b"));
	CHECK(m[node_of(p, "a;b")] && m[node_of(p, "a;b;c")] && m[node_of(p, "a;d;b")]);
	CHECK(!m[node_of(p, "a;d")] && !m[node_of(p, "e")] && !m[node_of(p, "a")]);
	free(m);
	profile_free(inv);
	filters_free(&f);
	profile_free(p);
}

/* A big timeline (two threads bin it: more than 1 M samples) against a
 * model of FlameScope's rule worked out here per sample with floor
 * divisions: times mostly in order with some going backwards, a gap of
 * minutes, negative times, idle leaves left out; at 1 s and at 5 s
 * columns. */
static int64_t
fdiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

TEST(big_binning_model)
{
	ft_timeline *tl = timeline_new(0, -1);
	uint64_t seed = 777;
	uint32_t n = 1500000, nleaf = 100;
	int64_t t = -3 * FT_NS - 123;
	for (uint32_t i = 0; i < n; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		int64_t d = (int64_t)((seed >> 24) % 40000);
		if ((seed >> 50) % 97 == 0)
			d = -(int64_t)((seed >> 30) % (2 * FT_NS)); /* backwards */
		if (i == n / 3)
			d = 180 * FT_NS; /* a gap of minutes */
		t += d;
		timeline_add(tl, t, (uint32_t)((seed >> 40) % nleaf), 1, 0);
	}
	uint8_t idle[(100 + 7) / 8] = {0};
	for (uint32_t k = 0; k < nleaf; k += 7)
		idle[k >> 3] |= (uint8_t)(1u << (k & 7));
	int64_t steps[] = {FT_NS, 5 * FT_NS};
	for (int s = 0; s < 2; s++) {
		ft_heatmap hm;
		heatmap_bin(tl, 50, steps[s], idle, &hm);
		int64_t o = fdiv(tl->tmin, FT_NS) * FT_NS;
		CHECK_INT(hm.origin, o);
		uint32_t *m = calloc((size_t)hm.cols * 50, sizeof(uint32_t));
		uint64_t nidle = 0, max = 0;
		int outside = 0;
		for (uint32_t i = 0; i < tl->n; i++) {
			if (idle[tl->leaf[i] >> 3] >> (tl->leaf[i] & 7) & 1) {
				nidle++;
				continue;
			}
			int64_t c = fdiv(tl->t[i] - o, steps[s]);
			int64_t frac = tl->t[i] - fdiv(tl->t[i], FT_NS) * FT_NS;
			int64_t r = 50 - frac * 50 / FT_NS - 1;
			if (c < 0 || c >= hm.cols || r < 0 || r >= 50) {
				outside++;
				continue;
			}
			uint32_t v = ++m[(size_t)c * 50 + (size_t)r];
			if (v > max)
				max = v;
		}
		CHECK_INT(outside, 0);
		CHECK(hm.idle == nidle && nidle > 0);
		CHECK_INT(hm.maxvalue, max);
		CHECK(memcmp(m, hm.counts, (size_t)hm.cols * 50 * sizeof(uint32_t)) == 0);
		free(m);
		heatmap_free(&hm);
	}
	CHECK(tl->backwards);
	timeline_free(tl);
}

int
main(void)
{
	RUN(binning);
	RUN(backwards_and_gaps);
	RUN(parse);
	RUN(range);
	RUN(idle);
	RUN(remap);
	RUN(activity);
	RUN(frame_nodes);
	RUN(big_binning_model);
	return unit_report();
}
