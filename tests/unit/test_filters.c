/* test_transform.c - each filter on small trees, recursion, empty results,
 * combinations and every value column. */
#include "profile/labels.h"
#include "ops/filters.h"
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

/* Depths around and above a byte's 255 (the filters count depths in a
 * byte, and past it make an exact pass): ignore and hide on a chain of
 * len frames under "s" beside a short stack. */
TEST(deep_around_255)
{
	static const uint32_t lens[] = {250, 253, 254, 255, 256, 257, 400};
	for (size_t t = 0; t < sizeof(lens) / sizeof(lens[0]); t++) {
		uint32_t len = lens[t];
		ft_profile *p = profile_new(NULL, 1);
		uint32_t s = intern_get(p->names, "s", 1, 0), b = intern_get(p->names, "b", 1, 0);
		uint32_t x = intern_get(p->names, "x", 1, 0), c = intern_get(p->names, "c", 1, 0);
		ft_val one = 1;
		ft_diag err;
		uint32_t n = profile_child(p, FT_ROOT, s);
		for (uint32_t i = 0; i < len; i++)
			n = profile_child(p, n, b);
		profile_add_self(p, profile_child(p, n, x), &one, &err);
		profile_add_self(p, profile_child(p, profile_child(p, FT_ROOT, s), c), &one, &err);
		profile_finish(p, FT_SORT_NAME, 0, &err);
		CHECK_INT(p->max_depth, len + 2);
		static const struct {
			int kind;
			const char *re;
			int32_t plus; /* expected max_depth - len; -1000: 2 */
		} f[] = {
			{FILTER_IGNORE, "^c$", 2}, {FILTER_IGNORE, "^x$", -1000},
			{FILTER_PRUNE_FROM, "^x$", 2}, {FILTER_HIDE, "^c$", 2},
			{FILTER_HIDE, "^s$", 1}, {FILTER_SHOW, "^(b|x)$", 1},
		};
		for (size_t k = 0; k < sizeof(f) / sizeof(f[0]); k++) {
			ft_filters fs = {0};
			filters_add(&fs, f[k].kind, f[k].re, &err);
			ft_profile *q = transform_apply(p, &fs, FT_SORT_NAME, 0, &err);
			CHECK(q != NULL);
			uint32_t want = f[k].plus == -1000 ? 2 : len + (uint32_t)f[k].plus;
			CHECK_INT(q->max_depth, want);
			uint32_t deepest = 0;
			for (uint32_t i = 1; i < q->nnodes; i++) {
				uint32_t d = profile_depth(q, i);
				deepest = d > deepest ? d : deepest;
			}
			CHECK_INT(deepest, want);
			profile_free(q);
			filters_free(&fs);
		}
		profile_free(p);
	}
}

/* The filters against a direct rebuild: every stack (a node with a
 * non-zero self row, in node id order) is reshaped as a list of frames and
 * added with profile_child, as the filters' definitions say.  The results
 * must be the same trees: names, depths, values in both columns (one of
 * them with negative values), child order (name or weight) and the
 * parent and child links, walked from the root in child order; nodes
 * numbered parents first.  On a tree numbered in pre-order (built from
 * sorted stacks, as sorted folded files are) the numbering is the
 * rebuild's too, node for node, except for hide and show, whose merged
 * frames are numbered by their first old node rather than by their first
 * stack.
 * Label entries (labels.h) follow their stacks to the same frames. */
static ft_profile *
naive_filter(const ft_profile *p, int kind, const uint8_t *match,
    enum ft_sort sort, ft_labelled *lab)
{
	ft_profile *q = profile_new_like(p);
	uint32_t *path = malloc(sizeof(uint32_t) * (p->max_depth + 1));
	uint32_t *keep = malloc(sizeof(uint32_t) * (p->max_depth + 1));
	uint32_t *land = malloc(sizeof(uint32_t) * p->nnodes);
	ft_val row[2];
	ft_diag err;
	for (uint32_t i = 0; i < p->nnodes; i++) {
		land[i] = FT_NONE;
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
		land[i] = node;
	}
	/* Entries where their stack's value went. */
	const ft_labelled *l = p->labels;
	for (uint32_t e = 0; l != NULL && e < l->n; e++)
		if (land[l->node[e]] != FT_NONE)
			labelled_add(lab, land[l->node[e]], l->set[e], &l->vals[e * 2], &err);
	free(path);
	free(keep);
	free(land);
	CHECK_INT(profile_finish(q, sort, 1, &err), 0);
	return q;
}

