/* test_folded_threads.c - a folded file read in parts by threads
 * (--threads N) gives exactly the tree of reading it in one go: the same
 * node ids, names, order and totals, the same name table, the same counts
 * and messages (with the right line numbers), also when a part has a bad
 * line and the rest is read again in one go. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"

#include "profile/demangle.h"
#include "input/load.h"
#include "profile/profile.h"
#include "profile/relabel.h"

/* Real folded files made by their producers (tests/data/README.md). */
static const char *const real[] = {
	"tests/data/bcc-profile-adf.folded",
	"tests/data/go-labels/expected/cpu-all.folded",
	"tests/data/go-labels/expected/heap-tagroot-bytes.folded",
	"tests/data/jfr/java-work.alloc_outside_bytes.folded",
	"tests/data/small.folded",
	"tests/data/tricky.folded",
};
#define NREAL (sizeof(real) / sizeof(real[0]))

static char tmpdir[] = "/tmp/ft-threads-XXXXXX";

static ft_profile *
load_n(const char *path, int threads, int strict, ft_load_report *rep, ft_diag *err)
{
	ft_load_opts o = {0};
	o.threads = threads;
	o.strict = strict;
	return load_file(path, NULL, &o, rep, err);
}

/* Same tree and name table, node for node. */
static int
same_profile(const ft_profile *a, const ft_profile *b)
{
	if (a->nnodes != b->nnodes || a->nvals != b->nvals || a->scale != b->scale ||
	    a->differential != b->differential || a->deftype != b->deftype ||
	    a->max_depth != b->max_depth) {
		UNIT_FAIL("shape: nodes %u/%u nvals %d/%d scale %d/%d", a->nnodes, b->nnodes,
		    a->nvals, b->nvals, a->scale, b->scale);
		return 0;
	}
	for (uint32_t n = 0; n < a->nnodes; n++) {
		const ft_node *x = &a->nodes[n], *y = &b->nodes[n];
		if (x->name != y->name || x->parent != y->parent || x->child != y->child ||
		    x->sibling != y->sibling) {
			UNIT_FAIL("node %u differs", n);
			return 0;
		}
		for (int c = 0; c < a->nvals; c++)
			if (profile_total(a, n, c) != profile_total(b, n, c)) {
				UNIT_FAIL("total of node %u differs", n);
				return 0;
			}
	}
	uint32_t nn = intern_count(a->names);
	if (nn != intern_count(b->names)) {
		UNIT_FAIL("names %u/%u", nn, intern_count(b->names));
		return 0;
	}
	for (uint32_t id = 0; id < nn; id++)
		if (strcmp(intern_str(a->names, id), intern_str(b->names, id)) != 0 ||
		    intern_kind(a->names, id) != intern_kind(b->names, id)) {
			UNIT_FAIL("name %u: %s / %s", id, intern_str(a->names, id),
			    intern_str(b->names, id));
			return 0;
		}
	return 1;
}

static int
same_report(const ft_load_report *a, const ft_load_report *b)
{
	int ok = a->lines == b->lines && a->blank == b->blank && a->comment == b->comment &&
	    a->valid == b->valid && a->invalid == b->invalid && a->stacks == b->stacks &&
	    a->rounded == b->rounded && a->nwarn == b->nwarn &&
	    strcmp(a->first_bad.msg, b->first_bad.msg) == 0 &&
	    strcmp(a->first_rounded.msg, b->first_rounded.msg) == 0;
	for (int i = 0; ok && i < a->nwarn && i < 4; i++)
		ok = strcmp(a->warn[i].msg, b->warn[i].msg) == 0;
	if (!ok)
		UNIT_FAIL("reports differ: lines %ld/%ld valid %ld/%ld stacks %ld/%ld "
		    "bad '%s' / '%s'", a->lines, b->lines, a->valid, b->valid, a->stacks,
		    b->stacks, a->first_bad.msg, b->first_bad.msg);
	return ok;
}

/* Load path with 1 thread and with 2..7 parts; all must agree.  Returns
 * the most parts merged by any run (0: none merged). */
