/* test_butterfly.c - callers/callees trees of one function. */
#include "ops/butterfly.h"
#include "tree_util.h"
#include "unit.h"

static uint32_t
id(const ft_profile *p, const char *s)
{
	return intern_find(p->names, s, strlen(s), 0);
}

TEST(simple)
{
	ft_profile *p = tree_from(
	    "main;a;F;x 5\n"
	    "main;b;F 3\n"
	    "main;b;F;y 2\n"
	    "F;x 1\n"
	    "main;c 7\n", 1);
	ft_butterfly b;
	ft_diag err;
	CHECK_INT(butterfly_build(p, id(p, "F"), FT_SORT_NAME, 0, &b, &err), 0);
	/* F's width: every stack containing F. */
	CHECK_INT(profile_total(b.callers, FT_ROOT, 0), 11);
	CHECK_INT(profile_total(b.callees, FT_ROOT, 0), 11);
	CHECK_INT(b.callers->nodes[FT_ROOT].name, id(p, "F"));
	/* Callers inverted: direct caller first. */
	CHECK_STR(tree_folded(b.callers, 0), "a;main 5\nb;main 5\n");
	CHECK_INT(profile_self(b.callers, FT_ROOT, 0), 1); /* F at the top */
	CHECK_STR(tree_folded(b.callees, 0), "x 6\ny 2\n");
	CHECK_INT(profile_self(b.callees, FT_ROOT, 0), 3);
	butterfly_free(&b);
	profile_free(p);
}

TEST(recursive)
{
	/* The outermost F is the pivot: each sample counts once. */
	ft_profile *p = tree_from(
	    "m;F;g;F;h 4\n"
	    "m;F;F 2\n"
	    "n;g;F 1\n", 2 - 1);
	ft_butterfly b;
	ft_diag err;
	butterfly_build(p, id(p, "F"), FT_SORT_NAME, 0, &b, &err);
	CHECK_INT(profile_total(b.callers, FT_ROOT, 0), 7);
	CHECK_STR(tree_folded(b.callers, 0), "g;n 1\nm 6\n");
	CHECK_STR(tree_folded(b.callees, 0), "F 2\ng;F;h 4\n");
	CHECK_INT(profile_self(b.callees, FT_ROOT, 0), 1);
	butterfly_free(&b);
	profile_free(p);
}

TEST(columns_and_absent)
{
	ft_profile *p = tree_from("a;F;b 1 10\nc 2 20\n", 2);
	ft_butterfly b;
	ft_diag err;
	butterfly_build(p, id(p, "F"), FT_SORT_NAME, 0, &b, &err);
	CHECK_INT(profile_total(b.callers, FT_ROOT, 1), 10);
	CHECK_STR(tree_folded(b.callees, 1), "b 10\n");
	butterfly_free(&b);
	/* A name that is not in the tree: empty trees, total 0. */
	butterfly_build(p, id(p, "c") + 1000, FT_SORT_NAME, 0, &b, &err);
	CHECK_INT(profile_total(b.callers, FT_ROOT, 0), 0);
	CHECK_INT(b.callees->nnodes, 1);
	butterfly_free(&b);
	profile_free(p);
}

/* The butterfly as one forward pass over every node builds it (the
 * definition, and how it was built before): nodes below an outermost F
 * copied under their parent's copy in id order, callers chains added in
 * id order of the occurrences. */
