/* test_transform.c - each filter on small trees, recursion, empty results,
 * combinations and every value column. */
#include "transform.h"
#include "tree_util.h"
#include "unit.h"

static const char *tree1 =
    "main;a;x 5\n"
    "main;a;y 3\n"
    "main;b;x;z 2\n"
    "main;c 4\n"
    "main 1\n";

/* Apply "KIND RE" to text and return the folded result of column 0. */
static const char *
run1(const char *text, const char *filter, ft_val *total)
{
	ft_profile *p = tree_from(text, 1);
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, filter, &err), 0);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK(q != NULL);
	const char *s = tree_folded(q, 0);
	*total = profile_total(q, FT_ROOT, 0);
	profile_free(q);
	profile_free(p);
	filters_free(&f);
	return s;
}

TEST(focus)
{
	ft_val t;
	CHECK_STR(run1(tree1, "focus ^x$", &t), "main;a;x 5\nmain;b;x;z 2\n");
	CHECK_INT(t, 7);
}

TEST(ignore)
{
	ft_val t;
	CHECK_STR(run1(tree1, "ignore=^x$", &t), "main 1\nmain;a;y 3\nmain;c 4\n");
	CHECK_INT(t, 8);
}

TEST(hide)
{
	ft_val t;
	CHECK_STR(run1(tree1, "hide ^(a|b)$", &t),
	    "main 1\nmain;c 4\nmain;x 5\nmain;x;z 2\nmain;y 3\n");
	CHECK_INT(t, 15);
	/* Hiding every frame leaves all time in the root. */
	ft_profile *p = tree_from(tree1, 1);
	ft_filters f = {0};
	ft_diag err;
	filters_add(&f, FILTER_HIDE, ".", &err);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_INT(q->nnodes, 1);
	CHECK_INT(profile_self(q, FT_ROOT, 0), 15);
	profile_free(q);
	profile_free(p);
	filters_free(&f);
}

TEST(show_from)
{
	ft_val t;
	CHECK_STR(run1(tree1, "show-from ^x$", &t), "x 5\nx;z 2\n");
	CHECK_INT(t, 7); /* a;x 5 + b;x;z 2 */
}

TEST(prune_from)
{
	ft_val t;
	CHECK_STR(run1(tree1, "prune-from ^(a|b)$", &t),
	    "main 1\nmain;a 8\nmain;b 2\nmain;c 4\n");
	CHECK_INT(t, 15);
	/* pprof's own example (profile/prune.go): [A,B,C,B,D] pruned from B
	 * keeps A,B,C,B; a stack without a match is kept whole. */
	CHECK_STR(run1("A;B;C;B;D 1\nA;C 2\n", "prune-from ^B$", &t),
	    "A;B;C;B 1\nA;C 2\n");
	CHECK_INT(t, 3);
}

TEST(show)
{
	ft_val t;
	const char *s = run1(tree1, "show ^(main|x)$", &t);
	CHECK_STR(s, "main 8\nmain;x 7\n");
	CHECK_INT(t, 15); /* main;c and main;a;y time lands on main; none is lost */
	/* Stacks with no kept frame go to the root's self. */
	ft_profile *p = tree_from(tree1, 1);
	ft_filters f = {0};
	ft_diag err;
	filters_add(&f, FILTER_SHOW, "^z$", &err);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_INT(profile_self(q, FT_ROOT, 0), 13);
	CHECK_INT(profile_total(q, FT_ROOT, 0), 15);
	CHECK_STR(tree_folded(q, 0), "z 2\n");
	profile_free(q);
	profile_free(p);
	filters_free(&f);
}

static const char *rec =
    "r;f;g;f;h 4\n"
    "r;f;f 2\n"
    "r;g;f 1\n"
    "r;k 3\n";

TEST(recursion)
{
	ft_val t;
	/* Outermost match: a stack with f twice counts once. */
	CHECK_STR(run1(rec, "focus ^f$", &t), "r;f;f 2\nr;f;g;f;h 4\nr;g;f 1\n");
	CHECK_INT(t, 7);
	CHECK_STR(run1(rec, "show-from ^f$", &t), "f 1\nf;f 2\nf;g;f;h 4\n");
	CHECK_INT(t, 7);
	/* Innermost match, as pprof's PruneFrom: frames above it stay. */
	CHECK_STR(run1(rec, "prune-from ^f$", &t),
	    "r;f;f 2\nr;f;g;f 4\nr;g;f 1\nr;k 3\n");
	CHECK_INT(t, 10);
	CHECK_STR(run1(rec, "hide ^f$", &t), "r 2\nr;g 1\nr;g;h 4\nr;k 3\n");
	CHECK_INT(t, 10);
	CHECK_STR(run1(rec, "show ^(f|h)$", &t), "f 1\nf;f 2\nf;f;h 4\n");
	CHECK_INT(t, 10);
}

