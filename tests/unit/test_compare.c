/* test_compare.c - comparing two profiles: path matching, absent frames,
 * normalisation, colour scale, zero totals, regressions, the views. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw/canvas.h"
#include "ops/compare.h"
#include "profile/labels.h"
#include "ops/filters.h"
#include "input/load.h"
#include "draw/render.h"
#include "draw/view_svg.h"
#include "unit.h"
#include "view/view.h"

static ft_profile *
folded(ft_intern *names, const char *text)
{
	ft_source *s = source_open_mem(text, strlen(text), "mem");
	ft_load_opts o;
	memset(&o, 0, sizeof(o));
	ft_load_report rep;
	ft_diag err;
	ft_profile *p = load_source(s, FT_FMT_FOLDED, names, &o, &rep, &err);
	source_close(s);
	if (p == NULL)
		fprintf(stderr, "load: %s\n", err.msg);
	return p;
}

/* Union node at "a;b;c" (names looked up without kinds). */
static uint32_t
at(const ft_compare *c, const char *path)
{
	uint32_t ids[32], n = 0;
	const char *s = path;
	while (*s && n < 32) {
		const char *e = strchr(s, ';');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		ids[n++] = intern_find(c->u->names, s, len, 0);
		s += len + (e ? 1 : 0);
	}
	return profile_lookup(c->u, ids, n);
}

struct pair {
	ft_intern *names;
	ft_profile *a, *b;
	ft_compare c;
	int rc;
};

static void
pair_open(struct pair *p, const char *a, const char *b, int normalize)
{
	p->names = intern_new();
	p->a = folded(p->names, a);
	p->b = folded(p->names, b);
	ft_compare_opts o = {.normalize = normalize, .sort = FT_SORT_NAME};
	ft_diag err;
	p->rc = -1;
	if (p->a != NULL && p->b != NULL)
		p->rc = compare_build(&p->c, p->a, p->a->deftype, p->b, p->b->deftype, &o, &err);
	if (p->rc != 0)
		fprintf(stderr, "compare_build: %s\n", err.msg);
}

static void
pair_open_opts(struct pair *p, const char *a, const char *b, const ft_compare_opts *o)
{
	p->names = intern_new();
	p->a = folded(p->names, a);
	p->b = folded(p->names, b);
	ft_diag err;
	p->rc = -1;
	if (p->a != NULL && p->b != NULL)
		p->rc = compare_build(&p->c, p->a, p->a->deftype, p->b, p->b->deftype, o, &err);
	if (p->rc != 0)
		fprintf(stderr, "compare_build: %s\n", err.msg);
}

/* Node of a folded profile at "a;b" (kinds as in at()). */
static uint32_t
at_in(const ft_profile *p, const char *path)
{
	uint32_t ids[32], n = 0;
	const char *s = path;
	while (*s && n < 32) {
		const char *e = strchr(s, ';');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		ids[n++] = intern_find(p->names, s, len, 0);
		s += len + (e ? 1 : 0);
	}
	return profile_lookup(p, ids, n);
}

static void
pair_close(struct pair *p)
{
	if (p->rc == 0)
		compare_free(&p->c);
	profile_free(p->a);
	profile_free(p->b);
	intern_unref(p->names);
}

TEST(matches_by_path)
{
	struct pair p;
	pair_open(&p, "a;b 3\na;c 2\nx;y 1\n", "a;b 1\na;d 4\ny;x 2\n", 0);
	CHECK_INT(p.rc, 0);
	const ft_compare *c = &p.c;
	uint32_t ab = at(c, "a;b"), ac = at(c, "a;c"), ad = at(c, "a;d");
	CHECK(ab != FT_NONE && ac != FT_NONE && ad != FT_NONE);
	CHECK_INT(profile_self(c->u, ab, CMP_A), 3);
	CHECK_INT(profile_self(c->u, ab, CMP_B), 1);
	CHECK_INT(profile_total(c->u, ac, CMP_B), 0);
	CHECK_INT(profile_total(c->u, ad, CMP_A), 0);
	CHECK_INT(profile_total(c->u, at(c, "a"), CMP_A), 5);
	CHECK_INT(profile_total(c->u, at(c, "a"), CMP_B), 5);
	/* Same names on a different path are different frames. */
	uint32_t xy = at(c, "x;y"), yx = at(c, "y;x");
	CHECK(xy != FT_NONE && yx != FT_NONE && xy != yx);
	CHECK_INT(c->presence[xy], CMP_IN_A);
	CHECK_INT(c->presence[yx], CMP_IN_B);
	CHECK_INT(c->presence[ab], CMP_IN_A | CMP_IN_B);
	CHECK_INT(c->presence[ac], CMP_IN_A);
	CHECK_INT(c->presence[ad], CMP_IN_B);
	/* a;c, x, x;y only in A; a;d, y, y;x only in B. */
	CHECK_INT(c->only[0], 3);
	CHECK_INT(c->only[1], 3);
	CHECK_INT(c->total[0], 6);
	CHECK_INT(c->total[1], 7);
	/* A node of an input maps to the union node of its path. */
	uint32_t ids[2] = {intern_find(p.names, "a", 1, 0), intern_find(p.names, "c", 1, 0)};
	uint32_t in_a = profile_lookup(p.a, ids, 2);
	CHECK_INT(compare_map_node(c, p.a, in_a), ac);
	CHECK_INT(compare_map_node(c, p.b, profile_lookup(p.b, ids, 1)), at(c, "a"));
	pair_close(&p);
}

TEST(deltas_and_export_shape)
{
	struct pair p;
	pair_open(&p, "a;b 3\na 1\n", "a;b 5\n", 0);
	const ft_compare *c = &p.c;
	uint32_t a = at(c, "a"), ab = at(c, "a;b");
	CHECK_INT(compare_delta(c, ab, CMP_BASIS_TOTAL), 2);
	CHECK_INT(compare_delta(c, a, CMP_BASIS_SELF), -1);
	CHECK_INT(compare_delta(c, a, CMP_BASIS_TOTAL), 1);
	CHECK_INT(compare_max_delta(c, CMP_BASIS_TOTAL), 2);
	CHECK_INT(compare_max_delta(c, CMP_BASIS_SELF), 2);
	/* The self-only frame a exists in B (through a;b): not "only A". */
	CHECK_INT(c->presence[a], CMP_IN_A | CMP_IN_B);
	pair_close(&p);
}

TEST(normalisation_keeps_sums)
{
	struct pair p;
	/* A total 17, B total 20: A scales by 20/17 (s1 3.53, s2 16.47);
	 * truncating each stack gave 3 + 16 = 19 (root delta +1); the
	 * largest remainder (s1's .53) gets the unit left over. */
	pair_open(&p, "s1 3\ns2 14\n", "s1 7\ns2 13\n", 1);
	const ft_compare *c = &p.c;
	CHECK_INT(c->normalized, 1);
	CHECK_INT(c->raw_total_a, 17);
	CHECK_INT(profile_self(c->u, at(c, "s1"), CMP_A), 4);
	CHECK_INT(profile_self(c->u, at(c, "s2"), CMP_A), 16);
	CHECK_INT(c->total[0], 20);
	CHECK_INT(c->total[1], 20);
	CHECK_INT(compare_delta(c, FT_ROOT, CMP_BASIS_TOTAL), 0);
	pair_close(&p);

	/* A tree where every stack scales to x.5 (A 4 -> B 6): truncation
	 * gave A 4 at the root (+2).  Every node's scaled total must be its
	 * exact value rounded down or up, and parts must add up: m 4.5 -> 5,
	 * n 1.5 -> 1, a 3 (exact), b 1.5 -> 2, a;x 1.5 -> 2, a;y 1.5 -> 1
	 * (ties: the earlier node). */
	pair_open(&p, "m;a;x 1\nm;a;y 1\nm;b 1\nn 1\n", "m;a;x 3\nm;b 2\nn 1\n", 1);
	c = &p.c;
	CHECK_INT(p.rc, 0);
	CHECK_INT(compare_delta(c, FT_ROOT, CMP_BASIS_TOTAL), 0);
	CHECK_INT(c->total[0], 6);
	CHECK_INT(profile_total(c->u, at(c, "m"), CMP_A), 5);
	CHECK_INT(profile_total(c->u, at(c, "n"), CMP_A), 1);
	CHECK_INT(profile_total(c->u, at(c, "m;a"), CMP_A), 3);
	CHECK_INT(profile_total(c->u, at(c, "m;b"), CMP_A), 2);
	CHECK_INT(profile_total(c->u, at(c, "m;a;x"), CMP_A), 2);
	CHECK_INT(profile_total(c->u, at(c, "m;a;y"), CMP_A), 1);
	pair_close(&p);

	/* Shrinking: A 3 stacks of 1 -> B total 2 (each 0.67, truncated to
	 * 0: the root showed A 0, B 2). */
	pair_open(&p, "r;a 1\nr;b 1\nr;c 1\n", "r;x 2\n", 1);
	c = &p.c;
	CHECK_INT(c->total[0], 2);
	CHECK_INT(profile_total(c->u, at(c, "r"), CMP_A), 2);
	CHECK_INT(profile_total(c->u, at(c, "r;a"), CMP_A) + profile_total(c->u, at(c, "r;b"), CMP_A) +
	    profile_total(c->u, at(c, "r;c"), CMP_A), 2);
	pair_close(&p);

	/* Self values on inner nodes (a folded line ending at m). */
	pair_open(&p, "m 5\nm;x 2\n", "m 1\nm;x 2\n", 1);
	c = &p.c;
	CHECK_INT(c->total[0], 3);
	CHECK_INT(profile_total(c->u, at(c, "m"), CMP_A), 3);
	CHECK_INT(profile_self(c->u, at(c, "m"), CMP_A), 2);  /* 2.14 */
	CHECK_INT(profile_total(c->u, at(c, "m;x"), CMP_A), 1); /* 0.86 */
	pair_close(&p);

/* Huge values: the product overflows 64 bits, the result does not. */
	pair_open(&p, "s 4000000000000000000\nt 4000000000000000000\n",
	    "s 3000000000000000000\n", 1);
	CHECK_INT(p.rc, 0);
	CHECK_INT(profile_self(p.c.u, at(&p.c, "s"), CMP_A), 1500000000000000000LL);
	pair_close(&p);

	/* Fractional counts: both sides at the finer scale. */
	pair_open(&p, "s 0.5\n", "s 2\n", 1);
	CHECK_INT(p.c.u->scale, 1);
	CHECK_INT(profile_self(p.c.u, at(&p.c, "s"), CMP_A), 20);
	CHECK_INT(profile_self(p.c.u, at(&p.c, "s"), CMP_B), 20);
	pair_close(&p);

	/* Without --normalize nothing is scaled. */
	pair_open(&p, "s1 3\ns2 14\n", "s1 7\ns2 13\n", 0);
	CHECK_INT(p.c.normalized, 0);
	CHECK_INT(p.c.total[0], 17);
	pair_close(&p);
}

