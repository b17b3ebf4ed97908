/* test_labels.c - label sets, pprof's number formatting and tag filter
 * grammar, tag transforms and the per-frame breakdown, on a hand-built
 * labelled tree. */
#include "profile/labels.h"
#include "ops/tags.h"
#include "ops/filters.h"
#include "tree_util.h"
#include "unit.h"

static uint32_t
S(ft_labelsets *s, const char *t)
{
	return labelsets_str(s, t, strlen(t));
}

/* main;a 5 {ep=/x}, main;a 3 {ep=/y}, main;b 2 {}, main;b 4 {bytes=2048} */
static ft_profile *
labelled(void)
{
	ft_profile *p = tree_from("main;a 8\nmain;b 6\n", 1);
	ft_labelsets *s = labelsets_new();
	p->labels = labelled_new(s, 1);
	ft_label x = {S(s, "ep"), S(s, "/x"), 0, S(s, "")};
	ft_label y = {S(s, "ep"), S(s, "/y"), 0, S(s, "")};
	ft_label b = {S(s, "bytes"), FT_LABEL_NUM, 2048, S(s, "")};
	uint32_t m = intern_find(p->names, "main", 4, 0);
	uint32_t nm = profile_find_child(p, FT_ROOT, m);
	uint32_t na = profile_find_child(p, nm, intern_find(p->names, "a", 1, 0));
	uint32_t nb = profile_find_child(p, nm, intern_find(p->names, "b", 1, 0));
	ft_diag err;
	ft_val v;
	v = 5; labelled_add(p->labels, na, labelsets_intern(s, &x, 1), &v, &err);
	v = 3; labelled_add(p->labels, na, labelsets_intern(s, &y, 1), &v, &err);
	v = 2; labelled_add(p->labels, nb, labelsets_intern(s, NULL, 0), &v, &err);
	v = 4; labelled_add(p->labels, nb, labelsets_intern(s, &b, 1), &v, &err);
	CHECK_INT(p->labels->n, 4);
	/* Equal sets intern to one id; an entry repeats by summing. */
	ft_label x2 = x;
	CHECK_INT(labelsets_intern(s, &x2, 1), labelsets_intern(s, &x, 1));
	labelsets_unref(s);
	return p;
}

TEST(format)
{
	char b[64];
	labels_format_num(b, sizeof(b), 4096, "bytes");
	CHECK_STR(b, "4kB");
	labels_format_num(b, sizeof(b), 1500000, "nanoseconds");
	CHECK_STR(b, "1.50ms");
	labels_format_num(b, sizeof(b), 106496, "bytes");
	CHECK_STR(b, "104kB");
	labels_format_num(b, sizeof(b), 18432, "");
	CHECK_STR(b, "18432");
	labels_format_num(b, sizeof(b), 0, "bytes");
	CHECK_STR(b, "0");
}

static const char *
tagged(const char *a, const char *b)
{
	ft_profile *p = labelled();
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, a, &err), 0);
	if (b != NULL)
		CHECK_INT(filters_add_line(&f, b, &err), 0);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	const char *r = tree_folded(q, 0);
	profile_free(q);
	profile_free(p);
	filters_free(&f);
	return r;
}

TEST(tag_filters)
{
	CHECK_STR(tagged("tagfocus ep=/x", NULL), "main;a 5\n");
	CHECK_STR(tagged("tagfocus ep=nomatch,/y", NULL), "main;a 3\n");
	CHECK_STR(tagged("tagfocus ep:/", NULL), "main;a 8\n");   /* key:value */
	CHECK_STR(tagged("tagignore ep=/x", NULL), "main;a 3\nmain;b 6\n");
	/* Numeric ranges with units, pprof's rule for a bare number. */
	CHECK_STR(tagged("tagfocus bytes=1kb:", NULL), "main;b 4\n");
	CHECK_STR(tagged("tagfocus bytes=2kb", NULL), "main;b 4\n");
	CHECK_STR(tagged("tagfocus bytes=:1kb", NULL), "");
	CHECK_STR(tagged("tagfocus bytes=:4096", NULL), "");   /* no unit */
	CHECK_STR(tagged("tagfocus :4096b", NULL), "main;b 4\n");
	CHECK_STR(tagged("tagfocus bytes=1kb:3kb", NULL), "main;b 4\n");
	CHECK_STR(tagged("tagroot ep", NULL),
	    "/x;main;a 5\n/y;main;a 3\n<unknown>;main;b 6\n");
	CHECK_STR(tagged("tagleaf bytes", "tagfocus bytes=1kb:"), "main;b;2048 4\n");
	/* Labels ride through later transforms. */
	CHECK_STR(tagged("tagroot ep", "invert"),
	    "a;main;/x 5\na;main;/y 3\nb;main;<unknown> 6\n");
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, "tagroot", &err), -1);
	CHECK_INT(filters_add_line(&f, "tagfocus ep=(", &err), -1);
	CHECK(strstr(err.msg, "bad regex") != NULL);
	filters_free(&f);
}

TEST(breakdown)
{
	ft_profile *p = labelled();
	ft_label_share *r;
	uint32_t n = labels_breakdown(p, FT_ROOT, 0, NULL, NULL, &r);
	/* Keys by name; values by share; "" for samples without the key. */
	CHECK_INT(n, 5);
	const ft_labelsets *s = p->labels->sets;
	CHECK_STR(labelsets_text(s, r[0].key, NULL), "bytes");
	CHECK_STR(labelsets_text(s, r[0].value, NULL), "");
	CHECK_INT(r[0].v, 10);
	CHECK_STR(labelsets_text(s, r[1].value, NULL), "2kB");
	CHECK_INT(r[1].v, 4);
	CHECK_STR(labelsets_text(s, r[2].value, NULL), "");
	CHECK_INT(r[2].v, 6);
	CHECK_STR(labelsets_text(s, r[3].value, NULL), "/x");
	CHECK_INT(r[3].v, 5);
	free(r);
	/* A frame: main;a only; taghide drops the key. */
	uint32_t nm = p->nodes[FT_ROOT].child, na = p->nodes[nm].child;
	ft_diag err;
	ft_matcher *hide = match_compile("^bytes$", &err);
	n = labels_breakdown(p, na, 0, NULL, hide, &r);
	CHECK_INT(n, 2);
	CHECK_STR(labelsets_text(s, r[0].value, NULL), "/x");
	CHECK_INT(r[1].v, 3);
	free(r);
	match_free(hide);
	/* Through a filter the entries follow their stacks. */
	ft_filters f = {0};
	filters_add_line(&f, "hide ^main$", &err);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK(q->labels != NULL);
	n = labels_breakdown(q, q->nodes[FT_ROOT].child, 0, NULL, NULL, &r);
	CHECK_INT(n, 2); /* a: ep=/x 5, ep=/y 3 */
	free(r);
	profile_free(q);
	filters_free(&f);
	profile_free(p);
}

int
main(void)
{
	RUN(format);
	RUN(tag_filters);
	RUN(breakdown);
	return unit_report();
}