TEST(empty)
{
	ft_val t;
	CHECK_STR(run1(tree1, "focus nomatch", &t), "");
	CHECK_INT(t, 0);
	CHECK_STR(run1(tree1, "ignore .", &t), "");
	CHECK_INT(t, 0);
	CHECK_STR(run1(tree1, "show-from nomatch", &t), "");
	CHECK_INT(t, 0);
	/* An empty profile filters to an empty profile. */
	CHECK_STR(run1("", "hide x", &t), "");
	CHECK_INT(t, 0);
}

TEST(combined)
{
	ft_profile *p = tree_from(tree1, 1);
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, "focus ^x$", &err), 0);
	CHECK_INT(filters_add_line(&f, "hide ^(a|b)$", &err), 0);
	CHECK_INT(filters_add_line(&f, "ignore=^z$", &err), 0);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_STR(tree_folded(q, 0), "main;x 5\n");
	profile_free(q);
	/* Order matters: ignore z first, then show-from x. */
	filters_clear(&f);
	CHECK_INT(filters_add(&f, FILTER_SHOW_FROM, "^x$", &err), 0);
	CHECK_INT(filters_add(&f, FILTER_PRUNE_FROM, "^x$", &err), 0);
	q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_STR(tree_folded(q, 0), "x 7\n");
	profile_free(q);
	filters_pop(&f);
	CHECK_INT(f.n, 1);
	filters_free(&f);
	profile_free(p);
}

TEST(all_columns)
{
	ft_profile *p = tree_from("a;b 1 10\na;c 2 20\nd 4 40\n", 2);
	ft_filters f = {0};
	ft_diag err;
	filters_add(&f, FILTER_IGNORE, "^c$", &err);
	filters_add(&f, FILTER_HIDE, "^a$", &err);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_INT(q->nvals, 2);
	CHECK_STR(tree_folded(q, 0), "b 1\nd 4\n");
	CHECK_STR(tree_folded(q, 1), "b 10\nd 40\n");
	CHECK_INT(profile_total(q, FT_ROOT, 1), 50);
	profile_free(q);
	profile_free(p);
	filters_free(&f);
}

TEST(parse)
{
	ft_filters f = {0};
	ft_diag err;
	CHECK_INT(filters_add_line(&f, "frobnicate x", &err), -1);
	CHECK(strstr(err.msg, "unknown filter") != NULL);
	CHECK_INT(filters_add_line(&f, "focus", &err), -1);
	CHECK_INT(filters_add_line(&f, "focus (", &err), -1);
	CHECK(strstr(err.msg, "bad regex") != NULL);
	CHECK_INT(f.n, 0);
	CHECK_INT(filters_add_line(&f, "  prune_from=a b", &err), 0);
	CHECK_INT(f.v[0].kind, FILTER_PRUNE_FROM);
	CHECK_STR(f.v[0].pattern, "a b");
	CHECK_STR(filter_kind_name(FILTER_SHOW_FROM), "show-from");
	filters_free(&f);
}

/* Stacks deeper than any C stack could recurse over. */
TEST(deep)
{
	ft_profile *p = profile_new(NULL, 1);
	uint32_t a = intern_get(p->names, "a", 1, 0), b = intern_get(p->names, "b", 1, 0);
	uint32_t n = FT_ROOT;
	for (int i = 0; i < 200000; i++)
		n = profile_child(p, n, i % 2 ? a : b);
	ft_val one = 1;
	ft_diag err;
	profile_add_self(p, n, &one, &err);
	profile_finish(p, FT_SORT_NAME, 0, &err);
	ft_filters f = {0};
	filters_add(&f, FILTER_HIDE, "^a$", &err);
	ft_profile *q = transform_apply(p, &f, FT_SORT_NAME, 0, &err);
	CHECK_INT(q->max_depth, 100000);
	CHECK_INT(profile_total(q, FT_ROOT, 0), 1);
	profile_free(q);
	filters_free(&f);
	profile_free(p);
}

/* The filters against a direct rebuild: every stack (a node with a
 * non-zero self row, in node id order) is reshaped as a list of frames and
 * added with profile_child, as the filters' definitions say.  The results
 * must be the same trees node for node: ids, names, parents, depths,
 * values in both columns (one of them with negative values) and child
 * order, so the fast passes number nodes exactly as this does. */