static const char *
key(const char *s)
{
	static char buf[128];
	size_t n = compare_match_key(s, strlen(s), buf, sizeof(buf));
	buf[n] = '\0';
	return buf;
}

TEST(match_key)
{
	CHECK_STR(key("foo+0x1a"), "foo");
	CHECK_STR(key("foo+0x"), "foo+0x");
	CHECK_STR(key("a+b"), "a+b");
	CHECK_STR(key("[unknown]"), "[unknown]");
	CHECK_STR(key("(unknown)"), "[unknown]");
	CHECK_STR(key("unknown"), "[unknown]");
	CHECK_STR(key("[libc.so.6]"), "libc.so");
	CHECK_STR(key("libc-2.31.so"), "libc.so");
	CHECK_STR(key("/lib/x86_64-linux-gnu/libstdc++.so.6.0.30"), "libstdc++.so");
	CHECK_STR(key("ld-linux-x86-64.so.2"), "ld-linux-x86-64.so");
	CHECK_STR(key("non-virtual thunk to v8::CancelableTask::Run()"),
	    "non-virtual thunk to v8::CancelableTask::Run");
	/* Argument lists at bracket depth 0 only (issue 24 item 1/3). */
	CHECK_STR(key("v8::Scope::Lookup<(v8::Mode)0>"), "v8::Scope::Lookup<(v8::Mode)0>");
	CHECK_STR(key("std::_Function_handler<void (int)>"), "std::_Function_handler<void (int)>");
	CHECK_STR(key("std::function<void (int)>::operator()(int) const"),
	    "std::function<void (int)>::operator()");
	/* Only a real version is a library's: ".so.NAME" is not. */
	CHECK_STR(key("libfoo.so.alpha"), "libfoo.so.alpha");
	CHECK_STR(key("libjvm.so.Parker::park"), "libjvm.so.Parker::park");
	CHECK_STR(key("[libfoo.so.1.2.3]"), "libfoo.so");
	CHECK_STR(key("libfoo.so.6x"), "libfoo.so.6x");
	CHECK_STR(key("std::vector<int> (x.cc:3)"), "std::vector<int> (x.cc:3)");
	CHECK_STR(key("node::(anonymous namespace)::Run(int)"), "node::(anonymous namespace)::Run");
	CHECK_STR(key("main.(*T).Serve"), "main.(*T).Serve");
	CHECK_STR(key("handle (app.py:12)"), "handle (app.py:12)");
	CHECK_STR(key("(anonymous)"), "(anonymous)");
	CHECK_STR(key("JS:~ /tmp/samp/comp.js:1:1"), "JS:~ /tmp/samp/comp.js:1:1");
}

TEST(names_matched_loosely)
{
	/* What perf script text and a folded file of the same recording
	 * differ by: kinds, offsets, argument lists, unknowns, libraries. */
	struct pair p;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	const char *a = "node;Run();foo+0x1a;[unknown] 3\nnode;libc-2.31.so 1\nx;read 1\n";
	const char *b = "node;Run;foo+0x20;(unknown) 5\nnode;[libc.so.6] 2\nx;read_[k] 4\n";
	pair_open_opts(&p, a, b, &o);
	CHECK_INT(p.rc, 0);
	const ft_compare *c = &p.c;
	CHECK_INT(c->only[0], 0);
	CHECK_INT(c->only[1], 0);
	/* The union shows B's names. */
	uint32_t n = at(c, "node;Run;foo+0x20;(unknown)");
	CHECK(n != FT_NONE);
	CHECK_INT(profile_total(c->u, n, CMP_A), 3);
	CHECK_INT(profile_total(c->u, n, CMP_B), 5);
	CHECK_INT(profile_total(c->u, at(c, "node;[libc.so.6]"), CMP_A), 1);
	CHECK_INT(c->u->nnodes, 8); /* all node Run foo unknown libc x read */
	CHECK_INT(c->loose, 5);
	CHECK_STR(intern_str(c->u->names, c->loose_ex[0]), "Run()");
	CHECK_STR(intern_str(c->u->names, c->loose_ex[1]), "Run");
	/* A path of A maps to the union through the same names. */
	CHECK_INT(compare_map_node(c, p.a, at_in(p.a, "node;Run();foo+0x1a")),
	    at(c, "node;Run;foo+0x20"));
	pair_close(&p);

	/* --exact-names: nothing matches but node and x. */
	o.exact_names = 1;
	pair_open_opts(&p, a, b, &o);
	CHECK_INT(p.c.loose, 0);
	CHECK_INT(p.c.only[0], 5);
	CHECK_INT(p.c.only[1], 5);
	pair_close(&p);

	/* Two names of one side that share a key are two frames: merging
	 * them would move value between functions (issue 24 item 1); with
	 * three names to a key, nothing merges (in doubt, no merge). */
	o.exact_names = 0;
	pair_open_opts(&p, "m;f+0x1 1\nm;f+0x2 2\n", "m;f+0x3 4\n", &o);
	CHECK_INT(p.c.u->nnodes, 5);
	CHECK_INT(p.c.loose, 0);
	CHECK_INT(profile_total(p.c.u, at(&p.c, "m;f+0x3"), CMP_A), 0);
	CHECK_INT(profile_total(p.c.u, at(&p.c, "m;f+0x1"), CMP_A), 1);
	pair_close(&p);
}

/* Issue 24 item 1: ".so.NAME" is no library version, and names of one
 * side never merge: "main;libfoo.so.alpha 15 60" (+300%) was shown with
 * beta and gamma gone. */
TEST(names_not_merged_across_functions)
{
	struct pair p;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	const char *a = "main;libfoo.so.alpha 10\nmain;libfoo.so.beta 5\n"
	    "main;libjvm.so.Parker::park 7\n";
	const char *b = "main;libfoo.so.alpha 10\nmain;libfoo.so.gamma 50\n"
	    "main;libjvm.so.Unsafe_Unpark 3\n";
	pair_open_opts(&p, a, b, &o);
	CHECK_INT(p.rc, 0);
	const ft_compare *c = &p.c;
	CHECK_INT(c->loose, 0);
	CHECK_INT(profile_total(c->u, at(c, "main;libfoo.so.alpha"), CMP_A), 10);
	CHECK_INT(profile_total(c->u, at(c, "main;libfoo.so.alpha"), CMP_B), 10);
	CHECK_INT(profile_total(c->u, at(c, "main;libfoo.so.beta"), CMP_A), 5);
	CHECK_INT(profile_total(c->u, at(c, "main;libfoo.so.gamma"), CMP_B), 50);
	CHECK_INT(profile_total(c->u, at(c, "main;libjvm.so.Parker::park"), CMP_A), 7);
	CHECK_INT(profile_total(c->u, at(c, "main;libjvm.so.Unsafe_Unpark"), CMP_B), 3);
	CHECK_INT(c->u->nnodes, 7);
	pair_close(&p);

	/* One to one: each merge is listed (loose_ids, B's name in umap). */
	pair_open_opts(&p, "m;[libc.so.6];f(int) 2\nm;g 1\n", "m;libc-2.31.so;f 4\nm;g 1\n", &o);
	CHECK_INT(p.c.loose, 2);
	CHECK_INT(p.c.u->nnodes, 5);
	CHECK_INT(profile_total(p.c.u, at(&p.c, "m;libc-2.31.so;f"), CMP_A), 2);
	for (uint32_t i = 0; i < p.c.loose; i++) {
		const char *an = intern_str(p.c.u->names, p.c.loose_ids[i]);
		const char *bn = intern_str(p.c.u->names, p.c.umap[p.c.loose_ids[i]]);
		CHECK((strcmp(an, "[libc.so.6]") == 0 && strcmp(bn, "libc-2.31.so") == 0) ||
		    (strcmp(an, "f(int)") == 0 && strcmp(bn, "f") == 0));
	}
	pair_close(&p);
}