static int
check_agree(const char *path, int strict)
{
	ft_load_report r1, rn;
	ft_diag e1 = {{0}}, en = {{0}};
	ft_profile *p1 = load_n(path, 1, strict, &r1, &e1);
	CHECK_INT(r1.parts, 0);
	int most = 0;
	for (int t = 2; t <= 7; t++) {
		memset(&en, 0, sizeof(en));
		ft_profile *pn = load_n(path, t, strict, &rn, &en);
		CHECK((p1 == NULL) == (pn == NULL));
		if (p1 == NULL || pn == NULL) {
			CHECK_STR(en.msg, e1.msg);
		} else {
			CHECK(same_profile(p1, pn));
			CHECK(same_report(&r1, &rn));
		}
		if (rn.parts > most)
			most = rn.parts;
		profile_free(pn);
	}
	profile_free(p1);
	return most;
}

/* Write the real files one after another (plus extra text) to a file. */
static void
write_concat(const char *out, const char *at_end_of_half, const char *at_end)
{
	FILE *f = fopen(out, "w");
	for (size_t r = 0; r < 2; r++) {
		for (size_t i = 0; i < NREAL; i++) {
			FILE *in = fopen(real[i], "r");
			if (in == NULL) {
				UNIT_FAIL("%s missing", real[i]);
				continue;
			}
			char buf[4096];
			size_t n;
			while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
				fwrite(buf, 1, n, f);
			fclose(in);
		}
		if (r == 0 && at_end_of_half != NULL)
			fputs(at_end_of_half, f);
	}
	if (at_end != NULL)
		fputs(at_end, f);
	fclose(f);
}

TEST(real_files_agree)
{
	for (size_t i = 0; i < NREAL; i++) {
		int parts = check_agree(real[i], 0);
		/* A file of more than a few lines is really read in parts. */
		if (strcmp(real[i], "tests/data/small.folded") != 0)
			CHECK(parts >= 2);
	}
	char path[256];
	snprintf(path, sizeof(path), "%s/all.folded", tmpdir);
	write_concat(path, NULL, NULL);
	CHECK(check_agree(path, 0) >= 5);
	CHECK(check_agree(path, 1) >= 5);
	unlink(path);
}

/* A bad line in the second half: the same message with the same line
 * number, also when it is fatal (--strict); the parts before it are
 * still merged. */
TEST(bad_line_in_second_half)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/bad.folded", tmpdir);
	write_concat(path, NULL, "main;work 3\nthis line has no count\nmain;rest 4\n");
	ft_load_report r1, r2;
	ft_diag e1 = {{0}}, e2 = {{0}};
	ft_profile *p1 = load_n(path, 1, 0, &r1, &e1);
	ft_profile *p2 = load_n(path, 2, 0, &r2, &e2);
	CHECK(p1 != NULL && p2 != NULL);
	CHECK_INT(r1.invalid, 1);
	char want[600];
	snprintf(want, sizeof(want), "%s:%ld: the line does not end in a count", path,
	    r1.lines - 1);
	CHECK(strncmp(r1.first_bad.msg, want, strlen(want)) == 0);
	CHECK_INT(r2.parts, 0); /* the second part was read again */
	if (p1 != NULL && p2 != NULL) {
		CHECK(same_profile(p1, p2));
		CHECK(same_report(&r1, &r2));
	}
	profile_free(p1);
	profile_free(p2);
	check_agree(path, 0);
	ft_profile *s = load_n(path, 2, 1, &r2, &e2);
	CHECK(s == NULL);
	CHECK(strncmp(e2.msg, want, strlen(want)) == 0);
	CHECK(check_agree(path, 1) >= 2); /* early parts merged, then the error */
	unlink(path);
}

/* Lone CR line ends in the first half shift the line numbers of the
 * second; fractional counts or a second count column in a later part
 * (rescaled or widened by the whole file) come out as in one go. */