static ft_profile *
naive_filter(const ft_profile *p, int kind, const uint8_t *match)
{
	ft_profile *q = profile_new_like(p);
	uint32_t *path = malloc(sizeof(uint32_t) * (p->max_depth + 1));
	uint32_t *keep = malloc(sizeof(uint32_t) * (p->max_depth + 1));
	ft_val row[2];
	ft_diag err;
	for (uint32_t i = 0; i < p->nnodes; i++) {
		if (!profile_self_row(p, i, row))
			continue;
		uint32_t d = i == FT_ROOT ? 0 : profile_path(p, i, path), n = 0;
		int first = -1, last = -1;
		for (uint32_t k = 0; k < d; k++) {
			if (match[path[k]]) {
				if (first < 0)
					first = (int)k;
				last = (int)k;
			}
		}
		if ((kind == FILTER_FOCUS || kind == FILTER_SHOW_FROM) && first < 0)
			continue;
		if (kind == FILTER_IGNORE && first >= 0)
			continue;
		for (uint32_t k = 0; k < d; k++) {
			int m = match[path[k]];
			if ((kind == FILTER_HIDE && m) || (kind == FILTER_SHOW && !m) ||
			    (kind == FILTER_SHOW_FROM && (int)k < first) ||
			    (kind == FILTER_PRUNE_FROM && last >= 0 && (int)k > last))
				continue;
			keep[n++] = path[k];
		}
		uint32_t node = FT_ROOT;
		for (uint32_t k = 0; k < n; k++)
			node = profile_child(q, node, keep[k]);
		CHECK_INT(profile_add_self(q, node, row, &err), 0);
	}
	free(path);
	free(keep);
	CHECK_INT(profile_finish(q, FT_SORT_NAME, 0, &err), 0);
	return q;
}

TEST(same_as_rebuild)
{
	static const char *const res[] = {"^a$", "^(b|c)$", "d", ".", "zzz", "^[ae]$"};
	uint64_t seed = 12345;
	char *text = malloc(64 * 1024);
	for (int round = 0; round < 4; round++) {
		size_t o = 0;
		for (int s = 0; s < 300; s++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			int depth = 1 + (int)((seed >> 33) % 8);
			for (int k = 0; k < depth; k++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				o += (size_t)sprintf(text + o, "%s%c", k ? ";" : "",
				    'a' + (int)((seed >> 33) % 6));
			}
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			o += (size_t)sprintf(text + o, " %d %d\n", (int)((seed >> 33) % 4),
			    (int)((seed >> 40) % 6) - 2);
		}
		text[o] = '\0';
		ft_profile *p = tree_from(text, 2);
		for (int kind = 0; kind < FILTER_REGEX_KINDS; kind++) {
			for (size_t r = 0; r < sizeof(res) / sizeof(res[0]); r++) {
				ft_diag err;
				ft_matcher *m = match_compile(res[r], &err);
				uint8_t *map = filter_match(p, kind, m);
				ft_profile *a = transform_filter(p, kind, map, FT_SORT_NAME, 0, &err);
				ft_profile *b = naive_filter(p, kind, map);
				CHECK(a != NULL);
				CHECK_INT(a->nnodes, b->nnodes);
				for (uint32_t i = 0; i < a->nnodes && i < b->nnodes; i++) {
					const ft_node *x = &a->nodes[i], *y = &b->nodes[i];
					CHECK(x->name == y->name && x->parent == y->parent &&
					    x->child == y->child && x->sibling == y->sibling &&
					    x->depth == y->depth);
					CHECK_INT(profile_total(a, i, 0), profile_total(b, i, 0));
					CHECK_INT(profile_total(a, i, 1), profile_total(b, i, 1));
				}
				CHECK_INT(a->max_depth, b->max_depth);
				profile_free(a);
				profile_free(b);
				free(map);
				match_free(m);
			}
		}
		profile_free(p);
	}
	free(text);
}

/* The largest self value, against profile_self() on every node. */
TEST(max_self)
{
	ft_profile *p = tree_from("m;a 5 -3\nm;a;b 2 9\nm 7 1\nm;c;d 1 0\nx 6 -8\n", 2);
	for (int col = 0; col < 2; col++) {
		ft_val m = 0;
		for (uint32_t i = 0; i < p->nnodes; i++)
			if (profile_self(p, i, col) > m)
				m = profile_self(p, i, col);
		CHECK_INT(profile_max_self(p, col), m);
	}
	CHECK_INT(profile_max_self(p, 0), 7);
	CHECK_INT(profile_max_self(p, 1), 9);
	profile_free(p);
}

int
main(void)
{
	RUN(focus);
	RUN(ignore);
	RUN(hide);
	RUN(show_from);
	RUN(prune_from);
	RUN(show);
	RUN(recursion);
	RUN(empty);
	RUN(combined);
	RUN(all_columns);
	RUN(parse);
	RUN(deep);
	RUN(same_as_rebuild);
	RUN(max_self);
	return unit_report();
}