TEST(strip_root)
{
	struct pair p;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	const char *a = "app-v1;main;work 5\napp-v1;main;idle 2\nlib 1\n";
	const char *b = "app-v2;main;work 7\napp-v2;main;io 1\nlib 1\n";
	pair_open_opts(&p, a, b, &o);
	CHECK_INT(p.c.roots_differ, 1);
	CHECK_STR(intern_str(p.c.u->names, p.c.u->nodes[p.c.root_ex[0]].name), "app-v1");
	CHECK_STR(intern_str(p.c.u->names, p.c.u->nodes[p.c.root_ex[1]].name), "app-v2");
	CHECK_INT(at(&p.c, "main;work"), FT_NONE);
	pair_close(&p);

	o.strip_root = 1;
	pair_open_opts(&p, a, b, &o);
	const ft_compare *c = &p.c;
	CHECK_INT(c->roots_differ, 0);
	CHECK_INT(c->strip_root, 1);
	uint32_t w = at(c, "main;work");
	CHECK(w != FT_NONE);
	CHECK_INT(profile_total(c->u, w, CMP_A), 5);
	CHECK_INT(profile_total(c->u, w, CMP_B), 7);
	CHECK_INT(c->only[0], 1); /* main;idle */
	CHECK_INT(c->only[1], 1); /* main;io */
	/* A root frame's own value lands on the root. */
	CHECK_INT(profile_self(c->u, FT_ROOT, CMP_A), 1);
	CHECK_INT(c->total[0], 8);
	CHECK_INT(compare_map_node(c, p.a, at_in(p.a, "app-v1;main;work")), w);
	CHECK_INT(compare_map_node(c, p.a, at_in(p.a, "app-v1")), FT_ROOT);
	pair_close(&p);

	/* Most weight under shared roots: no hint. */
	o.strip_root = 0;
	pair_open_opts(&p, "app;x 5\nold 1\n", "app;x 3\nnew 2\n", &o);
	CHECK_INT(p.c.roots_differ, 0);
	pair_close(&p);
}

TEST(colour_scale)
{
	CHECK_INT(compare_sign(5), 1);
	CHECK_INT(compare_sign(-5), -1);
	CHECK_INT(compare_sign(0), 0);
	CHECK(compare_intensity(5, 10) > 0.49 && compare_intensity(5, 10) < 0.51);
	CHECK(compare_intensity(-10, 10) == 1.0);
	CHECK(compare_intensity(3, 0) == 0.0);
	CHECK(compare_intensity(0, 10) == 0.0);
	uint32_t grey = compare_color(0, 10);
	CHECK_INT(grey >> 16, grey & 0xff);
	uint32_t r1 = compare_color(1, 10), r9 = compare_color(9, 10);
	uint32_t b1 = compare_color(-1, 10), b9 = compare_color(-9, 10);
	/* Growth is red, shrink blue. */
	CHECK_INT(r1 >> 16, 0xff);
	CHECK((r1 & 0xff) < 0xff);
	CHECK_INT(b1 & 0xff, 0xff);
	CHECK((b1 >> 16) < 0xff);
	/* Bigger change, deeper colour. */
	CHECK(((r9 >> 8) & 0xff) < ((r1 >> 8) & 0xff));
	CHECK((b9 >> 16) < (b1 >> 16));
	/* Symmetric. */
	CHECK_INT((r9 >> 8) & 0xff, (b9 >> 8) & 0xff);
	/* A tiny change is still not grey. */
	CHECK(compare_color(1, 1000000) != grey);
	char buf[32];
	CHECK_STR(compare_pct(buf, sizeof(buf), 0, 5), "new");
	CHECK_STR(compare_pct(buf, sizeof(buf), 10, -10), "-100%");
	CHECK_STR(compare_pct(buf, sizeof(buf), 8, 1), "+12.5%");
	CHECK_STR(compare_pct(buf, sizeof(buf), 0, 0), "0%");
}

TEST(zero_totals)
{
	ft_intern *names = intern_new();
	ft_profile *a = profile_new(names, 1);
	ft_diag err;
	CHECK_INT(profile_finish(a, FT_SORT_NAME, 0, &err), 0);
	ft_profile *b = folded(names, "x 4\n");
	ft_compare c;
	ft_compare_opts o = {.normalize = 1, .sort = FT_SORT_NAME};
	CHECK_INT(compare_build(&c, a, 0, b, 0, &o, &err), 0);
	CHECK_INT(c.total[0], 0);
	CHECK_INT(c.total[1], 4);
	uint32_t x = at(&c, "x");
	CHECK_INT(profile_self(c.u, x, CMP_A), 0);
	CHECK_INT(c.presence[x], CMP_IN_B);
	ft_view v;
	view_init_compare(&v, &c, 60, 10);
	ft_canvas cv;
	canvas_init(&cv, 60, 10, 0);
	render_view(&v, &cv);
	v.mode = CV_DIFF;
	v.layout_dirty = 1;
	render_view(&v, &cv);
	view_table_open(&v);
	CHECK_INT(v.table.nrows, 1);
	render_view(&v, &cv);
	canvas_free(&cv);
	view_free(&v);
	compare_free(&c);
	/* Both empty. */
	ft_profile *e = profile_new(names, 1);
	profile_finish(e, FT_SORT_NAME, 0, &err);
	CHECK_INT(compare_build(&c, a, 0, e, 0, &o, &err), 0);
	CHECK_INT(c.u->nnodes, 1);
	CHECK_INT(compare_max_delta(&c, CMP_BASIS_TOTAL), 0);
	view_init_compare(&v, &c, 60, 10);
	canvas_init(&cv, 60, 10, 0);
	render_view(&v, &cv);
	CHECK_INT(view_apply(&v, ACT_DOWN), V_REDRAW);
	canvas_free(&cv);
	view_free(&v);
	compare_free(&c);
	profile_free(a);
	profile_free(b);
	profile_free(e);
	intern_unref(names);
}

TEST(max_width_keeps_vanished)
{
	struct pair p;
	pair_open(&p, "a;b 10\n", "a;c 6\n", 0);
	const ft_compare *c = &p.c;
	ft_widths w = compare_widths(c, CMP_W_MAX);
	CHECK_INT(w.w[at(c, "a") * w.stride], 16);
	CHECK_INT(w.w[FT_ROOT * w.stride], 16);
	CHECK_INT(w.w[at(c, "a;b") * w.stride], 10);
	ft_widths wb = compare_widths(c, CMP_W_B);
	CHECK_INT(wb.w[at(c, "a;b") * wb.stride], 0);
	ft_widths wa = compare_widths(c, CMP_W_A);
	CHECK_INT(wa.w[at(c, "a;c") * wa.stride], 0);
	CHECK_STR(compare_width_name(CMP_W_MAX), "max(A,B)");
	pair_close(&p);
}

TEST(regressions_count_stacks_once)
{
	struct pair p;
	pair_open(&p, "f;f;g 2\nh 9\n", "f;g 5\nh 9\nk 1\n", 0);
	ft_regress *r;
	uint32_t n = compare_regressions(&p.c, CMP_BASIS_TOTAL, &r);
	CHECK_INT(n, 4);
	uint32_t f = intern_find(p.names, "f", 1, 0);
	uint32_t g = intern_find(p.names, "g", 1, 0);
	/* f and g both +3 in total; f first by the tie-break on self (0
	 * vs 3 -> g has the larger self change, so g first). */
	CHECK_INT(r[0].name, g);
	CHECK_INT(r[0].total[0], 2);
	CHECK_INT(r[0].total[1], 5);
	CHECK_INT(r[1].name, f);
	CHECK_INT(r[1].total[0], 2); /* recursion counted once */
	CHECK_INT(r[1].total[1], 5);
	CHECK_INT(r[3].total[0], 9); /* h unchanged: last */
	compare_regressions_sort(&p.c, r, n, CMP_BASIS_SELF);
	CHECK_INT(r[0].name, g);
	free(r);
	/* The widest frame of a name, for table Enter. */
	uint32_t node = compare_widest_named(&p.c, f, compare_widths(&p.c, CMP_W_B));
	CHECK_INT(node, at(&p.c, "f"));
	pair_close(&p);
}

static int
canvas_has(const ft_canvas *c, const char *s)
{
	char buf[2048];
	for (int y = 0; y < c->h; y++) {
		canvas_row_text(c, y, buf, sizeof(buf));
		if (strstr(buf, s) != NULL)
			return y;
	}
	return -1;
}

