/* test_folded_threads.c - a folded file read in parts by threads
 * (--threads N) gives exactly the tree of reading it in one go: the same
 * node ids, names, order and totals, the same name table, the same counts
 * and messages (with the right line numbers), also when a part has a bad
 * line and the rest is read again in one go. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"

#include "load.h"
#include "profile.h"

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
		    x->sibling != y->sibling || x->depth != y->depth) {
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
	RUN(unsplittable_sources);
	rmdir(tmpdir);
	return unit_report();
}