/* a and b are the same tree (see above); 1 when they are. */
static int
same_tree(const ft_profile *a, const ft_profile *b, uint32_t *amap)
{
	if (a->nnodes != b->nnodes || a->max_depth != b->max_depth)
		return 0;
	uint32_t *st = malloc(sizeof(uint32_t) * 2 * (a->nnodes + 1));
	uint32_t n = 0;
	int ok = 1;
	st[n++] = FT_ROOT;
	st[n++] = FT_ROOT;
	while (n > 0 && ok) {
		uint32_t y = st[--n], x = st[--n];
		amap[y] = x;
		const ft_node *u = &a->nodes[x], *v = &b->nodes[y];
		ok = u->name == v->name &&
		    profile_total(a, x, 0) == profile_total(b, y, 0) &&
		    profile_total(a, x, 1) == profile_total(b, y, 1);
		uint32_t c = u->child, d = v->child;
		for (; ok && c != FT_NONE && d != FT_NONE;
		    c = a->nodes[c].sibling, d = b->nodes[d].sibling) {
			ok = a->nodes[c].parent == x && c > x;
			st[n++] = c;
			st[n++] = d;
		}
		ok = ok && c == FT_NONE && d == FT_NONE;
	}
	free(st);
	return ok && a->nodes[FT_ROOT].parent == FT_NONE;
}

/* Label entries of a (its nodes mapped through amap to b's) equal want. */
static int
same_labels(const ft_profile *a, const uint32_t *amap, const ft_profile *b,
    const ft_labelled *want)
{
	const ft_labelled *l = a->labels;
	uint32_t n = l != NULL ? l->n : 0;
	int ok = n == want->n;
	uint32_t *inv = malloc(sizeof(uint32_t) * a->nnodes);
	for (uint32_t i = 0; i < b->nnodes; i++)
		inv[amap[i]] = i;
	for (uint32_t e = 0; ok && e < n; e++) {
		uint32_t f = 0;
		while (f < want->n && !(want->node[f] == inv[l->node[e]] &&
		    want->set[f] == l->set[e]))
			f++;
		ok = f < want->n && l->vals[e * 2] == want->vals[f * 2] &&
		    l->vals[e * 2 + 1] == want->vals[f * 2 + 1];
	}
	free(inv);
	return ok;
}

/* Random stacks over frames a..f (so with recursion), sorted or not. */
static char *
random_stacks(uint64_t *seed, int nstacks, int sorted)
{
	char **lines = malloc(sizeof(char *) * (size_t)nstacks);
	for (int s = 0; s < nstacks; s++) {
		char buf[128];
		size_t o = 0;
		*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
		int depth = 1 + (int)((*seed >> 33) % 8);
		for (int k = 0; k < depth; k++) {
			*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
			o += (size_t)sprintf(buf + o, "%s%c", k ? ";" : "",
			    'a' + (int)((*seed >> 33) % 6));
		}
		*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
		sprintf(buf + o, " %d %d", (int)((*seed >> 33) % 4),
		    (int)((*seed >> 40) % 6) - 2);
		lines[s] = strdup(buf);
	}
	if (sorted)
		for (int i = 1; i < nstacks; i++)
			for (int j = i; j > 0 && strcmp(lines[j - 1], lines[j]) > 0; j--) {
				char *t = lines[j];
				lines[j] = lines[j - 1];
				lines[j - 1] = t;
			}
	char *text = malloc(128 * (size_t)nstacks + 1);
	size_t o = 0;
	for (int s = 0; s < nstacks; s++) {
		o += (size_t)sprintf(text + o, "%s\n", lines[s]);
		free(lines[s]);
	}
	free(lines);
	return text;
}