TEST(views_stay_in_step)
{
	struct pair p;
	pair_open(&p, "main;parse;lex 5\nmain;old 5\n", "main;parse;lex 8\nmain;new 2\n", 0);
	ft_view v;
	view_init_compare(&v, &p.c, 100, 12);
	v.split = CV_SPLIT_LR;
	ft_canvas cv;
	canvas_init(&cv, 100, 12, 0);
	render_view(&v, &cv);
	CHECK_INT(v.npanes, 2);
	/* Move in pane A: down to main, down to its widest child. */
	v.active = 0;
	view_apply(&v, ACT_DOWN);
	CHECK_INT(v.sel, at(&p.c, "main"));
	view_apply(&v, ACT_DOWN);
	view_apply(&v, ACT_DOWN);
	CHECK_INT(v.sel, at(&p.c, "main;parse;lex"));
	/* Zoom in A: both panes lay out from the same zoom node. */
	view_apply(&v, ACT_UP);
	view_apply(&v, ACT_ZOOM);
	CHECK_INT(v.zoom, at(&p.c, "main;parse"));
	render_view(&v, &cv);
	CHECK(layout_find(&v.pane[0].layout, p.c.u, v.zoom) != NULL);
	CHECK(layout_find(&v.pane[1].layout, p.c.u, v.zoom) != NULL);
	CHECK_INT(v.pane[0].layout.zoom, v.pane[1].layout.zoom);
	CHECK_INT(v.pane[1].layout.frames[v.pane[1].layout.row_start[2]].x1, v.pane[1].w);
	view_apply(&v, ACT_RESET);
	CHECK_INT(v.zoom, FT_ROOT);
	/* Select a path only in A: pane B shows it as absent. */
	view_select(&v, at(&p.c, "main;old"));
	render_view(&v, &cv);
	int y = canvas_has(&cv, "(absent)");
	CHECK(y == 3);
	char row[1024];
	canvas_row_text(&cv, y, row, sizeof(row));
	CHECK(strstr(row, "(absent)") > strstr(row, "old")); /* in the right pane */
	canvas_row_text(&cv, cv.h - 1, row, sizeof(row));
	CHECK(strstr(row, "B absent") != NULL);
	CHECK(strstr(row, "-100%") != NULL);
	/* Tab to pane B and move: starts from the nearest frame B draws. */
	view_apply(&v, ACT_CMP_PANE);
	CHECK_INT(v.active, 1);
	CHECK_INT(v.sel, at(&p.c, "main;old"));
	view_apply(&v, ACT_RIGHT);
	CHECK_INT(v.sel, at(&p.c, "main"));
	/* Differential view: one pane, widths switch. */
	view_apply(&v, ACT_CMP_DIFF);
	CHECK_INT(v.mode, CV_DIFF);
	render_view(&v, &cv);
	CHECK_INT(v.npanes, 1);
	CHECK(canvas_has(&cv, "width B") == 0);
	CHECK(canvas_has(&cv, "-old") < 0); /* gone in B: no width */
	view_apply(&v, ACT_CMP_WIDTH);
	view_apply(&v, ACT_CMP_WIDTH);
	CHECK_INT(v.wsrc, CMP_W_MAX);
	render_view(&v, &cv);
	/* max(A,B): still there.  5 and 3 samples cannot tell a change from
	 * noise: neutral, no sign (issue 26: colour by verdict). */
	CHECK_INT(compare_node_verdict(&p.c, at(&p.c, "main;old")), DS_UNSURE);
	CHECK_INT(compare_verdict_sign(&p.c, at(&p.c, "main;old")), 0);
	/* Only in A / only in B: their own glyphs (issue 26 part 5). */
	CHECK(canvas_has(&cv, "<old") > 0);
	CHECK(canvas_has(&cv, ">new") > 0);
	CHECK(canvas_has(&cv, "-old") < 0 && canvas_has(&cv, "+new") < 0);
	/* '/' in the table keeps the matching rows. */
	view_apply(&v, ACT_CMP_TABLE);
	uint32_t all = v.table.nrows;
	CHECK(all > 3);
	view_key(&v, '/');
	CHECK_INT(v.prompt_kind, PK_TABLE);
	view_key(&v, '^');
	view_key(&v, 'l');
	view_key(&v, FTK_ENTER);
	CHECK_INT(v.table.nrows, 1);
	CHECK_INT(v.table.nall, all);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "1 of ") == cv.h - 1);
	CHECK_INT(view_table_filter(&v, "", NULL), 0);
	CHECK_INT(v.table.nrows, all);
	view_apply(&v, ACT_CMP_TABLE);
	/* Table Enter selects the widest frame of the function. */
	view_apply(&v, ACT_CMP_TABLE);
	CHECK_INT(v.table.active, 1);
	uint32_t lex = intern_find(p.names, "lex", 3, 0), i;
	for (i = 0; i < v.table.nrows && view_table_name(&v, i) != lex; i++)
		;
	CHECK(i < v.table.nrows);
	v.table.sel = i;
	view_apply(&v, ACT_ZOOM);
	CHECK_INT(v.table.active, 0);
	CHECK_INT(v.sel, at(&p.c, "main;parse;lex"));
	/* Top/bottom split. */
	view_apply(&v, ACT_CMP_DIFF);
	view_apply(&v, ACT_CMP_SPLIT);
	render_view(&v, &cv);
	CHECK(cview_stacked(v.split, v.w, v.h));
	CHECK_INT(v.pane[1].x, 0);
	CHECK(v.pane[1].y > 0);
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
}

TEST(differential_file_and_columns)
{
	ft_intern *names = intern_new();
	ft_profile *d = folded(names, "a;b 1 3\na;c 2 0\n");
	CHECK(d != NULL && d->differential);
	int ca, cb;
	ft_diag err;
	CHECK_INT(compare_pick_columns(d, d, NULL, &ca, &cb, &err), 0);
	CHECK_INT(ca, 0);
	CHECK_INT(cb, 1);
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	CHECK_INT(compare_build(&c, d, ca, d, cb, &o, &err), 0);
	CHECK_INT(c.total[0], 3);
	CHECK_INT(c.total[1], 3);
	CHECK_INT(c.presence[at(&c, "a;c")], CMP_IN_A);
	compare_free(&c);
	/* Units that differ cannot be compared. */
	ft_profile *x = profile_new(names, 2);
	profile_set_type(x, 0, "cpu", "nanoseconds");
	profile_set_type(x, 1, "samples", "count");
	x->deftype = 0;
	profile_finish(x, FT_SORT_NAME, 0, &err);
	ft_profile *y = folded(names, "a 1\n");
	CHECK_INT(compare_pick_columns(x, y, NULL, &ca, &cb, &err), 0);
	CHECK_INT(ca, 1); /* same name as B's default type */
	x->types[1].name = "other";
	/* A folded side has no real unit: it compares with any. */
	CHECK_INT(compare_pick_columns(x, y, NULL, &ca, &cb, &err), 0);
	CHECK_INT(ca, 0);
	/* Two real units must agree. */
	y->format = "pprof";
	y->types[0].unit = "bytes";
	CHECK_INT(compare_pick_columns(x, y, NULL, &ca, &cb, &err), -1);
	CHECK(strstr(err.msg, "--sample-type") != NULL);
	CHECK_INT(compare_pick_columns(x, y, "nope", &ca, &cb, &err), -1);
	profile_free(x);
	profile_free(y);
	profile_free(d);
	intern_unref(names);
}

TEST(search_and_filters_in_step)
{
	struct pair p;
	pair_open(&p, "main;parse;lex 5\nmain;old 5\nmain;lexer 1\n",
	    "main;parse;lex 8\nmain;new 2\n", 0);
	ft_view v;
	ft_diag err;
	view_init_compare(&v, &p.c, 100, 12);
	v.split = CV_SPLIT_LR;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	view_set_inputs(&v, p.a, 0, p.b, 0, &o, NULL);
	/* Search: one regex for both panes, nested stacks counted once. */
	CHECK_INT(view_search_set(&v, "lex", &err), 0);
	CHECK(view_matched(&v, at(v.cmp, "main;parse;lex")));
	CHECK(view_matched(&v, at(v.cmp, "main;lexer")));
	CHECK(!view_matched(&v, at(v.cmp, "main;parse")));
	CHECK(!view_matched(&v, FT_ROOT));
	CHECK_INT(v.matched[0], 6);
	CHECK_INT(v.matched[1], 8);
	CHECK_INT(view_search_set(&v, "(", &err), -1);
	CHECK(v.search != NULL); /* a bad regex keeps the old search */
	/* n selects the next match in the active pane. */
	view_apply(&v, ACT_NEXT);
	CHECK(view_matched(&v, v.sel));
	ft_canvas cv;
	canvas_init(&cv, 100, 12, 0);
	render_view(&v, &cv);
	char row[1024];
	canvas_row_text(&cv, cv.h - 1, row, sizeof(row));
	CHECK(strncmp(row, "Matched: A 54.5% (6) B 80.0% (8)", 32) == 0);
	/* A filter rebuilds both sides; the selection follows by path. */
	uint32_t lex = v.sel;
	CHECK_INT(lex, at(v.cmp, "main;parse;lex"));
	view_zoom_to(&v, at(v.cmp, "main;parse"));
	v.sel = lex;
	CHECK_INT(view_filter_add(&v, "ignore old", &err), 0);
	CHECK(v.cmp != &p.c);
	CHECK_INT(v.cmp->total[0], 6);
	CHECK_INT(v.cmp->total[1], 10);
	CHECK_INT(at(v.cmp, "main;old"), FT_NONE);
	CHECK_INT(v.sel, at(v.cmp, "main;parse;lex"));
	CHECK_INT(v.zoom, at(v.cmp, "main;parse"));
	CHECK(view_matched(&v, v.sel)); /* the search stays */
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "ignore old") == 0);
	CHECK_INT(view_filter_add(&v, "bogus x", &err), -1);
	CHECK_INT(v.filters.n, 1);
	/* Through keys: x removes the last filter. */
	view_key(&v, 'x');
	CHECK_INT(v.filters.n, 0);
	CHECK_INT(v.cmp->total[0], 11);
	/* The ':' prompt. */
	view_key(&v, ':');
	CHECK_INT(v.prompt_kind, PK_FILTER);
	const char *line = "focus new";
	for (const char *c = line; *c; c++)
		view_key(&v, *c);
	render_view(&v, &cv);
	CHECK(v.cursor_y == cv.h - 1 && v.cursor_x == 10);
	view_key(&v, FTK_ENTER);
	CHECK_INT(v.prompt_kind, PK_NONE);
	CHECK_INT(v.cmp->total[0], 0);
	CHECK_INT(v.cmp->total[1], 2);
	CHECK_INT(v.sel, FT_ROOT + 1); /* main: the path's deepest survivor */
	/* Without inputs, filters say why they are unavailable. */
	ft_view w;
	view_init_compare(&w, &p.c, 80, 10);
	view_key(&w, ':');
	CHECK_INT(w.prompt_kind, PK_NONE);
	CHECK(w.message != NULL);
	view_free(&w);
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
}