static void
naive_butterfly(const ft_profile *p, uint32_t name, ft_profile **upp,
    ft_profile **downp)
{
	ft_profile *up = profile_new_like(p), *down = profile_new_like(p);
	size_t nn = p->nnodes, nv = (size_t)p->nvals;
	uint8_t *hasf = calloc(nn, 1);
	uint32_t *newn = malloc(sizeof(uint32_t) * nn);
	ft_val row[2];
	ft_diag err;
	newn[0] = FT_NONE;
	for (uint32_t i = 1; i < nn; i++) {
		uint32_t q = p->nodes[i].parent, nm = p->nodes[i].name;
		int nz = 0;
		for (size_t c = 0; c < nv; c++)
			nz |= profile_total(p, i, (int)c) != 0;
		hasf[i] = hasf[q];
		newn[i] = FT_NONE;
		if (hasf[q]) {
			if (!nz || newn[q] == FT_NONE)
				continue;
			newn[i] = profile_child(down, newn[q], nm);
			profile_self_row(p, i, row);
			profile_add_self(down, newn[i], row, &err);
		} else if (nm == name) {
			hasf[i] = 1;
			if (!nz)
				continue;
			newn[i] = FT_ROOT;
			profile_self_row(p, i, row);
			profile_add_self(down, FT_ROOT, row, &err);
			uint32_t cur = FT_ROOT;
			for (uint32_t a = q; a != FT_ROOT; a = p->nodes[a].parent)
				cur = profile_child(up, cur, p->nodes[a].name);
			profile_add_self(up, cur, &p->total[i * nv], &err);
		}
	}
	free(hasf);
	free(newn);
	profile_finish(up, FT_SORT_NAME, 0, &err);
	profile_finish(down, FT_SORT_NAME, 0, &err);
	*upp = up;
	*downp = down;
}

static void
same_tree(const ft_profile *a, const ft_profile *b)
{
	CHECK_INT(a->nnodes, b->nnodes);
	CHECK_INT(a->max_depth, b->max_depth);
	for (uint32_t i = 1; i < a->nnodes && i < b->nnodes; i++) {
		const ft_node *x = &a->nodes[i], *y = &b->nodes[i];
		CHECK(x->name == y->name && x->parent == y->parent &&
		    x->child == y->child && x->sibling == y->sibling);
		for (int c = 0; c < a->nvals; c++)
			CHECK_INT(profile_total(a, i, c), profile_total(b, i, c));
	}
	for (int c = 0; c < a->nvals; c++)
		CHECK_INT(profile_total(a, FT_ROOT, c), profile_total(b, FT_ROOT, c));
}

/* Random trees with recursion and zero-valued stacks, every name as F
 * (the last round's tree is big enough for the two trees to be built on
 * two threads, with a few names as F): the same trees node for node
 * (ids, links, both columns). */
TEST(same_as_one_pass)
{
	static const struct { int stacks, depth, letters, fs; } rounds[] = {
		{250, 9, 7, 7}, {250, 9, 7, 7}, {250, 9, 7, 7}, {12000, 24, 20, 3},
	};
	uint64_t seed = 777;
	char *text = malloc(1 << 20);
	for (size_t round = 0; round < sizeof(rounds) / sizeof(rounds[0]); round++) {
		size_t o = 0;
		int letters = rounds[round].letters;
		for (int s = 0; s < rounds[round].stacks; s++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			int depth = 1 + (int)((seed >> 33) % (uint64_t)rounds[round].depth);
			for (int k = 0; k < depth; k++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				o += (size_t)sprintf(text + o, "%s%c", k ? ";" : "",
				    'a' + (int)((seed >> 33) % (uint64_t)letters));
			}
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			o += (size_t)sprintf(text + o, " %d %d\n", (int)((seed >> 33) % 4),
			    (int)((seed >> 40) % 3));
		}
		text[o] = '\0';
		ft_profile *p = tree_from(text, 2);
		if (rounds[round].stacks > 1000)
			CHECK(p->nnodes >= (1u << 16));
		for (char f = 'a'; f < 'a' + rounds[round].fs; f++) {
			char nm[2] = {f, 0};
			uint32_t F = id(p, nm);
			ft_butterfly b;
			ft_diag err;
			ft_profile *up, *down;
			CHECK_INT(butterfly_build(p, F, FT_SORT_NAME, 0, &b, &err), 0);
			naive_butterfly(p, F, &up, &down);
			same_tree(b.callers, up);
			same_tree(b.callees, down);
			butterfly_free(&b);
			profile_free(up);
			profile_free(down);
		}
		profile_free(p);
	}
	free(text);
}

int
main(void)
{
	RUN(simple);
	RUN(recursive);
	RUN(columns_and_absent);
	RUN(same_as_one_pass);
	return unit_report();
}