TEST(line_numbers_scale_and_columns)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/odd.folded", tmpdir);
	write_concat(path, "cr;one 1\rcr;two 2\rcr;three 3\n", "x;y 2.25\nbad\n");
	CHECK(check_agree(path, 0) >= 2);
	ft_load_report r;
	ft_diag e = {{0}};
	ft_profile *p = load_n(path, 3, 0, &r, &e);
	CHECK(p != NULL && p->scale == 2);
	char want[600];
	snprintf(want, sizeof(want), "%s:%ld: ", path, r.lines);
	CHECK(strncmp(r.first_bad.msg, want, strlen(want)) == 0);
	profile_free(p);
	unlink(path);

	snprintf(path, sizeof(path), "%s/diff.folded", tmpdir);
	write_concat(path, NULL, "d;e 1 2\n");
	CHECK(check_agree(path, 0) >= 2);
	p = load_n(path, 4, 0, &r, &e);
	CHECK(p != NULL && p->differential && r.nwarn == 1);
	profile_free(p);
	unlink(path);

	/* Every line differential: parts merge. */
	snprintf(path, sizeof(path), "%s/diff2.folded", tmpdir);
	FILE *f = fopen(path, "w");
	for (int i = 0; i < 400; i++)
		fprintf(f, "main;f%d;g%d %d %d\n", i % 7, i % 13, i, 2 * i);
	fclose(f);
	CHECK(check_agree(path, 0) >= 5);
	unlink(path);
}

/* A frame first seen in a middle part gets many children there (it turns
 * "wide": its children are found through a hash table), and a later part
 * goes down to them again: the merge of the middle part must leave the
 * new frame's children where the next merge looks for them, or that
 * merge makes a second node of the same name. */
TEST(wide_frame_made_in_a_middle_part)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/wide.folded", tmpdir);
	FILE *f = fopen(path, "w");
	for (int part = 0; part < 3; part++)
		for (int i = 0; i < 40; i++)
			fprintf(f, "%s;c%02d;leaf %d\n", part == 0 ? "first" : "wide", i, i + 1);
	fclose(f);
	ft_load_report r;
	ft_diag e = {{0}};
	ft_profile *p = load_n(path, 3, 0, &r, &e);
	CHECK(p != NULL);
	CHECK_INT(r.parts, 3);
	if (p != NULL) {
		/* all, first, wide, 40 + 40 frames c.., 80 leaves */
		CHECK_INT(p->nnodes, 3 + 80 + 80);
		uint32_t w = profile_find_child(p, FT_ROOT, intern_find(p->names, "wide", 4, 0));
		CHECK(w != FT_NONE && profile_total(p, w, 0) == 2 * (40 * 41 / 2));
	}
	profile_free(p);
	CHECK(check_agree(path, 0) >= 3);
	unlink(path);
}

/* Same tree node for node, names compared by text and kind (a tree
 * demangled while loading interns its names in another order than one
 * relabelled afterwards). */
static int
same_tree_by_text(const ft_profile *a, const ft_profile *b)
{
	if (a->nnodes != b->nnodes || a->nvals != b->nvals || a->max_depth != b->max_depth) {
		UNIT_FAIL("shape: nodes %u/%u", a->nnodes, b->nnodes);
		return 0;
	}
	for (uint32_t n = 0; n < a->nnodes; n++) {
		const ft_node *x = &a->nodes[n], *y = &b->nodes[n];
		if (x->parent != y->parent || x->child != y->child || x->sibling != y->sibling ||
		    strcmp(intern_str(a->names, x->name), intern_str(b->names, y->name)) != 0 ||
		    intern_kind(a->names, x->name) != intern_kind(b->names, y->name)) {
			UNIT_FAIL("node %u differs: %s / %s", n, intern_str(a->names, x->name),
			    intern_str(b->names, y->name));
			return 0;
		}
		for (int c = 0; c < a->nvals; c++)
			if (profile_total(a, n, c) != profile_total(b, n, c)) {
				UNIT_FAIL("total of node %u differs", n);
				return 0;
			}
	}
	return 1;
}

/* Frames that demangle alike (C++ overloads, Rust legacy hashes, and the
 * demangled text itself as a frame) in stacks that then merge; some
 * repeat, some differ only in where the mangled and plain names stand. */
static const char demangle_lines[] =
    "main;_ZN3foo3barEi;leaf%d 1\n"
    "main;_ZN3foo3barEv;leaf%d 2\n"
    "main;foo::bar;leaf%d 4\n"
    "main;_ZN3foo3bar17h0123456789abcdefE;leaf%d 8\n"
    "x;_ZN3foo3barEi;foo::bar 16\n"
    "x;foo::bar;_ZN3foo3barEi 32\n"
    "main;_ZN3foo3barEi;leaf%d 64\n"
    "other;plain_[k] 128\n";