TEST(inline_frames_match_plain_functions)
{
	ft_intern *names = intern_new();
	ft_diag err;
	ft_val one = 3;
	ft_profile *a = profile_new(names, 1);
	a->format = "pprof";
	uint32_t m = profile_child(a, FT_ROOT, intern_get(names, "main", 4, 0));
	uint32_t fi = profile_child(a, m, intern_get(names, "f", 1, FT_KIND_INLINED));
	uint32_t fp = profile_child(a, m, intern_get(names, "f", 1, FT_KIND_NONE));
	uint32_t k = profile_child(a, m, intern_get(names, "read", 4, FT_KIND_KERNEL));
	profile_add_self(a, fi, &one, &err);
	profile_add_self(a, fp, &one, &err);
	profile_add_self(a, k, &one, &err);
	profile_finish(a, FT_SORT_NAME, 0, &err);
	ft_profile *b = folded(names, "main;f 2\nmain;read 1\n");
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME, .exact_names = 1};
	CHECK_INT(compare_build(&c, a, 0, b, 0, &o, &err), 0);
	/* f inlined and f plain are one frame, even with exact names;
	 * read_[k] stays apart there. */
	uint32_t f = at(&c, "main;f");
	CHECK(f != FT_NONE);
	CHECK_INT(profile_self(c.u, f, CMP_A), 6);
	CHECK_INT(profile_self(c.u, f, CMP_B), 2);
	CHECK_INT(c.presence[at(&c, "main;read")], CMP_IN_B);
	CHECK_INT(c.only[0], 1); /* read_[k] */
	CHECK_STR(c.u->format, "folded"); /* exports keep `_[k]` */
	compare_free(&c);
	/* By default kinds are not part of the match: read_[k] is read. */
	o.exact_names = 0;
	CHECK_INT(compare_build(&c, a, 0, b, 0, &o, &err), 0);
	CHECK_INT(c.presence[at(&c, "main;read")], CMP_IN_A | CMP_IN_B);
	CHECK_INT(c.only[0], 0);
	CHECK_INT(profile_self(c.u, at(&c, "main;f"), CMP_A), 6);
	compare_free(&c);
	profile_free(a);
	profile_free(b);
	intern_unref(names);
}

TEST(deltas_beyond_64_bits_are_counted)
{
	/* pprof values are int64 and may be negative (delta profiles). */
	ft_intern *names = intern_new();
	ft_diag err;
	ft_profile *side[2];
	ft_val v[2][2] = {{-9000000000000000000LL, 5}, {9000000000000000000LL, 3}};
	for (int s = 0; s < 2; s++) {
		ft_profile *p = side[s] = profile_new(names, 1);
		p->format = "pprof";
		uint32_t m = profile_child(p, FT_ROOT, intern_get(names, "main", 4, 0));
		uint32_t sp = profile_child(p, m, intern_get(names, "spin", 4, 0));
		uint32_t id = profile_child(p, m, intern_get(names, "idle", 4, 0));
		profile_add_self(p, sp, &v[s][0], &err);
		profile_add_self(p, id, &v[s][1], &err);
		CHECK_INT(profile_finish(p, FT_SORT_NAME, 0, &err), 0);
	}
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	CHECK_INT(compare_build(&c, side[0], 0, side[1], 0, &o, &err), 0);
	CHECK_INT(c.saturated, 3); /* the root, main, spin; not idle */
	CHECK_INT(c.sat_first, FT_ROOT);
	CHECK_INT(compare_delta(&c, at(&c, "main;spin"), CMP_BASIS_TOTAL), INT64_MAX);
	CHECK_INT(compare_delta(&c, at(&c, "main;idle"), CMP_BASIS_TOTAL), -2);
	compare_free(&c);
	/* Swapped: saturated downwards. */
	CHECK_INT(compare_build(&c, side[1], 0, side[0], 0, &o, &err), 0);
	CHECK_INT(c.saturated, 3);
	CHECK_INT(compare_delta(&c, at(&c, "main;spin"), CMP_BASIS_TOTAL), INT64_MIN);
	compare_free(&c);
	/* Within 64 bits: none. */
	CHECK_INT(compare_build(&c, side[1], 0, side[1], 0, &o, &err), 0);
	CHECK_INT(c.saturated, 0);
	CHECK_INT(c.sat_first, FT_NONE);
	compare_free(&c);
	profile_free(side[0]);
	profile_free(side[1]);
	intern_unref(names);
}

/* Sum of the breakdown rows of key k with value text val (NULL: all). */
static ft_val
share(const ft_label_share *r, uint32_t n, const ft_labelsets *s, const char *k,
    const char *val)
{
	ft_val t = 0;
	for (uint32_t i = 0; i < n; i++)
		if (strcmp(labelsets_text(s, r[i].key, NULL), k) == 0 &&
		    (val == NULL || strcmp(labelsets_text(s, r[i].value, NULL), val) == 0))
			t += r[i].v;
	return t;
}

/* The real recordings of tests/data/compare-stats (perf record -F 997 of
 * stats-burn at the same speed three times, and once with parse ~30%
 * slower): frames are coloured and signed by their function's verdict.
 * Same-speed pairs: every frame grey, no sign; the slowed pair: exactly
 * the frames of parse red and '+', everything else grey. */
static void
verdict_frames(const char *fa, const char *fb, const char *slower)
{
	ft_intern *names = intern_new();
	ft_load_opts lo;
	memset(&lo, 0, sizeof(lo));
	ft_load_report rep;
	ft_diag err;
	char pa[256], pb[256];
	snprintf(pa, sizeof(pa), "tests/data/compare-stats/%s.perf.txt.gz", fa);
	snprintf(pb, sizeof(pb), "tests/data/compare-stats/%s.perf.txt.gz", fb);
	ft_profile *a = load_file(pa, names, &lo, &rep, &err);
	ft_profile *b = load_file(pb, names, &lo, &rep, &err);
	CHECK(a != NULL && b != NULL);
	if (a == NULL || b == NULL)
		return;
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	CHECK_INT(compare_build(&c, a, 0, b, 0, &o, &err), 0);
	CHECK(c.verdict != NULL);
	CHECK(c.fit.robust);
	uint32_t grey = compare_verdict_rgb(0, 0, CMP_PAL_REDBLUE), signed_n = 0;
	for (uint32_t n = 1; n < c.u->nnodes; n++) {
		const char *nm = intern_str(names, c.u->nodes[n].name);
		int want = slower != NULL && strcmp(nm, slower) == 0;
		int s = compare_verdict_sign(&c, n);
		uint32_t col = compare_verdict_color(&c, n, CMP_BASIS_TOTAL, CMP_PAL_REDBLUE);
		if (want) {
			CHECK_INT(s, 1);
			CHECK(col != grey && (col >> 16) == 0xff); /* red */
			CHECK(compare_verdict_color(&c, n, CMP_BASIS_TOTAL, CMP_PAL_COLORBLIND) !=
			    col); /* orange */
			signed_n++;
		} else {
			if (s != 0 || col != grey)
				fprintf(stderr, "  %s vs %s: %s is not grey\n", fa, fb, nm);
			CHECK_INT(s, 0);
			CHECK_INT(col, grey);
		}
	}
	if (slower != NULL)
		CHECK(signed_n > 0);
	/* The --dump text: the legend row with k, and '+' only on parse. */
	ft_view v;
	view_init_compare(&v, &c, 140, 30);
	v.mode = CV_DIFF;
	v.layout_dirty = 1;
	ft_canvas cv;
	canvas_init(&cv, 140, 30, 0);
	render_view(&v, &cv);
	int ly = canvas_has(&cv, "k=");
	CHECK(ly == view_legend_row(&v) && ly > 0);
	CHECK(canvas_has(&cv, "(robust) rho=") == ly);
	CHECK((canvas_has(&cv, "+parse") > 0) == (slower != NULL));
	/* R: p, q and verdict columns, significant rows first, values in
	 * their unit; --min-change / --min-share hide small rows. */
	CHECK_INT(view_key(&v, 'R'), V_REDRAW);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "sorted by verdict, then |delta self|") == 0);
	char row[1024];
	canvas_row_text(&cv, 1, row, sizeof(row));
	CHECK(strstr(row, " p ") != NULL && strstr(row, " q ") != NULL &&
	    strstr(row, "verdict") < strstr(row, "function"));
	canvas_row_text(&cv, 2, row, sizeof(row));
	if (slower != NULL)
		CHECK(strstr(row, " slower ") != NULL && strstr(row, slower) != NULL);
	else
		CHECK(strstr(row, " slower ") == NULL && strstr(row, " faster ") == NULL);
	CHECK(strstr(row, " ms ") != NULL);
	uint32_t all = v.table.nrows;
	CHECK(all > 20);
	v.min_change = 5;
	v.min_share = 0.5;
	view_table_refresh(&v);
	CHECK(v.table.nrows < all && (slower == NULL || v.table.nrows > 0));
	for (uint32_t i = 0; i < v.table.nrows; i++)
		CHECK(!compare_row_hidden(&c, &v.table.rall[v.table.rows[i]], CMP_BASIS_SELF, 5, 0.5));
	/* 100 columns: the verdict alone. */
	canvas_free(&cv);
	canvas_init(&cv, 100, 30, 0);
	render_view(&v, &cv);
	canvas_row_text(&cv, 1, row, sizeof(row));
	CHECK(strstr(row, "verdict") != NULL && strstr(row, " q ") == NULL);
	canvas_free(&cv);
	view_free(&v);
	compare_free(&c);
	profile_free(a);
	profile_free(b);
	intern_unref(names);
}

/* K cycles the normalisation: robust (A x k), absolute (raw), total (A
 * scaled to B's total), back to robust (perf script states no duration:
 * no per-second mode); the verdicts stay those of the raw counts. */