/* Label sets on every other stack node of p. */
static void
add_labels(ft_profile *p, uint64_t *seed)
{
	ft_labelsets *s = labelsets_new();
	p->labels = labelled_new(s, 2);
	ft_val row[2];
	ft_diag err;
	for (uint32_t i = 0; i < p->nnodes; i++) {
		if (!profile_self_row(p, i, row))
			continue;
		*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
		char v[2] = {(char)('p' + (int)((*seed >> 33) % 3)), 0};
		ft_label lab = {labelsets_str(s, "k", 1), labelsets_str(s, v, 1), 0,
		    labelsets_str(s, "", 0)};
		/* The row split over two sets, or one set for all of it. */
		ft_val half[2] = {row[0] / 2, row[1] / 2}, rest[2] = {row[0] - half[0],
		    row[1] - half[1]};
		if ((*seed >> 40) % 2) {
			labelled_add(p->labels, i, labelsets_intern(s, &lab, 1), half, &err);
			labelled_add(p->labels, i, labelsets_intern(s, NULL, 0), rest, &err);
		} else {
			labelled_add(p->labels, i, labelsets_intern(s, &lab, 1), row, &err);
		}
	}
	labelsets_unref(s);
}

static void
check_same_as_rebuild(void)
{
	static const char *const res[] = {"^a$", "^(b|c)$", "d", ".", "zzz", "^[ae]$"};
	uint64_t seed = 12345;
	for (int round = 0; round < 8; round++) {
		int sorted = round % 2, labelled = round % 4 >= 2;
		char *text = random_stacks(&seed, 300, sorted);
		ft_profile *p = tree_from(text, 2);
		free(text);
		if (labelled)
			add_labels(p, &seed);
		/* The input in either order: a name-ordered input's lists stay
		 * in order; a weight-ordered one's must be sorted again. */
		if (round >= 4)
			profile_sort(p, FT_SORT_WEIGHT, 1);
		for (int kind = 0; kind < FILTER_REGEX_KINDS; kind++) {
			for (size_t r = 0; r < sizeof(res) / sizeof(res[0]); r++) {
				for (int sort = FT_SORT_NAME; sort <= FT_SORT_WEIGHT; sort++) {
					ft_diag err;
					ft_matcher *m = match_compile(res[r], &err);
					uint8_t *map = filter_match(p, kind, m);
					ft_profile *a = transform_filter(p, kind, map, sort, 1, &err);
					ft_labelled *want = labelled_new(NULL, 2);
					ft_profile *b = naive_filter(p, kind, map, sort, want);
					uint32_t *amap = calloc(b->nnodes, sizeof(uint32_t));
					CHECK(a != NULL);
					if (!same_tree(a, b, amap))
						UNIT_FAIL("%s %s sort %d round %d: trees differ",
						    filter_kind_name(kind), res[r], sort, round);
					else if (labelled && !same_labels(a, amap, b, want))
						UNIT_FAIL("%s %s sort %d round %d: labels differ",
						    filter_kind_name(kind), res[r], sort, round);
					for (uint32_t i = 0; sorted && kind != FILTER_HIDE &&
					    kind != FILTER_SHOW && i < a->nnodes; i++)
						if (amap[i] != i) {
							UNIT_FAIL("%s %s: node %u is %u", filter_kind_name(kind),
							    res[r], i, amap[i]);
							break;
						}
					free(amap);
					labelled_free(want);
					profile_free(a);
					profile_free(b);
					free(map);
					match_free(m);
				}
			}
		}
		profile_free(p);
	}
}

TEST(same_as_rebuild)
{
	check_same_as_rebuild();
}

/* Ignore and prune-from on two CPUs: the trees split in two parts at
 * every size (so the upper part's walks up run out on the unsorted ones,
 * and the lower part leaves callers for later), the same trees. */
TEST(same_as_rebuild_split)
{
	filters_split_at(1);
	check_same_as_rebuild();
	deep_around_255();
	filters_split_at(0);
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
	RUN(deep_around_255);
	RUN(same_as_rebuild);
	RUN(same_as_rebuild_split);
	RUN(max_self);
	return unit_report();
}