static ft_profile *
load_dm(const char *path, int threads, int dm_load, ft_load_report *rep)
{
	ft_load_opts o = {0};
	ft_diag e = {{0}};
	o.threads = threads;
	o.dm_load = dm_load;
	ft_profile *p = load_file(path, NULL, &o, rep, &e);
	if (p == NULL)
		UNIT_FAIL("%s: %s", path, e.msg);
	return p;
}

/* --demangle applied while reading (ft_load_opts.dm_load) gives the tree
 * relabelling the tree as loaded gives, node for node, in one go and in
 * parts; distinct stacks are counted as loaded (input_stacks). */
TEST(demangled_while_loading)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/dm.folded", tmpdir);
	FILE *f = fopen(path, "w");
	fprintf(f, demangle_lines, 0, 0, 0, 0, 0);
	fclose(f);
	ft_load_report r;
	ft_profile *p = load_dm(path, 1, FT_DEMANGLE_SHORT + 1, &r);
	CHECK(p != NULL && p->names_merged && p->renamed &&
	    p->rename_dm == FT_DEMANGLE_SHORT);
	/* 7 distinct stacks as loaded (one line repeats), 3 after merging:
	 * main;foo::bar;leaf0, x;foo::bar;foo::bar, other;plain */
	CHECK_INT(r.stacks, 7);
	CHECK_INT(r.valid, 8);
	if (p != NULL)
		CHECK_INT(profile_count_stacks(p), 3);
	profile_free(p);

	/* A stack that is a prefix of the one before it (read without a
	 * walk) is told apart by its own renamed frames only: the second and
	 * fourth lines are one stack as loaded (found by fuzz_folded). */
	f = fopen(path, "w");
	fputs("a;_ZN3foo3barEi;_ZN3foo3barEv 1\na;_ZN3foo3barEi 2\nx 1\na;_ZN3foo3barEi 2\n", f);
	fclose(f);
	for (int t = 1; t <= 2; t++) {
		p = load_dm(path, t, FT_DEMANGLE_SHORT + 1, &r);
		CHECK_INT(r.stacks, 3);
		profile_free(p);
	}

	f = fopen(path, "w");
	for (int i = 0; i < 60; i++)
		fprintf(f, demangle_lines, i % 7, i % 5, i % 3, i % 11, i % 13);
	fclose(f);
	for (int dm = 0; dm < FT_DEMANGLES; dm++) {
		ft_load_report r0;
		ft_diag e = {{0}};
		ft_profile *raw = load_dm(path, 1, 0, &r0);
		ft_profile *want = raw != NULL ? profile_relabel(raw, FT_GROUP_THREAD, dm,
		    FT_SORT_NAME, 0, &e) : NULL;
		CHECK(want != NULL);
		for (int t = 1; t <= 4 && want != NULL; t++) {
			ft_load_report rt;
			ft_profile *q = load_dm(path, t, dm + 1, &rt);
			CHECK(q != NULL);
			if (q == NULL)
				continue;
			CHECK(same_tree_by_text(want, q));
			CHECK_INT(rt.stacks, r0.stacks);
			CHECK_INT(q->names_merged, dm != FT_DEMANGLE_NONE);
			if (t > 1)
				CHECK(rt.parts >= 2);
			profile_free(q);
		}
		if (want != raw)
			profile_free(want);
		profile_free(raw);
	}
	unlink(path);
}

/* Gzip and memory sources are read in one go whatever --threads says. */
TEST(unsplittable_sources)
{
	ft_load_report r;
	ft_diag e = {{0}};
	ft_load_opts o = {0};
	o.threads = 4;
	const char text[] = "a;b 1\na;c 2\nd 3\ne 4\n";
	ft_source *s = source_open_mem(text, sizeof(text) - 1, "m.folded");
	ft_profile *p = load_source(s, FT_FMT_FOLDED, NULL, &o, &r, &e);
	source_close(s);
	CHECK(p != NULL);
	CHECK_INT(r.parts, 0);
	CHECK_INT(r.valid, 4);
	profile_free(p);
}

int
main(void)
{
	if (mkdtemp(tmpdir) == NULL)
		return 1;
	RUN(real_files_agree);
	RUN(bad_line_in_second_half);
	RUN(line_numbers_scale_and_columns);
	RUN(wide_frame_made_in_a_middle_part);
	RUN(demangled_while_loading);
	RUN(unsplittable_sources);
	rmdir(tmpdir);
	return unit_report();
}