TEST(normalisation_modes_cycle)
{
	ft_intern *names = intern_new();
	ft_load_opts lo;
	memset(&lo, 0, sizeof(lo));
	ft_load_report rep;
	ft_diag err;
	ft_profile *a = load_file("tests/data/compare-stats/same1.perf.txt.gz", names, &lo,
	    &rep, &err);
	ft_profile *b = load_file("tests/data/compare-stats/slow.perf.txt.gz", names, &lo,
	    &rep, &err);
	CHECK(a != NULL && b != NULL);
	if (a == NULL || b == NULL)
		return;
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME, .norm = CMP_NORM_ROBUST};
	CHECK_INT(compare_build(&c, a, 0, b, 0, &o, &err), 0);
	CHECK_INT(c.norm, CMP_NORM_ROBUST);
	CHECK(c.fit.robust && c.fit.k > 0.9 && c.fit.k < 1.0);
	/* A scaled by k: its total is k times the raw one (to a unit). */
	double want = (double)c.raw_total_a * c.fit.k;
	CHECK(fabs((double)c.total[0] - want) < want * 1e-6);
	CHECK(fabs(c.norm_factor - c.fit.k) < 1e-6);
	ft_view v;
	view_init_compare(&v, &c, 140, 20);
	view_set_inputs(&v, a, 0, b, 0, &o, NULL);
	ft_canvas cv;
	canvas_init(&cv, 140, 20, 0);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "robust: A x0.954") == view_legend_row(&v));
	CHECK_INT(view_key(&v, 'K'), V_REDRAW);
	CHECK_INT(v.cmp->norm, CMP_NORM_ABS);
	CHECK_INT(v.cmp->total[0], v.cmp->raw_total_a);
	CHECK_INT(v.cmp->whole[0], v.cmp->total[0]); /* no filter: whole = total */
	CHECK(strstr(v.message, "normalisation: absolute") != NULL);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "absolute: A x1,") >= 0);
	/* The verdict of parse does not depend on the scaling. */
	uint32_t parse = intern_find(names, "parse", 5, 0);
	double p, q;
	CHECK_INT(compare_name_verdict(v.cmp, parse, &p, &q), DS_SLOWER);
	view_key(&v, 'K');
	CHECK_INT(v.cmp->norm, CMP_NORM_TOTAL);
	CHECK_INT(v.cmp->total[0], v.cmp->total[1]);
	CHECK_INT(compare_name_verdict(v.cmp, parse, &p, &q), DS_SLOWER);
	view_key(&v, 'K');
	CHECK_INT(v.cmp->norm, CMP_NORM_ROBUST);
	canvas_free(&cv);
	view_free(&v);
	compare_free(&c);
	profile_free(a);
	profile_free(b);
	intern_unref(names);
}

/* Issue 24 item 4 in comparisons: after a filter, shares are of the whole
 * A and B, A is scaled as for the whole profiles (a filter changes no
 * factor), and the headers say "N of WHOLE (P%)". */
TEST(filtered_shares_of_the_whole)
{
	struct pair p;
	pair_open(&p, "main;parse;lex 30\nmain;io 70\n", "main;parse;lex 60\nmain;io 140\n", 0);
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, "focus parse", &err), 0);
	for (int norm = CMP_NORM_ROBUST; norm <= CMP_NORM_TOTAL; norm++) {
		ft_compare c;
		ft_compare_opts o = {.sort = FT_SORT_NAME, .norm = norm};
		CHECK_INT(compare_build_filtered(&c, p.a, 0, p.b, 0, &o, &f, &err), 0);
		/* Robust falls back to B's total here (too few functions): A
		 * x2 as for the whole (100 -> 200), not by what parse kept. */
		ft_val ka = norm == CMP_NORM_ABS ? 1 : 2;
		CHECK_INT(c.whole[0], 100 * ka);
		CHECK_INT(c.whole[1], 200);
		CHECK_INT(c.total[0], 30 * ka);
		CHECK_INT(c.total[1], 60);
		ft_view v;
		view_init_compare(&v, &c, 120, 12);
		v.mode = CV_DIFF;
		v.layout_dirty = 1;
		ft_canvas cv;
		canvas_init(&cv, 120, 12, 0);
		render_view(&v, &cv);
		CHECK(canvas_has(&cv, norm == CMP_NORM_ABS ? "A 30 of 100 (30.0%) -> B 60 of 200 (30.0%)" :
		    "A 60 of 200 (30.0%) -> B 60 of 200 (30.0%)") == 0);
		/* The status line: the root's share of the whole sides. */
		CHECK(canvas_has(&cv, "(30.0%) -> B 60 (30.0%)") == cv.h - 1);
		canvas_free(&cv);
		view_free(&v);
		compare_free(&c);
	}
	filters_free(&f);
	pair_close(&p);
}

/* W cycles B, A, max(A,B), A+B (issue 26 part 5): A+B gives every path
 * the width of both recordings, so what vanished and what is new both
 * show in proportion; only-in paths carry their glyphs. */
TEST(width_a_plus_b_and_only_glyphs)
{
	struct pair p;
	/* (Few samples: no verdict's sign hides the glyph.) */
	pair_open(&p, "main;old 3\nmain;both 10\n", "main;new 2\nmain;both 10\n", 0);
	ft_widths w = compare_widths(&p.c, CMP_W_SUM);
	CHECK_INT(w.w[FT_ROOT * w.stride], 25);
	CHECK_INT(w.w[at(&p.c, "main;old") * w.stride], 3);
	CHECK_INT(w.w[at(&p.c, "main;new") * w.stride], 2);
	CHECK_INT(w.w[at(&p.c, "main;both") * w.stride], 20);
	CHECK_STR(compare_width_name(CMP_W_SUM), "A+B");
	ft_view v;
	view_init_compare(&v, &p.c, 100, 12);
	for (int i = 0; i < 3; i++)
		view_apply(&v, ACT_CMP_WIDTH);
	CHECK_INT(v.wsrc, CMP_W_SUM);
	CHECK(strstr(v.message, "A+B") != NULL);
	ft_canvas cv;
	canvas_init(&cv, 100, 12, 0);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "width A+B") == 0);
	CHECK(canvas_has(&cv, "<old") == 3);
	CHECK(canvas_has(&cv, ">new") == 3);
	CHECK(canvas_has(&cv, "|both") == 3);
	view_apply(&v, ACT_CMP_WIDTH);
	CHECK_INT(v.wsrc, CMP_W_B);
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
}

TEST(elided_graph_is_what_vanished)
{
	struct pair p;
	/* A has main;old;deep (3) and main;gone (4) that B has not, and
	 * main;both;tail (5) where B keeps main;both but not tail. */
	pair_open(&p, "main;old;deep 3\nmain;gone 4\nmain;both 10\nmain;both;tail 5\n",
	    "main;new 2\nmain;both 10\n", 0);
	ft_widths w = compare_elided_widths(&p.c);
	CHECK_INT(w.w[FT_ROOT * w.stride], 12);
	CHECK_INT(w.w[at(&p.c, "main") * w.stride], 12);
	CHECK_INT(w.w[at(&p.c, "main;old") * w.stride], 3);
	CHECK_INT(w.w[at(&p.c, "main;old;deep") * w.stride], 3);
	CHECK_INT(w.w[at(&p.c, "main;gone") * w.stride], 4);
	CHECK_INT(w.w[at(&p.c, "main;both") * w.stride], 5); /* its vanished tail only */
	CHECK_INT(w.w[at(&p.c, "main;both;tail") * w.stride], 5);
	CHECK_INT(w.w[at(&p.c, "main;new") * w.stride], 0); /* new in B: not elided */
	ft_view v;
	view_init_compare(&v, &p.c, 100, 12);
	view_apply(&v, ACT_CMP_ELIDED);
	CHECK_INT(v.mode, CV_ELIDED);
	ft_canvas cv;
	canvas_init(&cv, 100, 12, 0);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "elided | samples | vanished: A 12 (54.5% of A)") == 0);
	CHECK(canvas_has(&cv, "<old") >= 0);
	CHECK(canvas_has(&cv, "<gone") >= 0);
	CHECK(canvas_has(&cv, "|both") >= 0);
	CHECK(canvas_has(&cv, "<tail") >= 0);
	CHECK(canvas_has(&cv, "new") < 0);
	/* The SVG of the view (e) is the elided graph too. */
	FILE *svg = tmpfile();
	ft_diag err;
	CHECK(svg != NULL && view_export_svg(&v, svg, 800, 0.1, &err) == 0);
	static char text[1 << 17];
	rewind(svg);
	size_t got = fread(text, 1, sizeof(text) - 1, svg);
	text[got] = '\0';
	fclose(svg);
	CHECK(strstr(text, "elided: what vanished from") != NULL);
	CHECK(strstr(text, "vanished: A 12 (54.5% of A)") != NULL);
	CHECK(strstr(text, "<title>gone&#10;") != NULL);
	CHECK(strstr(text, "<title>new") == NULL);
	CHECK(strstr(text, "<title>both&#10;") != NULL);
	/* E again: side by side. */
	view_apply(&v, ACT_CMP_ELIDED);
	CHECK_INT(v.mode, CV_SIDE);
	/* A selection the elided graph does not draw (B's new path) snaps to
	 * its drawn caller. */
	v.sel = at(&p.c, "main;new");
	view_apply(&v, ACT_CMP_ELIDED);
	view_update_layout(&v);
	CHECK_INT(v.sel, at(&p.c, "main"));
	view_apply(&v, ACT_CMP_ELIDED);
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
	/* Nothing vanished: an empty graph, and the key says so. */
	pair_open(&p, "main;a 3\n", "main;a 4\nmain;b 1\n", 0);
	CHECK_INT(compare_elided_widths(&p.c).w[FT_ROOT], 0);
	view_init_compare(&v, &p.c, 100, 12);
	view_apply(&v, ACT_CMP_ELIDED);
	CHECK(v.message != NULL && strstr(v.message, "nothing vanished") != NULL);
	view_free(&v);
	pair_close(&p);
}

TEST(verdict_colours_on_real_recordings)
{
	verdict_frames("same1", "same2", NULL);
	verdict_frames("same1", "same3", NULL);
	verdict_frames("same2", "same3", NULL);
	verdict_frames("same1", "slow", "parse");
	verdict_frames("same2", "slow", "parse");
}

TEST(labels_of_both_sides)
{
	/* A: the labelled Go CPU profile (tests/data/go-labels); B: the same
	 * without the /api/cart samples (a tag filter, labels carried). */
	ft_intern *names = intern_new();
	ft_load_opts lo;
	memset(&lo, 0, sizeof(lo));
	ft_load_report rep;
	ft_diag err;
	ft_profile *a = load_file("tests/data/go-labels.cpu.pb.gz", names, &lo, &rep, &err);
	ft_profile *b0 = load_file("tests/data/go-labels.cpu.pb.gz", names, &lo, &rep, &err);
	CHECK(a != NULL && b0 != NULL);
	ft_filters f = {0};
	CHECK_INT(filters_add_line(&f, "tagignore endpoint=/api/cart", &err), 0);
	ft_profile *b = transform_apply(b0, &f, FT_SORT_NAME, 0, &err);
	CHECK(b != NULL);
	CHECK(a->labels->sets != b->labels->sets); /* two files: two tables */
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	CHECK_INT(compare_build(&c, a, 0, b, 0, &o, &err), 0);
	CHECK(c.u->labels != NULL);
	CHECK_INT(c.label_keys, 2); /* endpoint, region */
	const ft_labelsets *s = c.u->labels->sets;
	ft_label_share *r;
	uint32_t n = labels_breakdown(c.u, FT_ROOT, CMP_A, NULL, NULL, &r);
	/* A as --info shows it (790 ms and 350 ms of 1.33 s), in the values
	 * as the profile stores them (the unit of c.total). */
	CHECK_INT(share(r, n, s, "endpoint", "/api/search"), 79);
	CHECK_INT(share(r, n, s, "endpoint", "/api/cart"), 35);
	CHECK_INT(share(r, n, s, "endpoint", NULL), c.total[0]);
	free(r);
	n = labels_breakdown(c.u, FT_ROOT, CMP_B, NULL, NULL, &r);
	CHECK_INT(share(r, n, s, "endpoint", "/api/search"), 79);
	CHECK_INT(share(r, n, s, "endpoint", "/api/cart"), 0);
	CHECK_INT(share(r, n, s, "endpoint", NULL), c.total[1]);
	CHECK_INT(share(r, n, s, "region", "eu"), 79);
	free(r);
	/* The details panel shows both sides, key by key. */
	ft_view v;
	view_init_compare(&v, &c, 120, 30);
	v.details = 1;
	v.layout_dirty = 1;
	ft_canvas cv;
	canvas_init(&cv, 120, 30, 0);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "A endpoint: /api/search 59.4%, /api/cart 26.3%, (none) 14.3%"));
	CHECK(canvas_has(&cv, "B endpoint: /api/search 80.6%, (none) 19.4%"));
	CHECK(canvas_has(&cv, "B region: eu 80.6%, (none) 19.4%"));
	canvas_free(&cv);
	view_free(&v);
	compare_free(&c);
	filters_free(&f);
	profile_free(a);
	profile_free(b0);
	profile_free(b);
	intern_unref(names);
}

TEST(copy_name_and_stack)
{
	struct pair p;
	pair_open(&p, "main;read_[k] 1\n", "main;other 1\n", 0);
	ft_view v;
	view_init_compare(&v, &p.c, 80, 10);
	CHECK_INT(view_apply(&v, ACT_COPY), V_REDRAW);
	CHECK(view_take_copy(&v) == NULL); /* the root is not a frame */
	uint32_t ids[2] = {intern_find(p.names, "main", 4, 0),
	    intern_find(p.names, "read", 4, FT_KIND_KERNEL)};
	view_select(&v, profile_lookup(p.c.u, ids, 2));
	CHECK(v.sel != FT_ROOT);
	CHECK(view_apply(&v, ACT_COPY) & V_COPY);
	char *s = view_take_copy(&v);
	CHECK_STR(s, "read_[k]");
	free(s);
	CHECK(view_apply(&v, ACT_COPY_STACK) & V_COPY);
	s = view_take_copy(&v);
	CHECK_STR(s, "main;read_[k]");
	free(s);
	CHECK(view_take_copy(&v) == NULL);
	view_free(&v);
	pair_close(&p);
}

static ft_profile *
two_types(ft_intern *names, ft_val c0, ft_val c1)
{
	ft_diag err;
	ft_profile *p = profile_new(names, 2);
	p->format = "pprof";
	profile_set_type(p, 0, "alloc_space", "bytes");
	profile_set_type(p, 1, "inuse_space", "bytes");
	p->deftype = 1;
	ft_val vals[2] = {c0, c1};
	uint32_t n = profile_child(p, FT_ROOT, intern_get(names, "f", 1, 0));
	profile_add_self(p, n, vals, &err);
	profile_finish(p, FT_SORT_NAME, 0, &err);
	return p;
}

TEST(sample_type_switch)
{
	ft_intern *names = intern_new();
	ft_profile *a = two_types(names, 100, 10), *b = two_types(names, 300, 20);
	int ca, cb;
	ft_diag err;
	CHECK_INT(compare_pick_columns(a, b, NULL, &ca, &cb, &err), 0);
	CHECK_INT(ca, 1);
	CHECK_INT(cb, 1);
	ft_compare c;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	CHECK_INT(compare_build(&c, a, ca, b, cb, &o, &err), 0);
	ft_view v;
	view_init_compare(&v, &c, 80, 10);
	view_set_inputs(&v, a, ca, b, cb, &o, NULL);
	CHECK_INT(v.cmp->total[1], 20);
	view_apply(&v, ACT_TYPE_NEXT);
	CHECK_INT(v.incol[0], 0);
	CHECK_INT(v.incol[1], 0);
	CHECK_INT(v.cmp->total[0], 100);
	CHECK_INT(v.cmp->total[1], 300);
	CHECK_STR(v.cmp->type[1], "alloc_space");
	view_apply(&v, ACT_TYPE_PREV);
	CHECK_INT(v.cmp->total[1], 20);
	view_free(&v);
	compare_free(&c);
	profile_free(a);
	profile_free(b);
	intern_unref(names);
}

static int
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The one view engine gives a comparison the single view's features: the
 * details panel with A, B and delta, the zoom in both pane headers, Enter
 * in the regressions table jumping to the frame, y/Y everywhere, and the
 * butterfly view with both sides' values. */
TEST(details_panel_and_zoom_headers)
{
	struct pair p;
	pair_open(&p, "main;parse;lex 5\nmain;old 5\n", "main;parse;lex 8\nmain;new 2\n", 0);
	ft_view v;
	view_init_compare(&v, &p.c, 100, 20);
	v.split = CV_SPLIT_LR;
	ft_canvas cv;
	canvas_init(&cv, 100, 20, 0);
	view_select(&v, at(&p.c, "main;parse"));
	CHECK_INT(view_key(&v, 'd'), V_REDRAW);
	CHECK(v.details);
	render_view(&v, &cv);
	char row[1024];
	int y = canvas_has(&cv, " details ");
	CHECK(y > 0 && y == cv.h - 1 - view_details_rows(&v));
	CHECK(canvas_has(&cv, "stack: main > parse") == y + 1);
	int t = canvas_has(&cv, "total A 5 (50.0%) -> B 8 (80.0%) delta +3 (+60.0%)");
	CHECK(t > y && t < cv.h - 1);
	CHECK(canvas_has(&cv, "self  A 0 (0.0%) -> B 0 (0.0%) delta 0 (0%)") == t + 1);
	CHECK(canvas_has(&cv, "all instances: total A 5 -> B 8 delta +3 (+60.0%)") == t + 2);
	/* The panes end above the panel. */
	CHECK_INT(view_legend_rows(&v), 1);
	CHECK(v.pane[0].h == y - 1 && v.pane[1].h == y - 1);
	CHECK(canvas_has(&cv, "k=") == y - 1); /* the verdict legend between */
	/* A path only in A: B's values are absent. */
	view_select(&v, at(&p.c, "main;old"));
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "total A 5 (50.0%) -> B absent delta -5 (-100%)") > y);
	/* Zoom: both pane headers name the zoom node. */
	view_zoom_to(&v, at(&p.c, "main;parse"));
	render_view(&v, &cv);
	canvas_row_text(&cv, 0, row, sizeof(row));
	char *za = strstr(row, "zoom: parse");
	CHECK(za != NULL && strstr(za + 1, "zoom: parse") != NULL);
	CHECK(strstr(row, "zoom: parse") < strstr(row, "B: total"));
	/* And the differential graph's header too. */
	view_apply(&v, ACT_CMP_DIFF);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "zoom: parse") == 0);
	CHECK(canvas_has(&cv, "diff | ") == 0);
	/* d again closes the panel: the pane takes the rows back. */
	view_key(&v, 'd');
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, " details ") < 0);
	CHECK_INT(v.pane[0].h, cv.h - 1 - view_legend_rows(&v));
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
}

TEST(table_enter_and_copy)
{
	struct pair p;
	pair_open(&p, "main;parse;lex 5\nmain;old 5\n", "main;parse;lex 8\nmain;new 2\n", 0);
	ft_view v;
	view_init_compare(&v, &p.c, 100, 12);
	ft_canvas cv;
	canvas_init(&cv, 100, 12, 0);
	CHECK_INT(view_key(&v, 'R'), V_REDRAW);
	CHECK(v.table.active);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "regressions by function") == 0);
	/* Row of new, the function only B has. */
	uint32_t nw = intern_find(p.names, "new", 3, 0), i;
	for (i = 0; i < v.table.nrows && view_table_name(&v, i) != nw; i++)
		;
	CHECK(i < v.table.nrows);
	while (v.table.sel < i)
		view_key(&v, FTK_DOWN);
	/* y copies the row's name. */
	CHECK(view_key(&v, 'y') & V_COPY);
	char *s = view_take_copy(&v);
	CHECK_STR(s, "new");
	free(s);
	/* Enter: the widest frame of new in the active pane (B). */
	CHECK_INT(view_key(&v, FTK_ENTER), V_REDRAW);
	CHECK(!v.table.active);
	CHECK_INT(v.sel, at(&p.c, "main;new"));
	render_view(&v, &cv);
	char row[1024];
	canvas_row_text(&cv, cv.h - 1, row, sizeof(row));
	CHECK(starts(row, "new | total A absent -> B 2"));
	/* A function A alone has, with pane A active: found there. */
	view_key(&v, FTK_TAB);
	CHECK_INT(v.active, 0);
	view_key(&v, 'R');
	uint32_t old = intern_find(p.names, "old", 3, 0);
	for (i = 0; i < v.table.nrows && view_table_name(&v, i) != old; i++)
		;
	CHECK(i < v.table.nrows);
	v.table.sel = i;
	view_key(&v, FTK_ENTER);
	CHECK_INT(v.sel, at(&p.c, "main;old"));
	/* y / Y in the graph: name and stack. */
	CHECK(view_key(&v, 'Y') & V_COPY);
	s = view_take_copy(&v);
	CHECK_STR(s, "main;old");
	free(s);
	/* Mouse: a double click on a table row jumps too. */
	view_key(&v, 'R');
	uint32_t lex = intern_find(p.names, "lex", 3, 0);
	for (i = 0; i < v.table.nrows && view_table_name(&v, i) != lex; i++)
		;
	CHECK(i < v.table.nrows && i < (uint32_t)cv.h - 3);
	CHECK_INT(view_click(&v, 5, 2 + (int)i, 1), V_REDRAW);
	CHECK(!v.table.active);
	CHECK_INT(v.sel, at(&p.c, "main;parse;lex"));
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
}

TEST(butterfly_with_both_sides)
{
	struct pair p;
	pair_open(&p, "main;a;f;x 4\nmain;b;f 2\nmain;old 5\n",
	    "main;a;f;x 1\nmain;a;f;y 6\nmain;c;f 3\n", 0);
	ft_view v;
	view_init_compare(&v, &p.c, 100, 16);
	ft_canvas cv;
	canvas_init(&cv, 100, 16, 0);
	/* b on a frame named f: callers above, callees below. */
	view_select(&v, at(&p.c, "main;a;f"));
	CHECK_INT(view_key(&v, 'b'), V_REDRAW);
	CHECK(v.bf != NULL);
	ft_view *up = &v.bf->up, *down = &v.bf->down;
	CHECK(up->cmp != NULL && down->cmp != NULL);
	/* Every stack through f, on each side. */
	CHECK_INT(down->cmp->total[0], 6);
	CHECK_INT(down->cmp->total[1], 10);
	CHECK_INT(up->cmp->total[0], 6);
	render_view(&v, &cv);
	CHECK(canvas_has(&cv, "butterfly: f | in stacks A 6 (54.5%) B 10 (100%)") == 0);
	char row[1024];
	canvas_row_text(&cv, cv.h - 1, row, sizeof(row));
	CHECK(starts(row, "f | total A 6 (100%) -> B 10 (100%) delta +4 (+66.7%)"));
	/* Callees: x shrank, y is new (B only: underlined nowhere, it is the
	 * differential graph, but signed +). */
	uint32_t nx = intern_find(p.names, "x", 1, 0);
	uint32_t y = profile_find_child(down->prof, FT_ROOT, intern_find(p.names, "y", 1, 0));
	CHECK(y != FT_NONE);
	CHECK_INT(down->cmp->presence[y], CMP_IN_B);
	/* 4 -> 1 and 0 -> 6 samples: within noise, so neutral (verdicts). */
	CHECK(canvas_has(&cv, "|x") > 0);
	CHECK(canvas_has(&cv, ">y") > 0); /* only in B */
	/* Down into the callees: the widest child in B's widths is y; right
	 * of it nothing, left x.  The status has both sides' values. */
	view_key(&v, 'j');
	CHECK_INT(down->sel, y);
	view_key(&v, 'h');
	CHECK_INT(down->prof->nodes[down->sel].name, nx);
	render_view(&v, &cv);
	canvas_row_text(&cv, cv.h - 1, row, sizeof(row));
	CHECK(starts(row, "x | total A 4 (66.7%) -> B 1 (10.0%) delta -3 (-75.0%)"));
	/* Y copies the real stack through f. */
	CHECK(view_key(&v, 'Y') & V_COPY);
	char *s = view_take_copy(&v);
	CHECK_STR(s, "f;x");
	free(s);
	/* Up into the callers: a, b and c, with c only in B. */
	view_key(&v, 'k');
	view_key(&v, 'k');
	CHECK_INT(v.bf->side, 0);
	uint32_t cc = profile_find_child(up->prof, FT_ROOT, intern_find(p.names, "c", 1, 0));
	CHECK(cc != FT_NONE);
	CHECK_INT(profile_total(up->prof, cc, CMP_A), 0);
	CHECK_INT(profile_total(up->prof, cc, CMP_B), 3);
	view_key(&v, FTK_ESC);
	CHECK(v.bf == NULL);
	/* A filter rebuilds the comparison; an open butterfly follows. */
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	view_set_inputs(&v, p.a, 0, p.b, 0, &o, NULL);
	ft_diag err;
	CHECK_INT(view_butterfly_open(&v, intern_find(p.names, "f", 1, 0), &err), 0);
	CHECK_INT(view_filter_add(&v, "ignore ^b$", &err), 0);
	CHECK(v.bf != NULL);
	CHECK_INT(v.bf->down.cmp->total[0], 4);
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
}

/* Comparison: chips that do not fit a pane header are counted, F lists
 * them, any can be removed, U and Ctrl-R undo and redo (both sides are
 * rebuilt each time). */
TEST(filter_list_in_comparison)
{
	struct pair p;
	pair_open(&p, "main;parse;lex 5\nmain;old 5\n", "main;parse;lex 8\nmain;new 2\n", 0);
	ft_view v;
	ft_diag err;
	view_init_compare(&v, &p.c, 120, 16);
	v.split = CV_SPLIT_LR;
	ft_compare_opts o = {.sort = FT_SORT_NAME};
	view_set_inputs(&v, p.a, 0, p.b, 0, &o, NULL);
	CHECK_INT(view_filter_add(&v, "ignore old", &err), 0);
	CHECK_INT(view_filter_add(&v, "hide qqqqqqqqqqqqqqqqqqqqqqqq", &err), 0);
	CHECK_INT(view_filter_add(&v, "hide wwwwwwwwwwwwwwwwwwwwwwww", &err), 0);
	ft_canvas cv;
	canvas_init(&cv, 120, 16, 0);
	render_view(&v, &cv);
	char row[1024];
	canvas_row_text(&cv, 0, row, sizeof(row));
	CHECK(strstr(row, "| ignore old, +2 filters [F]") != NULL);
	CHECK(strstr(row, "qqqq") == NULL);
	view_key(&v, 'F');
	view_key(&v, FTK_DOWN);
	view_key(&v, 'x');
	CHECK_INT(v.filters.n, 2);
	CHECK_STR(v.filters.v[1].pattern, "wwwwwwwwwwwwwwwwwwwwwwww");
	view_key(&v, FTK_UP);
	view_key(&v, 'x'); /* the ignore: both sides rebuilt */
	CHECK_INT(v.filters.n, 1);
	CHECK_INT(v.cmp->total[0], 10);
	render_view(&v, &cv);
	CHECK_STR(v.message, "filter removed (U undoes)");
	CHECK(canvas_has(&cv, "filters: 1, in the order they apply") == 13);
	CHECK(canvas_has(&cv, "1  hide wwww") == 14);
	view_key(&v, 'U');
	CHECK_INT(v.filters.n, 2);
	CHECK_INT(v.cmp->total[0], 5);
	view_key(&v, FTK_ESC);
	view_key(&v, FTK_CTRL('r'));
	CHECK_INT(v.filters.n, 1);
	CHECK_INT(v.cmp->total[0], 10);
	canvas_free(&cv);
	view_free(&v);
	pair_close(&p);
}

int
main(void)
{
	RUN(matches_by_path);
	RUN(deltas_and_export_shape);
	RUN(normalisation_keeps_sums);
	RUN(match_key);
	RUN(names_matched_loosely);
	RUN(names_not_merged_across_functions);
	RUN(strip_root);
	RUN(colour_scale);
	RUN(zero_totals);
	RUN(max_width_keeps_vanished);
	RUN(regressions_count_stacks_once);
	RUN(views_stay_in_step);
	RUN(differential_file_and_columns);
	RUN(search_and_filters_in_step);
	RUN(inline_frames_match_plain_functions);
	RUN(deltas_beyond_64_bits_are_counted);
	RUN(elided_graph_is_what_vanished);
	RUN(verdict_colours_on_real_recordings);
	RUN(normalisation_modes_cycle);
	RUN(filtered_shares_of_the_whole);
	RUN(width_a_plus_b_and_only_glyphs);
	RUN(labels_of_both_sides);
	RUN(copy_name_and_stack);
	RUN(sample_type_switch);
	RUN(details_panel_and_zoom_headers);
	RUN(table_enter_and_copy);
	RUN(butterfly_with_both_sides);
	RUN(filter_list_in_comparison);
	return unit_report();
}
